// The recursive Gaussian's two passes with AVX-512 (see CQualityKernels.h): the AVX2 loops' arithmetic, lane for
// lane, on eight doubles a vector, so the outputs are the same bits. Chosen at run time, where the CPU has it.
#include "CQualityKernels.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

int qk_has_avx512(void) {
    return qk_has_avx2_fma() && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
           __builtin_cpu_supports("avx512dq");
}

#define QK_WIDE __attribute__((target("avx2,fma,avx512f,avx512vl,avx512dq")))

#include "gaussian_step.h"

// Eight lanes a vector.
#define QK_WIDE_STEP(...) QK_STEP_OF(_mm512, __m512d, __VA_ARGS__)
#define QK_WIDE_WEIGHTS QK_WEIGHTS_OF(_mm512, __m512d)

// Sixteen input columns of one row (the lanes `mask` keeps; the others read nothing) as two double vectors, zero
// outside the image; the product with `b` in double, as the AVX2 loop computes it.
QK_WIDE static inline void load_row16(const float *a, const float *b, long row, long height, long offset,
                                      __mmask16 mask, __m512d *lo, __m512d *hi) {
    if (row < 0 || row >= height) {
        *lo = _mm512_setzero_pd();
        *hi = _mm512_setzero_pd();
        return;
    }
    __m512 v = _mm512_maskz_loadu_ps(mask, a + offset);
    *lo = _mm512_cvtps_pd(_mm512_castps512_ps256(v));
    *hi = _mm512_cvtps_pd(_mm512_extractf32x8_ps(v, 1));
    if (b) {
        __m512 w = _mm512_maskz_loadu_ps(mask, b + offset);
        *lo = _mm512_mul_pd(*lo, _mm512_cvtps_pd(_mm512_castps512_ps256(w)));
        *hi = _mm512_mul_pd(*hi, _mm512_cvtps_pd(_mm512_extractf32x8_ps(w, 1)));
    }
}

QK_WIDE void qk_blur_vertical_avx512(const qk_gaussian *g, const float *a, const float *b, long columns,
                                     long height, long stride, float *out, long out_stride) {
    QK_WIDE_WEIGHTS;
    const long radius = g->radius, ring_rows = 2 * radius + 1;
    // As the AVX2 pass: each input row converted once, kept in a ring for its second use 2 * radius rows later.
    __m512d ring[QK_RING][2];
    // Sixteen columns a strip (the last may have eight), two chains per filter.
    for (long x = 0; x < columns; x += 16) {
        const __mmask16 mask = columns - x >= 16 ? 0xFFFF : 0x00FF;
        for (long i = 0; i < ring_rows; i++) ring[i][0] = ring[i][1] = _mm512_setzero_pd();
        __m512d p1a = _mm512_setzero_pd(), q1a = p1a, p3a = p1a, q3a = p1a, p5a = p1a, q5a = p1a;
        __m512d p1b = p1a, q1b = p1a, p3b = p1a, q3b = p1a, p5b = p1a, q5b = p1a;
        long slot = 0;
        for (long n = 1 - radius; n < height; n++) {
            long bottom = n + radius - 1;
            __m512d blo, bhi;
            load_row16(a, b, bottom, height, bottom * stride + x, mask, &blo, &bhi);
            if (bottom + QK_AHEAD < height) {
                _mm_prefetch((const char *)(a + (bottom + QK_AHEAD) * stride + x), _MM_HINT_T0);
                if (b) _mm_prefetch((const char *)(b + (bottom + QK_AHEAD) * stride + x), _MM_HINT_T0);
            }
            ring[slot][0] = blo;
            ring[slot][1] = bhi;
            slot = slot + 1 == ring_rows ? 0 : slot + 1;
            __m512d slo = _mm512_add_pd(ring[slot][0], blo), shi = _mm512_add_pd(ring[slot][1], bhi), olo, ohi;
            QK_WIDE_STEP(slo, p1a, q1a, p3a, q3a, p5a, q5a, olo);
            QK_WIDE_STEP(shi, p1b, q1b, p3b, q3b, p5b, q5b, ohi);
            if (n >= 0) {
                __m512 v = _mm512_insertf32x8(_mm512_castps256_ps512(_mm512_cvtpd_ps(olo)), _mm512_cvtpd_ps(ohi), 1);
                _mm512_mask_storeu_ps(out + n * out_stride + x, mask, v);
            }
        }
    }
}

