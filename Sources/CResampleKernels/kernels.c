#include "CResampleKernels.h"
#include "vertical_first.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#include <stdlib.h>

int rk_has_avx2(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}

__attribute__((target("avx2,fma")))
void rk_horizontal_quad(const float *quad, int width, const int64_t *starts, const int64_t *counts,
                        const float *weights, int64_t stride, int rows,
                        float *out0, float *out1, float *out2, float *out3) {
    for (int x = 0; x < width; x++) {
        const float *taps = quad + starts[x] * 16;
        const float *w = weights + x * stride;
        // Four pairs of accumulators: eight independent chains cover the FMA latency at two FMAs a cycle.
        __m256 lo[4], hi[4];
        for (int j = 0; j < 4; j++) lo[j] = hi[j] = _mm256_setzero_ps();
        int64_t count = counts[x], k = 0;
        for (; k + 3 < count; k += 4)
            for (int j = 0; j < 4; j++) {
                __m256 wj = _mm256_broadcast_ss(w + k + j);
                lo[j] = _mm256_fmadd_ps(_mm256_loadu_ps(taps + (k + j) * 16), wj, lo[j]);
                hi[j] = _mm256_fmadd_ps(_mm256_loadu_ps(taps + (k + j) * 16 + 8), wj, hi[j]);
            }
        // The last one to three taps, each into an accumulator of its own (constant indices keep them in registers).
        for (int j = 0; j < 3; j++)
            if (k + j < count) {
                __m256 wj = _mm256_broadcast_ss(w + k + j);
                lo[j] = _mm256_fmadd_ps(_mm256_loadu_ps(taps + (k + j) * 16), wj, lo[j]);
                hi[j] = _mm256_fmadd_ps(_mm256_loadu_ps(taps + (k + j) * 16 + 8), wj, hi[j]);
            }
        __m256 low = _mm256_add_ps(_mm256_add_ps(lo[0], lo[1]), _mm256_add_ps(lo[2], lo[3]));
        __m256 high = _mm256_add_ps(_mm256_add_ps(hi[0], hi[1]), _mm256_add_ps(hi[2], hi[3]));
        _mm_storeu_ps(out0 + x * 4, _mm256_castps256_ps128(low));
        if (rows > 1) _mm_storeu_ps(out1 + x * 4, _mm256_extractf128_ps(low, 1));
        if (rows > 2) _mm_storeu_ps(out2 + x * 4, _mm256_castps256_ps128(high));
        if (rows > 3) _mm_storeu_ps(out3 + x * 4, _mm256_extractf128_ps(high, 1));
    }
}

__attribute__((target("avx2,fma")))
void rk_premultiply_quad(const uint8_t *src, int64_t row_bytes, int rows, int width, float *quad) {
    const __m256 scale = _mm256_set1_ps(1.0f / 255.0f);
    // Alpha of each pixel into all four lanes; the alpha lane itself is multiplied by 255/255.
    const __m256i alpha_index = _mm256_setr_epi32(3, 3, 3, 3, 7, 7, 7, 7);
    const __m256 keep_alpha = _mm256_setr_ps(1, 1, 1, 0, 1, 1, 1, 0);
    const __m256 alpha_255 = _mm256_setr_ps(0, 0, 0, 255, 0, 0, 0, 255);
    for (int r = 0; r < 4; r++) {
        float *out = quad + r * 4;
        if (r >= rows) {
            for (int x = 0; x < width; x++) _mm_storeu_ps(out + x * 16, _mm_setzero_ps());
            continue;
        }
        const uint8_t *p = src + r * row_bytes;
        int x = 0;
        for (; x + 2 <= width; x += 2) {
            __m128i bytes = _mm_loadl_epi64((const __m128i *)(p + x * 4));
            __m256 v = _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(bytes));
            __m256 a = _mm256_permutevar8x32_ps(v, alpha_index);
            // colour lanes: c * a / 255; alpha lane: 255 * a / 255 = a
            __m256 base = _mm256_add_ps(_mm256_mul_ps(v, keep_alpha), alpha_255);
            __m256 pre = _mm256_mul_ps(base, _mm256_mul_ps(a, scale));
            _mm_storeu_ps(out + x * 16, _mm256_castps256_ps128(pre));
            _mm_storeu_ps(out + (x + 1) * 16, _mm256_extractf128_ps(pre, 1));
        }
        for (; x < width; x++) {
            const uint8_t *q = p + x * 4;
            float a = q[3] * (1.0f / 255.0f);
            out[x * 16 + 0] = q[0] * a; out[x * 16 + 1] = q[1] * a; out[x * 16 + 2] = q[2] * a; out[x * 16 + 3] = 255.0f * a;
        }
    }
}

