#include "framework/graph_constructor.h"

#include <map>

#include "absl/strings/str_cat.h"
#include "framework/errors.h"
#include "framework/node_builder.h"
#include "framework/node_shapes.h"

namespace tensorflow {

namespace {

struct ParsedInput {
  std::string node;
  int index;
};

Status ParseInputs(const NodeDef& def, std::vector<ParsedInput>* data,
                   std::vector<std::string>* controls) {
  for (const auto& in : def.input()) {
    ParsedInput p;
    if (!ParseTensorName(in, &p.node, &p.index)) {
      return errors::InvalidArgument("Node '", def.name(), "': malformed input '", in, "'");
    }
    if (p.index < 0) {
      controls->push_back(p.node);
    } else {
      if (!controls->empty()) {
        return errors::InvalidArgument("Node '", def.name(), "': control input before data input '",
                                       in, "'");
      }
      data->push_back(p);
    }
  }
  return OkStatus();
}

}  // namespace

Status ConvertGraphDefToGraph(const GraphConstructorOptions& /*opts*/, const GraphDef& gdef,
                              Graph* g) {
  // Validate everything first so that an error leaves `g` untouched.
  std::map<std::string, int> index_of;
  std::vector<NodeDef> defs;
  for (int i = 0; i < gdef.node_size(); ++i) {
    NodeDef def = gdef.node(i);
    if (!index_of.emplace(def.name(), i).second) {
      return errors::InvalidArgument("Node '", def.name(), "' is not unique");
    }
    if (!IsValidNodeName(def.name())) {
      return errors::InvalidArgument("Node '", def.name(),
                                     "': Node name contains invalid characters");
    }
    const OpRegistrationData* reg;
    TF_RETURN_IF_ERROR(g->op_registry()->LookUp(def.op(), &reg));
    AddDefaultsToNodeDef(reg->op_def, &def);
    TF_RETURN_IF_ERROR(ValidateNodeDef(def, *reg));
    defs.push_back(std::move(def));
  }
  // Topological order over data and control inputs.
  std::vector<std::vector<ParsedInput>> data(defs.size());
  std::vector<std::vector<std::string>> controls(defs.size());
  std::vector<int> pending(defs.size(), 0);
  std::vector<std::vector<int>> consumers(defs.size());
  for (size_t i = 0; i < defs.size(); ++i) {
    TF_RETURN_IF_ERROR(ParseInputs(defs[i], &data[i], &controls[i]));
    auto add_dep = [&](const std::string& src) -> Status {
      auto it = index_of.find(src);
      if (it == index_of.end()) {
        return errors::InvalidArgument("Node '", defs[i].name(), "': Unknown input node '", src,
                                       "'");
      }
      consumers[it->second].push_back(static_cast<int>(i));
      ++pending[i];
      return OkStatus();
    };
    for (const auto& p : data[i]) TF_RETURN_IF_ERROR(add_dep(p.node));
    for (const auto& c : controls[i]) TF_RETURN_IF_ERROR(add_dep(c));
  }
  std::vector<int> order;
  for (size_t i = 0; i < defs.size(); ++i) {
    if (pending[i] == 0) order.push_back(static_cast<int>(i));
  }
  for (size_t k = 0; k < order.size(); ++k) {
    for (int c : consumers[order[k]]) {
      if (--pending[c] == 0) order.push_back(c);
    }
  }
  if (order.size() != defs.size()) {
    return errors::InvalidArgument("GraphDef has a cycle");
  }
  // Check types before adding anything.
  std::vector<DataTypeVector> in_types(defs.size()), out_types(defs.size());
  for (size_t i = 0; i < defs.size(); ++i) {
    const OpDef* op_def;
    TF_RETURN_IF_ERROR(g->op_registry()->LookUpOpDef(defs[i].op(), &op_def));
    TF_RETURN_IF_ERROR(InOutTypesForNode(defs[i], *op_def, &in_types[i], &out_types[i]));
    if (data[i].size() != in_types[i].size()) {
      return errors::InvalidArgument("Node '", defs[i].name(), "' has ", data[i].size(),
                                     " inputs but its op takes ", in_types[i].size());
    }
  }
  for (size_t i = 0; i < defs.size(); ++i) {
    for (size_t k = 0; k < data[i].size(); ++k) {
      const int src = index_of[data[i][k].node];
      if (data[i][k].index >= static_cast<int>(out_types[src].size())) {
        return errors::InvalidArgument("Node '", defs[i].name(), "': Connecting to invalid output ",
                                       data[i][k].index, " of source node ", data[i][k].node,
                                       " which has ", out_types[src].size(), " outputs.");
      }
      if (BaseType(out_types[src][data[i][k].index]) != BaseType(in_types[i][k])) {
        return errors::InvalidArgument(
            "Input ", k, " of node ", defs[i].name(), " was passed ",
            DataTypeString(out_types[src][data[i][k].index]), " from ", data[i][k].node, ":",
            data[i][k].index, " incompatible with expected ", DataTypeString(in_types[i][k]), ".");
      }
    }
  }
  // Add in GraphDef order (ids follow it), then edges, then shapes in topological order.
  std::vector<Node*> nodes(defs.size());
  for (size_t i = 0; i < defs.size(); ++i) {
    TF_ASSIGN_OR_RETURN(nodes[i], g->AddNode(defs[i]));
  }
  for (size_t i = 0; i < defs.size(); ++i) {
    for (size_t k = 0; k < data[i].size(); ++k) {
      g->AddEdge(nodes[index_of[data[i][k].node]], data[i][k].index, nodes[i], static_cast<int>(k));
    }
    for (const auto& c : controls[i]) g->AddControlEdge(nodes[index_of[c]], nodes[i]);
  }
  for (int i : order) TF_RETURN_IF_ERROR(InferNodeShapes(nodes[i]));
  if (gdef.has_versions()) g->set_versions(gdef.versions());
  return OkStatus();
}

}  // namespace tensorflow
