// libjpeg-turbo behind a setjmp boundary: decode any 8-bit JPEG to RGBA8 and hand back its EXIF block.
#include "CCodecs.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    cc_jpeg_info *info;
    int scan_limit_hit;
} jpeg_errors;

// Every scan of a progressive file visits every block: a small file of thousands of empty scans over a large
// image decodes for many minutes. Real encoders write about 10 scans; 256 leaves room for any of them.
enum { CC_JPEG_MAX_SCANS = 256 };

static void on_jpeg_progress(j_common_ptr cinfo) {
    if (!cinfo->is_decompressor || ((j_decompress_ptr)cinfo)->input_scan_number <= CC_JPEG_MAX_SCANS) return;
    jpeg_errors *errors = (jpeg_errors *)cinfo->err;
    errors->scan_limit_hit = 1;
    snprintf(errors->info->message, CC_MESSAGE_LENGTH, "more than %d progressive scans (a file made to stall decoders?)", CC_JPEG_MAX_SCANS);
    longjmp(errors->jump, 1);
}

static void on_jpeg_error(j_common_ptr cinfo) {
    jpeg_errors *errors = (jpeg_errors *)cinfo->err;
    char text[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, text);
    if (cinfo->err->msg_code == JERR_BAD_PRECISION) {
        // This libjpeg-turbo build decodes 8-bit samples only: a 12-bit file is valid, just not for us.
        errors->info->data_precision = cinfo->err->msg_parm.i[0];
        snprintf(text, sizeof text, "%d-bit JPEG is not supported (only 8-bit samples)", cinfo->err->msg_parm.i[0]);
    }
    strncpy(errors->info->message, text, CC_MESSAGE_LENGTH - 1);
    errors->info->message[CC_MESSAGE_LENGTH - 1] = '\0';
    longjmp(errors->jump, 1);
}

// libjpeg reports damaged data as warnings (level -1) and goes on, filling gaps with grey. Damage to the
// entropy-coded data or a missing end makes the file an error for us; extraneous bytes between markers
// (common in files from cameras and editors) do not change a pixel and stay warnings.
static int is_damage(int code) {
    return code == JWRN_HIT_MARKER || code == JWRN_HUFF_BAD_CODE || code == JWRN_ARITH_BAD_CODE ||
           code == JWRN_MUST_RESYNC || code == JWRN_NOT_SEQUENTIAL || code == JWRN_BOGUS_PROGRESSION;
}

static void on_jpeg_message(j_common_ptr cinfo, int level) {
    if (level >= 0) return;
    jpeg_errors *errors = (jpeg_errors *)cinfo->err;
    cc_jpeg_info *info = errors->info;
    int code = cinfo->err->msg_code;
    char text[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, text);
    if (code == JWRN_JPEG_EOF || is_damage(code)) {
        if (!info->truncated && !info->damaged) {
            strncpy(info->message, text, CC_MESSAGE_LENGTH - 1);
            info->message[CC_MESSAGE_LENGTH - 1] = '\0';
        }
        if (code == JWRN_JPEG_EOF) info->truncated = 1; else info->damaged = 1;
        // A corrupt stream can warn once per MCU: stop at the first damage instead of spinning through millions.
        longjmp(errors->jump, 1);
    }
    info->warnings += 1;
    size_t used = strlen(info->warning_text);
    if (used + 2 < CC_WARNINGS_LENGTH) snprintf(info->warning_text + used, CC_WARNINGS_LENGTH - used, "%s%s", used ? "\n" : "", text);
}

// A progressive file cut at a scan boundary (then closed with EOI) decodes without a warning: every
// coefficient must have been refined to its last bit (coef_bits 0), else scans are missing.
static int progressive_scans_missing(j_decompress_ptr cinfo) {
    if (!cinfo->progressive_mode || !cinfo->coef_bits) return 0;
    for (int c = 0; c < cinfo->num_components; c++)
        for (int k = 0; k < DCTSIZE2; k++)
            if (cinfo->coef_bits[c][k] != 0) return 1;
    return 0;
}

