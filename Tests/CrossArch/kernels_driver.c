// targets: CResampleKernels CQualityKernels
// Off x86 the kernels are stubs that must send the Swift callers to their portable loops (rk_has_avx2 and
// qk_has_avx2_fma 0, rk_vertical and rk_resize_srgb -1); on x86-64 with AVX2 and FMA the real kernels must
// match plain scalar references. Either way a correct build prints the same "ok" lines; exit 1 otherwise.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "CQualityKernels.h"
#include "CResampleKernels.h"

#if defined(__x86_64__) || defined(__i386__)
static int cpu_has_avx2_fma(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}
static int cpu_has_avx512(void) {
    return cpu_has_avx2_fma() && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
           __builtin_cpu_supports("avx512dq");
}
#define X86 1
#else
static int cpu_has_avx2_fma(void) { return 0; }
static int cpu_has_avx512(void) { return 0; }
#define X86 0
#endif

static int failures = 0;
static void report(const char *what, int ok) {
    printf("%s: %s\n", what, ok ? "ok" : "WRONG");
    failures += !ok;
}

static uint32_t lcg_state = 7;
static float uniform(void) { lcg_state = lcg_state * 1664525u + 1013904223u; return (float)(lcg_state >> 8) / 16777216.0f; }

// Resize tables as the Swift WeightTable holds them: a triangle filter (bilinear, widened when shrinking).
static int64_t make_table(int from, int to, int64_t *starts, int64_t *counts, float **weights) {
    double scale = (double)from / to, support = scale > 1 ? scale : 1;
    int64_t stride = (int64_t)ceil(2 * support) + 2;
    *weights = calloc((size_t)(to * stride), sizeof(float));
    for (int x = 0; x < to; x++) {
        double center = (x + 0.5) * scale - 0.5, total = 0;
        int lo = (int)ceil(center - support), hi = (int)floor(center + support);
        lo = lo < 0 ? 0 : lo;
        hi = hi > from - 1 ? from - 1 : hi;
        starts[x] = lo;
        counts[x] = hi - lo + 1;
        for (int i = lo; i <= hi; i++) total += fmax(0, 1 - fabs(i - center) / support);
        for (int i = lo; i <= hi; i++) (*weights)[x * stride + i - lo] = (float)(fmax(0, 1 - fabs(i - center) / support) / total);
    }
    return stride;
}

// rk_vertical: out[i] = sum of rows[k][i] * weights[k]. Tolerance 1e-5 of the sum of |terms|: float sums of
// up to 70 terms round by at most about 70 * 2^-24 (4.2e-6) of it, fused multiply-adds or not.
static int check_vertical(int64_t row_floats, int64_t count) {
    float *rows = malloc(sizeof(float) * row_floats * count), *weights = malloc(sizeof(float) * count);
    float *out = malloc(sizeof(float) * row_floats);
    for (int64_t i = 0; i < row_floats * count; i++) rows[i] = 255 * uniform();
    for (int64_t k = 0; k < count; k++) weights[k] = uniform() - 0.3f;
    for (int64_t i = 0; i < row_floats; i++) out[i] = -12345;
    int result = rk_vertical(rows, row_floats, weights, count, out), ok = 1;
    if (result == -1) {
        // The fallback: out must be untouched (the Swift loop then writes it). Only right without the kernels.
        ok = !rk_has_avx2();
        for (int64_t i = 0; i < row_floats; i++) ok = ok && out[i] == -12345;
    } else {
        ok = result == 0;
        for (int64_t i = 0; i < row_floats; i++) {
            double sum = 0, magnitude = 0;
            for (int64_t k = 0; k < count; k++) {
                sum += (double)rows[k * row_floats + i] * weights[k];
                magnitude += fabs((double)rows[k * row_floats + i] * weights[k]);
            }
            ok = ok && fabs(out[i] - sum) <= 1e-5 * magnitude;
        }
    }
    free(rows); free(weights); free(out);
    return ok;
}

