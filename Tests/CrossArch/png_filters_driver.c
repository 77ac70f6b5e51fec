// targets: CPNGFilters
// Prints pf_filter_costs and an FNV-1a checksum of pf_filter_row (types 0-4) for fixed pseudo-random rows
// of many lengths and bpp 1-8: integer results, so every architecture must print the same lines. A few
// hand-worked rows are also checked against their known answers (exit 1 when one is wrong).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "CPNGFilters.h"

static uint32_t lcg_state = 12345;
static uint8_t next_byte(void) { lcg_state = lcg_state * 1103515245u + 12345u; return (uint8_t)(lcg_state >> 24); }

static uint32_t fnv1a(uint32_t h, const uint8_t *p, size_t n) {
    for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * 16777619u;
    return h;
}

typedef struct { int type; size_t bpp, count; uint8_t row[4], prior[4], expected[4]; } HandCase;

int main(void) {
    int failures = 0;
    // Worked by hand from the specification (section 9.2).
    static const HandCase hand[] = {
        {1, 1, 4, {10, 20, 30, 40}, {0, 0, 0, 0}, {10, 10, 10, 10}},         // sub: x - left
        {2, 1, 4, {10, 20, 30, 40}, {5, 25, 30, 0}, {5, 251, 0, 40}},        // up: x - above, mod 256
        {3, 1, 4, {10, 20, 30, 40}, {0, 0, 0, 0}, {10, 15, 20, 25}},         // average: x - left / 2
        {4, 1, 2, {10, 55}, {10, 50}, {0, 5}},                               // Paeth picks above (50)
        {4, 1, 2, {50, 35}, {30, 10}, {20, 5}},                              // Paeth picks upper-left (30)
        {4, 2, 4, {1, 2, 9, 9}, {0, 0, 0, 0}, {1, 2, 8, 7}},                 // Paeth picks left, bpp 2
    };
    for (size_t i = 0; i < sizeof hand / sizeof hand[0]; i++) {
        uint8_t out[4];
        pf_filter_row(hand[i].type, hand[i].row, hand[i].prior, hand[i].count, hand[i].bpp, out);
        int ok = memcmp(out, hand[i].expected, hand[i].count) == 0;
        printf("hand case %zu (type %d): %s\n", i, hand[i].type, ok ? "ok" : "WRONG");
        failures += !ok;
    }
    // Costs: magnitudes read as signed bytes. Row 10 20 30 40 over zeros: none 100, sub 40, up 100,
    // average 70, Paeth 40 (left wins over zeros); a byte 200 counts as 56.
    uint32_t sums[5];
    static const uint8_t row[4] = {10, 20, 30, 40}, zeros[4] = {0};
    pf_filter_costs(row, zeros, 4, 1, sums);
    int ok = sums[0] == 100 && sums[1] == 40 && sums[2] == 100 && sums[3] == 70 && sums[4] == 40;
    static const uint8_t big[1] = {200};
    uint32_t big_sums[5];
    pf_filter_costs(big, zeros, 1, 1, big_sums);
    ok = ok && big_sums[0] == 56 && big_sums[4] == 56;
    printf("hand costs: %s\n", ok ? "ok" : "WRONG");
    failures += !ok;

    static const size_t lengths[] = {0, 1, 2, 3, 5, 7, 8, 15, 16, 17, 31, 33, 64, 99, 255, 257, 1000, 4097};
    static const size_t bpps[] = {1, 2, 3, 4, 6, 8};
    uint8_t *a = malloc(4097), *b = malloc(4097), *out = malloc(4097);
    if (!a || !b || !out) return 2;
    for (size_t l = 0; l < sizeof lengths / sizeof lengths[0]; l++)
        for (size_t k = 0; k < sizeof bpps / sizeof bpps[0]; k++) {
            size_t n = lengths[l], bpp = bpps[k];
            for (size_t i = 0; i < n; i++) { a[i] = next_byte(); b[i] = next_byte(); }
            pf_filter_costs(a, b, n, bpp, sums);
            uint32_t h = 2166136261u;
            for (int type = 0; type <= 4; type++) {
                pf_filter_row(type, a, b, n, bpp, out);
                h = fnv1a(h, out, n);
            }
            printf("count %4zu bpp %zu: costs %u %u %u %u %u rows %08x\n", n, bpp, sums[0], sums[1], sums[2], sums[3],
                   sums[4], h);
        }
    free(a); free(b); free(out);
    return failures ? 1 : 0;
}
