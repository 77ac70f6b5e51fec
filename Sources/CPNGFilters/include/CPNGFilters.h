// The PNG row filters (specification section 9.2) and the per-row cost of each, in C so the compiler
// vectorises them: choosing a filter for every row reads each row five times, which in Swift cost more
// than the deflate.
#ifndef CPNGFILTERS_H
#define CPNGFILTERS_H

#include <stddef.h>
#include <stdint.h>

/// For each filter type 0-4 (none, sub, up, average, Paeth): the sum of the filtered bytes' magnitudes,
/// each read as signed (v below 128, else 256 - v). `prior` is the row above (zeros for the first row);
/// `bpp` the filter distance in bytes.
void pf_filter_costs(const uint8_t *row, const uint8_t *prior, size_t count, size_t bpp, uint32_t sums[5]);

/// Writes `row` filtered with `type` (0-4) to `out` (`count` bytes, the type byte not included).
void pf_filter_row(int type, const uint8_t *row, const uint8_t *prior, size_t count, size_t bpp, uint8_t *out);

#endif