__attribute__((target("avx2,fma")))
void rk_unpremultiply(const float *sums, int width, uint8_t *out) {
    const __m256i alpha_index = _mm256_setr_epi32(3, 3, 3, 3, 7, 7, 7, 7);
    const __m256 zero = _mm256_setzero_ps(), max = _mm256_set1_ps(255), half = _mm256_set1_ps(0.5f);
    const __m256 colour_lanes = _mm256_castsi256_ps(_mm256_setr_epi32(-1, -1, -1, 0, -1, -1, -1, 0));
    int x = 0;
    for (; x + 2 <= width; x += 2) {
        __m256 v = _mm256_loadu_ps(sums + x * 4);
        __m256 a = _mm256_min_ps(_mm256_permutevar8x32_ps(v, alpha_index), max);
        __m256 visible = _mm256_cmp_ps(a, half, _CMP_GE_OQ);
        // 255 / a by a reciprocal estimate and one Newton step (about 23 bits): a division costs several times more.
        __m256 r = _mm256_rcp_ps(a);
        r = _mm256_mul_ps(r, _mm256_fnmadd_ps(a, r, _mm256_set1_ps(2)));
        __m256 colour = _mm256_mul_ps(v, _mm256_mul_ps(max, r));
        colour = _mm256_min_ps(_mm256_max_ps(colour, zero), max);
        __m256 result = _mm256_blendv_ps(a, colour, colour_lanes);
        result = _mm256_and_ps(_mm256_add_ps(result, half), visible);
        __m256i ints = _mm256_cvttps_epi32(result);
        __m128i packed16 = _mm_packus_epi32(_mm256_castsi256_si128(ints), _mm256_extracti128_si256(ints, 1));
        __m128i packed8 = _mm_packus_epi16(packed16, packed16);
        _mm_storel_epi64((__m128i *)(out + x * 4), packed8);
    }
    for (; x < width; x++) {
        const float *v = sums + x * 4;
        float a = v[3] < 255 ? v[3] : 255;
        uint8_t *p = out + x * 4;
        if (!(a >= 0.5f)) { p[0] = p[1] = p[2] = p[3] = 0; continue; }
        for (int c = 0; c < 3; c++) {
            float value = v[c] * (255 / a);
            value = value < 0 ? 0 : value > 255 ? 255 : value;
            p[c] = (uint8_t)(value + 0.5f);
        }
        p[3] = (uint8_t)(a + 0.5f);
    }
}

/// rk_vertical over rows given by pointer (they come from a ring, not one block).
__attribute__((target("avx2,fma")))
static void vertical_rows(const float *const *rows, int64_t row_floats, const float *weights, int64_t count, float *out) {
    int64_t i = 0;
    for (; i + 32 <= row_floats; i += 32) {
        __m256 a0 = _mm256_setzero_ps(), a1 = a0, a2 = a0, a3 = a0;
        for (int64_t k = 0; k < count; k++) {
            const float *line = rows[k] + i;
            __m256 w = _mm256_broadcast_ss(weights + k);
            a0 = _mm256_fmadd_ps(_mm256_loadu_ps(line), w, a0);
            a1 = _mm256_fmadd_ps(_mm256_loadu_ps(line + 8), w, a1);
            a2 = _mm256_fmadd_ps(_mm256_loadu_ps(line + 16), w, a2);
            a3 = _mm256_fmadd_ps(_mm256_loadu_ps(line + 24), w, a3);
        }
        _mm256_storeu_ps(out + i, a0);
        _mm256_storeu_ps(out + i + 8, a1);
        _mm256_storeu_ps(out + i + 16, a2);
        _mm256_storeu_ps(out + i + 24, a3);
    }
    for (; i + 8 <= row_floats; i += 8) {
        __m256 a = _mm256_setzero_ps();
        for (int64_t k = 0; k < count; k++) a = _mm256_fmadd_ps(_mm256_loadu_ps(rows[k] + i), _mm256_broadcast_ss(weights + k), a);
        _mm256_storeu_ps(out + i, a);
    }
    for (; i < row_floats; i++) {
        float a = 0;
        for (int64_t k = 0; k < count; k++) a += rows[k][i] * weights[k];
        out[i] = a;
    }
}

