// AVX2/FMA loops of the colour conversion and the error maps (see CQualityKernels.h). They compute what the
// Swift loops of PositiveXYB and ErrorMaps compute, eight floats at a time.
#include "CQualityKernels.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

// Cube root of non-negative floats: an estimate from the bits (exponent / 3, as 1/4 + 1/16 + ... of the
// bits), then two Halley steps.
__attribute__((target("avx2,fma"))) static inline __m256 cube_root(__m256 v) {
    __m256i bits = _mm256_castps_si256(v);
    __m256i third = _mm256_add_epi32(
        _mm256_add_epi32(_mm256_add_epi32(_mm256_srli_epi32(bits, 2), _mm256_srli_epi32(bits, 4)),
                         _mm256_add_epi32(_mm256_srli_epi32(bits, 6), _mm256_srli_epi32(bits, 8))),
        _mm256_srli_epi32(bits, 10));
    __m256 y = _mm256_castsi256_ps(_mm256_add_epi32(third, _mm256_set1_epi32(709958130)));
    for (int i = 0; i < 2; i++) {
        __m256 y3 = _mm256_mul_ps(_mm256_mul_ps(y, y), y);
        __m256 num = _mm256_add_ps(y3, _mm256_add_ps(v, v));
        __m256 den = _mm256_add_ps(_mm256_add_ps(y3, y3), v);
        y = _mm256_div_ps(_mm256_mul_ps(y, num), den);
    }
    return _mm256_and_ps(y, _mm256_cmp_ps(v, _mm256_setzero_ps(), _CMP_GT_OQ));
}

__attribute__((target("avx2,fma"))) void qk_positive_xyb(const float *r, const float *g, const float *b, float *x,
                                                         float *y, float *z, long count, const float *opsin,
                                                         float bias, float bias_root) {
    __m256 m[9];
    for (int i = 0; i < 9; i++) m[i] = _mm256_set1_ps(opsin[i]);
    const __m256 vbias = _mm256_set1_ps(bias), root = _mm256_set1_ps(bias_root), zero = _mm256_setzero_ps();
    const __m256 half = _mm256_set1_ps(0.5f), fourteen = _mm256_set1_ps(14.0f);
    for (long i = 0; i < count; i += 8) {
        __m256 red = _mm256_loadu_ps(r + i), green = _mm256_loadu_ps(g + i), blue = _mm256_loadu_ps(b + i);
        __m256 mixed[3];
        for (int row = 0; row < 3; row++) {
            __m256 v = _mm256_fmadd_ps(m[row * 3 + 2], blue, vbias);
            v = _mm256_fmadd_ps(m[row * 3 + 1], green, v);
            v = _mm256_fmadd_ps(m[row * 3], red, v);
            mixed[row] = _mm256_sub_ps(cube_root(_mm256_max_ps(v, zero)), root);
        }
        __m256 vx = _mm256_mul_ps(half, _mm256_sub_ps(mixed[0], mixed[1]));
        __m256 vy = _mm256_mul_ps(half, _mm256_add_ps(mixed[0], mixed[1]));
        _mm256_storeu_ps(x + i, _mm256_fmadd_ps(vx, fourteen, _mm256_set1_ps(0.42f)));
        _mm256_storeu_ps(y + i, _mm256_add_ps(vy, _mm256_set1_ps(0.01f)));
        _mm256_storeu_ps(z + i, _mm256_add_ps(_mm256_sub_ps(mixed[2], vy), _mm256_set1_ps(0.55f)));
    }
}

__attribute__((target("avx2,fma"))) static inline double lane_sum(__m256 v) {
    __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    s = _mm_add_ps(s, _mm_movehl_ps(s, s));
    s = _mm_add_ss(s, _mm_shuffle_ps(s, s, 1));
    return _mm_cvtss_f32(s);
}

