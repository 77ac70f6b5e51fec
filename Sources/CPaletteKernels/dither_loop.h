// The serial Floyd-Steinberg loop and its nearest search, written once over a 16-float point type and its
// operations (load16, sub16, square_halves16...), which dither.c defines for AVX and dither_avx512.c for AVX-512
// before including this: the same lane operations and lane sums in the same order, so the same entries.
// PK_NAME(x) names this width's functions; PK_TARGET and PK_KERNEL give their attributes. Included on x86 only.
#if defined(__x86_64__) || defined(__i386__)

// (d * d).laneSum as Swift's LaneSum adds it: halves, then quarters, then pairs, then the last two.
PK_TARGET float squared16(point16 d) {
    __m256 eight = square_halves16(d);
    __m128 four = _mm_add_ps(_mm256_castps256_ps128(eight), _mm256_extractf128_ps(eight, 1));
    __m128 two = _mm_add_ps(four, _mm_movehl_ps(four, four));
    return _mm_cvtss_f32(_mm_add_ss(two, _mm_shuffle_ps(two, two, 1)));
}

// out += v * s
PK_TARGET void spread16(float *out, point16 v, float s) { store16(out, add16(load16(out), scale16(v, s))); }

// NearestSearch.scan: every allowed entry in turn.
PK_TARGET long PK_NAME(scan)(const pk_palette *p, point16 point, int point_opaque) {
    long best = 0;
    float best_squared = __builtin_inff();
    for (long e = 0; e < p->count; e++) {
        if (point_opaque && !p->opaque[e]) continue;
        float squared = squared16(sub16(point, load16(p->entries + e * 16)));
        if (squared < best_squared) {
            best = e;
            best_squared = squared;
        }
    }
    return best;
}

// NearestSearch.nearest: from the guess, pruned by the triangle inequality.
PK_TARGET long PK_NAME(nearest)(const pk_palette *p, point16 point, int point_opaque, long guess) {
    if (point_opaque && !p->opaque[guess]) return PK_NAME(scan)(p, point, point_opaque);
    long best = guess;
    float best_squared = squared16(sub16(point, load16(p->entries + guess * 16)));
    float from_guess = sqrtf(best_squared);
    float best_distance = from_guess;
    const long base = guess * p->count;
    for (long offset = 1; offset < p->count; offset++) {
        if (p->distances[base + offset] >= from_guess + best_distance) break;
        long candidate = p->neighbours[base + offset];
        if (point_opaque && !p->opaque[candidate]) continue;
        float squared = squared16(sub16(point, load16(p->entries + candidate * 16)));
        if (squared < best_squared) {
            best = candidate;
            best_squared = squared;
            best_distance = sqrtf(squared);
        }
    }
    return best;
}

PK_KERNEL int PK_NAME(dither)(const pk_palette *palette, const pk_frame *frame, float level, float limit,
                              const uint8_t *strength, const int32_t *previous_colors,
                              const uint8_t *previous_entries, uint8_t *out) {
    const long width = frame->width, height = frame->height;
    // The errors of this row and the next, a spare column each side, and the row's points gathered first.
    float *current = calloc((size_t)(width + 2) * 16, sizeof(float));
    float *next = calloc((size_t)(width + 2) * 16, sizeof(float));
    float *row = malloc((size_t)width * 16 * sizeof(float));
    if (!current || !next || !row) {
        free(current);
        free(next);
        free(row);
        return -1;
    }
    const float cut = limit * limit;
    for (long y = 0; y < height; y++) {
        const int forward = y % 2 == 0;
        const long step = forward ? 1 : -1;
        const int32_t *colors = frame->colors + y * width;
        for (long x = 0; x < width; x++) {
            memcpy(row + x * 16, frame->points + (long)colors[x] * 16, 16 * sizeof(float));
        }
        for (long n = 0; n < width; n++) {
            const long x = forward ? n : width - 1 - n;
            const long i = y * width + x;
            const int32_t color = colors[x];
            const uint8_t kind = frame->kinds[color];
            if (kind == 0) {
                out[i] = frame->nearest[color];
                continue;
            }
            point16 carried = load16(current + (x + 1) * 16);
            carried = scale16(carried, strength ? (float)strength[i] * (1.0f / 255.0f) : 1.0f);
            const point16 target = add16(load16(row + x * 16), carried);
            long entry;
            if (previous_colors && previous_colors[i] == color) {
                entry = previous_entries[i];
            } else {
                entry = PK_NAME(nearest)(palette, target, kind == 2, frame->nearest[color]);
            }
            out[i] = (uint8_t)entry;
            point16 error = scale16(sub16(target, load16(palette->entries + entry * 16)), level);
            const float size = squared16(error);
            if (size > cut) error = scale16(error, limit / sqrtf(size));
            spread16(current + (x + 1 + step) * 16, error, 7.0f / 16.0f);
            spread16(next + (x + 1 - step) * 16, error, 3.0f / 16.0f);
            spread16(next + (x + 1) * 16, error, 5.0f / 16.0f);
            spread16(next + (x + 1 + step) * 16, error, 1.0f / 16.0f);
        }
        float *swap = current;
        current = next;
        next = swap;
        memset(next, 0, (size_t)(width + 2) * 16 * sizeof(float));
    }
    free(current);
    free(next);
    free(row);
    return 0;
}

#endif
