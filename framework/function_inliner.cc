#include "framework/function_inliner.h"

#include <map>
#include <set>
#include <utility>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "framework/errors.h"
#include "framework/node_builder.h"
#include "framework/node_def_util.h"
#include "framework/op.h"
#include "tensorflow/core/framework/function.pb.h"

namespace tensorflow {

namespace {

// Bodies within bodies must end somewhere (a function may call itself).
constexpr int kMaxInlinedNodes = 1 << 22;
constexpr int kMaxDepth = 64;

bool IsCall(const NodeDef& n) {
  return n.op() == "PartitionedCall" || n.op() == "StatefulPartitionedCall";
}

// The node part of an input string ("^x", "x:1", "x").
std::string InputNode(const std::string& input) {
  std::string node;
  int index;
  ParseTensorName(input, &node, &index);
  return node;
}

void Prune(const std::vector<std::string>& roots, GraphDef* graph_def) {
  if (roots.empty()) return;
  std::map<std::string, const NodeDef*> by_name;
  for (const NodeDef& n : graph_def->node()) by_name[n.name()] = &n;
  std::set<std::string> keep;
  std::vector<std::string> stack;
  for (const std::string& r : roots) stack.push_back(InputNode(r));
  while (!stack.empty()) {
    std::string name = std::move(stack.back());
    stack.pop_back();
    auto it = by_name.find(name);
    if (it == by_name.end() || !keep.insert(name).second) continue;
    for (const std::string& in : it->second->input()) stack.push_back(InputNode(in));
  }
  GraphDef kept;
  for (const NodeDef& n : graph_def->node()) {
    if (keep.count(n.name())) *kept.add_node() = n;
  }
  graph_def->mutable_node()->Swap(kept.mutable_node());
}

class Inliner {
 public:
  explicit Inliner(const FunctionDefLibrary& library) {
    for (const FunctionDef& f : library.function()) functions_[f.signature().name()] = &f;
  }

  // Replaces the call node `call` by its body, appending the new nodes to `out`.
  Status Inline(const NodeDef& call, std::vector<NodeDef>* out);

 private:
  // "node:out_arg:i" / "arg" / "^node" in a body, in the graph's terms.
  Status ResolveBodyInput(const NodeDef& call, const std::string& input, std::string* resolved);

