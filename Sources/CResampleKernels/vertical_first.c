// The sRGB resize for images that shrink vertically: the vertical pass runs first, on plain premultiplied
// rows, so the costlier horizontal pass (four rows interleaved per column) sees only the output's rows.
// Premultiplying is integer (c * a is exact in 16 bits); the 1/255 that brings sums to the 0-255 scale of
// rk_unpremultiply is folded into the vertical weights.
#include "CResampleKernels.h"
#include "vertical_first.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#include <stdlib.h>
#include <string.h>

/// One RGBA8 row premultiplied: colour lanes c * a, alpha lane 255 * a, each exact in an unsigned 16-bit
/// word (at most 65025). Words, not floats, halve the bytes this pass writes and the vertical pass reads.
__attribute__((target("avx2,fma")))
static void premultiply_row(const uint8_t *src, int width, uint16_t *out) {
    // Per pixel, words [a a a 0] from [r g b a]; the alpha word then becomes 255 by the OR below.
    const __m256i alpha_words = _mm256_setr_epi8(6, -128, 6, -128, 6, -128, -128, -128, 14, -128, 14, -128, 14, -128, -128, -128,
                                                 6, -128, 6, -128, 6, -128, -128, -128, 14, -128, 14, -128, 14, -128, -128, -128);
    const __m256i alpha_255 = _mm256_setr_epi16(0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255);
    int x = 0;
    for (; x + 4 <= width; x += 4) {
        __m256i v = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(src + x * 4)));
        __m256i factor = _mm256_or_si256(_mm256_shuffle_epi8(v, alpha_words), alpha_255);
        _mm256_storeu_si256((__m256i *)(out + x * 4), _mm256_mullo_epi16(v, factor));
    }
    for (; x < width; x++) {
        const uint8_t *p = src + x * 4;
        for (int c = 0; c < 3; c++) out[x * 4 + c] = (uint16_t)(p[c] * p[3]);
        out[x * 4 + 3] = (uint16_t)(255 * p[3]);
    }
}

/// Eight premultiplied words (two pixels) as floats.
__attribute__((target("avx2,fma")))
static inline __m256 load8(const uint16_t *p) {
    return _mm256_cvtepi32_ps(_mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)p)));
}

/// Two pixels (one accumulator) into the quad layout, where pixels are 16 floats apart.
__attribute__((target("avx2,fma")))
static inline void store_pair(float *p, __m256 pixels) {
    _mm_storeu_ps(p, _mm256_castps256_ps128(pixels));
    _mm_storeu_ps(p + 16, _mm256_extractf128_ps(pixels, 1));
}

/// The taps of one output row: source rows block[offset + k] with weights[k], for k in 0..<count.
typedef struct {
    int64_t offset, count;
    const float *weights;
} OutputTaps;

/// acc += rows[k][i..<i+32] * weights[k - offset] for k in from..<to: eight pixels of one output row.
__attribute__((target("avx2,fma")))
static inline void accumulate8(const uint16_t *const *rows, OutputTaps taps, int64_t from, int64_t to, int64_t i, __m256 acc[4]) {
    for (int64_t k = from; k < to; k++) {
        const uint16_t *line = rows[k] + i;
        __m256 w = _mm256_broadcast_ss(taps.weights + k - taps.offset);
        acc[0] = _mm256_fmadd_ps(load8(line), w, acc[0]);
        acc[1] = _mm256_fmadd_ps(load8(line + 8), w, acc[1]);
        acc[2] = _mm256_fmadd_ps(load8(line + 16), w, acc[2]);
        acc[3] = _mm256_fmadd_ps(load8(line + 24), w, acc[3]);
    }
}

/// Eight pixels (at float i) of two output rows a and b, b's window starting no earlier than a's, into lanes
/// lane_a and lane_b of the quad layout of rk_horizontal_quad. Where the windows overlap, each source load
/// feeds both rows: the pass is bound by moving rows from L2, and consecutive rows share most of theirs.
__attribute__((target("avx2,fma")))
static inline void vertical_pair8(const uint16_t *const *rows, OutputTaps a, OutputTaps b, int lane_a, int lane_b, int64_t i, float *quad) {
    const int64_t end_a = a.offset + a.count, end_b = b.offset + b.count;
    const int64_t shared_from = b.offset, shared_to = end_a < end_b ? end_a : end_b;
    __m256 acc_a[4] = {_mm256_setzero_ps(), _mm256_setzero_ps(), _mm256_setzero_ps(), _mm256_setzero_ps()};
    __m256 acc_b[4] = {_mm256_setzero_ps(), _mm256_setzero_ps(), _mm256_setzero_ps(), _mm256_setzero_ps()};
    if (shared_from >= shared_to) {
        accumulate8(rows, a, a.offset, end_a, i, acc_a);
        accumulate8(rows, b, b.offset, end_b, i, acc_b);
    } else {
        accumulate8(rows, a, a.offset, shared_from, i, acc_a);
        for (int64_t k = shared_from; k < shared_to; k++) {
            const uint16_t *line = rows[k] + i;
            __m256 wa = _mm256_broadcast_ss(a.weights + k - a.offset), wb = _mm256_broadcast_ss(b.weights + k - b.offset);
            for (int j = 0; j < 4; j++) {
                __m256 v = load8(line + 8 * j);
                acc_a[j] = _mm256_fmadd_ps(v, wa, acc_a[j]);
                acc_b[j] = _mm256_fmadd_ps(v, wb, acc_b[j]);
            }
        }
        accumulate8(rows, a, shared_to, end_a, i, acc_a);
        accumulate8(rows, b, shared_to, end_b, i, acc_b);
    }
    for (int j = 0; j < 4; j++) {
        store_pair(quad + lane_a * 4 + (i / 4 + 2 * j) * 16, acc_a[j]);
        store_pair(quad + lane_b * 4 + (i / 4 + 2 * j) * 16, acc_b[j]);
    }
}

