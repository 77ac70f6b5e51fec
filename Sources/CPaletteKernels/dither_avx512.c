// dither_loop.h with a point in one AVX-512 register: each lane operation one instruction instead of AVX's two,
// the lane sum reduced in the order AVX (and Swift's LaneSum) adds it, so the entries are the same.
#include "dither_kernels.h"

int pk_has_avx512(void) {
#if defined(__x86_64__) || defined(__i386__)
    return pk_has_avx() && __builtin_cpu_supports("avx512f");
#else
    return 0;
#endif
}

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef __m512 point16;

#define PK_TARGET __attribute__((target("avx512f"))) static inline

PK_TARGET point16 load16(const float *p) { return _mm512_loadu_ps(p); }
PK_TARGET void store16(float *p, point16 v) { _mm512_storeu_ps(p, v); }
PK_TARGET point16 add16(point16 a, point16 b) { return _mm512_add_ps(a, b); }
PK_TARGET point16 sub16(point16 a, point16 b) { return _mm512_sub_ps(a, b); }
PK_TARGET point16 scale16(point16 a, float s) { return _mm512_mul_ps(a, _mm512_set1_ps(s)); }
// The squares of d, lanes 0-7 plus lanes 8-15, as the AVX form adds them.
PK_TARGET __m256 square_halves16(point16 d) {
    __m512 squares = _mm512_mul_ps(d, d);
    __m256 high = _mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(squares), 1));
    return _mm256_add_ps(_mm512_castps512_ps256(squares), high);
}

// pk_dither_avx512 (dither_kernels.h), called by pk_dither on x86 only.
#define PK_NAME(name) pk_##name##_avx512
#define PK_KERNEL __attribute__((target("avx512f")))
#include "dither_loop.h"
#endif