__attribute__((target("avx2,fma"))) void qk_error_sums(const float *image1, const float *image2, const float *mu1,
                                                       const float *mu2, const float *sigma11,
                                                       const float *sigma22, const float *sigma12, long width,
                                                       long height, long stride, double *sums) {
    const __m256 one = _mm256_set1_ps(1.0f), two = _mm256_set1_ps(2.0f), c2 = _mm256_set1_ps(0.0009f);
    const __m256 zero = _mm256_setzero_ps();
    const __m256 sign = _mm256_set1_ps(-0.0f);
    const __m256 lanes = _mm256_setr_ps(0, 1, 2, 3, 4, 5, 6, 7);
    for (int i = 0; i < 6; i++) sums[i] = 0;
    for (long row = 0; row < height; row++) {
        // One row's sums stay in float (a few hundred terms); rows add up in double.
        __m256 acc[6];
        for (int i = 0; i < 6; i++) acc[i] = zero;
        const long base = row * stride;
        for (long x = 0; x < width; x += 8) {
            const long at = base + x;
            // Lanes past the width are padding: their terms are zeroed.
            __m256 inside = _mm256_cmp_ps(lanes, _mm256_set1_ps((float)(width - x)), _CMP_LT_OQ);
            __m256 m1 = _mm256_loadu_ps(mu1 + at), m2 = _mm256_loadu_ps(mu2 + at);
            __m256 diff = _mm256_sub_ps(m1, m2);
            __m256 mean_term = _mm256_sub_ps(one, _mm256_mul_ps(diff, diff));
            __m256 num = _mm256_add_ps(
                _mm256_mul_ps(two, _mm256_sub_ps(_mm256_loadu_ps(sigma12 + at), _mm256_mul_ps(m1, m2))), c2);
            __m256 den = _mm256_add_ps(
                _mm256_add_ps(_mm256_sub_ps(_mm256_loadu_ps(sigma11 + at), _mm256_mul_ps(m1, m1)),
                              _mm256_sub_ps(_mm256_loadu_ps(sigma22 + at), _mm256_mul_ps(m2, m2))),
                c2);
            __m256 d = _mm256_sub_ps(one, _mm256_div_ps(_mm256_mul_ps(mean_term, num), den));
            d = _mm256_and_ps(_mm256_max_ps(d, zero), inside);
            __m256 d2 = _mm256_mul_ps(d, d);
            acc[0] = _mm256_add_ps(acc[0], d);
            acc[1] = _mm256_fmadd_ps(d2, d2, acc[1]);

            __m256 e1 = _mm256_add_ps(one, _mm256_andnot_ps(sign, _mm256_sub_ps(_mm256_loadu_ps(image1 + at), m1)));
            __m256 e2 = _mm256_add_ps(one, _mm256_andnot_ps(sign, _mm256_sub_ps(_mm256_loadu_ps(image2 + at), m2)));
            __m256 ratio = _mm256_and_ps(_mm256_sub_ps(_mm256_div_ps(e2, e1), one), inside);
            __m256 more = _mm256_max_ps(ratio, zero);
            __m256 less = _mm256_max_ps(_mm256_sub_ps(zero, ratio), zero);
            __m256 more2 = _mm256_mul_ps(more, more), less2 = _mm256_mul_ps(less, less);
            acc[2] = _mm256_add_ps(acc[2], more);
            acc[3] = _mm256_fmadd_ps(more2, more2, acc[3]);
            acc[4] = _mm256_add_ps(acc[4], less);
            acc[5] = _mm256_fmadd_ps(less2, less2, acc[5]);
        }
        for (int i = 0; i < 6; i++) sums[i] += lane_sum(acc[i]);
    }
}

#else
// Other architectures use the portable Swift loops (qk_has_avx2_fma returns 0); these are never called.

void qk_positive_xyb(const float *r, const float *g, const float *b, float *x, float *y, float *z, long count,
                     const float *opsin, float bias, float bias_root) {
    (void)r; (void)g; (void)b; (void)x; (void)y; (void)z; (void)count; (void)opsin; (void)bias; (void)bias_root;
}
void qk_error_sums(const float *image1, const float *image2, const float *mu1, const float *mu2,
                   const float *sigma11, const float *sigma22, const float *sigma12, long width, long height,
                   long stride, double *sums) {
    (void)image1; (void)image2; (void)mu1; (void)mu2; (void)sigma11; (void)sigma22; (void)sigma12;
    (void)width; (void)height; (void)stride; (void)sums;
}

#endif