  std::map<std::string, const FunctionDef*> functions_;
  // Per inlining: the body's arguments, and the output ranges of the body's nodes.
  std::map<std::string, std::string> args_;
  std::map<std::string, NameRangeMap> outputs_;
  std::string prefix_;
};

Status Inliner::ResolveBodyInput(const NodeDef& call, const std::string& input,
                                 std::string* resolved) {
  if (!input.empty() && input[0] == '^') {
    const std::string name = input.substr(1);
    auto arg = args_.find(name);
    *resolved = arg != args_.end() ? absl::StrCat("^", InputNode(arg->second))
                                   : absl::StrCat("^", prefix_, name);
    return OkStatus();
  }
  std::vector<std::string> parts = absl::StrSplit(input, ':');
  if (parts.size() == 1) {
    auto arg = args_.find(input);
    if (arg == args_.end()) {
      return errors::InvalidArgument("Node '", call.name(), "': the body of function '",
                                     call.attr().at("f").func().name(),
                                     "' reads unknown argument '", input, "'");
    }
    *resolved = arg->second;
    return OkStatus();
  }
  int index = 0;
  if (parts.size() > 3 || (parts.size() == 3 && !absl::SimpleAtoi(parts[2], &index)) || index < 0) {
    return errors::InvalidArgument("Node '", call.name(), "': malformed function body input '",
                                   input, "'");
  }
  auto node = outputs_.find(parts[0]);
  if (node == outputs_.end() || node->second.find(parts[1]) == node->second.end()) {
    return errors::InvalidArgument("Node '", call.name(), "': function body input '", input,
                                   "' names no output of a body node");
  }
  const auto& span = node->second.at(parts[1]);
  if (index >= span.second - span.first) {
    return errors::InvalidArgument("Node '", call.name(), "': function body input '", input,
                                   "' is out of range");
  }
  const int flat = span.first + index;
  *resolved = flat == 0 ? prefix_ + parts[0] : absl::StrCat(prefix_, parts[0], ":", flat);
  return OkStatus();
}

Status Inliner::Inline(const NodeDef& call, std::vector<NodeDef>* out) {
  auto f_attr = call.attr().find("f");
  if (f_attr == call.attr().end() || !f_attr->second.has_func()) {
    return errors::InvalidArgument("Node '", call.name(), "' (", call.op(),
                                   ") has no function attr 'f'");
  }
  auto fn = functions_.find(f_attr->second.func().name());
  if (fn == functions_.end()) {
    return errors::InvalidArgument("Node '", call.name(), "' calls function '",
                                   f_attr->second.func().name(),
                                   "', which is not in the graph's function library");
  }
  const FunctionDef& fdef = *fn->second;
  const OpDef& sig = fdef.signature();
  prefix_ = call.name() + "/";
  args_.clear();
  outputs_.clear();
  std::vector<std::string> data, controls;
  for (const std::string& in : call.input()) {
    (!in.empty() && in[0] == '^' ? controls : data).push_back(in);
  }
  if (static_cast<int>(data.size()) != sig.input_arg_size()) {
    return errors::InvalidArgument("Node '", call.name(), "' passes ", data.size(),
                                   " inputs to function '", sig.name(), "', which takes ",
                                   sig.input_arg_size());
  }
  for (int i = 0; i < sig.input_arg_size(); ++i) {
    const auto& arg = sig.input_arg(i);
    if (!arg.number_attr().empty() || !arg.type_list_attr().empty()) {
      return errors::Unimplemented("Node '", call.name(), "': function '", sig.name(),
                                   "' has a list argument '", arg.name(), "'");
    }
    args_[arg.name()] = data[i];
  }
  // The body's nodes with their defaults, and where each one's named outputs start.
  std::vector<NodeDef> body;
  for (const NodeDef& b : fdef.node_def()) {
    NodeDef n = b;
    if (IsCall(n)) {
      // A nested call (inlined in a later round): its outputs are its callee's.
      auto f = n.attr().find("f");
      auto callee =
          f == n.attr().end() ? functions_.end() : functions_.find(f->second.func().name());
      const int outs =
          callee == functions_.end() ? 0 : callee->second->signature().output_arg_size();
      outputs_[n.name()] = NameRangeMap{{"output", {0, outs}}};
      body.push_back(std::move(n));
      continue;
    }
    const OpRegistrationData* reg;
    TF_RETURN_IF_ERROR(OpRegistry::Global()->LookUp(n.op(), &reg));
    AddDefaultsToNodeDef(reg->op_def, &n);
    NameRangeMap ranges;
    Status s = NameRangesForNode(AttrSlice(n), reg->op_def, nullptr, &ranges);
    if (!s.ok()) {
      return errors::InvalidArgument("Node '", call.name(), "': body node '", b.name(),
                                     "' of function '", sig.name(), "': ", s.message());
    }
    outputs_[n.name()] = std::move(ranges);
    body.push_back(std::move(n));
  }
  for (NodeDef& n : body) {
    std::vector<std::string> inputs;
    for (const std::string& in : n.input()) {
      std::string resolved;
      TF_RETURN_IF_ERROR(ResolveBodyInput(call, in, &resolved));
      inputs.push_back(std::move(resolved));
    }
    for (const std::string& c : controls) inputs.push_back(c);
    n.clear_input();
    for (auto& in : inputs) n.add_input(std::move(in));
    n.set_name(prefix_ + n.name());
    n.clear_device();
    out->push_back(std::move(n));
  }
  // The call's own name now names its outputs.
  NodeDef result;
  result.set_name(call.name());
  result.set_op(sig.output_arg_size() > 0 ? "IdentityN" : "NoOp");
  AttrValue types;
  for (const auto& arg : sig.output_arg()) {
    auto ret = fdef.ret().find(arg.name());
    if (ret == fdef.ret().end()) {
      return errors::InvalidArgument("Node '", call.name(), "': function '", sig.name(),
                                     "' returns nothing for output '", arg.name(), "'");
    }
    std::string resolved;
    TF_RETURN_IF_ERROR(ResolveBodyInput(call, ret->second, &resolved));
    result.add_input(resolved);
    if (arg.type() == DT_INVALID) {
      return errors::Unimplemented("Node '", call.name(), "': function '", sig.name(), "' output '",
                                   arg.name(), "' has no fixed type");
    }
    types.mutable_list()->add_type(arg.type());
  }
  for (const auto& kv : fdef.control_ret()) result.add_input(absl::StrCat("^", prefix_, kv.second));
  if (sig.output_arg_size() > 0) (*result.mutable_attr())["T"] = types;
  out->push_back(std::move(result));
  return OkStatus();
}

}  // namespace

Status InlineFunctionCalls(const std::vector<std::string>& roots, GraphDef* graph_def) {
  Prune(roots, graph_def);
  Inliner inliner(graph_def->library());
  // Inline until no call is left; bodies may call further functions.
  for (int depth = 0;; ++depth) {
    bool changed = false;
    std::vector<NodeDef> next;
    for (const NodeDef& n : graph_def->node()) {
      if (!IsCall(n)) {
        next.push_back(n);
        continue;
      }
      TF_RETURN_IF_ERROR(inliner.Inline(n, &next));
      changed = true;
      if (static_cast<int64_t>(next.size()) > kMaxInlinedNodes) {
        return errors::InvalidArgument("Inlining node '", n.name(), "' makes more than ",
                                       kMaxInlinedNodes, " nodes");
      }
    }
    graph_def->clear_node();
    for (NodeDef& n : next) *graph_def->add_node() = std::move(n);
    if (!changed) break;
    if (depth == kMaxDepth) {
      return errors::InvalidArgument("Function calls nest more than ", kMaxDepth,
                                     " deep (a function that calls itself?)");
    }
  }
  graph_def->clear_library();
  return OkStatus();
}

}  // namespace tensorflow
