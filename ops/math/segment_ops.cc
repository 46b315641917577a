// The segment reductions (TF 2.21's definitions and shape functions): the sorted
// SegmentSum/Prod/Mean/Max/Min, whose output has one row per id up to the last, and the unsorted
// UnsortedSegmentSum/Prod/Max/Min with an explicit num_segments. Kernels: segment_kernels.cc;
// gradients: segment_grad.cc.
#include <vector>

#include "framework/op.h"

namespace tensorflow {
namespace {

using shape_inference::InferenceContext;

#define MINITF_SEGMENT_NUMBER_TYPES                                                      \
  "{float, double, int32, uint8, int16, int8, complex64, int64, qint8, quint8, qint32, " \
  "bfloat16, qint16, quint16, uint16, complex128, half, uint32, uint64}"
#define MINITF_SEGMENT_REAL_TYPES \
  "{float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64}"

// [?] + data.shape[1:]: the number of segments is only known when the kernel runs.
Status SortedSegmentShape(InferenceContext* c) {
  TF_RETURN_IF_ERROR(c->WithRankAtLeast(0, 1));
  TF_RETURN_IF_ERROR(c->WithRank(1, 1));
  const PartialTensorShape& data = c->input(0);
  if (data.unknown_rank()) {
    c->set_output(0, PartialTensorShape());
    return OkStatus();
  }
  std::vector<int64_t> out = {-1};
  for (int d = 1; d < data.dims(); ++d) out.push_back(data.dim_size(d));
  c->set_output(0, PartialTensorShape(out));
  return OkStatus();
}

// [num_segments] + data.shape[rank(segment_ids):], data's leading dimensions merged with the
// ids' before num_segments is read (TF's order of errors).
Status UnsortedSegmentShape(InferenceContext* c) {
  TF_RETURN_IF_ERROR(c->WithRank(2, 0));
  const PartialTensorShape& data = c->input(0);
  const PartialTensorShape& ids = c->input(1);
  if (ids.unknown_rank()) {
    c->set_output(0, PartialTensorShape());
    return OkStatus();
  }
  TF_RETURN_IF_ERROR(c->WithRankAtLeast(0, ids.dims()));
  if (!data.unknown_rank()) {
    for (int d = 0; d < ids.dims(); ++d) {
      int64_t unused = 0;
      TF_RETURN_IF_ERROR(InferenceContext::MergeDim(data.dim_size(d), ids.dim_size(d), &unused));
    }
  }
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
  for (int d = ids.dims(); d < data.dims(); ++d) out.push_back(data.dim_size(d));
  c->set_output(0, PartialTensorShape(out));
  return OkStatus();
}

#define MINITF_SORTED_SEGMENT_OP(NAME, TYPES, SUMMARY) \
  REGISTER_OP(NAME)                                    \
      .Input("data: T")                                \
      .Input("segment_ids: Tindices")                  \
      .Output("output: T")                             \
      .Attr("T: " TYPES)                               \
      .Attr("Tindices: {int32,int64}")                 \
      .SetShapeFn(SortedSegmentShape)                  \
      .Summary(SUMMARY)                                \
      .CcHeader("math_ops")

#define MINITF_UNSORTED_SEGMENT_OP(NAME, TYPES, INDICES, SUMMARY) \
  REGISTER_OP(NAME)                                               \
      .Input("data: T")                                           \
      .Input("segment_ids: Tindices")                             \
      .Input("num_segments: Tnumsegments")                        \
      .Output("output: T")                                        \
      .Attr("T: " TYPES)                                          \
      .Attr("Tindices: " INDICES)                                 \
      .Attr("Tnumsegments: {int32,int64} = DT_INT32")             \
      .SetShapeFn(UnsortedSegmentShape)                           \
      .Summary(SUMMARY)                                           \
      .CcHeader("math_ops")

}  // namespace

MINITF_SORTED_SEGMENT_OP("SegmentSum", MINITF_SEGMENT_NUMBER_TYPES,
                         "Computes the sum along segments of a tensor.");
MINITF_SORTED_SEGMENT_OP("SegmentProd", MINITF_SEGMENT_NUMBER_TYPES,
                         "Computes the product along segments of a tensor.");
MINITF_SORTED_SEGMENT_OP("SegmentMean", MINITF_SEGMENT_NUMBER_TYPES,
                         "Computes the mean along segments of a tensor.");
MINITF_SORTED_SEGMENT_OP("SegmentMax", MINITF_SEGMENT_REAL_TYPES,
                         "Computes the maximum along segments of a tensor.");
MINITF_SORTED_SEGMENT_OP("SegmentMin", MINITF_SEGMENT_REAL_TYPES,
                         "Computes the minimum along segments of a tensor.");
MINITF_UNSORTED_SEGMENT_OP("UnsortedSegmentSum", MINITF_SEGMENT_NUMBER_TYPES,
                           "{int16, int32,int64}", "Computes the sum along segments of a tensor.");
MINITF_UNSORTED_SEGMENT_OP("UnsortedSegmentProd", MINITF_SEGMENT_NUMBER_TYPES, "{int32,int64}",
                           "Computes the product along segments of a tensor.");
MINITF_UNSORTED_SEGMENT_OP("UnsortedSegmentMax", MINITF_SEGMENT_REAL_TYPES, "{int32,int64}",
                           "Computes the maximum along segments of a tensor.");
MINITF_UNSORTED_SEGMENT_OP("UnsortedSegmentMin", MINITF_SEGMENT_REAL_TYPES, "{int32,int64}",
                           "Computes the minimum along segments of a tensor.");

}  // namespace tensorflow
