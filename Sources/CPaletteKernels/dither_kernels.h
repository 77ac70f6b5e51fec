// The AVX-512 form of the dithering loop (dither_avx512.c, x86 only), for pk_dither to choose.
#ifndef CPALETTE_DITHER_KERNELS_H
#define CPALETTE_DITHER_KERNELS_H

#include "CPaletteKernels.h"

int pk_dither_avx512(const pk_palette *palette, const pk_frame *frame, float level, float limit,
                     const uint8_t *strength, const int32_t *previous_colors, const uint8_t *previous_entries,
                     uint8_t *out);

#endif
