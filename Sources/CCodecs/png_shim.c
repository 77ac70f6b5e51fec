// libpng behind a setjmp boundary: decode a PNG stream to RGBA8 (encoding is StickerImage's own writer).
#include "CCodecs.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

void cc_free(void *pointer) { free(pointer); }

typedef struct {
    const uint8_t *data;
    size_t size;
    size_t offset;
    // Armed before the last row: libpng then inflates every IDAT byte left only to report "too much image
    // data", gigabytes for a zip bomb behind a small image. Reads past `cap` stop it.
    size_t cap;
    int cut_off;
    // A zTXt, iTXt or iCCP chunk inflates past libpng's chunk limit (png_set_chunk_malloc_max).
    int metadata_bomb;
} memory_reader;

typedef struct {
    char *message;      // where the error text goes
    char *warning_text; // where warnings go, one a line; NULL to drop them
    int *warnings;
} message_sink;

static void copy_message(char *to, const char *text) {
    strncpy(to, text ? text : "unknown error", CC_MESSAGE_LENGTH - 1);
    to[CC_MESSAGE_LENGTH - 1] = '\0';
}

static void on_png_error(png_structp png, png_const_charp text) {
    message_sink *sink = png_get_error_ptr(png);
    copy_message(sink->message, text);
    png_longjmp(png, 1);
}

static void on_png_warning(png_structp png, png_const_charp text) {
    message_sink *sink = png_get_error_ptr(png);
    if (!sink->warning_text) return;
    *sink->warnings += 1;
    size_t used = strlen(sink->warning_text);
    if (used + 2 < CC_WARNINGS_LENGTH) {
        snprintf(sink->warning_text + used, CC_WARNINGS_LENGTH - used, "%s%s", used ? "\n" : "", text ? text : "");
    }
}

// Bytes that `stream` (zlib, `length` bytes) inflates to, counted without keeping them, up to `limit` + 1.
static size_t inflated_size(const uint8_t *stream, size_t length, size_t limit) {
    z_stream z;
    memset(&z, 0, sizeof z);
    if (inflateInit(&z) != Z_OK) return 0;
    uint8_t scratch[16384];
    size_t total = 0;
    z.next_in = (Bytef *)stream;
    z.avail_in = length > UINT32_MAX ? UINT32_MAX : (uInt)length;
    int status = Z_OK;
    while (status == Z_OK && total <= limit) {
        z.next_out = scratch;
        z.avail_out = sizeof scratch;
        status = inflate(&z, Z_NO_FLUSH);
        total += sizeof scratch - z.avail_out;
        if (status == Z_BUF_ERROR || (status == Z_OK && z.avail_out == sizeof scratch)) break;
    }
    inflateEnd(&z);
    return total;
}

// Where the zlib stream of a compressed metadata chunk starts, or 0 when it holds none: after the
// keyword's NUL and the method byte (zTXt, iCCP); iTXt also has a flag, a language and a translated keyword.
static size_t compressed_offset(const uint8_t *data, size_t length, const char type[4]) {
    const uint8_t *nul = memchr(data, 0, length);
    if (!nul) return 0;
    size_t at = (size_t)(nul - data) + 1;
    if (memcmp(type, "iTXt", 4) != 0) return at + 1 <= length ? at + 1 : 0;
    if (at + 2 > length || data[at] != 1) return 0;
    at += 2;
    for (int field = 0; field < 2; field++) {
        const uint8_t *end = at < length ? memchr(data + at, 0, length - at) : NULL;
        if (!end) return 0;
        at = (size_t)(end - data) + 1;
    }
    return at <= length ? at : 0;
}

// Called on each chunk header libpng reads (its I/O state says so): a compressed metadata chunk that would
// inflate past libpng's own chunk limit stops the decode through libpng's error path, before libpng inflates it.
static void check_metadata_chunk(png_structp png, memory_reader *reader, const uint8_t header[8]) {
    const char *type = (const char *)header + 4;
    if (memcmp(type, "zTXt", 4) != 0 && memcmp(type, "iTXt", 4) != 0 && memcmp(type, "iCCP", 4) != 0) return;
    size_t length = (size_t)header[0] << 24 | (size_t)header[1] << 16 | (size_t)header[2] << 8 | header[3];
    size_t available = reader->size - reader->offset;
    if (length > available) length = available;
    const uint8_t *data = reader->data + reader->offset;
    size_t start = compressed_offset(data, length, type);
    size_t limit = png_get_chunk_malloc_max(png);
    if (start == 0 || limit == 0 || inflated_size(data + start, length - start, limit) <= limit) return;
    reader->metadata_bomb = 1;
    char text[CC_MESSAGE_LENGTH];
    snprintf(text, sizeof text, "%.4s: a metadata chunk inflates past the %zu KiB limit (a decompression bomb?)",
             type, limit >> 10);
    png_error(png, text);
}

