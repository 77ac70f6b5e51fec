// The setjmp boundary between Swift and the C libraries that report errors by longjmp.
// Every function here returns 0 on success or a nonzero code with a message, and never jumps.
#ifndef CCODECS_H
#define CCODECS_H

#include <stddef.h>
#include <stdint.h>

#define CC_MESSAGE_LENGTH 200
#define CC_WARNINGS_LENGTH 1024

/// Limits checked from the header, before the pixel buffer is allocated.
typedef struct {
    uint32_t max_width;
    uint32_t max_height;
    uint64_t max_pixels;
} cc_limits;

typedef enum {
    CC_OK = 0,
    CC_ERROR_DECODE = 1,      // the library rejected the data
    CC_ERROR_LIMIT = 2,       // the header asks for more than the limits allow
    CC_ERROR_MEMORY = 3,      // an allocation failed
    CC_ERROR_UNSUPPORTED = 4, // valid data of a kind this project does not decode (12-bit JPEG)
} cc_status;

typedef struct {
    uint32_t width;
    uint32_t height;
    int bit_depth;
    int color_type;     // PNG_COLOR_TYPE_*
    int interlaced;
    int has_trns;
    int warnings;       // libpng warnings seen; they are in `warning_text`, one a line
    char message[CC_MESSAGE_LENGTH];
    char warning_text[CC_WARNINGS_LENGTH];
} cc_png_info;

/// Decodes one complete PNG stream to 8-bit RGBA (straight alpha). When `*pixels` is not NULL it is the caller's
/// buffer of `pixels_size` bytes, exactly width x height x 4 of the stream's IHDR (else a decode error), decoded
/// into in place; when it is NULL a buffer is malloc'd and returned in `*pixels` (free with cc_free).
/// 16-bit samples are scaled with rounding (png_set_scale_16); gamma is not applied. Chunk CRCs are not checked
/// here: the caller has checked them (PNGChunkWalker) or written them.
cc_status cc_png_decode_rgba(const uint8_t *data, size_t size, cc_limits limits,
                             uint8_t **pixels, size_t pixels_size, cc_png_info *info);

typedef struct {
    uint32_t width;
    uint32_t height;
    int components;
    int jpeg_color_space;   // J_COLOR_SPACE of the file
    int progressive;
    int arithmetic;
    int data_precision;
    int adobe_transform;    // -1 when there is no Adobe marker
    int warnings;           // harmless warnings seen (extraneous bytes); they are in `warning_text`
    int damaged;            // corrupt entropy-coded data: the pixels are partly made up
    int truncated;          // the data ended before the image did
    int scans_missing;      // a progressive file closed (EOI) before its last refinement scan
    char warning_text[CC_WARNINGS_LENGTH];
    uint8_t *exif;          // the APP1 Exif payload after "Exif\0\0", malloc'd, or NULL
    size_t exif_size;
    char message[CC_MESSAGE_LENGTH];
} cc_jpeg_info;

/// Decodes a JPEG to 8-bit RGBA. CMYK and YCCK (Adobe, inverted) are converted to RGB.
cc_status cc_jpeg_decode_rgba(const uint8_t *data, size_t size, cc_limits limits,
                              uint8_t **pixels, cc_jpeg_info *info);

/// Encodes 8-bit RGBA (alpha ignored) as a baseline JPEG of `quality` 1-100 into a malloc'd buffer.
cc_status cc_jpeg_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, int quality,
                              uint8_t **out, size_t *out_size, char *message);

/// Rewrites a JPEG without decoding its pixels: the DCT coefficients are copied as they are, with optimised
/// Huffman tables, as a progressive file when `progressive` is nonzero. Only the ICC profile (APP2
/// ICC_PROFILE) and the Exif block (APP1) are carried over; JFIF/Adobe markers are written as the colour space
/// needs. `*dropped_markers` counts the other markers left out. The output is malloc'd; free with cc_free.
cc_status cc_jpeg_transcode(const uint8_t *data, size_t size, cc_limits limits, int progressive,
                            uint8_t **out, size_t *out_size, int *dropped_markers, char *message);

void cc_free(void *pointer);

#endif
