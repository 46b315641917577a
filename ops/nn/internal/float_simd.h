// minitf: AVX2 loops for the float kernels that touch most of a small network's elements
// (Relu, ReluGrad, BiasAdd, BiasAddGrad's sums, MaxPoolGrad's maxima), with the bits of
// nn_kernels.cc's scalar code under TF's flush-to-zero: Relu(x) is x for a NaN x, else max(x * 1,
// +0) (a subnormal reads as zero); ReluGrad(g, f) is g * (f > 0 ? 1 : 0); BiasAdd(v, b) is v for a
// NaN v, else v + b; a channel's sum adds its values in order from 0. The compiler does not
// vectorize the scalar code (its NaN tests and opaque multiplies); the loops here do exactly its
// operations, eight lanes at a time.
#ifndef MINITF_OPS_NN_INTERNAL_FLOAT_SIMD_H_
#define MINITF_OPS_NN_INTERNAL_FLOAT_SIMD_H_

#include <cstdint>

namespace tensorflow {
namespace nn_internal {

// Whether this CPU runs the loops below (AVX2); callers keep their scalar code otherwise.
bool HasFloatSimd();

// y[i] = Relu(x[i]), i in [0, n).
void ReluFloat(const float* x, float* y, int64_t n);

// z[i] = ReluGrad(g[i], f[i]), i in [0, n).
void ReluGradFloat(const float* g, const float* f, float* z, int64_t n);

// z[i] = BiasAdd(v[i], bias[(first + i) % channels]), i in [0, n): the channel-last layout.
void BiasAddFloat(const float* v, const float* bias, int64_t channels, int64_t first, int64_t n,
                  float* z);

// z[c] = the sum over rows r in order of m[r * stride + c], from 0, for c in [0, width): a
// column's float additions one after another (BiasAddGrad's channel-last sums).
void ColumnSumsFloat(const float* m, int64_t stride, int64_t rows, int64_t width, float* z);

// One window tap of a max pool's gradient, i in [0, n): where best[i] < x[i] (strictly: a
// NaN neither replaces nor is replaced), best[i] = x[i] and taps[i] = tap.
void MaxStepFloat(const float* x, int32_t tap, int64_t n, float* best, int32_t* taps);

}  // namespace nn_internal
}  // namespace tensorflow

#endif  // MINITF_OPS_NN_INTERNAL_FLOAT_SIMD_H_
