// The math family's op definitions (TF 2.21's signatures, attrs and shape functions) and the
// constructors of its wrapper classes. Kernels: cwise_kernels.cc, reduction_kernels.cc,
// matmul_kernel.cc; gradients: math_grad.cc.
#include "ops/math/math_ops.h"

#include <set>

#include "framework/bcast.h"
#include "framework/errors.h"
#include "framework/op.h"

namespace tensorflow {

using shape_inference::InferenceContext;

namespace {

Status BroadcastBinaryShape(InferenceContext* c) {
  PartialTensorShape out;
  TF_RETURN_IF_ERROR(BroadcastPartialShapes(c->input(0), c->input(1), &out));
  c->set_output(0, out);
  return OkStatus();
}

// The reduced shape when the axes are known (a Const), else what the rank allows.
Status ReductionShape(InferenceContext* c) {
  bool keep_dims = false;
  TF_RETURN_IF_ERROR(c->GetAttr("keep_dims", &keep_dims));
  const PartialTensorShape& in = c->input(0);
  const Tensor* axes = c->input_tensor(1);
  TF_RETURN_IF_ERROR(c->WithRankAtMost(1, 1));
  if (in.unknown_rank()) {
    c->set_output(0, PartialTensorShape());
    return OkStatus();
  }
  const int rank = in.dims();
  if (axes == nullptr) {
    c->set_output(0, keep_dims ? PartialTensorShape(std::vector<int64_t>(rank, -1))
                               : PartialTensorShape());
    return OkStatus();
  }
  std::set<int64_t> reduced;
  for (const int64_t a : tensor::IntValues(*axes)) {
    if (a < -rank || a >= rank) {
      return errors::InvalidArgument("Invalid reduction dimension ", a, " for input with ",
                                     rank, " dimensions.");
    }
    reduced.insert(a < 0 ? a + rank : a);
  }
  std::vector<int64_t> dims;
  for (int d = 0; d < rank; ++d) {
    if (reduced.count(d) == 0) {
      dims.push_back(in.dim_size(d));
    } else if (keep_dims) {
      dims.push_back(1);
    }
  }
  c->set_output(0, PartialTensorShape(dims));
  return OkStatus();
}

Status MatMulShape(InferenceContext* c) {
  TF_RETURN_IF_ERROR(c->WithRank(0, 2));
  TF_RETURN_IF_ERROR(c->WithRank(1, 2));
  bool ta = false, tb = false;
  TF_RETURN_IF_ERROR(c->GetAttr("transpose_a", &ta));
  TF_RETURN_IF_ERROR(c->GetAttr("transpose_b", &tb));
  auto dim = [&](int input, int d) {
    return c->input(input).unknown_rank() ? int64_t{-1} : c->input(input).dim_size(d);
  };
  int64_t inner;
  TF_RETURN_IF_ERROR(InferenceContext::MergeDim(dim(0, ta ? 0 : 1), dim(1, tb ? 1 : 0), &inner));
  c->set_output(0, PartialTensorShape({dim(0, ta ? 1 : 0), dim(1, tb ? 0 : 1)}));
  return OkStatus();
}

Status AddNShape(InferenceContext* c) {
  PartialTensorShape out = c->input(0);
  for (int i = 1; i < c->num_inputs(); ++i) {
    PartialTensorShape merged;
    TF_RETURN_IF_ERROR(InferenceContext::Merge(out, c->input(i), &merged));
    out = merged;
  }
  c->set_output(0, out);
  return OkStatus();
}

#define MINITF_BINARY_OP(NAME, TYPES, SUMMARY) \
  REGISTER_OP(NAME)                            \
      .Input("x: T")                           \
      .Input("y: T")                           \
      .Output("z: T")                          \
      .Attr("T: " TYPES)                       \
      .SetShapeFn(BroadcastBinaryShape)        \
      .Summary(SUMMARY)

#define MINITF_UNARY_OP(NAME, TYPES, SUMMARY) \
  REGISTER_OP(NAME)                           \
      .Input("x: T")                          \
      .Output("y: T")                         \
      .Attr("T: " TYPES)                      \
      .SetShapeFn(shape_inference::UnchangedShape)  \
      .Summary(SUMMARY)

#define MINITF_REDUCTION_OP(NAME, SUMMARY)     \
  REGISTER_OP(NAME)                            \
      .Input("input: T")                       \
      .Input("reduction_indices: Tidx")        \
      .Output("output: T")                     \
      .Attr("keep_dims: bool = false")         \
      .Attr("T: numbertype")                   \
      .Attr("Tidx: {int32, int64} = DT_INT32") \
      .SetShapeFn(ReductionShape)              \
      .Summary(SUMMARY)

#define MINITF_ARITHMETIC_TYPES                                                          \
  "{bfloat16, half, float, double, uint8, int8, uint16, int16, int32, int64, complex64, " \
  "complex128, uint32, uint64}"

}  // namespace

MINITF_BINARY_OP("Add",
                 "{bfloat16, half, float, double, uint8, int8, int16, int32, int64, complex64, "
                 "complex128, string}",
                 "Returns x + y element-wise.");
MINITF_BINARY_OP("AddV2", MINITF_ARITHMETIC_TYPES, "Returns x + y element-wise.")
    .SetIsCommutative()
    .SetIsAggregate();
MINITF_BINARY_OP("Sub", MINITF_ARITHMETIC_TYPES, "Returns x - y element-wise.");
MINITF_BINARY_OP("Mul", MINITF_ARITHMETIC_TYPES, "Returns x * y element-wise.").SetIsCommutative();
MINITF_BINARY_OP("Div", MINITF_ARITHMETIC_TYPES, "Returns x / y element-wise.");
MINITF_UNARY_OP("Neg",
                "{bfloat16, half, float, double, int8, int16, int32, int64, complex64, "
                "complex128}",
                "Computes numerical negative value element-wise.");
MINITF_UNARY_OP("Square", MINITF_ARITHMETIC_TYPES, "Computes square of x element-wise.");
MINITF_UNARY_OP("Sqrt", "{bfloat16, half, float, double, complex64, complex128}",
                "Computes square root of x element-wise.");
MINITF_REDUCTION_OP("Sum", "Computes the sum of elements across dimensions of a tensor.");
MINITF_REDUCTION_OP("Mean", "Computes the mean of elements across dimensions of a tensor.");

REGISTER_OP("Conj")
    .Input("input: T")
    .Output("output: T")
    .Attr("T: {complex64, complex128, variant} = DT_COMPLEX64")
    .SetShapeFn(shape_inference::UnchangedShape)
    .Summary("Returns the complex conjugate of a complex number.");

REGISTER_OP("SqrtGrad")
    .Input("y: T")
    .Input("dy: T")
    .Output("z: T")
    .Attr("T: {bfloat16, half, float, double, complex64, complex128}")
    .SetShapeFn(shape_inference::UnchangedShape)
    .Summary("Computes the gradient for the sqrt of x wrt its input.");

REGISTER_OP("AddN")
    .Input("inputs: N * T")
    .Output("sum: T")
    .Attr("N: int >= 1")
    .Attr("T: {numbertype, variant}")
    .SetIsCommutative()
    .SetIsAggregate()
    .SetShapeFn(AddNShape)
    .Summary("Add all input tensors element wise.");

REGISTER_OP("MatMul")
    .Input("a: T")
    .Input("b: T")
    .Output("product: T")
    .Attr("transpose_a: bool = false")
    .Attr("transpose_b: bool = false")
    .Attr(
        "T: {bfloat16, half, float, double, int32, int64, uint8, uint16, uint32, uint64, "
        "complex64, complex128}")
    .Attr("grad_a: bool = false")
    .Attr("grad_b: bool = false")
    .SetShapeFn(MatMulShape)
    .Summary("Multiply the matrix \"a\" by the matrix \"b\".");

namespace ops {

using internal::BuildNode;
using internal::MakeAttr;

#define MINITF_BINARY_CTOR(CLASS, OP) \
  MINITF_SIMPLE_OP_CTOR(CLASS, OP, z, (const Scope& scope, Input x, Input y), ({x, y}))
#define MINITF_UNARY_CTOR(CLASS, OP) \
  MINITF_SIMPLE_OP_CTOR(CLASS, OP, y, (const Scope& scope, Input x), ({x}))

MINITF_BINARY_CTOR(Add, "Add")
MINITF_BINARY_CTOR(AddV2, "AddV2")
MINITF_BINARY_CTOR(Subtract, "Sub")
MINITF_BINARY_CTOR(Multiply, "Mul")
MINITF_BINARY_CTOR(Div, "Div")
MINITF_UNARY_CTOR(Negate, "Neg")
MINITF_UNARY_CTOR(Square, "Square")
MINITF_UNARY_CTOR(Sqrt, "Sqrt")
MINITF_SIMPLE_OP_CTOR(Conj, "Conj", output, (const Scope& scope, Input input), ({input}))
namespace internal {
MINITF_SIMPLE_OP_CTOR(SqrtGrad, "SqrtGrad", z, (const Scope& scope, Input y, Input dy), ({y, dy}))
}  // namespace internal

#define MINITF_REDUCTION_CTORS(CLASS, OP)                                                  \
  CLASS::CLASS(const Scope& scope, Input input, Input axis, const CLASS::Attrs& attrs) {    \
    Node* ret = BuildNode(scope, OP, {input, axis}, {{"keep_dims", MakeAttr(attrs.keep_dims_)}}); \
    if (ret == nullptr) return;                                                            \
    this->operation = Operation(ret);                                                      \
    this->output = Output(ret, 0);                                                         \
  }                                                                                        \
  CLASS::CLASS(const Scope& scope, Input input, Input axis)                                \
      : CLASS(scope, input, axis, CLASS::Attrs()) {}

MINITF_REDUCTION_CTORS(Sum, "Sum")
MINITF_REDUCTION_CTORS(Mean, "Mean")

MatMul::MatMul(const Scope& scope, Input a, Input b, const MatMul::Attrs& attrs) {
  Node* ret = BuildNode(scope, "MatMul", {a, b},
                        {{"transpose_a", MakeAttr(attrs.transpose_a_)},
                         {"transpose_b", MakeAttr(attrs.transpose_b_)},
                         {"grad_a", MakeAttr(attrs.grad_a_)},
                         {"grad_b", MakeAttr(attrs.grad_b_)}});
  if (ret == nullptr) return;
  this->operation = Operation(ret);
  this->product = Output(ret, 0);
}
MatMul::MatMul(const Scope& scope, Input a, Input b) : MatMul(scope, a, b, MatMul::Attrs()) {}

AddN::AddN(const Scope& scope, InputList inputs) {
  if (!scope.ok()) return;
  auto _inputs = AsNodeOutList(scope, inputs);
  if (!scope.ok()) return;
  auto builder = NodeBuilder(scope.GetUniqueNameForOp("AddN"), "AddN").Input(_inputs);
  Node* ret = internal::FinishOp(scope, &builder);
  if (ret == nullptr) return;
  this->operation = Operation(ret);
  this->sum = Output(ret, 0);
}

}  // namespace ops
}  // namespace tensorflow
