#include "CPNGFilters.h"

// The Paeth predictor without branches, in 16-bit lanes: whichever of left, above and upper-left is
// nearest to left + above - upper-left, ties in that order.
static inline int paeth(int a, int b, int c) {
    int pa = b - c;
    int pb = a - c;
    int pc = pa + pb;
    pa = pa < 0 ? -pa : pa;
    pb = pb < 0 ? -pb : pb;
    pc = pc < 0 ? -pc : pc;
    int nearest = pb <= pc ? b : c;
    return (pa <= pb && pa <= pc) ? a : nearest;
}

static inline uint32_t magnitude(uint8_t v) { return v < 128 ? v : 256u - v; }

void pf_filter_costs(const uint8_t *row, const uint8_t *prior, size_t count, size_t bpp, uint32_t sums[5]) {
    uint32_t s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0;
    size_t lead = bpp < count ? bpp : count;
    for (size_t i = 0; i < lead; i++) {
        uint8_t x = row[i], b = prior[i];
        s0 += magnitude(x);
        s1 += magnitude(x);
        s2 += magnitude((uint8_t)(x - b));
        s3 += magnitude((uint8_t)(x - (b >> 1)));
        s4 += magnitude((uint8_t)(x - b));
    }
    for (size_t i = lead; i < count; i++) {
        uint8_t x = row[i], a = row[i - bpp], b = prior[i], c = prior[i - bpp];
        s0 += magnitude(x);
        s1 += magnitude((uint8_t)(x - a));
        s2 += magnitude((uint8_t)(x - b));
        s3 += magnitude((uint8_t)(x - ((a + b) >> 1)));
        s4 += magnitude((uint8_t)(x - paeth(a, b, c)));
    }
    sums[0] = s0;
    sums[1] = s1;
    sums[2] = s2;
    sums[3] = s3;
    sums[4] = s4;
}

void pf_filter_row(int type, const uint8_t *row, const uint8_t *prior, size_t count, size_t bpp, uint8_t *out) {
    size_t lead = bpp < count ? bpp : count;
    switch (type) {
    case 1:
        for (size_t i = 0; i < lead; i++) out[i] = row[i];
        for (size_t i = lead; i < count; i++) out[i] = (uint8_t)(row[i] - row[i - bpp]);
        break;
    case 2:
        for (size_t i = 0; i < count; i++) out[i] = (uint8_t)(row[i] - prior[i]);
        break;
    case 3:
        for (size_t i = 0; i < lead; i++) out[i] = (uint8_t)(row[i] - (prior[i] >> 1));
        for (size_t i = lead; i < count; i++) out[i] = (uint8_t)(row[i] - ((row[i - bpp] + prior[i]) >> 1));
        break;
    case 4:
        for (size_t i = 0; i < lead; i++) out[i] = (uint8_t)(row[i] - prior[i]);
        for (size_t i = lead; i < count; i++) {
            out[i] = (uint8_t)(row[i] - paeth(row[i - bpp], prior[i], prior[i - bpp]));
        }
        break;
    default:
        for (size_t i = 0; i < count; i++) out[i] = row[i];
    }
}
