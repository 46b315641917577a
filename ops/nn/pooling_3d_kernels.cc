// CPU kernels of MaxPool3D, AvgPool3D and their gradient ops (float and bfloat16, TF's CPU
// dtypes; NDHWC), with TF 2.21's checks, texts and bits:
//  - the forward ops use Eigen's window placement (SAME's padding before is ((out - 1) * stride
//    + window - size) / 2, unclamped), padded cells holding T's lowest value;
//  - MaxPool3D reduces from -inf as Eigen does, packet lanes (whole 8-element packets that stay
//    within one position's channels) keeping the accumulator on ties and NaN, other lanes taking
//    the later element;
//  - AvgPool3D adds, from +0, the elements other than T's lowest value (padding) and divides by
//    their count; packet lanes skip NaN too;
//  - the gradients use TF's clamped padding and spread over outputs with the columns outermost:
//    MaxPool3DGrad to every input within 1e-5 of the maximum, AvgPool3DGrad grad * (1 / size).
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "framework/op_kernel.h"
#include "ops/nn/internal/window_geometry.h"

namespace tensorflow {
namespace {

using nn_internal::Padding;

// The attrs every 3-D pool kernel checks, with TF's texts (`op` names the kernel class).
struct Pool3DAttrs {
  std::vector<int64_t> ksize, strides;
  Padding padding = Padding::kValid;
  Status Read(OpKernelConstruction* ctx, const char* op) {
    std::string format, padding_str;
    TF_RETURN_IF_ERROR(ctx->GetAttr("data_format", &format));
    if (format == "NCDHW") {
      return errors::InvalidArgument("Default ", op, " only supports NDHWC on device type CPU");
    }
    TF_RETURN_IF_ERROR(ctx->GetAttr("ksize", &ksize));
    TF_RETURN_IF_ERROR(ctx->GetAttr("strides", &strides));
    if (ksize.size() != 5) {
      return errors::InvalidArgument("Sliding window ksize field must specify 5 dimensions");
    }
    if (strides.size() != 5) {
      return errors::InvalidArgument("Sliding window stride field must specify 5 dimensions");
    }
    for (int64_t k : ksize) {
      if (k <= 0) {
        return errors::InvalidArgument(
            "Sliding window ksize field must have non-negative dimensions");
      }
    }
    if (ksize[0] != 1 || strides[0] != 1) {
      return errors::Unimplemented("Pooling is not yet supported on the batch dimension.");
    }
    if (ksize[4] != 1 || strides[4] != 1) {
      return errors::Unimplemented("Pooling is not yet supported on the depth dimension.");
    }
    TF_RETURN_IF_ERROR(ctx->GetAttr("padding", &padding_str));
    return nn_internal::ParsePadding(padding_str, &padding);
  }
};

// One 5-D pool's sizes: input [N, P, R, C, D], output [N, OP, OR, OC, D], per spatial dimension
// (0 planes, 1 rows, 2 cols) the TF (clamped) and Eigen (forward) paddings before.
struct Pool3DGeometry {
  int64_t batch = 0, depth = 0, in[3] = {0, 0, 0}, out[3] = {0, 0, 0}, window[3] = {1, 1, 1},
          stride[3] = {1, 1, 1}, tf_pad[3] = {0, 0, 0}, eigen_pad[3] = {0, 0, 0};
};
Status MakeGeometry(const Pool3DAttrs& a, const TensorShape& input, Pool3DGeometry* g) {
  g->batch = input.dim_size(0);
  g->depth = input.dim_size(4);
  for (int d = 2; d >= 0; --d) {  // TF sizes cols, rows, then planes
    g->in[d] = input.dim_size(d + 1);
    g->window[d] = a.ksize[d + 1];
    g->stride[d] = a.strides[d + 1];
    int64_t after = 0;
    TF_RETURN_IF_ERROR(nn_internal::WindowedOutputSize(
        g->in[d], g->window[d], 1, g->stride[d], a.padding, &g->out[d], &g->tf_pad[d], &after));
    if (a.padding == Padding::kSame) {
      g->eigen_pad[d] = ((g->out[d] - 1) * g->stride[d] + g->window[d] - g->in[d]) / 2;
    }
  }
  return OkStatus();
}
TensorShape OutputShape(const Pool3DGeometry& g) {
  return TensorShape({g.batch, g.out[0], g.out[1], g.out[2], g.depth});
}

// Whether TF's vectorized reduction handles output element i (of `total`): a whole 8-lane
// packet that starts and ends within one position's `depth` channels.
bool PacketLane(int64_t i, int64_t total, int64_t depth) {
  const int64_t start = i - i % 8;
  return i < total - total % 8 && start % depth + 7 < depth;
}

template <typename T, bool kMax>
class Pool3DOp : public OpKernel {
 public:
  explicit Pool3DOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, attrs_.Read(ctx, "Pooling3DOp"));
  }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& x = ctx->input(0);
    OP_REQUIRES(ctx, x.dims() == 5, errors::InvalidArgument("tensor_in must be 5-dimensional"));
    Pool3DGeometry g;
    OP_REQUIRES_OK(ctx, MakeGeometry(attrs_, x.shape(), &g));
    // TF walks every padded cell of a window (a huge SAME window hangs it): refuse windows far
    // beyond the input instead.
    for (int d = 0; d < 3; ++d) {
      OP_REQUIRES(ctx, g.window[d] <= 2 * g.in[d] + 1024,
                  errors::InvalidArgument("Pooling window ", g.window[d], " is far larger than ",
                                          "the input size ", g.in[d], " in dimension ", d + 1));
    }
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, OutputShape(g), &out));
    const int64_t total = out->NumElements();
    if (total == 0) return;
    const T* xp = x.flat<T>().data();
    T* yp = out->flat<T>().data();
    const T lowest = Eigen::NumTraits<T>::lowest();
    const int64_t positions = total / g.depth;
    ctx->ParallelFor(positions, 64, [&](int64_t s, int64_t e) {
      for (int64_t pos = s; pos < e; ++pos) {
        int64_t rest = pos;
        const int64_t oc = rest % g.out[2];
        rest /= g.out[2];
        const int64_t orow = rest % g.out[1];
        rest /= g.out[1];
        const int64_t op = rest % g.out[0], b = rest / g.out[0];
        const int64_t o[3] = {op, orow, oc};
        int64_t first[3];
        for (int d = 0; d < 3; ++d) first[d] = o[d] * g.stride[d] - g.eigen_pad[d];
        for (int64_t ch = 0; ch < g.depth; ++ch) {
          const int64_t i = pos * g.depth + ch;
          const bool packet =
              std::is_same<T, float>::value || kMax ? PacketLane(i, total, g.depth) : false;
          T acc = kMax ? T(-std::numeric_limits<float>::infinity()) : T(0);
          int64_t count = 0;
          for (int64_t p = first[0]; p < first[0] + g.window[0]; ++p) {
            for (int64_t r = first[1]; r < first[1] + g.window[1]; ++r) {
              for (int64_t c = first[2]; c < first[2] + g.window[2]; ++c) {
                const bool inside =
                    p >= 0 && p < g.in[0] && r >= 0 && r < g.in[1] && c >= 0 && c < g.in[2];
                const T v =
                    inside ? xp[(((b * g.in[0] + p) * g.in[1] + r) * g.in[2] + c) * g.depth + ch]
                           : lowest;
                if constexpr (kMax) {
                  acc = packet ? (v > acc ? v : acc) : (v < acc ? acc : v);
                } else {
                  const float f = static_cast<float>(v);
                  if (v == lowest || (packet && std::isnan(f))) continue;
                  acc = static_cast<T>(static_cast<float>(acc) + f);
                  ++count;
                }
              }
            }
          }
          if constexpr (!kMax) {
            acc = static_cast<T>(static_cast<float>(acc) /
                                 static_cast<float>(static_cast<T>(static_cast<float>(count))));
          }
          yp[i] = acc;
        }
      }
    });
  }

 private:
  Pool3DAttrs attrs_;
};

