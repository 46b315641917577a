// minitf: inlining the function calls of a GraphDef, as TF's graph optimizer does before it
// runs a graph saved by TF 2 (SavedModels and tf.function graphs call their bodies through
// PartitionedCall / StatefulPartitionedCall nodes and the GraphDef's function library).
//
//   GraphDef graph = meta_graph.graph_def();
//   TF_RETURN_IF_ERROR(InlineFunctionCalls({"StatefulPartitionedCall"}, &graph));
//   // graph has no call nodes left; "StatefulPartitionedCall:0" names the call's output 0
//
// A call node `c` becomes its body's nodes, named "c/<body node>", plus an IdentityN named `c`
// whose outputs are the function's outputs (a NoOp when it has none) and which waits for the
// body's control outputs, so "c:i" and "^c" keep meaning what they meant. The call's inputs
// replace the function's arguments; its control inputs become control inputs of every body
// node. Calls inside bodies are inlined too (to a bounded depth). Attrs the body's nodes leave
// at their defaults are filled in. A GraphDef is untrusted input: a missing function, a
// malformed input name or arity mismatch is InvalidArgument naming the call node.
#ifndef MINITF_FRAMEWORK_FUNCTION_INLINER_H_
#define MINITF_FRAMEWORK_FUNCTION_INLINER_H_

#include <string>
#include <vector>

#include "framework/status.h"
#include "tensorflow/core/framework/graph.pb.h"

namespace tensorflow {

// Keeps only the nodes `roots` (node names, or "node:i" tensor names) need, following data and
// control inputs (all nodes when `roots` is empty), then inlines every call among them. The
// function library is cleared.
Status InlineFunctionCalls(const std::vector<std::string>& roots, GraphDef* graph_def);

}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_FUNCTION_INLINER_H_