static void keep_exif(j_decompress_ptr cinfo, cc_jpeg_info *info) {
    for (jpeg_saved_marker_ptr marker = cinfo->marker_list; marker; marker = marker->next) {
        if (marker->marker != JPEG_APP0 + 1 || marker->data_length < 6) continue;
        if (memcmp(marker->data, "Exif\0\0", 6) != 0) continue;
        info->exif_size = marker->data_length - 6;
        info->exif = malloc(info->exif_size);
        if (info->exif) memcpy(info->exif, marker->data + 6, info->exif_size);
        else info->exif_size = 0;
        return;
    }
}

static inline uint8_t multiply_255(unsigned a, unsigned b) { unsigned t = a * b + 128; return (uint8_t)((t + (t >> 8)) >> 8); }

// Adobe writes CMYK inverted (0 = full ink); other writers do not.
static void cmyk_to_rgba(const uint8_t *cmyk, uint8_t *rgba, uint32_t width, int inverted) {
    for (uint32_t x = 0; x < width; x++) {
        unsigned c = cmyk[0], m = cmyk[1], y = cmyk[2], k = cmyk[3];
        if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
        rgba[0] = multiply_255(c, k);
        rgba[1] = multiply_255(m, k);
        rgba[2] = multiply_255(y, k);
        rgba[3] = 255;
        cmyk += 4;
        rgba += 4;
    }
}

// What libjpeg and the handlers change while a longjmp may come (`cinfo`, `errors`) belongs to the caller of the
// function that calls setjmp: C leaves that function's changed non-volatile locals indeterminate after the jump.
static cc_status jpeg_decode(struct jpeg_decompress_struct *cinfo, jpeg_errors *errors,
                             struct jpeg_progress_mgr *progress, const uint8_t *data, size_t size, cc_limits limits,
                             uint8_t **pixels, cc_jpeg_info *info) {
    uint8_t *volatile buffer = NULL;
    uint8_t *volatile cmyk_row = NULL;
    volatile cc_status status = CC_ERROR_DECODE;
    if (setjmp(errors->jump)) {
        free(buffer);
        free(cmyk_row);
        jpeg_destroy_decompress(cinfo);
        if (info->data_precision != 0 && info->data_precision != 8) return CC_ERROR_UNSUPPORTED;
        return errors->scan_limit_hit ? CC_ERROR_LIMIT : status;
    }
    jpeg_create_decompress(cinfo);
    cinfo->progress = progress;
    // Scans of a progressive file are buffered by libjpeg: bound that memory too.
    cinfo->mem->max_memory_to_use = 512L << 20;
    jpeg_mem_src(cinfo, data, (unsigned long)size);
    jpeg_save_markers(cinfo, JPEG_APP0 + 1, 0xFFFF);
    jpeg_read_header(cinfo, TRUE);

    info->width = cinfo->image_width;
    info->height = cinfo->image_height;
    info->components = cinfo->num_components;
    info->jpeg_color_space = cinfo->jpeg_color_space;
    info->progressive = cinfo->progressive_mode;
    info->arithmetic = cinfo->arith_code;
    info->data_precision = cinfo->data_precision;
    if (cinfo->saw_Adobe_marker) info->adobe_transform = cinfo->Adobe_transform;
    keep_exif(cinfo, info);

    if (cinfo->data_precision != 8) {
        status = CC_ERROR_UNSUPPORTED;
        snprintf(info->message, CC_MESSAGE_LENGTH, "%d-bit JPEG is not supported (only 8-bit samples)",
                 cinfo->data_precision);
        longjmp(errors->jump, 1);
    }
    if (cinfo->image_width > limits.max_width || cinfo->image_height > limits.max_height ||
        (uint64_t)cinfo->image_width * cinfo->image_height > limits.max_pixels) {
        status = CC_ERROR_LIMIT;
        snprintf(info->message, CC_MESSAGE_LENGTH, "image is %ux%u, beyond the decode limit", cinfo->image_width,
                 cinfo->image_height);
        longjmp(errors->jump, 1);
    }
    int is_cmyk = cinfo->jpeg_color_space == JCS_CMYK || cinfo->jpeg_color_space == JCS_YCCK;
    cinfo->out_color_space = is_cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    jpeg_start_decompress(cinfo);

    size_t row_bytes = (size_t)cinfo->output_width * 4;
    size_t buffer_bytes = 0;
    if (__builtin_mul_overflow(row_bytes, (size_t)cinfo->output_height, &buffer_bytes)) {
        status = CC_ERROR_LIMIT;
        strncpy(info->message, "image is too large to address", CC_MESSAGE_LENGTH - 1);
        longjmp(errors->jump, 1);
    }
    buffer = malloc(buffer_bytes);
    if (is_cmyk) cmyk_row = malloc(row_bytes);
    if (!buffer || (is_cmyk && !cmyk_row)) {
        status = CC_ERROR_MEMORY;
        strncpy(info->message, "out of memory for the pixel buffer", CC_MESSAGE_LENGTH - 1);
        longjmp(errors->jump, 1);
    }
    while (cinfo->output_scanline < cinfo->output_height) {
        uint8_t *row = buffer + row_bytes * cinfo->output_scanline;
        JSAMPROW target = is_cmyk ? cmyk_row : row;
        if (jpeg_read_scanlines(cinfo, &target, 1) != 1) break;
        if (is_cmyk) cmyk_to_rgba(cmyk_row, row, cinfo->output_width, cinfo->saw_Adobe_marker);
    }
    info->scans_missing = progressive_scans_missing(cinfo);
    jpeg_finish_decompress(cinfo);
    jpeg_destroy_decompress(cinfo);
    free(cmyk_row);
    *pixels = buffer;
    return CC_OK;
}

