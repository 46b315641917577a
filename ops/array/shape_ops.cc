// The shape-level array ops: definitions (TF 2.21's signatures, shape functions, C++ API):
// OnesLike, ZerosLike, StopGradient, Reshape (shares its input's buffer), Shape, Size,
// BroadcastTo, BroadcastGradientArgs (hidden). Kernels: shape_kernels.cc.

#include "framework/bcast.h"
#include "framework/errors.h"
#include "framework/op.h"

namespace tensorflow {

using shape_inference::InferenceContext;

namespace {

Status ReshapeShape(InferenceContext* c) {
  TF_RETURN_IF_ERROR(c->WithRankAtMost(1, 1));
  const Tensor* shape = c->input_tensor(1);
  if (shape == nullptr) {
    const PartialTensorShape& s = c->input(1);
    c->set_output(0, (s.dims() == 1 && s.dim_size(0) >= 0)
                         ? shape_inference::UnknownShapeOfRank(s.dim_size(0))
                         : PartialTensorShape());
    return OkStatus();
  }
  std::vector<int64_t> dims = tensor::IntValues(*shape);
  int unknown = -1;
  int64_t known = 1;
  for (size_t i = 0; i < dims.size(); ++i) {
    if (dims[i] == -1) {
      if (unknown >= 0) {
        return errors::InvalidArgument("Cannot infer multiple unknown dimensions in shape ",
                                       DimsString(dims));
      }
      unknown = static_cast<int>(i);
    } else if (dims[i] < 0) {
      return errors::InvalidArgument("Size ", i, " must be non-negative, not ", dims[i]);
    } else {
      known *= dims[i];
    }
  }
  const PartialTensorShape& in = c->input(0);
  if (in.IsFullyDefined()) {
    const int64_t n = in.num_elements();
    if (unknown >= 0 && known > 0) {
      if (n % known != 0) {
        return errors::InvalidArgument("Cannot reshape a tensor with ", n, " elements to shape ",
                                       DimsString(dims), " (", known, " elements)");
      }
      dims[unknown] = n / known;
    } else if (unknown < 0 && n != known) {
      return errors::InvalidArgument("Cannot reshape a tensor with ", n, " elements to shape ",
                                     DimsString(dims), " (", known, " elements)");
    }
  }
  c->set_output(0, PartialTensorShape(dims));
  return OkStatus();
}

Status ShapeShape(InferenceContext* c) {
  const PartialTensorShape& in = c->input(0);
  c->set_output(0, PartialTensorShape({in.unknown_rank() ? int64_t{-1} : in.dims()}));
  return OkStatus();
}

Status BroadcastToShape(InferenceContext* c) {
  TF_RETURN_IF_ERROR(c->WithRank(1, 1));
  const Tensor* shape = c->input_tensor(1);
  if (shape == nullptr) {
    c->set_output(0, PartialTensorShape());
    return OkStatus();
  }
  PartialTensorShape target(tensor::IntValues(*shape)), out;
  TF_RETURN_IF_ERROR(BroadcastPartialShapes(c->input(0), target, &out));
  if (!c->input(0).unknown_rank() && c->input(0).dims() > target.dims()) {
    return errors::InvalidArgument("Rank of input (", c->input(0).dims(),
                                   ") must be no greater than rank of output shape (",
                                   target.dims(), ").");
  }
  c->set_output(0, target);
  return OkStatus();
}

// ExpandDims: a 1 inserted at `dim` (negative counts from the end, -1 appends) when dim is
// known, else a rank one higher.
Status ExpandDimsShape(InferenceContext* c) {
  const PartialTensorShape& in = c->input(0);
  const Tensor* dim = c->input_tensor(1);
  if (in.unknown_rank() || dim == nullptr) {
    c->set_output(0, in.unknown_rank()
                         ? PartialTensorShape()
                         : PartialTensorShape(std::vector<int64_t>(in.dims() + 1, -1)));
    return OkStatus();
  }
  const std::vector<int64_t> values = tensor::IntValues(*dim);
  if (values.size() != 1) {
    return errors::InvalidArgument("'dim' input must be a tensor with a single value");
  }
  int64_t d = values[0];
  if (d < -1 - in.dims() || d > in.dims()) {
    return errors::InvalidArgument("dim ", d, " not in the interval [", -1 - in.dims(), ", ",
                                   in.dims(), "].");
  }
  if (d < 0) d += in.dims() + 1;
  const auto in_dims = in.dim_sizes();
  std::vector<int64_t> out(in_dims.begin(), in_dims.end());
  out.insert(out.begin() + d, 1);
  c->set_output(0, PartialTensorShape(out));
  return OkStatus();
}

// dims (a vector, known or not) gives the output shape; value is a scalar.
Status FillShape(InferenceContext* c) {
  TF_RETURN_IF_ERROR(c->WithRank(0, 1));
  TF_RETURN_IF_ERROR(c->WithRank(1, 0));
  const Tensor* dims = c->input_tensor(0);
  if (dims == nullptr) {
    const PartialTensorShape& d = c->input(0);
    c->set_output(0, d.unknown_rank() || d.dim_size(0) < 0
                         ? PartialTensorShape()
                         : shape_inference::UnknownShapeOfRank(d.dim_size(0)));
    return OkStatus();
  }
  const std::vector<int64_t> values = tensor::IntValues(*dims);
  for (int64_t v : values) {
    if (v < 0) return errors::InvalidArgument("Fill dimensions must be >= 0");
  }
  c->set_output(0, PartialTensorShape(values));
  return OkStatus();
}

Status BroadcastGradientArgsShape(InferenceContext* c) {
  TF_RETURN_IF_ERROR(c->WithRank(0, 1));
  TF_RETURN_IF_ERROR(c->WithRank(1, 1));
  c->set_output(0, PartialTensorShape({-1}));
  c->set_output(1, PartialTensorShape({-1}));
  return OkStatus();
}

}  // namespace

REGISTER_OP("OnesLike")
    .Input("x: T")
    .Output("y: T")
    .Attr(
        "T: {bfloat16, half, float, double, int8, uint8, int16, uint16, int32, uint32, int64, "
        "uint64, complex64, complex128, bool}")
    .SetShapeFn(shape_inference::UnchangedShape)
    .Summary("Returns a tensor of ones with the same shape and type as x.")
    .CcHeader("array_ops");

REGISTER_OP("ZerosLike")
    .Input("x: T")
    .Output("y: T")
    .Attr("T: type")
    .SetShapeFn(shape_inference::UnchangedShape)
    .Summary("Returns a tensor of zeros with the same shape and type as x.")
    .CcHeader("array_ops");

REGISTER_OP("StopGradient")
    .Input("input: T")
    .Output("output: T")
    .Attr("T: type")
    .SetShapeFn(shape_inference::UnchangedShape)
    .Summary("Stops gradient computation.")
    .CcHeader("array_ops");

REGISTER_OP("Reshape")
    .Input("tensor: T")
    .Input("shape: Tshape")
    .Output("output: T")
    .Attr("T: type")
    .Attr("Tshape: {int32, int64} = DT_INT32")
    .SetShapeFn(ReshapeShape)
    .Summary("Reshapes a tensor.")
    .ArgDoc("shape", "Defines the shape of the output tensor.")
    .CcHeader("array_ops");

REGISTER_OP("Shape")
    .Input("input: T")
    .Output("output: out_type")
    .Attr("T: type")
    .Attr("out_type: {int32, int64} = DT_INT32")
    .SetShapeFn(ShapeShape)
    .Summary("Returns the shape of a tensor.")
    .CcHeader("array_ops");

REGISTER_OP("Size")
    .Input("input: T")
    .Output("output: out_type")
    .Attr("T: type")
    .Attr("out_type: {int32, int64} = DT_INT32")
    .SetShapeFn(shape_inference::ScalarShape)
    .Summary("Returns the size of a tensor.")
    .CcHeader("array_ops");

REGISTER_OP("ExpandDims")
    .Input("input: T")
    .Input("dim: Tdim")
    .Output("output: T")
    .Attr("T: type")
    .Attr("Tdim: {int32, int64} = DT_INT32")
    .SetShapeFn(ExpandDimsShape)
    .Summary("Inserts a dimension of 1 into a tensor's shape.")
    .CcRename("dim", "axis")
    .CcHeader("array_ops");

REGISTER_OP("Rank")
    .Input("input: T")
    .Output("output: int32")
    .Attr("T: type")
    .SetShapeFn(shape_inference::ScalarShape)
    .Summary("Returns the rank of a tensor.")
    .CcHeader("array_ops");

REGISTER_OP("Fill")
    .Input("dims: index_type")
    .Input("value: T")
    .Output("output: T")
    .Attr("T: type")
    .Attr("index_type: {int32, int64} = DT_INT32")
    .SetShapeFn(FillShape)
    .Summary("Creates a tensor filled with a scalar value.")
    .ArgDoc("dims", "1-D. Represents the shape of the output tensor.")
    .ArgDoc("value", "0-D (scalar). Value to fill the returned tensor.")
    .CcHeader("array_ops");

REGISTER_OP("BroadcastTo")
    .Input("input: T")
    .Input("shape: Tidx")
    .Output("output: T")
    .Attr("T: type")
    .Attr("Tidx: {int32, int64} = DT_INT32")
    .SetShapeFn(BroadcastToShape)
    .Summary("Broadcast an array for a compatible shape.")
    .ArgDoc("input", "A Tensor to broadcast.")
    .ArgDoc("shape", "An 1-D `int` Tensor. The shape of the desired output.")
    .CcHeader("array_ops");

REGISTER_OP("BroadcastGradientArgs")
    .Input("s0: T")
    .Input("s1: T")
    .Output("r0: T")
    .Output("r1: T")
    .Attr("T: {int32, int64} = DT_INT32")
    .SetShapeFn(BroadcastGradientArgsShape)
    .Summary("Return the reduction indices for computing gradients of s0 op s1 with broadcast.")
    .CcHeader("array_ops")
    .CcHidden();
}  // namespace tensorflow
