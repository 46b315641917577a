#include "framework/graph_testlib.h"

#include "framework/node_builder.h"
#include "framework/op.h"

namespace tensorflow {
namespace test {
namespace graph {

namespace {

// Finalizes `b` into `g`, stopping the program on a bad node as TF's helpers do.
Node* Finish(Graph* g, NodeBuilder& b) {
  Node* ret = nullptr;
  TF_CHECK_OK(b.Finalize(g, &ret));
  return ret;
}

NodeBuilder Builder(Graph* g, const std::string& op) { return NodeBuilder(g->NewName("n"), op); }

// An op on three inputs.
Node* Ternary(Graph* g, const std::string& op, Node* a, Node* b, Node* c) {
  NodeBuilder builder = Builder(g, op);
  builder.Input(a).Input(b).Input(c);
  return Finish(g, builder);
}

// An op on one input with its type attr T set.
Node* TypedUnary(Graph* g, const std::string& op, Node* in, DataType type) {
  NodeBuilder b = Builder(g, op);
  b.Input(in).Attr("T", type);
  return Finish(g, b);
}

Node* RandomOp(Graph* g, const std::string& op, Node* input, DataType dtype) {
  NodeBuilder b = Builder(g, op);
  b.Input(input).Attr("dtype", dtype).Attr("seed", int64_t{0}).Attr("seed2", int64_t{0});
  return Finish(g, b);
}

}  // namespace

void ToGraphDef(Graph* g, GraphDef* def) { g->ToGraphDef(def); }

Node* Constant(Graph* g, const Tensor& tensor) { return Constant(g, tensor, g->NewName("n")); }

Node* Constant(Graph* g, const Tensor& tensor, const std::string& name) {
  NodeBuilder b(name, "Const");
  b.Attr("dtype", tensor.dtype()).Attr("value", tensor);
  return Finish(g, b);
}

Node* HostConstant(Graph* g, const Tensor& tensor) { return Constant(g, tensor); }

Node* HostConstant(Graph* g, const Tensor& tensor, const std::string& name) {
  return Constant(g, tensor, name);
}

Node* Var(Graph* g, DataType dtype, const TensorShape& shape) {
  return Var(g, dtype, shape, g->NewName("n"));
}

Node* Var(Graph* g, DataType dtype, const TensorShape& shape, const std::string& name) {
  NodeBuilder b(name, "VariableV2");
  b.Attr("dtype", dtype).Attr("shape", shape);
  return Finish(g, b);
}

Node* Assign(Graph* g, Node* var, Node* val) {
  NodeBuilder b = Builder(g, "Assign");
  b.Input(var).Input(val).Attr("use_locking", true);
  return Finish(g, b);
}

Node* Cumsum(Graph* g, Node* data, Node* axes, bool exclusive, bool reverse) {
  NodeBuilder b = Builder(g, "Cumsum");
  b.Input(data).Input(axes).Attr("exclusive", exclusive).Attr("reverse", reverse);
  return Finish(g, b);
}

Node* Reduce(Graph* g, const std::string& reduce, Node* data, Node* axes, bool keep_dims) {
  NodeBuilder b = Builder(g, reduce);
  b.Input(data).Input(axes).Attr("keep_dims", keep_dims);
  return Finish(g, b);
}

Node* Matmul(Graph* g, Node* in0, Node* in1, bool transpose_a, bool transpose_b) {
  NodeBuilder b = Builder(g, "MatMul");
  b.Input(in0).Input(in1).Attr("transpose_a", transpose_a).Attr("transpose_b", transpose_b);
  return Finish(g, b);
}

Node* BatchMatmul(Graph* g, Node* in0, Node* in1, bool adj_x, bool adj_y) {
  NodeBuilder b = Builder(g, "BatchMatMul");
  b.Input(in0).Input(in1).Attr("adj_x", adj_x).Attr("adj_y", adj_y);
  return Finish(g, b);
}

Node* Unary(Graph* g, const std::string& func, Node* input, int index) {
  NodeBuilder b = Builder(g, func);
  b.Input(input, index);
  return Finish(g, b);
}

Node* Identity(Graph* g, Node* input, int index) { return Unary(g, "Identity", input, index); }

Node* Binary(Graph* g, const std::string& func, Node* in0, Node* in1) {
  NodeBuilder b = Builder(g, func);
  b.Input(in0).Input(in1);
  return Finish(g, b);
}

Node* Multi(Graph* g, const std::string& func, absl::Span<Node* const> ins) {
  std::vector<NodeBuilder::NodeOut> outs(ins.begin(), ins.end());
  NodeBuilder b = Builder(g, func);
  b.Input(outs);
  return Finish(g, b);
}

Node* Add(Graph* g, Node* in0, Node* in1) { return Binary(g, "Add", in0, in1); }

Node* Reverse(Graph* g, Node* tensor, Node* axis) { return Binary(g, "ReverseV2", tensor, axis); }

Node* Roll(Graph* g, Node* input, Node* shift, Node* axis) {
  return Ternary(g, "Roll", input, shift, axis);
}

Node* RandomUniform(Graph* g, Node* input, DataType dtype) {
  return RandomOp(g, "RandomUniform", input, dtype);
}

Node* RandomGaussian(Graph* g, Node* input, DataType dtype) {
  return RandomOp(g, "RandomStandardNormal", input, dtype);
}

Node* TruncatedNormal(Graph* g, Node* input, DataType dtype) {
  return RandomOp(g, "TruncatedNormal", input, dtype);
}

Node* NoOp(Graph* g, const std::vector<Node*>& control_inputs) {
  NodeBuilder b = Builder(g, "NoOp");
  b.ControlInputs(control_inputs);
  return Finish(g, b);
}

Node* Less(Graph* g, Node* in0, Node* in1) { return Binary(g, "Less", in0, in1); }

Node* Select(Graph* g, Node* c, Node* inx, Node* iny) { return Ternary(g, "Select", c, inx, iny); }

Node* Cast(Graph* g, Node* in, DataType dst) {
  NodeBuilder b = Builder(g, "Cast");
  b.Input(in).Attr("DstT", dst);
  return Finish(g, b);
}

Node* Gather(Graph* g, Node* in0, Node* in1, Node* axis) {
  return Ternary(g, "GatherV2", in0, in1, axis);
}

Node* ConcatV2(Graph* g, absl::Span<Node* const> tensors, Node* concat_dim) {
  std::vector<NodeBuilder::NodeOut> outs(tensors.begin(), tensors.end());
  NodeBuilder b = Builder(g, "ConcatV2");
  b.Input(outs).Input(concat_dim);
  return Finish(g, b);
}

Node* Relu(Graph* g, Node* in) { return Unary(g, "Relu", in, 0); }

Node* Relu6(Graph* g, Node* in) { return Unary(g, "Relu6", in, 0); }

Node* BiasAdd(Graph* g, Node* value, Node* bias) { return Binary(g, "BiasAdd", value, bias); }

Node* Conv2D(Graph* g, Node* in0, Node* in1) {
  NodeBuilder b = Builder(g, "Conv2D");
  b.Input(in0).Input(in1).Attr("strides", {1, 1, 1, 1}).Attr("padding", "SAME");
  return Finish(g, b);
}

Node* Diag(Graph* g, Node* in, DataType type) { return TypedUnary(g, "Diag", in, type); }

Node* DiagPart(Graph* g, Node* in, DataType type) { return TypedUnary(g, "DiagPart", in, type); }

Node* CheckNumerics(Graph* g, Node* in, const std::string& message) {
  NodeBuilder b = Builder(g, "CheckNumerics");
  b.Input(in).Attr("message", message);
  return Finish(g, b);
}

}  // namespace graph
}  // namespace test
}  // namespace tensorflow