cc_status cc_jpeg_decode_rgba(const uint8_t *data, size_t size, cc_limits limits,
                              uint8_t **pixels, cc_jpeg_info *info) {
    memset(info, 0, sizeof *info);
    info->adobe_transform = -1;
    *pixels = NULL;
    struct jpeg_decompress_struct cinfo;
    jpeg_errors errors;
    struct jpeg_progress_mgr progress = {.progress_monitor = on_jpeg_progress};
    errors.info = info;
    errors.scan_limit_hit = 0;
    cinfo.err = jpeg_std_error(&errors.base);
    errors.base.error_exit = on_jpeg_error;
    errors.base.emit_message = on_jpeg_message;
    return jpeg_decode(&cinfo, &errors, &progress, data, size, limits, pixels, info);
}

// The encoder's output, grown by doubling in memory this file owns (not libjpeg's memory destination, whose
// buffer a longjmp can leave where no caller sees it), so the error path frees it.
typedef struct {
    struct jpeg_destination_mgr pub;
    uint8_t *data;
    size_t capacity;
} memory_destination;

static void destination_start(j_compress_ptr cinfo) {
    memory_destination *d = (memory_destination *)cinfo->dest;
    d->pub.next_output_byte = d->data;
    d->pub.free_in_buffer = d->capacity;
}

// libjpeg calls this when the whole buffer is full.
static boolean destination_grow(j_compress_ptr cinfo) {
    memory_destination *d = (memory_destination *)cinfo->dest;
    size_t used = d->capacity;
    uint8_t *grown = d->capacity <= SIZE_MAX / 2 ? realloc(d->data, d->capacity * 2) : NULL;
    if (!grown) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 10);
    d->data = grown;
    d->capacity *= 2;
    d->pub.next_output_byte = grown + used;
    d->pub.free_in_buffer = d->capacity - used;
    return TRUE;
}

static void destination_end(j_compress_ptr cinfo) { (void)cinfo; }

/// A growing in-memory destination with its first 64 KiB; false when even that cannot be had.
static int destination_open(memory_destination *destination) {
    *destination = (memory_destination){
        .pub = {.init_destination = destination_start, .empty_output_buffer = destination_grow,
                .term_destination = destination_end},
        .data = malloc(65536),
        .capacity = 65536,
    };
    return destination->data != NULL;
}