// rk_resize_srgb against the resize in double: premultiply (colour * alpha / 255), horizontal and vertical
// taps, unpremultiply (alpha below 0.5 transparent black, round half up). Each byte must lie within
// 0.5 + 1e-3 of the exact value: float sums and the reciprocal estimate move values by about 1e-4 at most,
// which may round to the other side only at an edge. Pixels whose alpha sum is within 0.01 of the 0.5
// cut-off are skipped, as float rounding may put them on either side.
static int check_resize(int sw, int sh, int w, int h) {
    uint8_t *src = malloc((size_t)sw * sh * 4), *dst = malloc((size_t)w * h * 4);
    for (int i = 0; i < sw * sh; i++) {
        for (int c = 0; c < 4; c++) src[i * 4 + c] = (uint8_t)(256 * uniform());
        if (uniform() < 0.25f) src[i * 4 + 3] = 0;
    }
    memset(dst, 0xAB, (size_t)w * h * 4);
    int64_t *hs = malloc(sizeof(int64_t) * w), *hc = malloc(sizeof(int64_t) * w);
    int64_t *vs = malloc(sizeof(int64_t) * h), *vc = malloc(sizeof(int64_t) * h);
    float *hw, *vw;
    int64_t h_stride = make_table(sw, w, hs, hc, &hw), v_stride = make_table(sh, h, vs, vc, &vw);
    int result = rk_resize_srgb(src, sw, sh, dst, w, h, hs, hc, hw, h_stride, vs, vc, vw, v_stride), ok = 1;
    if (result == -1) {
        ok = !rk_has_avx2();  // the fallback; with the kernels these tables (monotonic, small) must resize
    } else {
        ok = result == 0;
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                double sum[4] = {0};
                for (int64_t k = 0; k < vc[y]; k++)
                    for (int64_t j = 0; j < hc[x]; j++) {
                        const uint8_t *p = src + ((vs[y] + k) * sw + hs[x] + j) * 4;
                        double weight = (double)vw[y * v_stride + k] * hw[x * h_stride + j];
                        for (int c = 0; c < 3; c++) sum[c] += weight * p[c] * p[3] / 255.0;
                        sum[3] += weight * p[3];
                    }
                double a = sum[3] < 255 ? sum[3] : 255;
                if (fabs(a - 0.5) < 0.01) continue;
                double exact[4] = {0};
                if (a >= 0.5) {
                    for (int c = 0; c < 3; c++) exact[c] = fmin(fmax(sum[c] * 255 / a, 0), 255);
                    exact[3] = a;
                }
                for (int c = 0; c < 4; c++) ok = ok && fabs(dst[(y * w + x) * 4 + c] - exact[c]) <= 0.5 + 1e-3;
            }
    }
    free(src); free(dst); free(hs); free(hc); free(vs); free(vc); free(hw); free(vw);
    return ok;
}

// The recurrence of CQualityKernels.h along one line of `length` inputs (zero outside), in double.
static void blur_line(const qk_gaussian *g, const double *in, long length, double *out) {
    double p[3] = {0}, q[3] = {0};
    for (long n = 1 - g->radius; n < length; n++) {
        long left = n - g->radius - 1, right = n + g->radius - 1;
        double s = (left >= 0 ? in[left] : 0) + (right < length ? in[right] : 0), total = 0;
        for (int k = 0; k < 3; k++) {
            double y = (g->n2[k] * s - q[k]) - g->d1[k] * p[k];
            q[k] = p[k];
            p[k] = y;
            total += y;
        }
        if (n >= 0) out[n] = total;
    }
}

