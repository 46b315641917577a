// CPU kernels of the block-rearranging ops of block_ops.cc (TF 2.21's checks and texts; pure
// data movement). SpaceToBatchND pads the spatial dimensions and moves each block offset into
// the batch (output batch = offset * batch + b, offsets row-major over the block); BatchToSpaceND
// is its inverse with crops. SpaceToDepth/DepthToSpace move block x block squares of pixels
// to and from channels (NHWC only on CPU, as TF).
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "framework/op_kernel.h"

namespace tensorflow {
namespace {

constexpr int64_t kGrain = 1 << 12;

// The validated geometry of one SpaceToBatchND (to_batch) or BatchToSpaceND call.
struct BlockGeometry {
  int64_t batch = 0;                                           // the input's batch
  std::vector<int64_t> in_spatial, out_spatial, block, start;  // start: pad or crop begin
  int64_t rest = 1;                                            // elements per spatial position
  TensorShape out_shape;
};

Status Geometry(const Tensor& input, const Tensor& block_shape, const Tensor& pads, bool to_batch,
                BlockGeometry* g) {
  if (block_shape.dims() != 1) {
    return errors::InvalidArgument("block_shape must be 1-D, not ",
                                   block_shape.shape().DebugString());
  }
  const int m = static_cast<int>(block_shape.dim_size(0));
  if (input.dims() < 1 + m) {
    return errors::InvalidArgument("input rank should be >= ", 1 + m, " instead of ", input.dims());
  }
  if (pads.dims() != 2 || pads.dim_size(0) != m || pads.dim_size(1) != 2) {
    return errors::InvalidArgument(to_batch ? "paddings" : "crops", " should have shape [", m,
                                   ", 2] instead of ", pads.shape().DebugString());
  }
  g->block = tensor::IntValues(block_shape);
  const std::vector<int64_t> p = tensor::IntValues(pads);
  int64_t product = 1;
  // SpaceToBatch checks each block size; BatchToSpace only their product (as TF's kernels), so a
  // pair of negative sizes fails later, at the cropped shape.
  for (int d = 0; d < m; ++d) {
    if (to_batch && g->block[d] < 1) {
      return errors::InvalidArgument("All values in block_shape must be positive, got value, ",
                                     g->block[d], " at index ", d, ".");
    }
    if (__builtin_mul_overflow(product, g->block[d], &product)) {
      return errors::InvalidArgument("Product of block sizes overflows");
    }
  }
  if (!to_batch && product <= 0) {
    return errors::InvalidArgument("Product of block sizes must be positive, got ", product);
  }
  g->batch = input.dim_size(0);
  int64_t out_batch = 0;
  if (to_batch) {
    if (__builtin_mul_overflow(g->batch, product, &out_batch)) {
      return errors::InvalidArgument("Output batch size overflows");
    }
  } else {
    if (g->batch % product != 0) {
      return errors::InvalidArgument("Input batch dimension (", g->batch,
                                     ") is not divisible by product of block sizes (", product,
                                     ")");
    }
    out_batch = g->batch / product;
  }
  TF_RETURN_IF_ERROR(g->out_shape.AddDimWithStatus(out_batch));
  for (int d = 0; d < m; ++d) {
    const int64_t size = input.dim_size(d + 1), begin = p[2 * d], end = p[2 * d + 1];
    int64_t out = 0;
    if (to_batch) {
      if (begin < 0 || end < 0) return errors::InvalidArgument("Paddings must be non-negative");
      int64_t padded = 0;
      if (__builtin_add_overflow(size, begin, &padded) ||
          __builtin_add_overflow(padded, end, &padded)) {
        return errors::InvalidArgument("Paddings overflow dimension ", d + 1);
      }
      if (padded % g->block[d] != 0) {
        return errors::InvalidArgument("padded_shape[", d, "]=", padded,
                                       " is not divisible by block_shape[", d, "]=", g->block[d]);
      }
      out = padded / g->block[d];
    } else {
      if (begin < 0 || end < 0) return errors::InvalidArgument("Crops must be non-negative");
      int64_t full = 0;
      if (__builtin_mul_overflow(size, g->block[d], &full)) {
        return errors::InvalidArgument("Output dimension ", d + 1, " overflows");
      }
      int64_t cropped = 0;
      if (__builtin_sub_overflow(full, end, &cropped) ||
          __builtin_sub_overflow(cropped, begin, &cropped)) {
        cropped = INT64_MIN;  // below any real size: reported as negative
      }
      if (cropped < 0) {
        return errors::InvalidArgument("cropped_shape[", d, "]=", cropped, " must be non-negative");
      }
      out = cropped;
    }
    g->in_spatial.push_back(size);
    g->out_spatial.push_back(out);
    g->start.push_back(begin);
    TF_RETURN_IF_ERROR(g->out_shape.AddDimWithStatus(out));
  }
  for (int d = m + 1; d < input.dims(); ++d) {
    g->rest *= input.dim_size(d);
    TF_RETURN_IF_ERROR(g->out_shape.AddDimWithStatus(input.dim_size(d)));
  }
  return OkStatus();
}

// Copies between the space layout ([batch, spatial..., rest]) and the batch layout
// ([offsets * batch, spatial / block..., rest]); `to_batch` picks the direction. Positions in
// the padding read (or drop) zeros.
template <typename T>
void MoveBlocks(OpKernelContext* ctx, const BlockGeometry& g, bool to_batch, const T* in, T* out) {
  const int m = static_cast<int>(g.block.size());
  // Walk the batch-layout tensor: its spatial sizes are the space sizes over the block.
  std::vector<int64_t> batch_spatial(m), space_spatial(m);
  for (int d = 0; d < m; ++d) {
    batch_spatial[d] = to_batch ? g.out_spatial[d] : g.in_spatial[d];
    space_spatial[d] = to_batch ? g.in_spatial[d] : g.out_spatial[d];
  }
  const int64_t space_batch = to_batch ? g.batch : g.out_shape.dim_size(0);
  int64_t positions = 1;
  for (int64_t s : batch_spatial) positions *= s;
  int64_t offsets = 1;
  for (int64_t b : g.block) offsets *= b;
  const int64_t rows = space_batch * offsets * positions;
  ctx->ParallelFor(
      rows, std::max<int64_t>(1, kGrain / std::max<int64_t>(g.rest, 1)), [&](int64_t s, int64_t e) {
        std::vector<int64_t> pos(m);
        for (int64_t r = s; r < e; ++r) {
          // r = ((offset * space_batch + b) * positions + position).
          int64_t rem = r % positions;
          const int64_t bb = r / positions;
          const int64_t b = bb % space_batch;
          int64_t offset = bb / space_batch;
          for (int d = m - 1; d >= 0; --d) {
            pos[d] = rem % batch_spatial[d];
            rem /= batch_spatial[d];
          }
          int64_t space_index = b;
          bool inside = true;
          for (int d = m - 1; d >= 0; --d) {
            const int64_t bi = offset % g.block[d];
            offset /= g.block[d];
            pos[d] = pos[d] * g.block[d] + bi - g.start[d];
            inside = inside && pos[d] >= 0 && pos[d] < space_spatial[d];
          }
          T* batch_row = to_batch ? out + r * g.rest : nullptr;
          const T* batch_src = to_batch ? nullptr : in + r * g.rest;
          if (!inside) {
            if (to_batch) std::fill(batch_row, batch_row + g.rest, T());
            continue;
          }
          for (int d = 0; d < m; ++d) space_index = space_index * space_spatial[d] + pos[d];
          if (to_batch) {
            std::copy(in + space_index * g.rest, in + (space_index + 1) * g.rest, batch_row);
          } else {
            std::copy(batch_src, batch_src + g.rest, out + space_index * g.rest);
          }
        }
      });
}

template <typename T>
void SpaceBatchCompute(OpKernelContext* ctx, const Tensor& input, const Tensor& block_shape,
                       const Tensor& pads, bool to_batch) {
  BlockGeometry g;
  OP_REQUIRES_OK(ctx, Geometry(input, block_shape, pads, to_batch, &g));
  Tensor* out = nullptr;
  OP_REQUIRES_OK(ctx, ctx->allocate_output(0, g.out_shape, &out));
  if (out->NumElements() == 0 || input.NumElements() == 0) return;
  MoveBlocks<T>(ctx, g, to_batch, input.flat<T>().data(), out->flat<T>().data());
}

template <typename T, bool kToBatch>
class SpaceBatchNDOp : public OpKernel {
 public:
  explicit SpaceBatchNDOp(OpKernelConstruction* ctx) : OpKernel(ctx) { set_expensive(false); }
  void Compute(OpKernelContext* ctx) override {
    SpaceBatchCompute<T>(ctx, ctx->input(0), ctx->input(1), ctx->input(2), kToBatch);
  }
};

// The 4-D forms, block_shape [block_size, block_size].
template <typename T, bool kToBatch>
class SpaceBatchOp : public OpKernel {
 public:
  explicit SpaceBatchOp(OpKernelConstruction* ctx) : OpKernel(ctx), block_(DT_INT64, {2}) {
    set_expensive(false);
    int64_t block_size = 0;
    OP_REQUIRES_OK(ctx, ctx->GetAttr("block_size", &block_size));
    block_.vec<int64_t>()(0) = block_size;
    block_.vec<int64_t>()(1) = block_size;
  }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& input = ctx->input(0);
    OP_REQUIRES(ctx, input.dims() == 4,
                errors::InvalidArgument("Input rank should be: 4instead of: ", input.dims()));
    SpaceBatchCompute<T>(ctx, input, block_, ctx->input(1), kToBatch);
  }