// The setjmp side of cc_jpeg_encode_rgba; `cinfo`, `errors` and the destination belong to the caller, which
// frees the output buffer when an error cuts the encode short.
static cc_status jpeg_encode(struct jpeg_compress_struct *cinfo, jpeg_errors *errors, memory_destination *destination,
                             const uint8_t *rgba, uint32_t width, uint32_t height, int quality) {
    if (setjmp(errors->jump)) {
        jpeg_destroy_compress(cinfo);
        return CC_ERROR_DECODE;
    }
    jpeg_create_compress(cinfo);
    cinfo->dest = &destination->pub;
    cinfo->image_width = width;
    cinfo->image_height = height;
    cinfo->input_components = 4;
    cinfo->in_color_space = JCS_EXT_RGBA;
    jpeg_set_defaults(cinfo);
    jpeg_set_quality(cinfo, quality, TRUE);
    cinfo->optimize_coding = TRUE;
    jpeg_start_compress(cinfo, TRUE);
    while (cinfo->next_scanline < cinfo->image_height) {
        JSAMPROW row = (JSAMPROW)(rgba + (size_t)cinfo->next_scanline * width * 4);
        jpeg_write_scanlines(cinfo, &row, 1);
    }
    jpeg_finish_compress(cinfo);
    jpeg_destroy_compress(cinfo);
    return CC_OK;
}

cc_status cc_jpeg_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, int quality,
                              uint8_t **out, size_t *out_size, char *message) {
    *out = NULL;
    *out_size = 0;
    message[0] = '\0';
    struct jpeg_compress_struct cinfo;
    jpeg_errors errors;
    cc_jpeg_info info;
    memset(&info, 0, sizeof info);
    errors.info = &info;
    errors.scan_limit_hit = 0;
    cinfo.err = jpeg_std_error(&errors.base);
    errors.base.error_exit = on_jpeg_error;
    memory_destination destination;
    if (!destination_open(&destination)) {
        strncpy(message, "out of memory for the encoded JPEG", CC_MESSAGE_LENGTH - 1);
        return CC_ERROR_MEMORY;
    }
    cc_status status = jpeg_encode(&cinfo, &errors, &destination, rgba, width, height, quality);
    if (status != CC_OK) {
        free(destination.data);
        strncpy(message, info.message, CC_MESSAGE_LENGTH - 1);
        message[CC_MESSAGE_LENGTH - 1] = '\0';
        return status;
    }
    *out = destination.data;
    *out_size = destination.capacity - destination.pub.free_in_buffer;
    return CC_OK;
}

// Whether a saved marker is one the transcode keeps: the ICC profile (APP2 "ICC_PROFILE\0") and Exif
// (APP1 "Exif\0\0", which holds the orientation).
static int keeps_marker(jpeg_saved_marker_ptr marker) {
    if (marker->marker == JPEG_APP0 + 1) return marker->data_length >= 6 && memcmp(marker->data, "Exif\0\0", 6) == 0;
    if (marker->marker == JPEG_APP0 + 2)
        return marker->data_length >= 12 && memcmp(marker->data, "ICC_PROFILE\0", 12) == 0;
    return 0;
}

// JFIF (APP0) and Adobe (APP14) markers, which libjpeg writes again itself as the colour space needs.
static int rewritten_marker(jpeg_saved_marker_ptr marker) {
    if (marker->marker == JPEG_APP0) return marker->data_length >= 5 && memcmp(marker->data, "JFIF\0", 5) == 0;
    if (marker->marker == JPEG_APP0 + 14) return marker->data_length >= 5 && memcmp(marker->data, "Adobe", 5) == 0;
    return 0;
}

