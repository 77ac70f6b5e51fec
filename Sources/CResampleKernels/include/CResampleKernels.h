// Hot loops of the resampler with AVX2 and FMA, chosen at run time: on a CPU without them the callers
// use the portable Swift loops instead. Every function computes exactly what the Swift loop it replaces
// computes (the same sums in the same order, fused multiply-adds aside).
#ifndef CRESAMPLE_KERNELS_H
#define CRESAMPLE_KERNELS_H

#include <stdint.h>

/// Whether this CPU runs the kernels below.
int rk_has_avx2(void);

/// Horizontal taps for four rows at once. `quad` holds 16 floats per source column (the column's pixel in
/// rows 0-3); for each output x, sums quad[starts[x] + k] * weights[x * stride + k] over counts[x] taps and
/// writes the four pixels (4 floats each) to out0..out3 at x (rows beyond `rows` are not written).
void rk_horizontal_quad(const float *quad, int width, const int64_t *starts, const int64_t *counts,
                        const float *weights, int64_t stride, int rows,
                        float *out0, float *out1, float *out2, float *out3);

/// Vertical taps: out[i] = sum over k of rows[k * row_floats + i] * weights[k], for i in 0..<row_floats.
/// Returns 0, or -1 when out of memory for the tap pointers (out is then not written: use the Swift loop).
int rk_vertical(const float *rows, int64_t row_floats, const float *weights, int64_t count, float *out);

/// `rows` (1-4) rows of RGBA8 (`width` pixels each, `row_bytes` apart) premultiplied into the quad layout
/// of rk_horizontal_quad, sRGB-encoded: colour * alpha / 255 on a 0-255 scale, alpha as is. Lanes of rows
/// past `rows` are zero.
void rk_premultiply_quad(const uint8_t *src, int64_t row_bytes, int rows, int width, float *quad);

/// Premultiplied pixels (4 floats each) back to straight RGBA8, sRGB-encoded: alpha below 0.5 gives a
/// transparent black pixel; colour = sum * 255 / alpha, clamped to 0-255, rounded half up.
void rk_unpremultiply(const float *sums, int width, uint8_t *out);

/// The whole sRGB resize, streaming. When the height shrinks, the vertical pass runs first (vertical_first.c);
/// otherwise intermediate rows of the horizontal pass live in a ring just deep enough for the vertical taps,
/// so the working set stays in cache. Tables as WeightTable holds them (starts, counts, weights with
/// `stride` per output). Returns 0 on success, -1 when out of memory or the tables are not monotonic (the
/// caller then uses the two-pass path).
int rk_resize_srgb(const uint8_t *src, int source_width, int source_height, uint8_t *dst, int width, int height,
                   const int64_t *h_starts, const int64_t *h_counts, const float *h_weights, int64_t h_stride,
                   const int64_t *v_starts, const int64_t *v_counts, const float *v_weights, int64_t v_stride);

#endif
