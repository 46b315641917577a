// The UnsortedSegmentSum op: definition, shape function and CPU kernel. output[j] is the sum of
// the data rows whose segment id is j, added in row order onto +0 as TF's CPU kernel does (so
// float sums have TF's bits); negative ids are dropped, ids >= num_segments are an error.
#include <vector>

#include "framework/internal/wrapping.h"
#include "framework/op.h"
#include "framework/op_kernel.h"

namespace tensorflow {
namespace {

using shape_inference::InferenceContext;

Status UnsortedSegmentShape(InferenceContext* c) {
  TF_RETURN_IF_ERROR(c->WithRank(2, 0));
  const PartialTensorShape& data = c->input(0);
  const PartialTensorShape& ids = c->input(1);
  if (ids.unknown_rank()) {
    c->set_output(0, PartialTensorShape());
    return OkStatus();
  }
  TF_RETURN_IF_ERROR(c->WithRankAtLeast(0, ids.dims()));
  int64_t num = -1;
  if (const Tensor* n = c->input_tensor(2)) {
    num = tensor::IntValues(*n)[0];
    if (num < 0) {
      return errors::InvalidArgument(
          "Dimension size, given by scalar input 2, must be "
          "non-negative but is ",
          num);
    }
  }
  if (data.unknown_rank()) {
    c->set_output(0, PartialTensorShape());
    return OkStatus();
  }
  std::vector<int64_t> out = {num};
  for (int d = 0; d < data.dims(); ++d) {
    if (d < ids.dims()) {
      int64_t unused = 0;
      TF_RETURN_IF_ERROR(InferenceContext::MergeDim(data.dim_size(d), ids.dim_size(d), &unused));
    } else {
      out.push_back(data.dim_size(d));
    }
  }
  c->set_output(0, PartialTensorShape(out));
  return OkStatus();
}

template <typename T, typename Index>
class UnsortedSegmentSumOp : public OpKernel {
 public:
  explicit UnsortedSegmentSumOp(OpKernelConstruction* ctx) : OpKernel(ctx) {}
  void Compute(OpKernelContext* ctx) override {
    const Tensor& data = ctx->input(0);
    const Tensor& ids = ctx->input(1);
    const Tensor& num_t = ctx->input(2);
    OP_REQUIRES(ctx, num_t.dims() == 0,
                errors::InvalidArgument("num_segments should be a scalar, not shape ",
                                        num_t.shape().DebugString()));
    OP_REQUIRES(ctx, TensorShapeUtils::StartsWith(data.shape(), ids.shape()),
                errors::InvalidArgument(
                    "data.shape = ", data.shape().DebugString(),
                    " does not start with segment_ids.shape = ", ids.shape().DebugString()));
    const int64_t num = tensor::IntValues(num_t)[0];
    OP_REQUIRES(ctx, num >= 0,
                errors::InvalidArgument("Input num_segments == ", num, " must not be negative."));
    std::vector<int64_t> out_dims = {num};
    int64_t inner = 1;
    for (int d = ids.dims(); d < data.dims(); ++d) {
      out_dims.push_back(data.dim_size(d));
      inner *= data.dim_size(d);
    }
    TensorShape out_shape;
    OP_REQUIRES_OK(ctx, TensorShape::BuildTensorShape(out_dims, &out_shape));
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, out_shape, &out));
    T* z = out->flat<T>().data();
    std::fill(z, z + out->NumElements(), T(0));
    if (out->NumElements() == 0 || data.NumElements() == 0) return;
    const Index* id = ids.flat<Index>().data();
    const int64_t n = ids.NumElements();
    for (int64_t i = 0; i < n; ++i) {
      OP_REQUIRES(
          ctx, id[i] < num,
          errors::InvalidArgument("segment_ids", SliceDebugString(ids.shape(), i), " = ",
                                  static_cast<int64_t>(id[i]), " is out of range [0, ", num, ")"));
    }
    const T* x = data.flat<T>().data();
    for (int64_t i = 0; i < n; ++i) {
      if (id[i] < 0) continue;
      T* row = z + static_cast<int64_t>(id[i]) * inner;
      for (int64_t k = 0; k < inner; ++k) row[k] = internal::WrappingAdd(row[k], x[i * inner + k]);
    }
  }
};

}  // namespace

REGISTER_OP("UnsortedSegmentSum")
    .Input("data: T")
    .Input("segment_ids: Tindices")
    .Input("num_segments: Tnumsegments")
    .Output("output: T")
    .Attr(
        "T: {float, double, int32, uint8, int16, int8, complex64, int64, qint8, quint8, qint32, "
        "bfloat16, qint16, quint16, uint16, complex128, half, uint32, uint64}")
    .Attr("Tindices: {int16, int32,int64}")
    .Attr("Tnumsegments: {int32,int64} = DT_INT32")
    .SetShapeFn(UnsortedSegmentShape)
    .Summary("Computes the sum along segments of a tensor.")
    .CcHeader("math_ops");

#define MINITF_REGISTER_SEGMENT_SUM(T, Index)                     \
  REGISTER_KERNEL_BUILDER(Name("UnsortedSegmentSum")              \
                              .Device(DEVICE_CPU)                 \
                              .TypeConstraint<T>("T")             \
                              .TypeConstraint<Index>("Tindices"), \
                          (UnsortedSegmentSumOp<T, Index>));
#define MINITF_REGISTER_SEGMENT_SUMS(T)   \
  MINITF_REGISTER_SEGMENT_SUM(T, int16_t) \
  MINITF_REGISTER_SEGMENT_SUM(T, int32_t) \
  MINITF_REGISTER_SEGMENT_SUM(T, int64_t)
MINITF_CALL_NUMBER_TYPES(MINITF_REGISTER_SEGMENT_SUMS)
#undef MINITF_REGISTER_SEGMENT_SUMS
#undef MINITF_REGISTER_SEGMENT_SUM

}  // namespace tensorflow
