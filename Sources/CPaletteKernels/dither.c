// The serial Floyd-Steinberg loop of StickerPalette's Remapper with AVX (see CPaletteKernels.h): the loop it
// replaces works on SIMD16 points, four SSE operations each on x86-64's baseline; here two (dither_loop.h over
// this file's point type), and one in dither_avx512.c.
#include "CPaletteKernels.h"
#include "dither_kernels.h"

#include <math.h>

int pk_has_avx(void) {
#if defined(__x86_64__) || defined(__i386__)
    return __builtin_cpu_supports("avx");
#else
    return 0;
#endif
}

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#include <stdlib.h>
#include <string.h>

// A palette point: lanes 0-7 and 8-15.
typedef struct {
    __m256 lo, hi;
} point16;

#define PK_TARGET __attribute__((target("avx"))) static inline

PK_TARGET point16 load16(const float *p) { return (point16){_mm256_loadu_ps(p), _mm256_loadu_ps(p + 8)}; }
PK_TARGET void store16(float *p, point16 v) {
    _mm256_storeu_ps(p, v.lo);
    _mm256_storeu_ps(p + 8, v.hi);
}
PK_TARGET point16 add16(point16 a, point16 b) {
    return (point16){_mm256_add_ps(a.lo, b.lo), _mm256_add_ps(a.hi, b.hi)};
}
PK_TARGET point16 sub16(point16 a, point16 b) {
    return (point16){_mm256_sub_ps(a.lo, b.lo), _mm256_sub_ps(a.hi, b.hi)};
}
PK_TARGET point16 scale16(point16 a, float s) {
    __m256 v = _mm256_set1_ps(s);
    return (point16){_mm256_mul_ps(a.lo, v), _mm256_mul_ps(a.hi, v)};
}
// The squares of d, lanes 0-7 plus lanes 8-15: the first step of Swift's LaneSum (dither_loop.h adds the rest).
PK_TARGET __m256 square_halves16(point16 d) {
    return _mm256_add_ps(_mm256_mul_ps(d.lo, d.lo), _mm256_mul_ps(d.hi, d.hi));
}

#define PK_NAME(name) pk_##name##_avx
#define PK_KERNEL __attribute__((target("avx"))) static
#include "dither_loop.h"

int pk_dither(const pk_palette *palette, const pk_frame *frame, float level, float limit, const uint8_t *strength,
              const int32_t *previous_colors, const uint8_t *previous_entries, uint8_t *out, int wide) {
    if (wide) {
        return pk_dither_avx512(palette, frame, level, limit, strength, previous_colors, previous_entries, out);
    }
    return pk_dither_avx(palette, frame, level, limit, strength, previous_colors, previous_entries, out);
}

#else
// Other architectures use the portable Swift loop (pk_has_avx returns 0); this is never called.
int pk_dither(const pk_palette *palette, const pk_frame *frame, float level, float limit, const uint8_t *strength,
              const int32_t *previous_colors, const uint8_t *previous_entries, uint8_t *out, int wide) {
    (void)palette; (void)frame; (void)level; (void)limit; (void)strength; (void)previous_colors;
    (void)previous_entries; (void)out; (void)wide;
    return -1;
}
#endif
