// minitf: runs a node's shape function on the shapes of its inputs (graph time).
#ifndef MINITF_FRAMEWORK_NODE_SHAPES_H_
#define MINITF_FRAMEWORK_NODE_SHAPES_H_

#include "framework/graph.h"
#include "framework/status.h"

namespace tensorflow {

// Gathers the input shapes (and values of Const inputs), runs the op's shape function and
// stores the output shapes on `node`. An error names the node and lists the input shapes,
// as TF's: "<reason> for '{{node x}} = Op[...](a, b)' with input shapes: [2], [3]."
Status InferNodeShapes(Node* node);

// The NodeDef of `node` with its `input` field filled from the graph's edges.
NodeDef NodeDefWithInputs(const Node& node);

}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_NODE_SHAPES_H_
