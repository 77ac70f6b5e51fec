// The vertical-first resize, private to this target: rk_resize_srgb chooses it on x86-64 with AVX2.
#ifndef CRESAMPLE_VERTICAL_FIRST_H
#define CRESAMPLE_VERTICAL_FIRST_H

#include <stdint.h>

/// The most memory the vertical-first ring of source rows may take.
#define RK_RING_BUDGET (64 << 20)

/// The same resize with the vertical pass first (it does less work when the height shrinks); the same
/// tables. Returns -1 also when its ring would exceed RK_RING_BUDGET. rk_resize_srgb calls it when
/// height < source_height, and runs horizontal first when it returns -1.
int rk_resize_srgb_vertical_first(const uint8_t *src, int source_width, int source_height, uint8_t *dst, int width, int height,
                                  const int64_t *h_starts, const int64_t *h_counts, const float *h_weights, int64_t h_stride,
                                  const int64_t *v_starts, const int64_t *v_counts, const float *v_weights, int64_t v_stride);

#endif
