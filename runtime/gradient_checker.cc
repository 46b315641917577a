// The gradient checker: theoretical Jacobians from AddSymbolicGradients with one-hot dy
// feeds, numeric Jacobians from centred differences, as TF's gradient_checker.cc computes
// them. Jacobians are stored transposed: jac[x element][y element].
#include "runtime/gradient_checker.h"

#include <cmath>
#include <complex>
#include <limits>

#include "framework/errors.h"
#include "framework/gradients.h"
#include "framework/internal/op_wrapper.h"
#include "runtime/client_session.h"

namespace tensorflow {
namespace {

// A complex element counts as two real ones (its real and imaginary parts), as in TF: the
// Jacobian of x -> y has x_size * Stride<X_T> rows and y_size * Stride<Y_T> columns.
template <typename T>
struct Units {
  static constexpr int kStride = 1;
  static std::vector<T> Values() { return {T(1)}; }
};
template <typename T>
struct Units<std::complex<T>> {
  static constexpr int kStride = 2;
  static std::vector<std::complex<T>> Values() { return {{1, 0}, {0, 1}}; }
};

// One Jacobian block, row-major.
template <typename JAC_T>
struct Block {
  int64_t cols = 0;
  std::vector<JAC_T> values;
  JAC_T& at(int64_t row, int64_t col) { return values[row * cols + col]; }
};

template <typename T>
using Jacobians = std::vector<std::vector<Block<T>>>;  // [x][y]

// Stores `value` at (row, col); a complex value's imaginary part goes one row down
// (`by_row`) or one column right.
template <typename JAC_T, typename T>
void Put(Block<JAC_T>* block, int64_t row, int64_t col, const T& value, bool /*by_row*/) {
  block->at(row, col) = static_cast<JAC_T>(value);
}
template <typename JAC_T, typename T>
void Put(Block<JAC_T>* block, int64_t row, int64_t col, const std::complex<T>& value, bool by_row) {
  block->at(row, col) = static_cast<JAC_T>(value.real());
  block->at(by_row ? row + 1 : row, by_row ? col : col + 1) = static_cast<JAC_T>(value.imag());
}

template <typename X_T, typename Y_T, typename JAC_T>
Jacobians<JAC_T> ZeroJacobians(const std::vector<TensorShape>& x_shapes,
                               const std::vector<TensorShape>& y_shapes) {
  Jacobians<JAC_T> j(x_shapes.size());
  for (size_t x = 0; x < x_shapes.size(); ++x) {
    const int64_t rows = x_shapes[x].num_elements() * Units<X_T>::kStride;
    for (const TensorShape& y : y_shapes) {
      Block<JAC_T> block;
      block.cols = y.num_elements() * Units<Y_T>::kStride;
      block.values.assign(rows * block.cols, JAC_T(0));
      j[x].push_back(std::move(block));
    }
  }
  return j;
}

// Feeds are copies: a fetched tensor may share a fed buffer (Identity passes it on), and the
// checker changes its x and dy buffers between runs.
ClientSession::FeedType Feeds(const OutputList& xs, const std::vector<Tensor>& x_datas) {
  ClientSession::FeedType feeds;
  for (size_t i = 0; i < xs.size(); ++i) {
    feeds.emplace(xs[i], Input::Initializer(tensor::DeepCopy(x_datas[i])));
  }
  return feeds;
}

// Row r of the transposed Jacobian is d(sum(dy * y))/dx[r] for a one-hot dy: one
// AddSymbolicGradients graph, run once per y component (per unit of a complex y).
template <typename X_T, typename Y_T, typename JAC_T>
Status TheoreticalJacobians(const Scope& scope, const OutputList& xs,
                            const std::vector<TensorShape>& x_shapes, const OutputList& ys,
                            const std::vector<TensorShape>& y_shapes,
                            const std::vector<Tensor>& x_datas, Jacobians<JAC_T>* jac) {
  std::vector<Output> dys;
  for (size_t i = 0; i < ys.size(); ++i) {
    Output ones = ops::Const(scope, Input::Initializer(1.0, y_shapes[i]));
    Node* one = ops::internal::BuildNode(scope, "Cast", {ones},
                                         {{"DstT", ops::internal::MakeAttr(ys[i].type())}});
    TF_RETURN_IF_ERROR(scope.status());
    dys.push_back(Output(one, 0));
  }
  std::vector<Output> dxs;
  TF_RETURN_IF_ERROR(AddSymbolicGradients(scope, ys, xs, dys, &dxs));
  std::vector<Output> fetches;
  std::vector<int> fetch_of(dxs.size(), -1);
  for (size_t i = 0; i < dxs.size(); ++i) {
    if (dxs[i].node() == nullptr) continue;  // no gradient: that Jacobian block stays zero
    fetch_of[i] = static_cast<int>(fetches.size());
    fetches.push_back(dxs[i]);
  }
  ClientSession session(scope);
  std::vector<Tensor> dy_datas;
  for (size_t i = 0; i < ys.size(); ++i) {
    dy_datas.emplace_back(DataTypeToEnum<Y_T>::value, y_shapes[i]);
    dy_datas.back().flat<Y_T>().setZero();
  }
  constexpr int kXStride = Units<X_T>::kStride;
  constexpr int kYStride = Units<Y_T>::kStride;
  for (size_t y = 0; y < ys.size(); ++y) {
    const int64_t y_size = y_shapes[y].num_elements();
    for (int64_t c = 0; c < y_size; ++c) {
      int unit_index = 0;
      for (const Y_T& unit : Units<Y_T>::Values()) {
        dy_datas[y].flat<Y_T>()(c) = unit;
        ClientSession::FeedType feeds = Feeds(xs, x_datas);
        for (size_t i = 0; i < ys.size(); ++i) {
          feeds.emplace(dys[i], Input::Initializer(tensor::DeepCopy(dy_datas[i])));
        }
        std::vector<Tensor> out;
        TF_RETURN_IF_ERROR(session.Run(feeds, fetches, &out));
        dy_datas[y].flat<Y_T>()(c) = Y_T(0);
        for (size_t x = 0; x < xs.size(); ++x) {
          if (fetch_of[x] < 0) continue;
          const Tensor& dx = out[fetch_of[x]];
          if (dx.shape() != x_shapes[x]) {
            return errors::Internal("Gradient for input ", x, " expected shape ",
                                    x_shapes[x].DebugString(), " but was ",
                                    dx.shape().DebugString());
          }
          for (int64_t r = 0; r < x_shapes[x].num_elements(); ++r) {
            Put(&(*jac)[x][y], r * kXStride, c * kYStride + unit_index, dx.flat<X_T>()(r),
                /*by_row=*/true);
          }
        }
        ++unit_index;
      }
    }
  }
  return OkStatus();
}

// Centred differences: x[r] moved by +-1e-3 (along each unit of a complex x).
template <typename X_T, typename Y_T, typename JAC_T>
Status NumericJacobians(const Scope& scope, const OutputList& xs,
                        const std::vector<TensorShape>& x_shapes, const OutputList& ys,
                        const std::vector<TensorShape>& y_shapes, std::vector<Tensor>* x_datas,
                        Jacobians<JAC_T>* jac) {
  const JAC_T delta = static_cast<JAC_T>(1e-3);
  constexpr int kXStride = Units<X_T>::kStride;
  constexpr int kYStride = Units<Y_T>::kStride;
  ClientSession session(scope);
  std::vector<Output> fetches(ys.begin(), ys.end());
  for (size_t x = 0; x < xs.size(); ++x) {
    auto values = (*x_datas)[x].flat<X_T>();
    for (int64_t r = 0; r < x_shapes[x].num_elements(); ++r) {
      int unit_index = 0;
      for (const X_T& unit : Units<X_T>::Values()) {
        const X_T step = unit * X_T{delta};
        const X_T v = values(r);
        std::vector<Tensor> pos, neg;
        values(r) = v + step;
        TF_RETURN_IF_ERROR(session.Run(Feeds(xs, *x_datas), fetches, &pos));
        values(r) = v - step;
        TF_RETURN_IF_ERROR(session.Run(Feeds(xs, *x_datas), fetches, &neg));
        values(r) = v;
        for (size_t y = 0; y < ys.size(); ++y) {
          const Y_T scale = static_cast<Y_T>(2 * delta);
          for (int64_t c = 0; c < y_shapes[y].num_elements(); ++c) {
            Put(&(*jac)[x][y], r * kXStride + unit_index, c * kYStride,
                (pos[y].flat<Y_T>()(c) - neg[y].flat<Y_T>()(c)) / scale, /*by_row=*/false);
          }
        }
        ++unit_index;
      }
    }
  }
  return OkStatus();
}

// Which Jacobian blocks `max_error` covers. TF's checker resets the maximum before each
// (x, y) block, so it reports the last block's error only (a NaN in any block is reported at
// once); TF's nn_grad_test relies on that, listing SoftmaxCrossEntropyWithLogits' outputs
// so that the labels' missing second-order path falls in an earlier block.
enum class Blocks { kLastAsTF, kAll };

template <typename X_T, typename Y_T, typename JAC_T>
Status GradientError(const Scope& scope, const OutputList& xs,
                     const std::vector<TensorShape>& x_shapes, const OutputList& ys,
                     const std::vector<TensorShape>& y_shapes, std::vector<Tensor>* x_datas,
                     Blocks blocks, JAC_T* max_error) {
  auto theoretical = ZeroJacobians<X_T, Y_T, JAC_T>(x_shapes, y_shapes);
  auto numeric = ZeroJacobians<X_T, Y_T, JAC_T>(x_shapes, y_shapes);
  TF_RETURN_IF_ERROR((TheoreticalJacobians<X_T, Y_T, JAC_T>(scope, xs, x_shapes, ys, y_shapes,
                                                            *x_datas, &theoretical)));
  TF_RETURN_IF_ERROR(
      (NumericJacobians<X_T, Y_T, JAC_T>(scope, xs, x_shapes, ys, y_shapes, x_datas, &numeric)));
  *max_error = JAC_T(0);
  for (size_t x = 0; x < theoretical.size(); ++x) {
    for (size_t y = 0; y < theoretical[x].size(); ++y) {
      if (blocks == Blocks::kLastAsTF) *max_error = JAC_T(0);
      const std::vector<JAC_T>& t = theoretical[x][y].values;
      const std::vector<JAC_T>& n = numeric[x][y].values;
      for (size_t k = 0; k < t.size(); ++k) {
        const JAC_T err = std::abs(t[k] - n[k]);
        if (std::isnan(err)) {
          *max_error = err;
          return OkStatus();
        }
        if (err > *max_error) *max_error = err;
      }
    }
  }
  return OkStatus();
}

Status CheckSizes(const OutputList& xs, size_t x_shapes, const OutputList& ys, size_t y_shapes) {
  if (xs.size() != x_shapes) {
    return errors::InvalidArgument("xs(size ", xs.size(), ") and x_shapes(size ", x_shapes,
                                   ") must be the same size.");
  }
  if (ys.size() != y_shapes) {
    return errors::InvalidArgument("ys(size ", ys.size(), ") and y_shapes(size ", y_shapes,
                                   ") must be the same size.");
  }
  return OkStatus();
}

template <typename X_T, typename Y_T, typename JAC_T>
Status GradientErrorFromRandom(const Scope& scope, const OutputList& xs,
                               const std::vector<TensorShape>& x_shapes, const OutputList& ys,
                               const std::vector<TensorShape>& y_shapes, Blocks blocks,
                               JAC_T* max_error) {
  TF_RETURN_IF_ERROR(CheckSizes(xs, x_shapes.size(), ys, y_shapes.size()));
  std::vector<Tensor> x_datas;
  for (const TensorShape& shape : x_shapes) {
    x_datas.emplace_back(DataTypeToEnum<X_T>::value, shape);
    x_datas.back().flat<X_T>().setRandom();
  }
  return GradientError<X_T, Y_T, JAC_T>(scope, xs, x_shapes, ys, y_shapes, &x_datas, blocks,
                                        max_error);
}

}  // namespace

template <typename X_T, typename Y_T, typename JAC_T>
Status ComputeGradientError(const Scope& scope, const OutputList& xs,
                            const std::vector<TensorShape>& x_shapes, const OutputList& ys,
                            const std::vector<TensorShape>& y_shapes, JAC_T* max_error) {
  return GradientErrorFromRandom<X_T, Y_T, JAC_T>(scope, xs, x_shapes, ys, y_shapes,
                                                  Blocks::kLastAsTF, max_error);
}

namespace test {
template <typename X_T, typename Y_T, typename JAC_T>
Status ComputeGradientErrorAllPairs(const Scope& scope, const OutputList& xs,
                                    const std::vector<TensorShape>& x_shapes, const OutputList& ys,
                                    const std::vector<TensorShape>& y_shapes, JAC_T* max_error) {
  return GradientErrorFromRandom<X_T, Y_T, JAC_T>(scope, xs, x_shapes, ys, y_shapes, Blocks::kAll,
                                                  max_error);
}
}  // namespace test

template <typename X_T, typename Y_T, typename JAC_T>
Status ComputeGradientError(const Scope& scope, const Output& x, const Tensor& x_init_value,
                            const Output& y, const TensorShape& y_shape, JAC_T* max_error) {
  if (x_init_value.dtype() != DataTypeToEnum<X_T>::value) {
    return errors::InvalidArgument("x_init_value has dtype ", DataTypeString(x_init_value.dtype()),
                                   ", expected ", DataTypeString(DataTypeToEnum<X_T>::value));
  }
  std::vector<Tensor> x_datas(1, tensor::DeepCopy(x_init_value));
  return GradientError<X_T, Y_T, JAC_T>(scope, {x}, {x_init_value.shape()}, {y}, {y_shape},
                                        &x_datas, Blocks::kAll, max_error);
}

#define MINITF_INSTANTIATE_GRAD_ERR(X_T, Y_T, JAC_T)                                          \
  template Status ComputeGradientError<X_T, Y_T, JAC_T>(                                      \
      const Scope&, const OutputList&, const std::vector<TensorShape>&, const OutputList&,    \
      const std::vector<TensorShape>&, JAC_T*);                                               \
  template Status ComputeGradientError<X_T, Y_T, JAC_T>(                                      \
      const Scope&, const Output&, const Tensor&, const Output&, const TensorShape&, JAC_T*); \
  template Status test::ComputeGradientErrorAllPairs<X_T, Y_T, JAC_T>(                        \
      const Scope&, const OutputList&, const std::vector<TensorShape>&, const OutputList&,    \
      const std::vector<TensorShape>&, JAC_T*);

MINITF_INSTANTIATE_GRAD_ERR(float, float, float)
MINITF_INSTANTIATE_GRAD_ERR(double, float, double)
MINITF_INSTANTIATE_GRAD_ERR(double, double, double)
MINITF_INSTANTIATE_GRAD_ERR(complex64, float, float)
MINITF_INSTANTIATE_GRAD_ERR(float, complex64, float)
MINITF_INSTANTIATE_GRAD_ERR(complex64, complex64, float)
MINITF_INSTANTIATE_GRAD_ERR(complex128, complex128, double)

}  // namespace tensorflow
