// The array family's data-movement ops (TF 2.21's signatures and C++ API): Transpose,
// InvertPermutation, Pack (C++ Stack), Unpack (Unstack), Squeeze, ConcatV2 (Concat),
// ConcatOffset, ShapeN, Slice, Pad, PadV2, Tile and OneHot. Kernels: transform_kernels.cc;
// gradients: array_grad.cc (Slice's, which needs Sub, in ops/math/math_grad.cc).
#include "framework/errors.h"
#include "framework/op.h"

namespace tensorflow {

using shape_inference::InferenceContext;

namespace {

// A dimension list of `rank` unknown sizes (or an unknown rank for rank < 0).
PartialTensorShape UnknownDims(int rank) {
  return rank < 0 ? PartialTensorShape() : PartialTensorShape(std::vector<int64_t>(rank, -1));
}

Status TransposeShape(InferenceContext* c) {
  const PartialTensorShape& in = c->input(0);
  const Tensor* perm = c->input_tensor(1);
  TF_RETURN_IF_ERROR(c->WithRank(1, 1));
  if (in.unknown_rank() || perm == nullptr) {
    c->set_output(0, UnknownDims(in.unknown_rank()
                                     ? (c->input(1).unknown_rank() || c->input(1).dim_size(0) < 0
                                            ? -1
                                            : static_cast<int>(c->input(1).dim_size(0)))
                                     : in.dims()));
    return OkStatus();
  }
  const std::vector<int64_t> p = tensor::IntValues(*perm);
  if (static_cast<int>(p.size()) != in.dims()) {
    return errors::InvalidArgument("Dimension must be ", in.dims(), " but is ", p.size());
  }
  std::vector<int64_t> out;
  for (int64_t d : p) {
    if (d < 0 || d >= in.dims()) {
      return errors::InvalidArgument("perm dim ", d, " is out of range of input rank ", in.dims());
    }
    out.push_back(in.dim_size(d));
  }
  c->set_output(0, PartialTensorShape(out));
  return OkStatus();
}

// Pack: N inputs of one shape stacked along `axis` of the rank + 1 result.
Status PackShape(InferenceContext* c) {
  PartialTensorShape in = c->input(0);
  for (int i = 1; i < c->num_inputs(); ++i) {
    PartialTensorShape merged;
    TF_RETURN_IF_ERROR(InferenceContext::Merge(in, c->input(i), &merged));
    in = merged;
  }
  if (in.unknown_rank()) {
    c->set_output(0, PartialTensorShape());
    return OkStatus();
  }
  int64_t axis = 0;
  TF_RETURN_IF_ERROR(c->GetAttr("axis", &axis));
  const int rank = in.dims() + 1;
  if (axis < -rank || axis >= rank) {
    return errors::InvalidArgument("Invalid axis: ", axis, "; must be in [", -rank, ",", rank, ")");
  }
  if (axis < 0) axis += rank;
  const auto dims = in.dim_sizes();
  std::vector<int64_t> out(dims.begin(), dims.end());
  out.insert(out.begin() + axis, c->num_inputs());
  c->set_output(0, PartialTensorShape(out));
  return OkStatus();
}

Status UnpackShape(InferenceContext* c) {
  const PartialTensorShape& in = c->input(0);
  PartialTensorShape out;
  if (!in.unknown_rank()) {
    int64_t axis = 0;
    TF_RETURN_IF_ERROR(c->GetAttr("axis", &axis));
    if (axis < -in.dims() || axis >= in.dims()) {
      return errors::InvalidArgument("Invalid axis: ", axis, "; must be in [", -in.dims(), ",",
                                     in.dims(), ")");
    }
    if (axis < 0) axis += in.dims();
    const auto dims = in.dim_sizes();
    std::vector<int64_t> d(dims.begin(), dims.end());
    d.erase(d.begin() + axis);
    out = PartialTensorShape(d);
  }
  for (int i = 0; i < c->num_outputs(); ++i) c->set_output(i, out);
  return OkStatus();
}

Status SqueezeShape(InferenceContext* c) {
  const PartialTensorShape& in = c->input(0);
  if (in.unknown_rank()) {
    c->set_output(0, PartialTensorShape());
    return OkStatus();
  }
  std::vector<int64_t> axes;
  TF_RETURN_IF_ERROR(c->GetAttr("squeeze_dims", &axes));
  std::vector<bool> squeeze(in.dims(), axes.empty());
  for (int64_t a : axes) {
    if (a < -in.dims() || a >= in.dims()) {
      return errors::InvalidArgument("Tried to squeeze dim index ", a, " for tensor with ",
                                     in.dims(), " dimensions.");
    }
    squeeze[a < 0 ? a + in.dims() : a] = true;
  }
  std::vector<int64_t> out;
  for (int d = 0; d < in.dims(); ++d) {
    const int64_t size = in.dim_size(d);
    if (!squeeze[d]) {
      out.push_back(size);
    } else if (axes.empty()) {  // every size-1 dim: an unknown size leaves the rank unknown
      if (size < 0) {
        c->set_output(0, PartialTensorShape());
        return OkStatus();
      }
      if (size != 1) out.push_back(size);
    } else if (size > 1) {
      return errors::InvalidArgument("Can not squeeze dim[", d,
                                     "], expected a dimension of 1, got ", size);
    }
  }
  c->set_output(0, PartialTensorShape(out));
  return OkStatus();
}

// ConcatV2: the inputs' shapes, added along `axis` when it is known.
Status ConcatV2Shape(InferenceContext* c) {
  const int n = c->num_inputs() - 1;
  const Tensor* axis_t = c->input_tensor(n);
  int rank = -1;
  for (int i = 0; i < n; ++i) {
    if (!c->input(i).unknown_rank()) rank = c->input(i).dims();
  }
  if (axis_t == nullptr || rank < 0) {
    c->set_output(0, UnknownDims(rank));
    return OkStatus();
  }
  int64_t axis = tensor::IntValues(*axis_t)[0];
  if (axis < -rank || axis >= rank) {
    return errors::InvalidArgument("ConcatOp : Expected concatenating dimensions in the range [",
                                   -rank, ", ", rank, "), but got ", axis);
  }
  if (axis < 0) axis += rank;
  std::vector<int64_t> out(rank, -1);
  int64_t total = 0;
  for (int i = 0; i < n; ++i) {
    const PartialTensorShape& s = c->input(i);
    if (s.unknown_rank()) {
      total = -1;
      continue;
    }
    if (s.dims() != rank) {
      return errors::InvalidArgument("Shape must be rank ", rank, " but is rank ", s.dims());
    }
    for (int d = 0; d < rank; ++d) {
      if (d == axis) {
        total = (total < 0 || s.dim_size(d) < 0) ? -1 : total + s.dim_size(d);
      } else {
        TF_RETURN_IF_ERROR(InferenceContext::MergeDim(out[d], s.dim_size(d), &out[d]));
      }
    }
  }
  out[axis] = total;
  c->set_output(0, PartialTensorShape(out));
  return OkStatus();
}

Status ConcatOffsetShape(InferenceContext* c) {
  for (int i = 1; i < c->num_inputs(); ++i) c->set_output(i - 1, c->input(i));
  return OkStatus();
}

Status ShapeNShape(InferenceContext* c) {
  for (int i = 0; i < c->num_inputs(); ++i) {
    const PartialTensorShape& s = c->input(i);
    c->set_output(i, PartialTensorShape({s.unknown_rank() ? -1 : s.dims()}));
  }
  return OkStatus();
}

Status SliceShape(InferenceContext* c) {
  const PartialTensorShape& in = c->input(0);
  const Tensor* begin = c->input_tensor(1);
  const Tensor* size = c->input_tensor(2);
  if (in.unknown_rank() || begin == nullptr || size == nullptr) {
    c->set_output(0, UnknownDims(in.unknown_rank() ? -1 : in.dims()));
    return OkStatus();
  }
  const std::vector<int64_t> b = tensor::IntValues(*begin), s = tensor::IntValues(*size);
  if (static_cast<int>(b.size()) != in.dims() || static_cast<int>(s.size()) != in.dims()) {
    return errors::InvalidArgument("Expected begin and size arguments to be 1-D tensors of size ",
                                   in.dims(), ", but got shapes ", begin->shape().DebugString(),
                                   " and ", size->shape().DebugString(), " instead.");
  }
  std::vector<int64_t> out;
  for (int d = 0; d < in.dims(); ++d) {
    out.push_back(s[d] == -1 ? (in.dim_size(d) < 0 ? -1 : in.dim_size(d) - b[d]) : s[d]);
  }
  c->set_output(0, PartialTensorShape(out));
  return OkStatus();
}

Status PadShape(InferenceContext* c) {
  // paddings is [rank(input), 2].
  TF_RETURN_IF_ERROR(c->WithRank(1, 2));
  const PartialTensorShape& pad_shape = c->input(1);
  const int64_t rows = pad_shape.unknown_rank() ? -1 : pad_shape.dim_size(0);
  if (!pad_shape.unknown_rank() && pad_shape.dim_size(1) >= 0 && pad_shape.dim_size(1) != 2) {
    return errors::InvalidArgument("Dimension must be 2 but is ", pad_shape.dim_size(1));
  }
  const PartialTensorShape& in = c->input(0);
  if (rows >= 0) TF_RETURN_IF_ERROR(c->WithRank(0, static_cast<int>(rows)));
  const Tensor* paddings = c->input_tensor(1);
  const int rank = rows >= 0 ? static_cast<int>(rows) : in.dims();
  if (paddings == nullptr) {
    c->set_output(0, UnknownDims(rank));
    return OkStatus();
  }
  const std::vector<int64_t> p = tensor::IntValues(*paddings);
  std::vector<int64_t> out;
  for (int d = 0; d < paddings->dim_size(0); ++d) {
    if (p[2 * d] < 0 || p[2 * d + 1] < 0) {
      return errors::InvalidArgument("Paddings must be non-negative");
    }
    const int64_t size = in.unknown_rank() ? -1 : in.dim_size(d);
    int64_t padded = -1;
    if (size >= 0 && (__builtin_add_overflow(size, p[2 * d], &padded) ||
                      __builtin_add_overflow(padded, p[2 * d + 1], &padded))) {
      return errors::InvalidArgument("Paddings overflow dimension ", d, " of size ", size);
    }
    out.push_back(padded);
  }
  c->set_output(0, PartialTensorShape(out));
  return OkStatus();
}

Status TileShape(InferenceContext* c) {
  const PartialTensorShape& in = c->input(0);
  const Tensor* multiples = c->input_tensor(1);
  TF_RETURN_IF_ERROR(c->WithRank(1, 1));
  if (in.unknown_rank() || multiples == nullptr) {
    c->set_output(0, UnknownDims(in.unknown_rank() ? -1 : in.dims()));
    return OkStatus();
  }
  const std::vector<int64_t> m = tensor::IntValues(*multiples);
  if (static_cast<int>(m.size()) != in.dims()) {
    return errors::InvalidArgument("Shape must be rank ", in.dims(), " but is rank ", m.size());
  }
  std::vector<int64_t> out;
  for (int d = 0; d < in.dims(); ++d)
    out.push_back(in.dim_size(d) < 0 ? -1 : in.dim_size(d) * m[d]);
  c->set_output(0, PartialTensorShape(out));
  return OkStatus();
}

// OneHot: indices' shape with `depth` inserted at `axis` (-1: last).
Status OneHotShape(InferenceContext* c) {
  int64_t axis = -1;
  TF_RETURN_IF_ERROR(c->GetAttr("axis", &axis));
  const PartialTensorShape& in = c->input(0);
  TF_RETURN_IF_ERROR(c->WithRank(1, 0));
  if (in.unknown_rank()) {
    c->set_output(0, PartialTensorShape());
    return OkStatus();
  }
  if (axis < -1 || axis > in.dims()) {
    return errors::InvalidArgument("Expected axis to be -1 or between [0, ", in.dims() + 1,
                                   ").  But received: ", axis);
  }
  const Tensor* depth = c->input_tensor(1);
  const int64_t d = depth == nullptr ? -1 : tensor::IntValues(*depth)[0];
  if (depth != nullptr && d < 0)
    return errors::InvalidArgument("depth must be non-negative, got: ", d);
  const auto dims = in.dim_sizes();
  std::vector<int64_t> out(dims.begin(), dims.end());
  out.insert(out.begin() + (axis == -1 ? in.dims() : axis), d);
  c->set_output(0, PartialTensorShape(out));
  return OkStatus();
}

}  // namespace

REGISTER_OP("Tile")
    .Input("input: T")
    .Input("multiples: Tmultiples")
    .Output("output: T")
    .Attr("T: type")
    .Attr("Tmultiples: {int32, int64} = DT_INT32")
    .SetShapeFn(TileShape)
    .Summary("Constructs a tensor by tiling a given tensor.")
    .CcHeader("array_ops");

REGISTER_OP("OneHot")
    .Input("indices: TI")
    .Input("depth: int32")
    .Input("on_value: T")
    .Input("off_value: T")
    .Attr("axis: int = -1")
    .Output("output: T")
    .Attr("T: type")
    .Attr("TI: {uint8, int8, int32, int64} = DT_INT64")
    .SetShapeFn(OneHotShape)
    .Summary("Returns a one-hot tensor.")
    .CcHeader("array_ops");

REGISTER_OP("Transpose")
    .Input("x: T")
    .Input("perm: Tperm")
    .Output("y: T")
    .Attr("T: type")
    .Attr("Tperm: {int32, int64} = DT_INT32")
    .SetShapeFn(TransposeShape)
    .Summary("Shuffle dimensions of x according to a permutation.")
    .CcHeader("array_ops");

REGISTER_OP("InvertPermutation")
    .Input("x: T")
    .Output("y: T")
    .Attr("T: {int32, int64} = DT_INT32")
    .SetShapeFn(shape_inference::UnchangedShape)
    .Summary("Computes the inverse permutation of a tensor.")
    .CcHeader("array_ops");

REGISTER_OP("Pack")
    .Input("values: N * T")
    .Output("output: T")
    .Attr("N: int >= 1")
    .Attr("T: type")
    .Attr("axis: int = 0")
    .SetShapeFn(PackShape)
    .Summary("Packs a list of `N` rank-`R` tensors into one rank-`(R+1)` tensor.")
    .CcName("Stack")
    .CcHeader("array_ops");

REGISTER_OP("Unpack")
    .Input("value: T")
    .Output("output: num * T")
    .Attr("num: int >= 0")
    .Attr("T: type")
    .Attr("axis: int = 0")
    .SetShapeFn(UnpackShape)
    .Summary("Unpacks a given dimension of a rank-`R` tensor into `num` rank-`(R-1)` tensors.")
    .CcName("Unstack")
    .CcHeader("array_ops");

REGISTER_OP("Squeeze")
    .Input("input: T")
    .Output("output: T")
    .Attr("T: type")
    .Attr("squeeze_dims: list(int) >= 0 = []")
    .SetShapeFn(SqueezeShape)
    .Summary("Removes dimensions of size 1 from the shape of a tensor.")
    .CcRename("squeeze_dims", "axis")
    .CcHeader("array_ops");

REGISTER_OP("ConcatV2")
    .Input("values: N * T")
    .Input("axis: Tidx")
    .Output("output: T")
    .Attr("N: int >= 2")
    .Attr("T: type")
    .Attr("Tidx: {int32, int64} = DT_INT32")
    .SetShapeFn(ConcatV2Shape)
    .Summary("Concatenates tensors along one dimension.")
    .CcName("Concat")
    .CcHeader("array_ops");

REGISTER_OP("ConcatOffset")
    .Input("concat_dim: int32")
    .Input("shape: N * shape_type")
    .Output("offset: N * shape_type")
    .Attr("N: int >= 2")
    .Attr("shape_type: {int32, int64} = DT_INT32")
    .SetShapeFn(ConcatOffsetShape)
    .Summary("Computes offsets of concat inputs within its output.")
    .CcHeader("array_ops")
    .CcHidden();

REGISTER_OP("ShapeN")
    .Input("input: N * T")
    .Output("output: N * out_type")
    .Attr("N: int")
    .Attr("T: type")
    .Attr("out_type: {int32, int64} = DT_INT32")
    .SetShapeFn(ShapeNShape)
    .Summary("Returns shape of tensors.")
    .CcHeader("array_ops");

REGISTER_OP("Slice")
    .Input("input: T")
    .Input("begin: Index")
    .Input("size: Index")
    .Output("output: T")
    .Attr("T: type")
    .Attr("Index: {int32,int64}")
    .SetShapeFn(SliceShape)
    .Summary("Return a slice from 'input'.")
    .CcHeader("array_ops");

REGISTER_OP("Pad")
    .Input("input: T")
    .Input("paddings: Tpaddings")
    .Output("output: T")
    .Attr("T: type")
    .Attr("Tpaddings: {int32, int64} = DT_INT32")
    .SetShapeFn(PadShape)
    .Summary("Pads a tensor with zeros.")
    .CcHeader("array_ops");

REGISTER_OP("PadV2")
    .Input("input: T")
    .Input("paddings: Tpaddings")
    .Input("constant_values: T")
    .Output("output: T")
    .Attr("T: type")
    .Attr("Tpaddings: {int32, int64} = DT_INT32")
    .SetShapeFn(PadShape)
    .Summary("Pads a tensor with `constant_values`.")
    .CcHeader("array_ops");

}  // namespace tensorflow