/// Vertical taps of up to four output rows (taps[r] into lane r of the quad). Eight pixels are done for every
/// row before moving on, so the rows the block shares are read from L2 once and then come from L1.
__attribute__((target("avx2,fma")))
static void vertical_block(const uint16_t *const *rows, const OutputTaps *taps, int count, int width, float *quad) {
    const int64_t row_floats = (int64_t)width * 4;
    int64_t i = 0;
    // Rows in pairs; an odd last row pairs with itself (computed twice, stored once).
    for (; i + 32 <= row_floats; i += 32)
        for (int r = 0; r < count; r += 2) {
            const int b = r + 1 < count ? r + 1 : r;
            vertical_pair8(rows, taps[r], taps[b], r, b, i, quad);
        }
    // The last pixels (fewer than eight), one at a time.
    for (; i < row_floats; i += 4)
        for (int r = 0; r < count; r++) {
            __m128 sum = _mm_setzero_ps();
            for (int64_t k = 0; k < taps[r].count; k++)
                sum = _mm_fmadd_ps(_mm_cvtepi32_ps(_mm_cvtepu16_epi32(_mm_loadl_epi64((const __m128i *)(rows[taps[r].offset + k] + i)))),
                                   _mm_set1_ps(taps[r].weights[k]), sum);
            _mm_storeu_ps(quad + r * 4 + (i / 4) * 16, sum);
        }
}

int rk_resize_srgb_vertical_first(const uint8_t *src, int source_width, int source_height, uint8_t *dst, int width, int height,
                                  const int64_t *h_starts, const int64_t *h_counts, const float *h_weights, int64_t h_stride,
                                  const int64_t *v_starts, const int64_t *v_counts, const float *v_weights, int64_t v_stride) {
    (void)source_height;
    // Starts never go back, so a ring as deep as the widest window of four output rows holds every source row
    // that the current block of outputs needs.
    int64_t deepest = 1, capacity = 1;
    for (int y = 0; y < height; y++) {
        if (v_counts[y] > deepest) deepest = v_counts[y];
        if (y > 0 && v_starts[y] < v_starts[y - 1]) return -1;
        const int64_t block_start = v_starts[y - y % 4], span = v_starts[y] + v_counts[y] - block_start;
        if (span > capacity) capacity = span;
    }
    const int64_t row_bytes = (int64_t)source_width * 4;
    // Rows and quad columns start on cache lines: a load that straddles two lines costs two.
    const int64_t row_words = (row_bytes + 31) / 32 * 32;
    // A huge shrink of a tall image (thousands of taps) would need thousands of rows in the ring: the
    // horizontal-first pass keeps only output-width rows, so it takes over.
    if (capacity * row_words * (int64_t)sizeof(uint16_t) > RK_RING_BUDGET) return -1;
    uint16_t *ring = aligned_alloc(64, sizeof(uint16_t) * capacity * row_words);
    float *quad = aligned_alloc(64, sizeof(float) * 16 * (size_t)source_width);
    // Zeroed: the lanes of rows past the last are read (not stored) and must not hold NaNs or denormals.
    if (quad) memset(quad, 0, sizeof(float) * 16 * (size_t)source_width);
    float *sums = malloc(sizeof(float) * 4 * (size_t)width * 4);
    const uint16_t **block = malloc(sizeof(uint16_t *) * capacity);
    float *scaled = malloc(sizeof(float) * 4 * deepest);
    if (!ring || !quad || !sums || !block || !scaled) {
        free(ring); free(quad); free(sums); free(block); free(scaled);
        return -1;
    }
    int64_t produced = 0;
    for (int y0 = 0; y0 < height; y0 += 4) {
        const int rows = height - y0 < 4 ? height - y0 : 4;
        OutputTaps taps[4];
        for (int r = 0; r < rows; r++) {
            const int y = y0 + r;
            for (const int64_t need = v_starts[y] + v_counts[y]; produced < need; produced++)
                premultiply_row(src + produced * row_bytes, source_width, ring + (produced % capacity) * row_words);
            float *w = scaled + r * deepest;
            for (int64_t k = 0; k < v_counts[y]; k++) w[k] = v_weights[y * v_stride + k] * (1.0f / 255.0f);
            taps[r] = (OutputTaps){v_starts[y] - v_starts[y0], v_counts[y], w};
        }
        for (int64_t k = 0; k < produced - v_starts[y0]; k++) block[k] = ring + ((v_starts[y0] + k) % capacity) * row_words;
        vertical_block(block, taps, rows, source_width, quad);
        float *out[4];
        for (int r = 0; r < 4; r++) out[r] = sums + (int64_t)(r < rows ? r : 0) * width * 4;
        rk_horizontal_quad(quad, width, h_starts, h_counts, h_weights, h_stride, rows, out[0], out[1], out[2], out[3]);
        for (int r = 0; r < rows; r++) rk_unpremultiply(out[r], width, dst + (int64_t)(y0 + r) * width * 4);
    }
    free(ring); free(quad); free(sums); free(block); free(scaled);
    return 0;
}

#endif