 private:
  Tensor block_;
};

// SpaceToDepth (kToDepth) and DepthToSpace, NHWC (registered for it alone).
template <typename T, bool kToDepth>
class DepthOp : public OpKernel {
 public:
  explicit DepthOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    set_expensive(false);
    OP_REQUIRES_OK(ctx, ctx->GetAttr("block_size", &block_));
  }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& in = ctx->input(0);
    // TF's two texts differ by the colons.
    OP_REQUIRES(ctx, in.dims() == 4,
                errors::InvalidArgument(kToDepth ? "Input rank should be 4 instead of "
                                                 : "Input rank should be: 4 instead of: ",
                                        in.dims()));
    const int64_t n = in.dim_size(0), h = in.dim_size(1), w = in.dim_size(2), c = in.dim_size(3);
    const int64_t bs = block_;
    TensorShape out_shape;
    if (kToDepth) {
      OP_REQUIRES(ctx, w % bs == 0 && h % bs == 0,
                  errors::InvalidArgument("Image width ", w, " and height ", h,
                                          " should be divisible by block_size: ", bs));
      int64_t depth = 0;
      OP_REQUIRES(ctx, !__builtin_mul_overflow(c, bs * bs, &depth),
                  errors::InvalidArgument("Output depth ", c, " * ", bs * bs, " overflows"));
      OP_REQUIRES_OK(ctx, TensorShape::BuildTensorShape({n, h / bs, w / bs, depth}, &out_shape));
    } else {
      OP_REQUIRES(ctx, c % (bs * bs) == 0,
                  errors::InvalidArgument("Input depth dimension ", c,
                                          " should be divisible by: ", bs * bs));
      int64_t oh = 0, ow = 0;
      OP_REQUIRES(ctx, !__builtin_mul_overflow(h, bs, &oh) && !__builtin_mul_overflow(w, bs, &ow),
                  errors::InvalidArgument("Output size ", h, "x", w, " * ", bs, " overflows"));
      OP_REQUIRES_OK(ctx, TensorShape::BuildTensorShape({n, oh, ow, c / (bs * bs)}, &out_shape));
    }
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, out_shape, &out));
    if (out->NumElements() == 0) return;
    // Walk the space side [n, H, W, C] (C = the space-side depth); each pixel's C values are
    // one contiguous run at depth offset ((y % bs) * bs + x % bs) * C of the depth side.
    const int64_t sh = kToDepth ? h : out_shape.dim_size(1);
    const int64_t sw = kToDepth ? w : out_shape.dim_size(2);
    const int64_t sc = kToDepth ? c : out_shape.dim_size(3);
    const int64_t dw = sw / bs, dc = sc * bs * bs;
    const T* x = in.flat<T>().data();
    T* z = out->flat<T>().data();
    ctx->ParallelFor(n * sh, std::max<int64_t>(1, kGrain / std::max<int64_t>(sw * sc, 1)),
                     [&](int64_t s, int64_t e) {
                       for (int64_t row = s; row < e; ++row) {
                         const int64_t b = row / sh, y = row % sh;
                         for (int64_t xx = 0; xx < sw; ++xx) {
                           const int64_t space = (row * sw + xx) * sc;
                           const int64_t depth = ((b * (sh / bs) + y / bs) * dw + xx / bs) * dc +
                                                 ((y % bs) * bs + xx % bs) * sc;
                           if (kToDepth) {
                             std::copy(x + space, x + space + sc, z + depth);
                           } else {
                             std::copy(x + depth, x + depth + sc, z + space);
                           }
                         }
                       }
                     });
  }

 private:
  int block_ = 0;  // an int attr, as TF reads it (values past int32 are TF's InvalidArgument)
};