// TF's gradient loops: columns outermost, then rows, then planes over the output positions;
// for each, every image and every input position of its window (TF's clamped padding):
// `fn(input element offset, output element offset, window volume)`, offsets of channel 0.
template <typename Fn>
Status ForEachGradCell(const Pool3DGeometry& g, const int64_t grad_out[3], Fn fn) {
  const int64_t outputs = grad_out[0] * grad_out[1] * grad_out[2];
  const int64_t inputs = g.in[0] * g.in[1] * g.in[2];
  for (int64_t oc = 0; oc < grad_out[2]; ++oc) {
    for (int64_t orow = 0; orow < grad_out[1]; ++orow) {
      for (int64_t op = 0; op < grad_out[0]; ++op) {
        const int64_t o[3] = {op, orow, oc};
        int64_t start[3], size[3];
        for (int d = 0; d < 3; ++d) {
          TF_RETURN_IF_ERROR(nn_internal::BroadcastRange(o[d], g.in[d], g.window[d], g.stride[d],
                                                         g.tf_pad[d], &start[d], &size[d]));
        }
        const int64_t out = (op * grad_out[1] + orow) * grad_out[2] + oc;
        const int64_t volume = size[0] * size[1] * size[2];
        for (int64_t b = 0; b < g.batch; ++b) {
          for (int64_t p = start[0]; p < start[0] + size[0]; ++p) {
            for (int64_t r = start[1]; r < start[1] + size[1]; ++r) {
              for (int64_t c = start[2]; c < start[2] + size[2]; ++c) {
                fn((b * inputs + (p * g.in[1] + r) * g.in[2] + c) * g.depth,
                   (b * outputs + out) * g.depth, volume);
              }
            }
          }
        }
      }
    }
  }
  return OkStatus();
}

