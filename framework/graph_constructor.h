// minitf: building a Graph from a GraphDef (TF's ConvertGraphDefToGraph).
#ifndef MINITF_FRAMEWORK_GRAPH_CONSTRUCTOR_H_
#define MINITF_FRAMEWORK_GRAPH_CONSTRUCTOR_H_

#include "framework/graph.h"
#include "framework/scope.h"
#include "framework/status.h"
#include "tensorflow/core/framework/graph.pb.h"

namespace tensorflow {

// Adds every node of `gdef` to `g` (which should hold only SOURCE and SINK): attrs get the
// op's defaults and are validated, inputs ("x", "x:1", "^x") become edges, shapes are
// inferred. Nodes may come in any order; a cycle, an unknown input or op, or a duplicate
// name is InvalidArgument / NotFound naming the node, and leaves `g` unchanged.
Status ConvertGraphDefToGraph(const GraphConstructorOptions& opts, const GraphDef& gdef, Graph* g);

}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_GRAPH_CONSTRUCTOR_H_
