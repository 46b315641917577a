// The math family's op definitions (TF 2.21's signatures, attrs, shape functions and C++ API).
// Binary ops broadcast as TF does (shapes aligned at the right; a dimension of 1 stretches).
// Kernels: cwise_kernels.cc, reduction_kernels.cc, matmul_kernel.cc; gradients: math_grad.cc.

#include "framework/bcast.h"
#include "framework/errors.h"
#include "framework/op.h"
#include "ops/math/internal/math_types.h"
#include "ops/math/internal/reduction_axes.h"

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
    c->set_output(
        0, keep_dims ? PartialTensorShape(std::vector<int64_t>(rank, -1)) : PartialTensorShape());
    return OkStatus();
  }
  std::vector<bool> reduced;
  TF_RETURN_IF_ERROR(reduction::ReducedDims(tensor::IntValues(*axes), rank,
                                            reduction::Checker::kShapeFunction, &reduced));
  std::vector<int64_t> dims;
  for (int d = 0; d < rank; ++d) {
    if (!reduced[d]) {
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

// BatchMatMul (V2 broadcasts the batch dimensions; V1 wants them equal): rank >= 2 each, the
// inner sizes equal, output [batch..., rows of x, columns of y].
Status BatchMatMulShape(InferenceContext* c, bool broadcast) {
  TF_RETURN_IF_ERROR(c->WithRankAtLeast(0, 2));
  TF_RETURN_IF_ERROR(c->WithRankAtLeast(1, 2));
  const PartialTensorShape& x = c->input(0);
  const PartialTensorShape& y = c->input(1);
  if (x.unknown_rank() || y.unknown_rank()) {
    c->set_output(0, PartialTensorShape());
    return OkStatus();
  }
  bool adj_x = false, adj_y = false;
  TF_RETURN_IF_ERROR(c->GetAttr("adj_x", &adj_x));
  TF_RETURN_IF_ERROR(c->GetAttr("adj_y", &adj_y));
  const int rx = x.dims(), ry = y.dims();
  const int64_t rows = x.dim_size(adj_x ? rx - 1 : rx - 2);
  const int64_t cols = y.dim_size(adj_y ? ry - 2 : ry - 1);
  int64_t inner;
  TF_RETURN_IF_ERROR(InferenceContext::MergeDim(x.dim_size(adj_x ? rx - 2 : rx - 1),
                                                y.dim_size(adj_y ? ry - 1 : ry - 2), &inner));
  const auto xd = x.dim_sizes(), yd = y.dim_sizes();
  const PartialTensorShape xb(std::vector<int64_t>(xd.begin(), xd.end() - 2));
  const PartialTensorShape yb(std::vector<int64_t>(yd.begin(), yd.end() - 2));
  PartialTensorShape batch;
  if (broadcast) {
    TF_RETURN_IF_ERROR(BroadcastPartialShapes(xb, yb, &batch));
  } else {
    TF_RETURN_IF_ERROR(InferenceContext::Merge(xb, yb, &batch));
  }
  const auto bd = batch.dim_sizes();
  std::vector<int64_t> out(bd.begin(), bd.end());
  out.push_back(rows);
  out.push_back(cols);
  c->set_output(0, PartialTensorShape(out));
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
      .Summary(SUMMARY)                        \
      .CcHeader("math_ops")

#define MINITF_UNARY_OP(NAME, TYPES, SUMMARY)      \
  REGISTER_OP(NAME)                                \
      .Input("x: T")                               \
      .Output("y: T")                              \
      .Attr("T: " TYPES)                           \
      .SetShapeFn(shape_inference::UnchangedShape) \
      .Summary(SUMMARY)                            \
      .CcHeader("math_ops")

// A reduction over `reduction_indices` (C++ name `axis`) of a T tensor, T declared by T_ATTR
// (TF's attr order: keep_dims, T, Tidx), or of a bool tensor.
#define MINITF_REDUCTION_BODY(NAME, IN, SUMMARY) \
  REGISTER_OP(NAME)                              \
      .Input("input: " IN)                       \
      .Input("reduction_indices: Tidx")          \
      .Output("output: " IN)                     \
      .Attr("keep_dims: bool = false")
#define MINITF_REDUCTION_TAIL(SUMMARY)                                                         \
  Attr("Tidx: {int32, int64} = DT_INT32")                                                      \
      .SetShapeFn(ReductionShape)                                                              \
      .Summary(SUMMARY)                                                                        \
      .ArgDoc("input", "The tensor to reduce.")                                                \
      .ArgDoc("reduction_indices",                                                             \
              "The dimensions to reduce. Must be in the range `[-rank(input), rank(input))`.") \
      .ArgDoc("keep_dims", "If true, retain reduced dimensions with length 1.")                \
      .ArgDoc("output", "The reduced tensor.")                                                 \
      .CcRename("reduction_indices", "axis")                                                   \
      .CcHeader("math_ops")
#define MINITF_TYPED_REDUCTION_OP(NAME, T_ATTR, SUMMARY) \
  MINITF_REDUCTION_BODY(NAME, "T", SUMMARY).Attr(T_ATTR).MINITF_REDUCTION_TAIL(SUMMARY)
#define MINITF_BOOL_REDUCTION_OP(NAME, SUMMARY) \
  MINITF_REDUCTION_BODY(NAME, "bool", SUMMARY).MINITF_REDUCTION_TAIL(SUMMARY)
#define MINITF_REDUCTION_OP(NAME, SUMMARY) MINITF_TYPED_REDUCTION_OP(NAME, "T: numbertype", SUMMARY)

// ArgMax/ArgMin: the input's shape without `dimension` (when it is known).
Status ArgOpShape(InferenceContext* c) {
  TF_RETURN_IF_ERROR(c->WithRankAtMost(1, 0));
  const PartialTensorShape& in = c->input(0);
  const Tensor* dim = c->input_tensor(1);
  if (in.unknown_rank()) {
    c->set_output(0, PartialTensorShape());
    return OkStatus();
  }
  if (in.dims() == 0) return errors::InvalidArgument("Input must have rank > 0");
  if (dim == nullptr) {
    c->set_output(0, PartialTensorShape(std::vector<int64_t>(in.dims() - 1, -1)));
    return OkStatus();
  }
  int64_t d = tensor::IntValues(*dim)[0];
  if (d < -in.dims() || d >= in.dims()) {
    return errors::InvalidArgument("Expected dimension in the range [", -in.dims(), ", ", in.dims(),
                                   "), but got ", d);
  }
  if (d < 0) d += in.dims();
  const auto in_dims = in.dim_sizes();
  std::vector<int64_t> out(in_dims.begin(), in_dims.end());
  out.erase(out.begin() + d);
  c->set_output(0, PartialTensorShape(out));
  return OkStatus();
}

#define MINITF_ARG_OP(NAME, TIDX, OUT, SUMMARY)                                           \
  REGISTER_OP(NAME)                                                                       \
      .Input("input: T")                                                                  \
      .Input("dimension: Tidx")                                                           \
      .Output("output: output_type")                                                      \
      .Attr(                                                                              \
          "T: {float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, " \
          "uint32, uint64, qint8, quint8, qint32, qint16, quint16, bool}")                \
      .Attr("Tidx: " TIDX " = DT_INT32")                                                  \
      .Attr("output_type: " OUT " = DT_INT64")                                            \
      .SetShapeFn(ArgOpShape)                                                             \
      .Summary(SUMMARY)                                                                   \
      .CcHeader("math_ops")

#define MINITF_EXTREMA_TYPES                                                                   \
  "{float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64, " \
  "qint8, quint8, qint32, qint16, quint16}"

}  // namespace

MINITF_BINARY_OP("Add",
                 "{bfloat16, half, float, double, uint8, int8, int16, int32, int64, complex64, "
                 "complex128, string}",
                 "Returns x + y element-wise.");
MINITF_BINARY_OP("AddV2", MINITF_ARITHMETIC_TYPE_SET, "Returns x + y element-wise.")
    .SetIsCommutative()
    .SetIsAggregate();
MINITF_BINARY_OP("Sub", MINITF_ARITHMETIC_TYPE_SET, "Returns x - y element-wise.")
    .CcName("Subtract")
    .CcAlias("Sub");
MINITF_BINARY_OP("Mul", MINITF_ARITHMETIC_TYPE_SET, "Returns x * y element-wise.")
    .SetIsCommutative()
    .CcName("Multiply")
    .CcAlias("Mul");
MINITF_BINARY_OP("Div", MINITF_ARITHMETIC_TYPE_SET, "Returns x / y element-wise.");
MINITF_BINARY_OP("RealDiv", MINITF_ARITHMETIC_TYPE_SET,
                 "Returns x / y element-wise for real types.");
MINITF_BINARY_OP("DivNoNan", "{half, float, bfloat16, double, complex64, complex128}",
                 "Returns 0 if the denominator is zero.");
MINITF_UNARY_OP("Neg", MINITF_SIGNED_TYPE_SET, "Computes numerical negative value element-wise.")
    .CcName("Negate")
    .CcAlias("Neg");
MINITF_UNARY_OP("Square", MINITF_ARITHMETIC_TYPE_SET, "Computes square of x element-wise.");
MINITF_UNARY_OP("Sqrt", MINITF_FLOAT_COMPLEX_TYPE_SET, "Computes square root of x element-wise.");
MINITF_REDUCTION_OP("Sum", "Computes the sum of elements across dimensions of a tensor.")
    .CcAlias("ReduceSum");
MINITF_REDUCTION_OP("Mean", "Computes the mean of elements across dimensions of a tensor.")
    .CcAlias("ReduceMean");
MINITF_REDUCTION_OP("Prod", "Computes the product of elements across dimensions of a tensor.")
    .CcAlias("ReduceProd");
MINITF_TYPED_REDUCTION_OP("Max", "T: " MINITF_EXTREMA_TYPES,
                          "Computes the maximum of elements across dimensions of a tensor.")
    .CcAlias("ReduceMax");
MINITF_TYPED_REDUCTION_OP("Min", "T: " MINITF_EXTREMA_TYPES,
                          "Computes the minimum of elements across dimensions of a tensor.")
    .CcAlias("ReduceMin");
MINITF_BOOL_REDUCTION_OP("All",
                         "Computes the \"logical and\" of elements across dimensions of a tensor.")
    .CcAlias("ReduceAll");
MINITF_BOOL_REDUCTION_OP("Any",
                         "Computes the \"logical or\" of elements across dimensions of a tensor.")
    .CcAlias("ReduceAny");
MINITF_ARG_OP("ArgMax", "{int16, int32, int64}", "{int16, uint16, int32, int64}",
              "Returns the index with the largest value across dimensions of a tensor.");
MINITF_ARG_OP("ArgMin", "{int32, int64}", "{int32, int64}",
              "Returns the index with the smallest value across dimensions of a tensor.");

REGISTER_OP("LogicalNot")
    .Input("x: bool")
    .Output("y: bool")
    .SetShapeFn(shape_inference::UnchangedShape)
    .Summary("Returns the truth value of `NOT x` element-wise.")
    .ArgDoc("x", "A `Tensor` of type `bool`.")
    .ArgDoc("y", "The logical negation of `x`, of the same shape.")
    .CcHeader("math_ops");

REGISTER_OP("Conj")
    .Input("input: T")
    .Output("output: T")
    .Attr("T: {complex64, complex128, variant} = DT_COMPLEX64")
    .SetShapeFn(shape_inference::UnchangedShape)
    .Summary("Returns the complex conjugate of a complex number.")
    .CcHeader("math_ops");

REGISTER_OP("SqrtGrad")
    .Input("y: T")
    .Input("dy: T")
    .Output("z: T")
    .Attr("T: " MINITF_FLOAT_COMPLEX_TYPE_SET)
    .SetShapeFn(shape_inference::UnchangedShape)
    .Summary("Computes the gradient for the sqrt of x wrt its input.")
    .CcHeader("math_ops")
    .CcHidden();

REGISTER_OP("AddN")
    .Input("inputs: N * T")
    .Output("sum: T")
    .Attr("N: int >= 1")
    .Attr("T: {numbertype, variant}")
    .SetIsCommutative()
    .SetIsAggregate()
    .SetShapeFn(AddNShape)
    .Summary("Add all input tensors element wise.")
    .ArgDoc("inputs", "A list of `Tensor` objects, each with same shape and type.")
    .CcHeader("math_ops");

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
    .Summary("Multiply the matrix \"a\" by the matrix \"b\".")
    .ArgDoc("transpose_a", "If true, \"a\" is transposed before multiplication.")
    .ArgDoc("transpose_b", "If true, \"b\" is transposed before multiplication.")
    .CcHeader("math_ops");
#define MINITF_BATCH_MATMUL(NAME, TYPES, BROADCAST, SUMMARY)                          \
  REGISTER_OP(NAME)                                                                   \
      .Input("x: T")                                                                  \
      .Input("y: T")                                                                  \
      .Output("output: T")                                                            \
      .Attr("T: " TYPES)                                                              \
      .Attr("adj_x: bool = false")                                                    \
      .Attr("adj_y: bool = false")                                                    \
      .Attr("grad_x: bool = false")                                                   \
      .Attr("grad_y: bool = false")                                                   \
      .SetShapeFn([](InferenceContext* c) { return BatchMatMulShape(c, BROADCAST); }) \
      .Summary(SUMMARY)                                                               \
      .ArgDoc("x", "2-D or higher with shape `[..., r_x, c_x]`.")                     \
      .ArgDoc("y", "2-D or higher with shape `[..., r_y, c_y]`.")                     \
      .ArgDoc("adj_x", "If `True`, adjoint the slices of `x`. Defaults to `False`.")  \
      .ArgDoc("adj_y", "If `True`, adjoint the slices of `y`. Defaults to `False`.")  \
      .CcHeader("math_ops")
MINITF_BATCH_MATMUL("BatchMatMul",
                    "{bfloat16, half, float, double, int32, int64, complex64, complex128}", false,
                    "Multiplies slices of two tensors in batches.");
MINITF_BATCH_MATMUL("BatchMatMulV2",
                    "{bfloat16, half, float, double, int16, int32, int64, uint8, uint16, uint32, "
                    "uint64, complex64, complex128}",
                    true, "Multiplies slices of two tensors in batches.");
#undef MINITF_BATCH_MATMUL

REGISTER_OP("BatchMatMulV3")
    .Input("x: Ta")
    .Input("y: Tb")
    .Output("output: Tout")
    .Attr(
        "Ta: {bfloat16, half, float, double, uint8, int8, int16, int32, int64, complex64, "
        "complex128}")
    .Attr(
        "Tb: {bfloat16, half, float, double, uint8, int8, int16, int32, int64, complex64, "
        "complex128}")
    .Attr("Tout: {bfloat16, half, float, double, int16, int32, int64, complex64, complex128}")
    .Attr("adj_x: bool = false")
    .Attr("adj_y: bool = false")
    .Attr("grad_x: bool = false")
    .Attr("grad_y: bool = false")
    .SetShapeFn([](InferenceContext* c) { return BatchMatMulShape(c, true); })
    .Summary("Multiplies slices of two tensors in batches.")
    .ArgDoc("x", "2-D or higher with shape `[..., r_x, c_x]`.")
    .ArgDoc("y", "2-D or higher with shape `[..., r_y, c_y]`.")
    .ArgDoc("Tout", "If not spcified, Tout is the same type to input type.")
    .CcHeader("math_ops");

}  // namespace tensorflow