int rk_vertical(const float *rows, int64_t row_floats, const float *weights, int64_t count, float *out) {
    const float *stack[64];
    const float **taps = count <= 64 ? stack : malloc(sizeof(float *) * count);
    if (!taps) return -1;
    for (int64_t k = 0; k < count; k++) taps[k] = rows + k * row_floats;
    vertical_rows(taps, row_floats, weights, count, out);
    if (taps != stack) free(taps);
    return 0;
}

int rk_resize_srgb(const uint8_t *src, int source_width, int source_height, uint8_t *dst, int width, int height,
                   const int64_t *h_starts, const int64_t *h_counts, const float *h_weights, int64_t h_stride,
                   const int64_t *v_starts, const int64_t *v_counts, const float *v_weights, int64_t v_stride) {
    if (height < source_height &&
        rk_resize_srgb_vertical_first(src, source_width, source_height, dst, width, height, h_starts, h_counts, h_weights,
                                      h_stride, v_starts, v_counts, v_weights, v_stride) == 0)
        return 0;
    int64_t deepest = 1;
    for (int y = 0; y < height; y++) {
        if (v_counts[y] > deepest) deepest = v_counts[y];
        if (y > 0 && v_starts[y] < v_starts[y - 1]) return -1;
    }
    // A quad of four rows may run three rows past what the current output needs.
    const int64_t capacity = deepest + 4;
    const int64_t row_floats = (int64_t)width * 4;
    float *ring = malloc(sizeof(float) * capacity * row_floats);
    float *quad = malloc(sizeof(float) * 16 * (size_t)source_width);
    float *sums = malloc(sizeof(float) * row_floats);
    const float **taps = malloc(sizeof(float *) * deepest);
    if (!ring || !quad || !sums || !taps) {
        free(ring); free(quad); free(sums); free(taps);
        return -1;
    }
    int64_t produced = 0;
    for (int y = 0; y < height; y++) {
        const int64_t need = v_starts[y] + v_counts[y];
        while (produced < need) {
            int rows = source_height - produced < 4 ? (int)(source_height - produced) : 4;
            rk_premultiply_quad(src + produced * source_width * 4, (int64_t)source_width * 4, rows, source_width, quad);
            float *out[4];
            for (int r = 0; r < 4; r++) out[r] = ring + ((produced + (r < rows ? r : 0)) % capacity) * row_floats;
            rk_horizontal_quad(quad, width, h_starts, h_counts, h_weights, h_stride, rows, out[0], out[1], out[2], out[3]);
            produced += rows;
        }
        for (int64_t k = 0; k < v_counts[y]; k++) taps[k] = ring + ((v_starts[y] + k) % capacity) * row_floats;
        vertical_rows(taps, row_floats, v_weights + y * v_stride, v_counts[y], sums);
        rk_unpremultiply(sums, width, dst + (int64_t)y * width * 4);
    }
    free(ring); free(quad); free(sums); free(taps);
    return 0;
}

#else
// Other architectures use the portable Swift loops.
int rk_has_avx2(void) { return 0; }

void rk_horizontal_quad(const float *quad, int width, const int64_t *starts, const int64_t *counts,
                        const float *weights, int64_t stride, int rows,
                        float *out0, float *out1, float *out2, float *out3) {
    (void)quad; (void)width; (void)starts; (void)counts; (void)weights; (void)stride; (void)rows;
    (void)out0; (void)out1; (void)out2; (void)out3;
}

int rk_vertical(const float *rows, int64_t row_floats, const float *weights, int64_t count, float *out) {
    (void)rows; (void)row_floats; (void)weights; (void)count; (void)out;
    return -1;
}

void rk_premultiply_quad(const uint8_t *src, int64_t row_bytes, int rows, int width, float *quad) {
    (void)src; (void)row_bytes; (void)rows; (void)width; (void)quad;
}

void rk_unpremultiply(const float *sums, int width, uint8_t *out) { (void)sums; (void)width; (void)out; }

int rk_resize_srgb(const uint8_t *src, int source_width, int source_height, uint8_t *dst, int width, int height,
                   const int64_t *h_starts, const int64_t *h_counts, const float *h_weights, int64_t h_stride,
                   const int64_t *v_starts, const int64_t *v_counts, const float *v_weights, int64_t v_stride) {
    (void)src; (void)source_width; (void)source_height; (void)dst; (void)width; (void)height; (void)h_starts;
    (void)h_counts; (void)h_weights; (void)h_stride; (void)v_starts; (void)v_counts; (void)v_weights; (void)v_stride;
    return -1;
}
#endif