template <typename T>
class MaxPool3DGradOp : public OpKernel {
 public:
  explicit MaxPool3DGradOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, attrs_.Read(ctx, "MaxPooling3dGradOp"));
  }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& x = ctx->input(0);
    const Tensor& y = ctx->input(1);
    const Tensor& dy = ctx->input(2);
    OP_REQUIRES(ctx, x.dims() == 5, errors::InvalidArgument("tensor_in must be 5-dimensional"));
    OP_REQUIRES(ctx, y.dims() == 5, errors::InvalidArgument("tensor_out must be 5-dimensional"));
    OP_REQUIRES(ctx, dy.dims() == 5, errors::InvalidArgument("out_backprop must be 5-dimensional"));
    Pool3DGeometry g;
    OP_REQUIRES_OK(ctx, MakeGeometry(attrs_, x.shape(), &g));
    // Beyond TF's checks (it reads out of bounds otherwise): the outputs' shapes.
    const TensorShape expected = OutputShape(g);
    OP_REQUIRES(ctx, y.shape() == expected,
                errors::InvalidArgument("Expected orig_output shape to be ", expected.DebugString(),
                                        ", but got ", y.shape().DebugString()));
    OP_REQUIRES(ctx, dy.shape() == expected,
                errors::InvalidArgument("Expected grad shape to be ", expected.DebugString(),
                                        ", but got ", dy.shape().DebugString()));
    Tensor* dx = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, x.shape(), &dx));
    T* dxp = dx->flat<T>().data();
    std::fill(dxp, dxp + dx->NumElements(), T(0));
    const T* xp = x.flat<T>().data();
    const T* yp = y.flat<T>().data();
    const T* gp = dy.flat<T>().data();
    const T tolerance = static_cast<T>(1e-5f);
    OP_REQUIRES_OK(
        ctx, ForEachGradCell(g, g.out, [&](int64_t in, int64_t out, int64_t) {
          for (int64_t ch = 0; ch < g.depth; ++ch) {
            const T diff =
                static_cast<T>(static_cast<float>(xp[in + ch]) - static_cast<float>(yp[out + ch]));
            const bool selected =
                std::fabs(static_cast<float>(diff)) < static_cast<float>(tolerance);
            dxp[in + ch] = static_cast<T>(static_cast<float>(dxp[in + ch]) +
                                          (selected ? static_cast<float>(gp[out + ch]) : 0.0f));
          }
        }));
  }

 private:
  Pool3DAttrs attrs_;
};

