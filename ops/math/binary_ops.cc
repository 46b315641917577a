// The math family's broadcasting binary ops beyond arithmetic (TF 2.21's signatures and
// summaries): Maximum, Minimum, SquaredDifference, FloorDiv, FloorMod, the comparisons, the
// logical ops, and Select/SelectV2. Kernels: binary_kernels.cc; gradients: binary_grad.cc.
#include "framework/bcast.h"
#include "framework/op.h"

namespace tensorflow {

using shape_inference::InferenceContext;

namespace {

Status BroadcastShape(InferenceContext* c) {
  PartialTensorShape out;
  TF_RETURN_IF_ERROR(BroadcastPartialShapes(c->input(0), c->input(1), &out));
  c->set_output(0, out);
  return OkStatus();
}

// Equal/NotEqual with incompatible_shape_error = false: any shapes; a scalar when they do not
// broadcast.
Status EqualityShape(InferenceContext* c) {
  bool incompatible_shape_error = true;
  TF_RETURN_IF_ERROR(c->GetAttr("incompatible_shape_error", &incompatible_shape_error));
  PartialTensorShape out;
  Status s = BroadcastPartialShapes(c->input(0), c->input(1), &out);
  if (!s.ok()) {
    if (incompatible_shape_error) return s;
    c->set_output(0, PartialTensorShape());
    return OkStatus();
  }
  c->set_output(0, out);
  return OkStatus();
}

// Select: t and e merged; the condition has their shape, or is a scalar, or (for t of rank
// >= 1) a vector as long as t's first dimension.
Status SelectShape(InferenceContext* c) {
  PartialTensorShape data;
  TF_RETURN_IF_ERROR(InferenceContext::Merge(c->input(1), c->input(2), &data));
  const PartialTensorShape& cond = c->input(0);
  if (!cond.unknown_rank() && !data.unknown_rank() && cond.dims() != 0 &&
      cond.dims() != data.dims()) {
    if (cond.dims() != 1) {
      return errors::InvalidArgument("Shape must be rank 1 but is rank ", cond.dims(),
                                     " for 'condition'");
    }
    if (data.dims() < 1) {
      return errors::InvalidArgument("Shape must be at least rank 1 but is rank ", data.dims());
    }
    int64_t unused;
    TF_RETURN_IF_ERROR(InferenceContext::MergeDim(cond.dim_size(0), data.dim_size(0), &unused));
  } else if (!cond.unknown_rank() && cond.dims() != 0) {
    PartialTensorShape unused;
    TF_RETURN_IF_ERROR(InferenceContext::Merge(cond, data, &unused));
  }
  c->set_output(0, data);
  return OkStatus();
}

// SelectV2: all three broadcast.
Status SelectV2Shape(InferenceContext* c) {
  PartialTensorShape te, out;
  TF_RETURN_IF_ERROR(BroadcastPartialShapes(c->input(1), c->input(2), &te));
  TF_RETURN_IF_ERROR(BroadcastPartialShapes(c->input(0), te, &out));
  c->set_output(0, out);
  return OkStatus();
}

#define MINITF_REAL_NUMBERS \
  "{bfloat16, half, float, double, int8, uint8, int16, uint16, int32, uint32, int64, uint64}"

#define MINITF_BINARY(NAME, TYPES, SUMMARY) \
  REGISTER_OP(NAME)                         \
      .Input("x: T")                        \
      .Input("y: T")                        \
      .Output("z: T")                       \
      .Attr("T: " TYPES)                    \
      .SetShapeFn(BroadcastShape)           \
      .Summary(SUMMARY)                     \
      .CcHeader("math_ops")

#define MINITF_COMPARISON(NAME, SUMMARY) \
  REGISTER_OP(NAME)                      \
      .Input("x: T")                     \
      .Input("y: T")                     \
      .Output("z: bool")                 \
      .Attr("T: " MINITF_REAL_NUMBERS)   \
      .SetShapeFn(BroadcastShape)        \
      .Summary(SUMMARY)                  \
      .CcHeader("math_ops")

#define MINITF_EQUALITY(NAME, SUMMARY)               \
  REGISTER_OP(NAME)                                  \
      .Input("x: T")                                 \
      .Input("y: T")                                 \
      .Output("z: bool")                             \
      .SetIsCommutative()                            \
      .Attr("T: type")                               \
      .Attr("incompatible_shape_error: bool = true") \
      .SetShapeFn(EqualityShape)                     \
      .Summary(SUMMARY)                              \
      .CcHeader("math_ops")

#define MINITF_LOGICAL(NAME, SUMMARY) \
  REGISTER_OP(NAME)                   \
      .Input("x: bool")               \
      .Input("y: bool")               \
      .Output("z: bool")              \
      .SetIsCommutative()             \
      .SetShapeFn(BroadcastShape)     \
      .Summary(SUMMARY)               \
      .CcHeader("math_ops")

}  // namespace

MINITF_BINARY("Maximum", MINITF_REAL_NUMBERS,
              "Returns the max of x and y (i.e. x > y ? x : y) element-wise.");
MINITF_BINARY("Minimum", MINITF_REAL_NUMBERS,
              "Returns the min of x and y (i.e. x < y ? x : y) element-wise.");
MINITF_BINARY("SquaredDifference",
              "{bfloat16, half, float, double, int32, int64, complex64, complex128}",
              "Returns conj(x - y)(x - y) element-wise.")
    .SetIsCommutative();
MINITF_BINARY("FloorDiv",
              "{bfloat16, half, float, double, uint8, int8, uint16, int16, int32, uint32, uint64, "
              "int64, complex64, complex128}",
              "Returns x // y element-wise.");
MINITF_BINARY("FloorMod",
              "{int8, int16, int32, int64, uint8, uint16, uint32, uint64, bfloat16, half, float, "
              "double}",
              "Returns element-wise remainder of division.");
MINITF_BINARY("Pow",
              "{bfloat16, float, half, double, int8, int16, int32, int64, complex64, "
              "complex128}",
              "Computes the power of one value to another.");
REGISTER_OP("Atan2")
    .Input("y: T")
    .Input("x: T")
    .Output("z: T")
    .Attr("T: {bfloat16, half, float, double}")
    .SetShapeFn(BroadcastShape)
    .Summary("Computes arctangent of `y/x` element-wise, respecting signs of the arguments.")
    .CcHeader("math_ops");
MINITF_BINARY("Mod", "{int32, int64, half, bfloat16, float, double}",
              "Returns element-wise remainder of division, with the sign of x (C's fmod).");

MINITF_COMPARISON("Less", "Returns the truth value of (x < y) element-wise.");
MINITF_COMPARISON("LessEqual", "Returns the truth value of (x <= y) element-wise.");
MINITF_COMPARISON("Greater", "Returns the truth value of (x > y) element-wise.");
MINITF_COMPARISON("GreaterEqual", "Returns the truth value of (x >= y) element-wise.");
MINITF_EQUALITY("Equal", "Returns the truth value of (x == y) element-wise.");
MINITF_EQUALITY("NotEqual", "Returns the truth value of (x != y) element-wise.");
MINITF_LOGICAL("LogicalAnd", "Returns the truth value of x AND y element-wise.");
MINITF_LOGICAL("LogicalOr", "Returns the truth value of x OR y element-wise.");

REGISTER_OP("Select")
    .Input("condition: bool")
    .Input("t: T")
    .Input("e: T")
    .Output("output: T")
    .Attr("T: type")
    .SetShapeFn(SelectShape)
    .Summary("Selects elements from `t` or `e`, depending on `condition`.")
    .CcName("Where3")
    .CcRename("t", "x")
    .CcRename("e", "y")
    .CcHeader("math_ops");

REGISTER_OP("SelectV2")
    .Input("condition: bool")
    .Input("t: T")
    .Input("e: T")
    .Output("output: T")
    .Attr("T: type")
    .SetShapeFn(SelectV2Shape)
    .Summary("Selects elements from `t` or `e`, depending on `condition`, broadcasting all three.")
    .CcHeader("math_ops");

}  // namespace tensorflow
