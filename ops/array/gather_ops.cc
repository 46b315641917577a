// Op definitions of the array family's indexing ops: Gather, GatherV2, GatherNd, ScatterNd,
// Where (coordinates of true elements), DynamicStitch (TF's data_flow_ops header) and Bitcast.
// Kernels: gather_kernels.cc; gradients: array_grad.cc (GatherV2's, which needs math ops, in
// ops/math/math_grad.cc).
#include "framework/errors.h"
#include "framework/op.h"
#include "ops/array/internal/scatter_nd.h"

namespace tensorflow {

using shape_inference::InferenceContext;

namespace {

// dims [begin, end) of a known-rank shape.
PartialTensorShape SubShape(const PartialTensorShape& s, int begin, int end) {
  std::vector<int64_t> d;
  for (int i = begin; i < end; ++i) d.push_back(s.dim_size(i));
  return PartialTensorShape(d);
}

PartialTensorShape Concat(const PartialTensorShape& a, const PartialTensorShape& b) {
  if (a.unknown_rank() || b.unknown_rank()) return PartialTensorShape();
  return a.Concatenate(b);
}

Status GatherShape(InferenceContext* c) {
  TF_RETURN_IF_ERROR(c->WithRankAtLeast(0, 1));
  const PartialTensorShape& params = c->input(0);
  c->set_output(0, params.unknown_rank() ? PartialTensorShape()
                                         : Concat(c->input(1), SubShape(params, 1, params.dims())));
  return OkStatus();
}

Status GatherV2Shape(InferenceContext* c) {
  TF_RETURN_IF_ERROR(c->WithRankAtLeast(0, 1));
  TF_RETURN_IF_ERROR(c->WithRank(2, 0));
  const PartialTensorShape& params = c->input(0);
  const PartialTensorShape& indices = c->input(1);
  int32_t batch_dims = 0;
  TF_RETURN_IF_ERROR(c->GetAttr("batch_dims", &batch_dims));
  const Tensor* axis_t = c->input_tensor(2);
  if (axis_t == nullptr) {
    c->set_output(0, params.unknown_rank() || indices.unknown_rank()
                         ? PartialTensorShape()
                         : PartialTensorShape(std::vector<int64_t>(
                               std::max(0, params.dims() + indices.dims() - 1 - batch_dims), -1)));
    return OkStatus();
  }
  int64_t axis = tensor::IntValues(*axis_t)[0];
  // |axis| beyond any rank fails the check either way (and -axis must not overflow).
  constexpr int64_t kBound = 1 << 20;
  const int64_t min_rank =
      axis < -kBound || axis >= kBound ? kBound : (axis < 0 ? -axis : axis + 1);
  TF_RETURN_IF_ERROR(c->WithRankAtLeast(0, static_cast<int>(min_rank)));
  TF_RETURN_IF_ERROR(c->WithRankAtLeast(1, std::abs(batch_dims)));
  if (batch_dims < 0 && !indices.unknown_rank()) batch_dims += indices.dims();
  TF_RETURN_IF_ERROR(c->WithRankAtLeast(0, batch_dims + 1));
  if (params.unknown_rank() || indices.unknown_rank()) {
    c->set_output(0, PartialTensorShape());
    return OkStatus();
  }
  if (axis < 0) axis += params.dims();
  c->set_output(0, SubShape(params, 0, static_cast<int>(axis))
                       .Concatenate(SubShape(indices, batch_dims, indices.dims()))
                       .Concatenate(SubShape(params, static_cast<int>(axis) + 1, params.dims())));
  return OkStatus();
}

Status GatherNdShape(InferenceContext* c) {
  TF_RETURN_IF_ERROR(c->WithRankAtLeast(1, 1));
  const PartialTensorShape& params = c->input(0);
  const PartialTensorShape& indices = c->input(1);
  const int64_t depth = indices.unknown_rank() ? -1 : indices.dim_size(indices.dims() - 1);
  if (params.unknown_rank() || depth < 0) {
    c->set_output(0, PartialTensorShape());
    return OkStatus();
  }
  if (depth > params.dims()) {
    return errors::InvalidArgument(
        "indices.shape[-1] must be <= params.rank, but saw indices shape: ", indices.DebugString(),
        " and params shape: ", params.DebugString());
  }
  c->set_output(0, SubShape(indices, 0, indices.dims() - 1)
                       .Concatenate(SubShape(params, static_cast<int>(depth), params.dims())));
  return OkStatus();
}

// Sets output 0 to `out` after TF's ScatterNdShapeHelper checks.
Status ScatterNdShapeHelper(InferenceContext* c, const PartialTensorShape& indices,
                            const PartialTensorShape& updates, const PartialTensorShape& out) {
  TF_RETURN_IF_ERROR(array_internal::CheckScatterNdShapes(indices, updates, out));
  c->set_output(0, out);
  return OkStatus();
}

Status ScatterNdShape(InferenceContext* c) {
  TF_RETURN_IF_ERROR(c->WithRankAtLeast(0, 1));
  const Tensor* shape_t = c->input_tensor(2);
  if (shape_t != nullptr && shape_t->dtype() != DT_INT32 && shape_t->dtype() != DT_INT64) {
    return errors::InvalidArgument("Input tensor must be int32 or int64, but was ",
                                   DataTypeString(shape_t->dtype()));
  }
  PartialTensorShape out;
  TF_RETURN_IF_ERROR(c->MakeShapeFromShapeTensor(2, &out));
  return ScatterNdShapeHelper(c, c->input(0), c->input(1), out);
}

// The forms that update a copy of `input` (ScatterNdNonAliasingAdd): the output is input's.
Status ScatterNdTensorShape(InferenceContext* c) {
  TF_RETURN_IF_ERROR(c->WithRankAtLeast(0, 1));
  TF_RETURN_IF_ERROR(c->WithRankAtLeast(1, 1));
  TF_RETURN_IF_ERROR(c->WithRankAtLeast(2, 1));
  return ScatterNdShapeHelper(c, c->input(1), c->input(2), c->input(0));
}

Status WhereShape(InferenceContext* c) {
  const PartialTensorShape& in = c->input(0);
  c->set_output(0, PartialTensorShape({-1, in.unknown_rank() ? -1 : in.dims()}));
  return OkStatus();
}

Status DynamicStitchShape(InferenceContext* c) {
  int32_t n = 0;
  TF_RETURN_IF_ERROR(c->GetAttr("N", &n));
  bool all_known = true;
  int64_t max_index = -1;
  PartialTensorShape extra;
  for (int i = 0; i < n; ++i) {
    const Tensor* indices_t = c->input_tensor(i);
    if (indices_t == nullptr) all_known = false;
    const PartialTensorShape& indices = c->input(i);
    const PartialTensorShape& data = c->input(i + n);
    if (indices.unknown_rank()) continue;
    TF_RETURN_IF_ERROR(c->WithRankAtLeast(i + n, indices.dims()));
    if (data.unknown_rank()) {
      extra = PartialTensorShape();
    } else {
      for (int d = 0; d < indices.dims(); ++d) {
        int64_t unused = 0;
        TF_RETURN_IF_ERROR(
            InferenceContext::MergeDim(data.dim_size(d), indices.dim_size(d), &unused));
      }
      TF_RETURN_IF_ERROR(
          InferenceContext::Merge(extra, SubShape(data, indices.dims(), data.dims()), &extra));
    }
    if (indices_t != nullptr) {
      for (int64_t v : tensor::IntValues(*indices_t)) max_index = std::max(max_index, v);
    }
  }
  c->set_output(0, Concat(PartialTensorShape({all_known ? max_index + 1 : -1}), extra));
  return OkStatus();
}

Status BitcastShape(InferenceContext* c) {
  const PartialTensorShape& in = c->input(0);
  if (in.unknown_rank()) {
    c->set_output(0, PartialTensorShape());
    return OkStatus();
  }
  DataType from, to;
  TF_RETURN_IF_ERROR(c->GetAttr("T", &from));
  TF_RETURN_IF_ERROR(c->GetAttr("type", &to));
  const int in_size = DataTypeSize(from), out_size = DataTypeSize(to);
  if (in_size == 0 || out_size == 0) {
    return errors::InvalidArgument("Cannot bitcast types ", DataTypeString(from), " to ",
                                   DataTypeString(to), " because one of the type sizes is zero.");
  }
  if (in_size == out_size) {
    c->set_output(0, in);
  } else if (in_size < out_size) {
    TF_RETURN_IF_ERROR(c->WithRankAtLeast(0, 1));
    const int64_t ratio = out_size / in_size;
    const int64_t last = in.dim_size(in.dims() - 1);
    if (last >= 0 && last != ratio) {
      return errors::InvalidArgument("Cannot bitcast from ", static_cast<int>(from), " to ",
                                     static_cast<int>(to), " due to shape. ", last,
                                     " does not match ", ratio);
    }
    c->set_output(0, SubShape(in, 0, in.dims() - 1));
  } else {
    c->set_output(0, in.Concatenate(in_size / out_size));
  }
  return OkStatus();
}

}  // namespace

namespace array_internal {

// TF's ScatterNdShapeHelper checks (declared in internal/scatter_nd.h).
Status CheckScatterNdShapes(const PartialTensorShape& indices, const PartialTensorShape& updates,
                            const PartialTensorShape& out) {
  auto known_elements = [](const PartialTensorShape& s) {
    return s.IsFullyDefined() ? s.num_elements() : int64_t{-1};
  };
  if (known_elements(out) == 0 && (known_elements(indices) > 0 || known_elements(updates) > 0)) {
    return errors::InvalidArgument("Indices and updates specified for empty input");
  }
  if (!indices.unknown_rank() && !updates.unknown_rank() && updates.dims() != 0 &&
      indices.dim_size(indices.dims() - 1) >= 0) {
    const int outer = indices.dims() - 1;
    const int64_t ix = indices.dim_size(outer);
    PartialTensorShape merged;
    const PartialTensorShape prefix_i = SubShape(indices, 0, outer);
    const PartialTensorShape prefix_u = SubShape(updates, 0, std::min(outer, updates.dims()));
    Status s = InferenceContext::Merge(prefix_i, prefix_u, &merged);
    if (!s.ok()) {
      return errors::InvalidArgument("Dimensions [0,", outer,
                                     ") of indices[shape=", indices.DebugString(),
                                     "] = ", prefix_i.DebugString(), " must match dimensions [0,",
                                     outer, ") of updates[shape=", updates.DebugString(),
                                     "] = ", prefix_u.DebugString(), ": ", s.message());
    }
    if (!out.unknown_rank()) {
      const PartialTensorShape suffix_o =
          SubShape(out, static_cast<int>(std::min<int64_t>(ix, out.dims())), out.dims());
      const PartialTensorShape suffix_u =
          SubShape(updates, std::min(outer, updates.dims()), updates.dims());
      s = InferenceContext::Merge(suffix_o, suffix_u, &merged);
      if (!s.ok()) {
        return errors::InvalidArgument(
            "Dimensions [", ix, ",", out.dims(), ") of input[shape=", out.DebugString(),
            "] = ", suffix_o.DebugString(), " must match dimensions [", outer, ",", updates.dims(),
            ") of updates[shape=", updates.DebugString(), "] = ", suffix_u.DebugString(), ": ",
            s.message());
      }
    }
  }
  return OkStatus();
}

}  // namespace array_internal

REGISTER_OP("Gather")
    .Input("params: Tparams")
    .Input("indices: Tindices")
    .Output("output: Tparams")
    .Attr("validate_indices: bool = true")
    .Attr("Tparams: type")
    .Attr("Tindices: {int32,int64}")
    .SetShapeFn(GatherShape)
    .Summary("Gather slices from `params` according to `indices`.")
    .CcHeader("array_ops");

REGISTER_OP("GatherV2")
    .Input("params: Tparams")
    .Input("indices: Tindices")
    .Input("axis: Taxis")
    .Attr("batch_dims: int = 0")
    .Output("output: Tparams")
    .Attr("Tparams: type")
    .Attr("Tindices: {int16, int32,int64}")
    .Attr("Taxis: {int32,int64}")
    .SetShapeFn(GatherV2Shape)
    .Summary("Gather slices from `params` axis `axis` according to `indices`.")
    .CcHeader("array_ops");

REGISTER_OP("GatherNd")
    .Input("params: Tparams")
    .Input("indices: Tindices")
    .Output("output: Tparams")
    .Attr("Tparams: type")
    .Attr("Tindices: {int16, int32,int64}")
    .Attr("bad_indices_policy: string = ''")
    .SetShapeFn(GatherNdShape)
    .Summary("Gather slices from `params` into a Tensor with shape specified by `indices`.")
    .CcHeader("array_ops");

REGISTER_OP("ScatterNd")
    .Input("indices: Tindices")
    .Input("updates: T")
    .Input("shape: Tindices")
    .Output("output: T")
    .Attr("T: type")
    .Attr("Tindices: {int16, int32, int64}")
    .Attr("bad_indices_policy: string = ''")
    .SetShapeFn(ScatterNdShape)
    .Summary("Scatters `updates` into a tensor of shape `shape` according to `indices`.")
    .CcHeader("array_ops");

REGISTER_OP("ScatterNdNonAliasingAdd")
    .Input("input: T")
    .Input("indices: Tindices")
    .Input("updates: T")
    .Output("output: T")
    .Attr(
        "T: {float, double, int32, uint8, int16, int8, complex64, int64, qint8, quint8, qint32, "
        "bfloat16, qint16, quint16, uint16, complex128, half, uint32, uint64, bool}")
    .Attr("Tindices: {int32, int64}")
    .Attr("bad_indices_policy: string = ''")
    .SetShapeFn(ScatterNdTensorShape)
    .Summary("Adds `updates` to a copy of `input` at `indices` (slices or elements).")
    .CcHeader("array_ops");

REGISTER_OP("Where")
    .Input("input: T")
    .Attr(
        "T: {float, double, int32, uint8, int16, int8, complex64, int64, qint8, quint8, qint32, "
        "bfloat16, qint16, quint16, uint16, complex128, half, uint32, uint64, bool} = DT_BOOL")
    .Output("index: int64")
    .SetShapeFn(WhereShape)
    .Summary("Returns locations of nonzero / true values in a tensor.")
    .CcRename("input", "condition")
    .CcHeader("array_ops");

REGISTER_OP("DynamicStitch")
    .Input("indices: N * int32")
    .Input("data: N * T")
    .Output("merged: T")
    .Attr("N : int >= 1")
    .Attr("T : type")
    .SetShapeFn(DynamicStitchShape)
    .Summary("Interleave the values from the `data` tensors into a single tensor.")
    .CcHeader("data_flow_ops");

REGISTER_OP("Bitcast")
    .Input("input: T")
    .Output("output: type")
    .Attr(
        "T: {bfloat16, half, float, double, int64, int32, uint8, uint16, uint32, uint64, int8, "
        "int16, complex64, complex128, qint8, quint8, qint16, quint16, qint32}")
    .Attr(
        "type: {bfloat16, half, float, double, int64, int32, uint8, uint16, uint32, uint64, "
        "int8, int16, complex64, complex128, qint8, quint8, qint16, quint16, qint32}")
    .SetShapeFn(BitcastShape)
    .Summary("Bitcasts a tensor from one type to another without copying data.")
    .CcHeader("array_ops");

}  // namespace tensorflow