// The setjmp side of cc_jpeg_transcode. What changes after setjmp (both structs, the error manager, the output
// buffer) belongs to the caller; this function's own locals are not changed after it.
static cc_status jpeg_transcode(struct jpeg_decompress_struct *source, struct jpeg_compress_struct *target,
                                jpeg_errors *errors, struct jpeg_progress_mgr *progress,
                                memory_destination *destination, const uint8_t *data, size_t size,
                                cc_limits limits, int progressive, int *dropped, volatile cc_status *status) {
    if (setjmp(errors->jump)) {
        jpeg_destroy_compress(target);
        jpeg_destroy_decompress(source);
        return errors->scan_limit_hit ? CC_ERROR_LIMIT : *status;
    }
    jpeg_create_decompress(source);
    jpeg_create_compress(target);
    source->progress = progress;
    source->mem->max_memory_to_use = 512L << 20;
    target->mem->max_memory_to_use = 512L << 20;
    jpeg_mem_src(source, data, (unsigned long)size);
    for (int m = 0; m < 16; m++) jpeg_save_markers(source, JPEG_APP0 + m, 0xFFFF);
    jpeg_save_markers(source, JPEG_COM, 0xFFFF);
    jpeg_read_header(source, TRUE);
    if (source->image_width > limits.max_width || source->image_height > limits.max_height ||
        (uint64_t)source->image_width * source->image_height > limits.max_pixels) {
        *status = CC_ERROR_LIMIT;
        snprintf(errors->info->message, CC_MESSAGE_LENGTH, "image is %ux%u, beyond the decode limit",
                 source->image_width, source->image_height);
        longjmp(errors->jump, 1);
    }
    jvirt_barray_ptr *coefficients = jpeg_read_coefficients(source);
    jpeg_copy_critical_parameters(source, target);
    // A CMYK file without Adobe's marker stores ink the other way round: keep it without one.
    if (!source->saw_Adobe_marker) target->write_Adobe_marker = FALSE;
    if (!source->saw_JFIF_marker) target->write_JFIF_header = FALSE;
    target->optimize_coding = TRUE;
    if (progressive) jpeg_simple_progression(target);
    target->dest = &destination->pub;
    jpeg_write_coefficients(target, coefficients);
    for (jpeg_saved_marker_ptr marker = source->marker_list; marker; marker = marker->next) {
        if (keeps_marker(marker)) jpeg_write_marker(target, marker->marker, marker->data, marker->data_length);
        else if (!rewritten_marker(marker)) *dropped += 1;
    }
    jpeg_finish_compress(target);
    jpeg_destroy_compress(target);
    jpeg_finish_decompress(source);
    jpeg_destroy_decompress(source);
    return CC_OK;
}

cc_status cc_jpeg_transcode(const uint8_t *data, size_t size, cc_limits limits, int progressive,
                            uint8_t **out, size_t *out_size, int *dropped_markers, char *message) {
    *out = NULL;
    *out_size = 0;
    *dropped_markers = 0;
    message[0] = '\0';
    struct jpeg_decompress_struct source;
    struct jpeg_compress_struct target;
    // Zeroed, so destroying one that was never created (a jump before its creation) does nothing.
    memset(&source, 0, sizeof source);
    memset(&target, 0, sizeof target);
    jpeg_errors errors;
    cc_jpeg_info info;
    memset(&info, 0, sizeof info);
    errors.info = &info;
    errors.scan_limit_hit = 0;
    struct jpeg_progress_mgr progress = {.progress_monitor = on_jpeg_progress};
    // One error manager serves both objects: libjpeg jumps through it from either.
    source.err = jpeg_std_error(&errors.base);
    target.err = &errors.base;
    errors.base.error_exit = on_jpeg_error;
    errors.base.emit_message = on_jpeg_message;
    memory_destination destination;
    if (!destination_open(&destination)) {
        strncpy(message, "out of memory for the transcoded JPEG", CC_MESSAGE_LENGTH - 1);
        return CC_ERROR_MEMORY;
    }
    volatile cc_status status = CC_ERROR_DECODE;
    int dropped = 0;
    cc_status result = jpeg_transcode(&source, &target, &errors, &progress, &destination, data, size, limits,
                                      progressive, &dropped, &status);
    if (result == CC_OK && (info.truncated || info.damaged)) result = CC_ERROR_DECODE;
    if (result != CC_OK) {
        free(destination.data);
        strncpy(message, info.message, CC_MESSAGE_LENGTH - 1);
        message[CC_MESSAGE_LENGTH - 1] = '\0';
        return result;
    }
    *out = destination.data;
    *out_size = destination.capacity - destination.pub.free_in_buffer;
    *dropped_markers = dropped;
    return CC_OK;
}