// Eight rows of eight floats turned into eight columns: v[i] lane j becomes v[j] lane i.
QK_WIDE static inline void transpose8(__m256 v[8]) {
    __m256 t[8], u[8];
    for (int i = 0; i < 8; i += 2) {
        t[i] = _mm256_unpacklo_ps(v[i], v[i + 1]);
        t[i + 1] = _mm256_unpackhi_ps(v[i], v[i + 1]);
    }
    for (int i = 0; i < 8; i += 4) {
        u[i] = _mm256_shuffle_ps(t[i], t[i + 2], _MM_SHUFFLE(1, 0, 1, 0));
        u[i + 1] = _mm256_shuffle_ps(t[i], t[i + 2], _MM_SHUFFLE(3, 2, 3, 2));
        u[i + 2] = _mm256_shuffle_ps(t[i + 1], t[i + 3], _MM_SHUFFLE(1, 0, 1, 0));
        u[i + 3] = _mm256_shuffle_ps(t[i + 1], t[i + 3], _MM_SHUFFLE(3, 2, 3, 2));
    }
    for (int i = 0; i < 4; i++) {
        v[i] = _mm256_permute2f128_ps(u[i], u[i + 4], 0x20);
        v[i + 4] = _mm256_permute2f128_ps(u[i], u[i + 4], 0x31);
    }
}

QK_WIDE void qk_blur_horizontal_avx512(const qk_gaussian *g, const float *in, long in_stride, long width,
                                       long height, float *out, long out_stride) {
    QK_WIDE_WEIGHTS;
    const long radius = g->radius;
    // Eight rows at once, one a lane; a short last group repeats its last row (written again, the same values).
    // Eight columns at a time: the input sums (in float, as the AVX2 pass adds them) are made a row at a time,
    // turned into columns for the eight steps, and the outputs turned back into rows.
    for (long y0 = 0; y0 < height; y0 += 8) {
        const float *r[8];
        float *o[8];
        for (int i = 0; i < 8; i++) {
            long y = y0 + i < height ? y0 + i : height - 1;
            r[i] = in + y * in_stride;
            o[i] = out + y * out_stride;
        }
        __m512d p1 = _mm512_setzero_pd(), q1 = p1, p3 = p1, q3 = p1, p5 = p1, q5 = p1;
        for (long n0 = 1 - radius; n0 < width; n0 += 8) {
            __m256 v[8];
            for (int i = 0; i < 8; i++)
                v[i] = _mm256_add_ps(_mm256_loadu_ps(r[i] + n0 - radius - 1), _mm256_loadu_ps(r[i] + n0 + radius - 1));
            transpose8(v);
            for (int j = 0; j < 8; j++) {
                __m512d sum = _mm512_cvtps_pd(v[j]), y;
                QK_WIDE_STEP(sum, p1, q1, p3, q3, p5, q5, y);
                v[j] = _mm512_cvtpd_ps(y);
            }
            transpose8(v);
            // Columns 0 to width - 1 only: the first block starts left of 0, the last may end past the width.
            long first = n0 < 0 ? -n0 : 0, end = width - n0 < 8 ? width - n0 : 8;
            const __mmask8 keep = (__mmask8)(((1u << end) - 1) & ~((1u << first) - 1));
            for (int i = 0; i < 8; i++) _mm256_mask_storeu_ps(o[i] + n0, keep, v[i]);
        }
    }
}

#else
// Other architectures have no AVX-512 (qk_has_avx512 returns 0); these are never called.

int qk_has_avx512(void) { return 0; }
void qk_blur_vertical_avx512(const qk_gaussian *g, const float *a, const float *b, long columns, long height,
                             long stride, float *out, long out_stride) {
    (void)g; (void)a; (void)b; (void)columns; (void)height; (void)stride; (void)out; (void)out_stride;
}
void qk_blur_horizontal_avx512(const qk_gaussian *g, const float *in, long in_stride, long width, long height,
                               float *out, long out_stride) {
    (void)g; (void)in; (void)in_stride; (void)width; (void)height; (void)out; (void)out_stride;
}

#endif