#define MINITF_REGISTER_BATCH(T)                                                            \
  REGISTER_KERNEL_BUILDER(Name("SpaceToBatchND").Device(DEVICE_CPU).TypeConstraint<T>("T"), \
                          SpaceBatchNDOp<T, true>);                                         \
  REGISTER_KERNEL_BUILDER(Name("BatchToSpaceND").Device(DEVICE_CPU).TypeConstraint<T>("T"), \
                          SpaceBatchNDOp<T, false>);                                        \
  REGISTER_KERNEL_BUILDER(Name("SpaceToBatch").Device(DEVICE_CPU).TypeConstraint<T>("T"),   \
                          SpaceBatchOp<T, true>);                                           \
  REGISTER_KERNEL_BUILDER(Name("BatchToSpace").Device(DEVICE_CPU).TypeConstraint<T>("T"),   \
                          SpaceBatchOp<T, false>);
// TF's CPU kernels: the real number types but bool.
MINITF_REGISTER_BATCH(float)
MINITF_REGISTER_BATCH(double)
MINITF_REGISTER_BATCH(Eigen::half)
MINITF_REGISTER_BATCH(Eigen::bfloat16)
MINITF_REGISTER_BATCH(int8_t)
MINITF_REGISTER_BATCH(uint8_t)
MINITF_REGISTER_BATCH(int16_t)
MINITF_REGISTER_BATCH(uint16_t)
MINITF_REGISTER_BATCH(int32_t)
MINITF_REGISTER_BATCH(uint32_t)
MINITF_REGISTER_BATCH(int64_t)
MINITF_REGISTER_BATCH(uint64_t)

// NHWC only, as TF registers them: another data_format finds no kernel (TF's NotFound).
#define MINITF_REGISTER_DEPTH(T)                                      \
  REGISTER_KERNEL_BUILDER(Name("SpaceToDepth")                        \
                              .Device(DEVICE_CPU)                     \
                              .TypeConstraint<T>("T")                 \
                              .AttrConstraint("data_format", "NHWC"), \
                          DepthOp<T, true>);                          \
  REGISTER_KERNEL_BUILDER(Name("DepthToSpace")                        \
                              .Device(DEVICE_CPU)                     \
                              .TypeConstraint<T>("T")                 \
                              .AttrConstraint("data_format", "NHWC"), \
                          DepthOp<T, false>);
MINITF_CALL_ALL_TYPES(MINITF_REGISTER_DEPTH)

}  // namespace
}  // namespace tensorflow
