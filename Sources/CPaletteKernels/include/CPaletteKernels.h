// The dithered remap of StickerPalette with AVX (or AVX-512), chosen at run time: on a CPU without it the caller
// uses the portable Swift loop instead, which computes exactly the same entries (every lane operation and lane sum
// in the same order, no fused multiply-adds).
#ifndef CPALETTE_KERNELS_H
#define CPALETTE_KERNELS_H

#include <stdint.h>

/// Whether this CPU runs the kernel below, and its AVX-512 form.
int pk_has_avx(void);
int pk_has_avx512(void);

/// A palette as the nearest search sees it: `count` entries of 16 floats each, whether each is opaque, and per
/// entry every entry ordered by distance from it (`neighbours`, count x count) with those distances.
typedef struct {
    const float *entries;
    const uint8_t *opaque;
    const int32_t *neighbours;
    const float *distances;
    long count;
} pk_palette;

/// One frame's pixels as distinct colours: `colors` (width x height ids), each id's point (16 floats), kind
/// (0 transparent, 1 translucent, 2 opaque) and undithered entry.
typedef struct {
    const int32_t *colors;
    long width;
    long height;
    const float *points;
    const uint8_t *kinds;
    const uint8_t *nearest;
} pk_frame;

/// Serpentine Floyd-Steinberg at `level`, scaled per pixel by `strength` (0-255, or null for full), the error
/// cut to `limit`; a pixel whose colour equals `previous_colors`' keeps its entry in `previous_entries` (both
/// null for none). Writes width x height entries to `out`. Returns 0, or -1 when out of memory (`out` is then
/// not written: use the Swift loop). `wide`: in AVX-512, only where `pk_has_avx512` (the same entries).
int pk_dither(const pk_palette *palette, const pk_frame *frame, float level, float limit, const uint8_t *strength,
              const int32_t *previous_colors, const uint8_t *previous_entries, uint8_t *out, int wide);

#endif