// qk_blur_vertical (with and without the product) and qk_blur_horizontal against blur_line. Any coefficients
// serve, both run the same recurrence; these have ssimulacra2's radius and frequencies. Tolerance 1e-6 of the
// largest output: the state is double on both sides; float outputs and float input sums round by ~6e-8.
static int check_blur(int vertical, int product, int wide) {
    enum { W = 29, H = 13, STRIDE = 48, PAD = 16 };
    qk_gaussian g = {5, {0.12, -0.05, 0.02}, {0}};
    for (int k = 0; k < 3; k++) g.d1[k] = -2 * cos((2 * k + 1) * M_PI / 10);
    float *a = calloc(STRIDE * (H + 2), sizeof(float)), *b = calloc(STRIDE * (H + 2), sizeof(float));
    float *out = calloc(STRIDE * H, sizeof(float));
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) a[(y + 1) * STRIDE + PAD + x] = uniform(), b[(y + 1) * STRIDE + PAD + x] = uniform();
    const float *a0 = a + STRIDE + PAD, *b0 = b + STRIDE + PAD;  // pixel 0; the horizontal pass reads left of it
    // 32: columns by 8 (by 16 for the AVX-512 form). The horizontal passes read the next row's zeros past W.
    if (vertical) (wide ? qk_blur_vertical_avx512 : qk_blur_vertical)(&g, a0, product ? b0 : NULL, 32, H, STRIDE, out, STRIDE);
    else (wide ? qk_blur_horizontal_avx512 : qk_blur_horizontal)(&g, a0, STRIDE, W, H, out, STRIDE);
    double line[H > W ? H : W], expected[H > W ? H : W], largest = 0, worst = 0;
    for (int i = 0; i < (vertical ? W : H); i++) {
        int length = vertical ? H : W;
        for (int n = 0; n < length; n++) {
            long at = vertical ? (long)n * STRIDE + i : (long)i * STRIDE + n;
            line[n] = (double)a0[at] * (product ? b0[at] : 1);
        }
        blur_line(&g, line, length, expected);
        for (int n = 0; n < length; n++) {
            double got = out[vertical ? n * STRIDE + i : i * STRIDE + n];
            largest = fmax(largest, fabs(expected[n]));
            worst = fmax(worst, fabs(got - expected[n]));
        }
    }
    free(a); free(b); free(out);
    return worst <= 1e-6 * largest;
}

int main(void) {
    const int kernels = cpu_has_avx2_fma();
    // Off x86 the stubs must say "no"; on x86 the answer must be the CPU's.
    report("rk_has_avx2 agrees with the CPU", rk_has_avx2() == kernels);
    report("qk_has_avx2_fma agrees with the CPU", qk_has_avx2_fma() == kernels);
    // An x86 CPU without AVX2 would fault in the kernels: the Swift callers never call them there.
    const int callable = kernels || !X86;
    static const int64_t lengths[] = {1, 7, 8, 31, 32, 33, 100, 260}, counts[] = {1, 3, 5, 70};
    for (size_t i = 0; i < sizeof lengths / sizeof lengths[0]; i++)
        for (size_t j = 0; j < sizeof counts / sizeof counts[0]; j++) {
            char what[64];
            snprintf(what, sizeof what, "rk_vertical %lld floats %lld rows", (long long)lengths[i], (long long)counts[j]);
            report(what, !callable || check_vertical(lengths[i], counts[j]));
        }
    // Shrinking the height takes the vertical-first path; the 300-row source gives windows of 201 taps.
    static const int sizes[][4] = {{37, 23, 16, 11}, {20, 9, 33, 14}, {13, 40, 29, 7}, {50, 50, 50, 50}, {9, 5, 3, 5}, {4, 300, 4, 3}};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        char what[64];
        snprintf(what, sizeof what, "rk_resize_srgb %dx%d to %dx%d", sizes[i][0], sizes[i][1], sizes[i][2], sizes[i][3]);
        report(what, !callable || check_resize(sizes[i][0], sizes[i][1], sizes[i][2], sizes[i][3]));
    }
    // Only with the kernels: the stubs have no result to check (qk_has_avx2_fma keeps Swift away from them).
    report("qk_blur_vertical", !kernels || check_blur(1, 0, 0));
    report("qk_blur_vertical of a product", !kernels || check_blur(1, 1, 0));
    report("qk_blur_horizontal", !kernels || check_blur(0, 0, 0));
    // The AVX-512 forms, where the CPU has them (elsewhere qk_has_avx512 keeps Swift away from them).
    const int wide = cpu_has_avx512();
    report("qk_has_avx512 agrees with the CPU", qk_has_avx512() == wide);
    report("qk_blur_vertical_avx512", !wide || check_blur(1, 0, 1));
    report("qk_blur_vertical_avx512 of a product", !wide || check_blur(1, 1, 1));
    report("qk_blur_horizontal_avx512", !wide || check_blur(0, 0, 1));
    return failures ? 1 : 0;
}
