// AVX2/FMA loops of the recursive Gaussian (see CQualityKernels.h). The feedback runs in double: its poles
// sit near the unit circle, where float rounding noise visibly moves high scores.
#include "CQualityKernels.h"

int qk_has_avx2_fma(void) {
#if defined(__x86_64__) || defined(__i386__)
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#else
    return 0;
#endif
}

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

#include "gaussian_step.h"

// Four lanes a vector.
#define QK_STEP(...) QK_STEP_OF(_mm256, __m256d, __VA_ARGS__)
#define QK_WEIGHTS QK_WEIGHTS_OF(_mm256, __m256d)

// Eight input columns of one row as two double vectors (zero outside the image).
__attribute__((target("avx2,fma"))) static inline void load_row(const float *a, const float *b, long row,
                                                                long height, long offset, __m256d *lo,
                                                                __m256d *hi) {
    if (row < 0 || row >= height) {
        *lo = _mm256_setzero_pd();
        *hi = _mm256_setzero_pd();
        return;
    }
    __m256 v = _mm256_loadu_ps(a + offset);
    *lo = _mm256_cvtps_pd(_mm256_castps256_ps128(v));
    *hi = _mm256_cvtps_pd(_mm256_extractf128_ps(v, 1));
    if (b) {
        // The product in double, as the portable loop computes it.
        __m256 w = _mm256_loadu_ps(b + offset);
        *lo = _mm256_mul_pd(*lo, _mm256_cvtps_pd(_mm256_castps256_ps128(w)));
        *hi = _mm256_mul_pd(*hi, _mm256_cvtps_pd(_mm256_extractf128_ps(w, 1)));
    }
}

__attribute__((target("avx2,fma"))) void qk_blur_vertical(const qk_gaussian *g, const float *a, const float *b,
                                                          long columns, long height, long stride, float *out,
                                                          long out_stride) {
    QK_WEIGHTS;
    const long radius = g->radius, ring_rows = 2 * radius + 1;
    // Each input row is read twice, 2 * radius steps apart (as the bottom of the window, then as its top): it is
    // converted to double (and multiplied) once and kept in a ring. The conversions share the multiply-add ports.
    __m256d ring[QK_RING][2];
    // Eight columns a strip: two independent chains per filter hide the feedback's latency.
    for (long x = 0; x < columns; x += 8) {
        for (long i = 0; i < ring_rows; i++) ring[i][0] = ring[i][1] = _mm256_setzero_pd();
        __m256d p1a = _mm256_setzero_pd(), q1a = p1a, p3a = p1a, q3a = p1a, p5a = p1a, q5a = p1a;
        __m256d p1b = p1a, q1b = p1a, p3b = p1a, q3b = p1a, p5b = p1a, q5b = p1a;
        // The bottom row starts at 0; the top row, 2 * radius above it, is the ring's next slot (zero above row 0).
        long slot = 0;
        for (long n = 1 - radius; n < height; n++) {
            long bottom = n + radius - 1;
            __m256d blo, bhi;
            load_row(a, b, bottom, height, bottom * stride + x, &blo, &bhi);
            // Rows are a plane's stride apart, too far for the hardware to guess: ask for a later row now.
            if (bottom + QK_AHEAD < height) {
                _mm_prefetch((const char *)(a + (bottom + QK_AHEAD) * stride + x), _MM_HINT_T0);
                if (b) _mm_prefetch((const char *)(b + (bottom + QK_AHEAD) * stride + x), _MM_HINT_T0);
            }
            ring[slot][0] = blo;
            ring[slot][1] = bhi;
            slot = slot + 1 == ring_rows ? 0 : slot + 1;
            __m256d slo = _mm256_add_pd(ring[slot][0], blo), shi = _mm256_add_pd(ring[slot][1], bhi), olo, ohi;
            QK_STEP(slo, p1a, q1a, p3a, q3a, p5a, q5a, olo);
            QK_STEP(shi, p1b, q1b, p3b, q3b, p5b, q5b, ohi);
            if (n >= 0) {
                __m256 v = _mm256_set_m128(_mm256_cvtpd_ps(ohi), _mm256_cvtpd_ps(olo));
                _mm256_storeu_ps(out + n * out_stride + x, v);
            }
        }
    }
}

__attribute__((target("avx2,fma"))) void qk_blur_horizontal(const qk_gaussian *g, const float *in, long in_stride,
                                                            long width, long height, float *out, long out_stride) {
    QK_WEIGHTS;
    const long radius = g->radius;
    // Four rows at once, one a lane; a short last group repeats its last row (written twice, same values).
    for (long y0 = 0; y0 < height; y0 += 4) {
        const float *r[4];
        float *o[4];
        for (int i = 0; i < 4; i++) {
            long y = y0 + i < height ? y0 + i : height - 1;
            r[i] = in + y * in_stride;
            o[i] = out + y * out_stride;
        }
        __m256d p1 = _mm256_setzero_pd(), q1 = p1, p3 = p1, q3 = p1, p5 = p1, q5 = p1, v;
        for (long n = 1 - radius; n < width; n++) {
            long left = n - radius - 1, right = n + radius - 1;
            __m128 s = _mm_set_ps(r[3][left] + r[3][right], r[2][left] + r[2][right], r[1][left] + r[1][right],
                                  r[0][left] + r[0][right]);
            __m256d sum = _mm256_cvtps_pd(s);
            QK_STEP(sum, p1, q1, p3, q3, p5, q5, v);
            if (n >= 0) {
                __m128 f = _mm256_cvtpd_ps(v);
                _mm_store_ss(o[0] + n, f);
                _mm_store_ss(o[1] + n, _mm_shuffle_ps(f, f, 1));
                _mm_store_ss(o[2] + n, _mm_shuffle_ps(f, f, 2));
                _mm_store_ss(o[3] + n, _mm_shuffle_ps(f, f, 3));
            }
        }
    }
}

#else
// Other architectures use the portable Swift loops (qk_has_avx2_fma returns 0); these are never called.

void qk_blur_vertical(const qk_gaussian *g, const float *a, const float *b, long columns, long height,
                      long stride, float *out, long out_stride) {
    (void)g; (void)a; (void)b; (void)columns; (void)height; (void)stride; (void)out; (void)out_stride;
}
void qk_blur_horizontal(const qk_gaussian *g, const float *in, long in_stride, long width, long height,
                        float *out, long out_stride) {
    (void)g; (void)in; (void)in_stride; (void)width; (void)height; (void)out; (void)out_stride;
}

#endif