template <typename T>
class AvgPool3DGradOp : public OpKernel {
 public:
  explicit AvgPool3DGradOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, attrs_.Read(ctx, "AvgPooling3dGradOp"));
  }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& shape_t = ctx->input(0);
    const Tensor& dy = ctx->input(1);
    OP_REQUIRES(ctx, shape_t.dims() == 1 && shape_t.NumElements() == 5,
                errors::InvalidArgument("tensor_in must be 1-dimensional and 5 elements"));
    OP_REQUIRES(ctx, dy.dims() == 5, errors::InvalidArgument("out_backprop must be 5-dimensional"));
    TensorShape in_shape;
    for (int64_t d : tensor::IntValues(shape_t)) {
      OP_REQUIRES_OK(ctx, in_shape.AddDimWithStatus(d));
    }
    Pool3DGeometry g;
    OP_REQUIRES_OK(ctx, MakeGeometry(attrs_, in_shape, &g));
    OP_REQUIRES(ctx, in_shape.dim_size(0) == dy.dim_size(0),
                errors::InvalidArgument(
                    "Expected first dimension of tensor_in_shape and out_backprop to match, got ",
                    in_shape.dim_size(0), " and ", dy.dim_size(0)));
    OP_REQUIRES(ctx, in_shape.dim_size(4) == dy.dim_size(4),
                errors::InvalidArgument(
                    "Expected last dimension of tensor_in_shape and out_backprop to match, got ",
                    in_shape.dim_size(4), " and ", dy.dim_size(4)));
    Tensor* dx = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, in_shape, &dx));
    T* dxp = dx->flat<T>().data();
    std::fill(dxp, dxp + dx->NumElements(), T(0));
    const T* gp = dy.flat<T>().data();
    const int64_t grad_out[3] = {dy.dim_size(1), dy.dim_size(2), dy.dim_size(3)};
    OP_REQUIRES_OK(
        ctx, ForEachGradCell(g, grad_out, [&](int64_t in, int64_t out, int64_t volume) {
          const T coef = static_cast<T>(1.0f / static_cast<float>(volume));
          for (int64_t ch = 0; ch < g.depth; ++ch) {
            const T v = static_cast<T>(static_cast<float>(gp[out + ch]) * static_cast<float>(coef));
            dxp[in + ch] = static_cast<T>(static_cast<float>(dxp[in + ch]) + static_cast<float>(v));
          }
        }));
  }

 private:
  Pool3DAttrs attrs_;
};

#define MINITF_REGISTER_POOL3D(T)                                                                  \
  REGISTER_KERNEL_BUILDER(Name("MaxPool3D").Device(DEVICE_CPU).TypeConstraint<T>("T"),             \
                          (Pool3DOp<T, true>));                                                    \
  REGISTER_KERNEL_BUILDER(Name("AvgPool3D").Device(DEVICE_CPU).TypeConstraint<T>("T"),             \
                          (Pool3DOp<T, false>));                                                   \
  REGISTER_KERNEL_BUILDER(                                                                         \
      Name("MaxPool3DGrad").Device(DEVICE_CPU).TypeConstraint<T>("T").TypeConstraint<T>("TInput"), \
      MaxPool3DGradOp<T>);                                                                         \
  REGISTER_KERNEL_BUILDER(Name("AvgPool3DGrad").Device(DEVICE_CPU).TypeConstraint<T>("T"),         \
                          AvgPool3DGradOp<T>);
MINITF_REGISTER_POOL3D(float)
MINITF_REGISTER_POOL3D(Eigen::bfloat16)
#undef MINITF_REGISTER_POOL3D

}  // namespace
}  // namespace tensorflow
