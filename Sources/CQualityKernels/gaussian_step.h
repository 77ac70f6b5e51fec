// The recursive Gaussian's step, shared by the AVX2 (gaussian.c) and AVX-512 (gaussian_avx512.c) loops so both do
// the same operations in the same order, and give the same bits. V is the vector width's prefix (_mm256, _mm512),
// T its double vector type.
#ifndef GAUSSIAN_STEP_H
#define GAUSSIAN_STEP_H

// How many rows ahead the vertical passes ask for their input (an L3 fetch is many rows of work away).
#define QK_AHEAD 24
// Rows the vertical passes keep converted: 2 * radius + 1 of them, radius at most 15.
#define QK_RING 31

// One step of the three filters: returns the summed output, shifts the states. The input and the older state go
// first, so only one fused multiply-add waits for the newest state.
#define QK_STEP_OF(V, T, sum, p1, q1, p3, q3, p5, q5, out)                                          \
    do {                                                                                            \
        T y1_ = V##_fnmadd_pd(d1, p1, V##_fmsub_pd(n1, sum, q1));                                  \
        T y3_ = V##_fnmadd_pd(d3, p3, V##_fmsub_pd(n3, sum, q3));                                  \
        T y5_ = V##_fnmadd_pd(d5, p5, V##_fmsub_pd(n5, sum, q5));                                  \
        q1 = p1; q3 = p3; q5 = p5;                                                                  \
        p1 = y1_; p3 = y3_; p5 = y5_;                                                               \
        out = V##_add_pd(y1_, V##_add_pd(y3_, y5_));                                                \
    } while (0)

// The filters' weights from the qk_gaussian `g`, broadcast to every lane.
#define QK_WEIGHTS_OF(V, T)                                                                         \
    const T n1 = V##_set1_pd(g->n2[0]), n3 = V##_set1_pd(g->n2[1]), n5 = V##_set1_pd(g->n2[2]);      \
    const T d1 = V##_set1_pd(g->d1[0]), d3 = V##_set1_pd(g->d1[1]), d5 = V##_set1_pd(g->d1[2])

#endif