static void read_from_memory(png_structp png, png_bytep out, size_t length) {
    memory_reader *reader = png_get_io_ptr(png);
    if (reader->cap && reader->offset + length > reader->cap) {
        reader->cut_off = 1;
        png_error(png, "more compressed image data than the image needs (a decompression bomb?)");
    }
    if (length > reader->size - reader->offset) png_error(png, "unexpected end of data (file truncated)");
    memcpy(out, reader->data + reader->offset, length);
    reader->offset += length;
    if (length == 8 && png_get_io_state(png) == (PNG_IO_READING | PNG_IO_CHUNK_HDR)) {
        check_metadata_chunk(png, reader, out);
    }
}

// Compressed IDAT bytes past the reader's position: what png_read_end would inflate, all of it, only to
// report "too much image data". A zip bomb hides gigabytes there behind a small image.
// Whether libpng has delivered every row: past the last row of a plain image, past the last pass of an
// interlaced one.
static int png_image_complete(png_structp png, png_infop png_info) {
    if (png_get_interlace_type(png, png_info) != PNG_INTERLACE_NONE) return png_get_current_pass_number(png) >= 7;
    return png_get_current_row_number(png) >= png_get_image_height(png, png_info);
}

static void expand_palette(png_structp png, png_infop png_info, uint8_t *buffer, png_uint_32 width, png_uint_32 height) {
    png_colorp colors = NULL;
    int count = 0;
    png_get_PLTE(png, png_info, &colors, &count);
    png_bytep alphas = NULL;
    int alpha_count = 0;
    png_color_16p unused = NULL;
    if (png_get_valid(png, png_info, PNG_INFO_tRNS)) png_get_tRNS(png, png_info, &alphas, &alpha_count, &unused);
    uint8_t table[256][4];
    for (int i = 0; i < 256; i++) {
        table[i][0] = i < count ? colors[i].red : 0;
        table[i][1] = i < count ? colors[i].green : 0;
        table[i][2] = i < count ? colors[i].blue : 0;
        table[i][3] = i < alpha_count ? alphas[i] : 255;
    }
    size_t row_bytes = (size_t)width * 4;
    for (png_uint_32 y = 0; y < height; y++) {
        uint8_t *row = buffer + row_bytes * y;
        const uint8_t *indices = row + width * 3;
        for (png_uint_32 x = 0; x < width; x++) {
            uint8_t index = indices[x];
            if (index >= count) {
                char text[CC_MESSAGE_LENGTH];
                snprintf(text, sizeof text, "pixel (%u, %u) uses palette index %u but PLTE has only %d entries", x, y, index, count);
                png_error(png, text);
            }
            memcpy(row + x * 4, table[index], 4);
        }
    }
}

