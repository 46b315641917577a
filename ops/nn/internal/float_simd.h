// minitf: AVX2 loops for the float activations and BiasAdd that run on most of a small network's
// elements (Relu, ReluGrad, BiasAdd), with the bits of nn_kernels.cc's scalar code under TF's
// flush-to-zero: Relu(x) is x for a NaN x, else max(x * 1, +0) (a subnormal reads as zero);
// ReluGrad(g, f) is g * (f > 0 ? 1 : 0); BiasAdd(v, b) is v for a NaN v, else v + b. The
// scalar code cannot be vectorized by the compiler (its NaN tests and opaque multiplies), and
// the loops here do exactly its operations, eight lanes at a time.
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

}  // namespace nn_internal
}  // namespace tensorflow

#endif  // MINITF_OPS_NN_INTERNAL_FLOAT_SIMD_H_
