// minitf: TF's graph-building helpers for kernel tests and benchmarks
// (tensorflow/core/graph/testlib.h, namespace test::graph): one node per call, added to a
// Graph with NodeBuilder, named g->NewName("n") unless a name is given; a bad node stops the
// program (TF_CHECK_OK), as in TF.
//
//   Graph* g = new Graph(OpRegistry::Global());
//   Node* x = test::graph::Constant(g, test::AsTensor<float>({1, 2}));
//   test::graph::Unary(g, "Neg", x);
//   test::Benchmark("cpu", g).Run(state);          // common_runtime/kernel_benchmark_testlib.h
//
// The helpers for ops minitf does not have are left out: Send/Recv, QuantizeToUINT8,
// RandomGamma, RandomPoisson, the test-only Error/InvalidRefType/Delay, the control-flow ops
// (Switch, Enter, Exit, Merge, Next, LoopCond), GetSessionTensor, Concat (v1; ConcatV2 is
// here), Arg and Retval. HostConstant makes a Const (on the CPU, TF's HostConst is the same).
#ifndef MINITF_FRAMEWORK_GRAPH_TESTLIB_H_
#define MINITF_FRAMEWORK_GRAPH_TESTLIB_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/types/span.h"
#include "framework/graph.h"
#include "framework/tensor.h"
#include "framework/tensor_shape.h"
#include "framework/types.h"

namespace tensorflow {
namespace test {
namespace graph {

void ToGraphDef(Graph* g, GraphDef* def);

Node* Constant(Graph* g, const Tensor& tensor);
Node* Constant(Graph* g, const Tensor& tensor, const std::string& name);
Node* HostConstant(Graph* g, const Tensor& tensor);
Node* HostConstant(Graph* g, const Tensor& tensor, const std::string& name);
// A VariableV2 of `dtype` and `shape`, and an Assign (use_locking) of `val` to it.
Node* Var(Graph* g, DataType dtype, const TensorShape& shape);
Node* Var(Graph* g, DataType dtype, const TensorShape& shape, const std::string& name);
Node* Assign(Graph* g, Node* var, Node* val);

Node* Cumsum(Graph* g, Node* data, Node* axes, bool exclusive = false, bool reverse = false);
// `reduce` is the op: "Sum", "Mean", "Max", ...
Node* Reduce(Graph* g, const std::string& reduce, Node* data, Node* axes, bool keep_dims = false);
Node* Matmul(Graph* g, Node* in0, Node* in1, bool transpose_a, bool transpose_b);
Node* BatchMatmul(Graph* g, Node* in0, Node* in1, bool adj_x, bool adj_y);

// Op `func` on output `index` of `input` / on two inputs / on a list input.
Node* Unary(Graph* g, const std::string& func, Node* input, int index = 0);
Node* Identity(Graph* g, Node* input, int index = 0);
Node* Binary(Graph* g, const std::string& func, Node* in0, Node* in1);
Node* Multi(Graph* g, const std::string& func, absl::Span<Node* const> ins);
Node* Add(Graph* g, Node* in0, Node* in1);
Node* Reverse(Graph* g, Node* tensor, Node* axis);  // ReverseV2
Node* Roll(Graph* g, Node* input, Node* shift, Node* axis);

// Random ops of `dtype` with the shape `input` holds (seeds 0: nondeterministic).
Node* RandomUniform(Graph* g, Node* input, DataType dtype);
Node* RandomGaussian(Graph* g, Node* input, DataType dtype);  // RandomStandardNormal
Node* TruncatedNormal(Graph* g, Node* input, DataType dtype);

Node* NoOp(Graph* g, const std::vector<Node*>& control_inputs);
Node* Less(Graph* g, Node* in0, Node* in1);
Node* Select(Graph* g, Node* c, Node* inx, Node* iny);
Node* Cast(Graph* g, Node* in, DataType dst);
Node* Gather(Graph* g, Node* in0, Node* in1, Node* axis);  // GatherV2
Node* ConcatV2(Graph* g, absl::Span<Node* const> tensors, Node* concat_dim);
Node* Relu(Graph* g, Node* in);
Node* Relu6(Graph* g, Node* in);
Node* BiasAdd(Graph* g, Node* value, Node* bias);
// Strides 1, SAME padding.
Node* Conv2D(Graph* g, Node* in0, Node* in1);
Node* Diag(Graph* g, Node* in, DataType type);
Node* DiagPart(Graph* g, Node* in, DataType type);
Node* CheckNumerics(Graph* g, Node* in, const std::string& message);

}  // namespace graph
}  // namespace test
}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_GRAPH_TESTLIB_H_