// The setjmp side of cc_png_decode_rgba. What libpng's callbacks change (`reader`, `sink`) belongs to the caller:
// C leaves a non-volatile local of the function that called setjmp indeterminate after a longjmp if it changed.
static cc_status png_decode(memory_reader *reader, message_sink *sink, cc_limits limits, uint8_t **pixels,
                            size_t pixels_size, cc_png_info *info) {
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, sink, on_png_error, on_png_warning);
    if (!png) return CC_ERROR_MEMORY;
    png_infop png_info = png_create_info_struct(png);
    // Locals changed after setjmp and read after a longjmp must be volatile.
    uint8_t *volatile buffer = NULL;
    volatile int owned = 0; // `buffer` was malloc'd here, not handed in
    png_bytep *volatile rows = NULL;
    volatile cc_status status = CC_ERROR_DECODE;
    if (!png_info) {
        png_destroy_read_struct(&png, NULL, NULL);
        return CC_ERROR_MEMORY;
    }
    if (setjmp(png_jmpbuf(png))) {
        // Stopped while inflating the surplus after a complete image: keep the image, with a warning.
        if (reader->cut_off && buffer && png_image_complete(png, png_info)) {
            reader->cut_off = 0;
            reader->cap = 0;
            on_png_warning(png, "IDAT: more compressed data than the image needs; the rest was not read");
            goto rows_read;
        }
        free(rows);
        if (owned) free(buffer);
        png_destroy_read_struct(&png, &png_info, NULL);
        return reader->metadata_bomb ? CC_ERROR_LIMIT : status;
    }
    png_set_read_fn(png, reader, read_from_memory);
    png_set_user_limits(png, limits.max_width, limits.max_height);
    // Ancillary chunks (iCCP, zTXt, ...) may not inflate past this: a zip bomb in a text chunk stops here.
    png_set_chunk_malloc_max(png, 1u << 20);
    png_set_check_for_invalid_index(png, 1);
    // Every chunk's CRC was checked before this stream came here (PNGChunkWalker, with libdeflate's CRC-32),
    // or the stream was rebuilt with fresh ones (an APNG frame): libpng need not compute them a second time.
    png_set_crc_action(png, PNG_CRC_QUIET_USE, PNG_CRC_QUIET_USE);
    png_read_info(png, png_info);

    png_uint_32 width = 0, height = 0;
    int bit_depth = 0, color_type = 0, interlace = 0;
    png_get_IHDR(png, png_info, &width, &height, &bit_depth, &color_type, &interlace, NULL, NULL);
    info->width = width;
    info->height = height;
    info->bit_depth = bit_depth;
    info->color_type = color_type;
    info->interlaced = interlace != PNG_INTERLACE_NONE;
    info->has_trns = png_get_valid(png, png_info, PNG_INFO_tRNS) != 0;
    if ((uint64_t)width * height > limits.max_pixels) {
        status = CC_ERROR_LIMIT;
        char text[CC_MESSAGE_LENGTH];
        snprintf(text, sizeof text, "%ux%u px is more pixels than the decode limit allows", width, height);
        png_error(png, text);
    }

    // Palette images are read as indices and expanded here, so that an index past the PLTE is caught:
    // libpng would expand it silently to black.
    int palette = color_type == PNG_COLOR_TYPE_PALETTE;
    if (palette) {
        png_set_packing(png);
    } else {
        // Every other colour type and depth to 8-bit RGBA.
        png_set_expand(png);
    }
    png_set_scale_16(png);
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if (!palette) png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, png_info);
    if (png_get_rowbytes(png, png_info) != (size_t)width * (palette ? 1 : 4)) png_error(png, "unexpected row layout after transforms");

    size_t row_bytes = (size_t)width * 4;
    size_t buffer_bytes = 0;
    if (__builtin_mul_overflow(row_bytes, (size_t)height, &buffer_bytes)) {
        status = CC_ERROR_LIMIT;
        png_error(png, "image is too large to address");
    }
    // The caller's buffer when it has one of this size (a worker reuses one from image to image, where a fresh
    // buffer per image costs a page fault per 4 KiB), else a new one, whose allocation may fail without a trap.
    if (*pixels) {
        if (pixels_size != buffer_bytes) png_error(png, "the pixel buffer does not match the IHDR size");
        buffer = *pixels;
    } else {
        buffer = malloc(buffer_bytes);
        owned = buffer != NULL;
    }
    rows = malloc(sizeof(png_bytep) * height);
    if (!buffer || !rows) {
        status = CC_ERROR_MEMORY;
        png_error(png, "out of memory for the pixel buffer");
    }
    // Palette indices go to the last quarter of each row, so expanding left to right never overwrites them.
    for (png_uint_32 y = 0; y < height; y++) rows[y] = buffer + row_bytes * y + (palette ? width * 3 : 0);
    // png_read_image's loop, with the cap armed before the last row: that row needs at most its own raw
    // size in compressed bytes (stored blocks), plus libpng's read-ahead.
    for (int pass = 0; pass < passes; pass++) {
        for (png_uint_32 y = 0; y < height; y++) {
            if (pass == passes - 1 && y == height - 1) reader->cap = reader->offset + (size_t)width * 8 + (32u << 10);
            png_read_row(png, rows[y], NULL);
        }
    }
    reader->cap = 0;
    png_read_end(png, NULL);
rows_read:
    // Read from libpng again: locals set after setjmp are not reliable after the jump to here.
    if (png_get_color_type(png, png_info) == PNG_COLOR_TYPE_PALETTE) {
        expand_palette(png, png_info, buffer, png_get_image_width(png, png_info), png_get_image_height(png, png_info));
    }

    free(rows);
    png_destroy_read_struct(&png, &png_info, NULL);
    *pixels = buffer;
    return CC_OK;
}

cc_status cc_png_decode_rgba(const uint8_t *data, size_t size, cc_limits limits,
                             uint8_t **pixels, size_t pixels_size, cc_png_info *info) {
    memset(info, 0, sizeof *info);
    message_sink sink = {info->message, info->warning_text, &info->warnings};
    memory_reader reader = {data, size, 0, 0, 0, 0};
    return png_decode(&reader, &sink, limits, pixels, pixels_size, info);
}

