#include "framework/shape_inference.h"

#include "framework/errors.h"

namespace tensorflow {
namespace shape_inference {

InferenceContext::InferenceContext(const NodeDef* node_def,
                                   std::vector<PartialTensorShape> input_shapes,
                                   std::vector<const Tensor*> input_tensors, int num_outputs)
    : node_def_(node_def),
      inputs_(std::move(input_shapes)),
      input_tensors_(std::move(input_tensors)),
      outputs_(num_outputs),
      output_handle_data_(num_outputs) {
  input_tensors_.resize(inputs_.size(), nullptr);
}

Status InferenceContext::WithRank(int i, int rank) const {
  const int have = inputs_[i].dims();
  if (have >= 0 && have != rank) {
    return errors::InvalidArgument("Shape must be rank ", rank, " but is rank ", have);
  }
  return OkStatus();
}

Status InferenceContext::WithRankAtLeast(int i, int rank) const {
  const int have = inputs_[i].dims();
  if (have >= 0 && have < rank) {
    return errors::InvalidArgument("Shape must be at least rank ", rank, " but is rank ", have);
  }
  return OkStatus();
}

Status InferenceContext::WithRankAtMost(int i, int rank) const {
  const int have = inputs_[i].dims();
  if (have >= 0 && have > rank) {
    return errors::InvalidArgument("Shape must be at most rank ", rank, " but is rank ", have);
  }
  return OkStatus();
}

Status InferenceContext::MakeShapeFromShapeTensor(int i, PartialTensorShape* out) const {
  TF_RETURN_IF_ERROR(WithRank(i, 1));
  const Tensor* t = input_tensors_[i];
  if (t == nullptr) {
    const PartialTensorShape& s = inputs_[i];
    *out = s.unknown_rank() || s.dim_size(0) < 0 ? PartialTensorShape()
                                                 : UnknownShapeOfRank(s.dim_size(0));
    return OkStatus();
  }
  const std::vector<int64_t> values = tensor::IntValues(*t);
  for (int64_t v : values) {
    if (v < -1) return errors::InvalidArgument("Invalid value in tensor used for shape: ", v);
  }
  *out = PartialTensorShape(values);
  return OkStatus();
}

Status InferenceContext::MakeDimForScalarInputWithNegativeIndexing(int i, int rank,
                                                                   int64_t* out) const {
  const Tensor* t = input_tensors_[i];
  *out = -1;
  if (t == nullptr) return OkStatus();
  if (t->dims() != 0) {
    return errors::InvalidArgument("Input must be scalar but has rank ", t->dims());
  }
  int64_t v = tensor::IntValues(*t)[0];
  if (rank < 0) {
    if (v >= 0) *out = v;
    return OkStatus();
  }
  if (v < -rank || v >= rank) {
    return errors::InvalidArgument("Dimension size, given by scalar input ", v,
                                   " must be in range [-", rank, ", ", rank, ")");
  }
  *out = v < 0 ? v + rank : v;
  return OkStatus();
}

Status InferenceContext::Merge(const PartialTensorShape& a, const PartialTensorShape& b,
                               PartialTensorShape* out) {
  if (a.dims() >= 0 && b.dims() >= 0 && a.dims() != b.dims()) {
    return errors::InvalidArgument("Shapes must be equal rank, but are ", a.dims(), " and ",
                                   b.dims());
  }
  if (a.dims() >= 0 && b.dims() >= 0) {
    for (int d = 0; d < a.dims(); ++d) {
      if (a.dim_size(d) >= 0 && b.dim_size(d) >= 0 && a.dim_size(d) != b.dim_size(d)) {
        return errors::InvalidArgument("Dimension ", d, " in both shapes must be equal, but are ",
                                       a.dim_size(d), " and ", b.dim_size(d), ". Shapes are ",
                                       a.DebugString(), " and ", b.DebugString(), ".");
      }
    }
  }
  return a.MergeWith(b, out);
}

Status InferenceContext::MergeDim(int64_t a, int64_t b, int64_t* out) {
  if (a >= 0 && b >= 0 && a != b) {
    return errors::InvalidArgument("Dimensions must be equal, but are ", a, " and ", b);
  }
  *out = a >= 0 ? a : b;
  return OkStatus();
}

Status UnchangedShape(InferenceContext* c) {
  c->set_output(0, c->input(0));
  if (const auto* handle = c->input_handle_shapes_and_types(0)) {
    c->set_output_handle_shapes_and_types(0, *handle);
  }
  return OkStatus();
}

PartialTensorShape UnknownShapeOfRank(int64_t rank) {
  if (rank < 0 || rank > TensorShape::MaxDimensions()) return PartialTensorShape();
  return PartialTensorShape(std::vector<int64_t>(static_cast<size_t>(rank), -1));
}

Status UnchangedShapeWithRank(InferenceContext* c, int rank) {
  TF_RETURN_IF_ERROR(c->WithRank(0, rank));
  c->set_output(0, c->input(0).unknown_rank() ? PartialTensorShape(std::vector<int64_t>(rank, -1))
                                              : c->input(0));
  return OkStatus();
}

Status UnknownShape(InferenceContext* c) {
  for (int i = 0; i < c->num_outputs(); ++i) c->set_output(i, PartialTensorShape());
  return OkStatus();
}

Status NoOutputs(InferenceContext*) { return OkStatus(); }

Status ScalarShape(InferenceContext* c) {
  c->set_output(0, PartialTensorShape({}));
  return OkStatus();
}

}  // namespace shape_inference
}  // namespace tensorflow
