// The recursive Gaussian of SSIMULACRA2 with AVX2 and FMA (and AVX-512 where the CPU has it), chosen at run time:
// on a CPU without them the callers use the portable Swift loops instead, which compute the same filter (fused
// multiply-adds aside).
#ifndef CQUALITY_KERNELS_H
#define CQUALITY_KERNELS_H

/// Whether this CPU runs the kernels below.
int qk_has_avx2_fma(void);

/// The three second-order filters k = 1, 3, 5: y[n] = n2[k] * (x[n - radius - 1] + x[n + radius - 1])
/// - d1[k] * y[n - 1] - y[n - 2], outputs summed; the state is kept in double.
typedef struct {
    int radius;
    double n2[3];
    double d1[3];
} qk_gaussian;

/// Filters columns [0, columns) down rows [0, height) (columns a multiple of 8): input `a`, or `a * b` when
/// `b` is not null, rows `stride` floats apart; rows outside the image read as zero. Writes rows of `out`,
/// `out_stride` floats apart. The radius is at most 15 (it keeps 2 * radius + 1 converted rows).
void qk_blur_vertical(const qk_gaussian *g, const float *a, const float *b, long columns, long height,
                      long stride, float *out, long out_stride);

/// Filters each row of `in` (pixel 0 of row y at in + y * in_stride; every column from -2 * radius to
/// width + radius readable, zero outside the image) along the row, into rows of `out`.
void qk_blur_horizontal(const qk_gaussian *g, const float *in, long in_stride, long width, long height,
                        float *out, long out_stride);

/// Whether this CPU runs the AVX-512 forms below (AVX-512 F, VL and DQ, besides AVX2 and FMA).
int qk_has_avx512(void);

/// qk_blur_vertical with AVX-512: the same outputs, bit for bit.
void qk_blur_vertical_avx512(const qk_gaussian *g, const float *a, const float *b, long columns, long height,
                             long stride, float *out, long out_stride);

/// qk_blur_horizontal with AVX-512: the same outputs, bit for bit. It reads further right: every column from
/// -2 * radius to width + radius + 5 readable (only those to width + radius - 1 read as the image and its zeros).
void qk_blur_horizontal_avx512(const qk_gaussian *g, const float *in, long in_stride, long width, long height,
                               float *out, long out_stride);

/// Linear RGB planes to ssimulacra2's positive XYB: `count` floats of each plane (a multiple of 8).
/// `opsin` is the 3x3 opsin absorbance matrix by rows; `bias` its bias, `bias_root` the bias's cube root.
void qk_positive_xyb(const float *r, const float *g, const float *b, float *x, float *y, float *z, long count,
                     const float *opsin, float bias, float bias_root);

/// The error sums of one channel over rows [0, height), columns [0, width), planes `stride` floats a row
/// (readable to the next multiple of 8): sums[0..5] = SSIM', SSIM'^4, artifact, artifact^4, detail lost,
/// detail lost^4, each summed over the pixels.
void qk_error_sums(const float *image1, const float *image2, const float *mu1, const float *mu2,
                   const float *sigma11, const float *sigma22, const float *sigma12, long width, long height,
                   long stride, double *sums);

#endif
