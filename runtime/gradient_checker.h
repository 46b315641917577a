// minitf: the gradient checker (TF's tensorflow/cc/framework/gradient_checker.h). Compares the
// Jacobian that AddSymbolicGradients computes with a numeric one (centred differences,
// delta 1e-3) and returns the largest absolute difference.
//
//   auto x = ops::Placeholder(root, DT_FLOAT, ops::Placeholder::Shape({2, 3}));
//   auto y = ops::Square(root, x);
//   float max_error;
//   TF_ASSERT_OK((ComputeGradientError<float, float, float>(root, {x}, {{2, 3}}, {y}, {{2, 3}},
//                                                           &max_error)));
//   EXPECT_LT(max_error, 1e-4);
//
// The first form starts from random x values in [0, 1) (Eigen's setRandom, as TF); the
// second from `x_init_value`. Instantiated for TF's combinations: <float, float, float>,
// <double, float, double>, <double, double, double>, <complex64, float, float>,
// <float, complex64, float>, <complex64, complex64, float>, <complex128, complex128, double>;
// a complex element counts as two real ones (real and imaginary part) in the Jacobians.
//
// As TF's, the list form reports the error of the last (x, y) Jacobian block only (each block
// restarts the maximum; a NaN anywhere is reported at once), and TF's own tests rely on it.
// test::ComputeGradientErrorAllPairs (minitf's addition, for its own tests) takes the maximum
// over every block. The single-x form has one block.
#ifndef MINITF_RUNTIME_GRADIENT_CHECKER_H_
#define MINITF_RUNTIME_GRADIENT_CHECKER_H_

#include <vector>

#include "framework/ops.h"
#include "framework/scope.h"
#include "framework/status.h"
#include "framework/tensor.h"

namespace tensorflow {

template <typename X_T, typename Y_T, typename JAC_T>
Status ComputeGradientError(const Scope& scope, const OutputList& xs,
                            const std::vector<TensorShape>& x_shapes, const OutputList& ys,
                            const std::vector<TensorShape>& y_shapes, JAC_T* max_error);

template <typename X_T, typename Y_T, typename JAC_T>
Status ComputeGradientError(const Scope& scope, const Output& x, const Tensor& x_init_value,
                            const Output& y, const TensorShape& y_shape, JAC_T* max_error);

namespace test {
// minitf: the list form's maximum over every (x, y) Jacobian block.
template <typename X_T, typename Y_T, typename JAC_T>
Status ComputeGradientErrorAllPairs(const Scope& scope, const OutputList& xs,
                                    const std::vector<TensorShape>& x_shapes, const OutputList& ys,
                                    const std::vector<TensorShape>& y_shapes, JAC_T* max_error);
}  // namespace test

}  // namespace tensorflow

#endif  // MINITF_RUNTIME_GRADIENT_CHECKER_H_
