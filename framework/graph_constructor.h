// minitf: building a Graph from a GraphDef (TF's tensorflow/core/common_runtime/
// graph_constructor.h): ConvertGraphDefToGraph into an empty graph, ImportGraphDef into one
// that may already hold nodes.
//
//   ImportGraphDefOptions opts;
//   opts.prefix = "imported";                              // nodes become "imported/..."
//   opts.input_map[{"x", 0}] = {"my_input", 0};            // "x:0" reads an existing tensor
//   opts.return_tensors.push_back({"y", 0});
//   ImportGraphDefResults results;
//   TF_RETURN_IF_ERROR(ImportGraphDef(opts, graph_def, &graph, nullptr, &results));
//   Node* y = results.return_tensors[0].first;
//
// A GraphDef is untrusted input: everything is checked (op registered, attrs present and of
// the right type with the op's defaults filled in, inputs exist with matching types, no
// duplicate names, no cycles, TF's producer/consumer version rules) before the graph is
// touched, so an error leaves it unchanged. Errors name the node, in TF's words.
#ifndef MINITF_FRAMEWORK_GRAPH_CONSTRUCTOR_H_
#define MINITF_FRAMEWORK_GRAPH_CONSTRUCTOR_H_

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "framework/graph.h"
#include "framework/scope.h"
#include "framework/status.h"
#include "framework/tensor_id.h"
#include "tensorflow/core/framework/graph.pb.h"

namespace tensorflow {

class ShapeRefiner;  // TF's; minitf infers shapes itself and ignores one passed in

// Adds every node of `gdef` to `g` (which should hold only SOURCE and SINK): attrs get the
// op's defaults and are validated, inputs ("x", "x:1", "^x") become edges, shapes are
// inferred, `g` takes gdef's versions. Nodes may come in any order.
Status ConvertGraphDefToGraph(const GraphConstructorOptions& opts, const GraphDef& gdef, Graph* g);

struct ImportGraphDefOptions {
  ImportGraphDefOptions() = default;

  // Prepended (with a '/') to every imported node's name; must not be an existing node name.
  std::string prefix;
  // Not supported by minitf (InvalidArgument when set): name clashes are errors.
  bool uniquify_names = false;
  bool uniquify_prefix = false;
  // Imported inputs named here (by their name in gdef, without the prefix) read the mapped
  // tensor of `g` instead; index -1 maps a control input.
  std::map<SafeTensorId, SafeTensorId> input_map;
  // Leave out nodes every output of which is mapped.
  bool skip_mapped_nodes = false;
  // Existing nodes every imported node without inputs from gdef gets a control edge from.
  std::vector<std::string> control_dependencies;
  // Tensors and nodes of gdef (names without the prefix) to return in ImportGraphDefResults.
  std::vector<SafeTensorId> return_tensors;
  std::vector<std::string> return_nodes;
  // Accepted for TF's interface; minitf always validates.
  bool validate_colocation_constraints = true;
  bool importing = true;
  bool validate_shape = true;
  bool propagate_device_spec = false;
  // Device for imported nodes that name none.
  std::string default_device;
};

struct ImportGraphDefResults {
  typedef int Index;
  // One per ImportGraphDefOptions::return_tensors / return_nodes, in order.
  std::vector<std::pair<Node*, Index>> return_tensors;
  std::vector<Node*> return_nodes;
  // input_map keys that name no tensor of gdef.
  std::vector<SafeTensorId> missing_unused_input_map_keys;
};

// Adds `gdef` to `g`, which may already hold nodes. `refiner` may be nullptr.
Status ImportGraphDef(const ImportGraphDefOptions& opts, const GraphDef& gdef, Graph* g,
                      ShapeRefiner* refiner, ImportGraphDefResults* results = nullptr);

namespace internal {
// Session::Extend's import: gdef's inputs may name nodes already in `g`.
Status ExtendGraph(const GraphDef& gdef, Graph* g);
// TF's producer / min_consumer / bad_consumers checks against TF_GRAPH_DEF_VERSION.
Status CheckGraphDefVersions(const VersionDef& versions);
}  // namespace internal

}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_GRAPH_CONSTRUCTOR_H_
