#include "framework/equal_graph_def.h"

#include <algorithm>
#include <map>
#include <set>
#include <vector>

#include "absl/hash/hash.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "framework/attr_value_util.h"
#include "framework/node_def_util.h"

namespace tensorflow {
namespace {

bool Differ(std::string* diff, std::string text) {
  if (diff != nullptr) *diff = std::move(text);
  return false;
}

bool Skipped(const std::string& attr_name, const EqualGraphDefOptions& options) {
  return options.ignore_internal_attrs && !attr_name.empty() && attr_name[0] == '_';
}

// Index of the first control ("^x") input; data inputs come before it.
int FirstControlInput(const NodeDef& node) {
  for (int i = 0; i < node.input_size(); ++i) {
    if (absl::StartsWith(node.input(i), "^")) return i;
  }
  return node.input_size();
}

bool SameDataInput(const std::string& a, const std::string& b) {
  return a == b || a == absl::StrCat(b, ":0") || absl::StrCat(a, ":0") == b;
}

// A data input spelled with its ":0" dropped, so both spellings hash alike.
std::string CanonicalInput(const std::string& input) {
  return absl::EndsWith(input, ":0") ? input.substr(0, input.size() - 2) : input;
}

}  // namespace

bool EqualGraphDef(const GraphDef& actual, const GraphDef& expected, std::string* diff,
                   const EqualGraphDefOptions& options) {
  return EqualRepeatedNodeDef(actual.node(), expected.node(), diff, options);
}

uint64_t GraphDefHash(const GraphDef& gdef, const EqualGraphDefOptions& options) {
  return RepeatedNodeDefHash(gdef.node(), options);
}

bool EqualRepeatedNodeDef(const google::protobuf::RepeatedPtrField<NodeDef>& actual,
                          const google::protobuf::RepeatedPtrField<NodeDef>& expected,
                          std::string* diff, const EqualGraphDefOptions& options) {
  std::map<std::string, const NodeDef*> unmatched;
  for (const NodeDef& node : actual) unmatched[node.name()] = &node;
  for (const NodeDef& want : expected) {
    auto it = unmatched.find(want.name());
    if (it == unmatched.end()) {
      return Differ(diff,
                    absl::StrCat("Did not find expected node '", SummarizeNodeDef(want), "'"));
    }
    if (!EqualNodeDef(*it->second, want, diff, options)) return false;
    unmatched.erase(it);
  }
  if (!unmatched.empty()) {
    return Differ(diff, absl::StrCat("Found unexpected node '",
                                     SummarizeNodeDef(*unmatched.begin()->second), "'"));
  }
  return true;
}

uint64_t RepeatedNodeDefHash(const google::protobuf::RepeatedPtrField<NodeDef>& ndefs,
                             const EqualGraphDefOptions& options) {
  // Order-independent: nodes match by name in any order.
  std::vector<uint64_t> hashes;
  hashes.reserve(ndefs.size());
  for (const NodeDef& node : ndefs) hashes.push_back(NodeDefHash(node, options));
  std::sort(hashes.begin(), hashes.end());
  return absl::HashOf(hashes);
}

bool EqualNodeDef(const NodeDef& actual, const NodeDef& expected, std::string* diff,
                  const EqualGraphDefOptions& options) {
  const std::string node = absl::StrCat("Node named '", actual.name(), "'");
  if (actual.name() != expected.name()) {
    return Differ(diff, absl::StrCat("Actual node name '", actual.name(), "' is not expected '",
                                     expected.name(), "'"));
  }
  if (actual.op() != expected.op()) {
    return Differ(diff, absl::StrCat(node, " has op '", actual.op(), "' that is not expected '",
                                     expected.op(), "'"));
  }
  if (actual.device() != expected.device()) {
    return Differ(diff, absl::StrCat(node, " has device '", actual.device(),
                                     "' that is not expected '", expected.device(), "'"));
  }
  if (actual.input_size() != expected.input_size()) {
    return Differ(diff, absl::StrCat(node, " has inputs '", absl::StrJoin(actual.input(), ", "),
                                     "' that don't match expected '",
                                     absl::StrJoin(expected.input(), ", "), "'"));
  }
  const int first_control = FirstControlInput(actual);
  for (int i = 0; i < first_control; ++i) {
    if (!SameDataInput(actual.input(i), expected.input(i))) {
      return Differ(diff, absl::StrCat(node, " has input ", i, " '", actual.input(i),
                                       "' that doesn't match expected '", expected.input(i), "'"));
    }
  }
  std::set<std::string> actual_control(actual.input().begin() + first_control,
                                       actual.input().end());
  for (int i = first_control; i < expected.input_size(); ++i) {
    if (actual_control.erase(expected.input(i)) == 0) {
      return Differ(
          diff, absl::StrCat(node, " missing expected control input '", expected.input(i), "'"));
    }
  }
  if (!actual_control.empty()) {
    return Differ(
        diff, absl::StrCat(node, " has unexpected control input '", *actual_control.begin(), "'"));
  }
  std::set<std::string> actual_attrs;
  for (const auto& [name, value] : actual.attr()) {
    if (!Skipped(name, options)) actual_attrs.insert(name);
  }
  for (const auto& [name, want] : expected.attr()) {
    if (Skipped(name, options)) continue;
    if (actual_attrs.erase(name) == 0) {
      return Differ(diff, absl::StrCat(node, " missing expected attr '", name,
                                       "' with value: ", SummarizeAttrValue(want)));
    }
    const AttrValue& got = actual.attr().at(name);
    if (!AreAttrValuesEqual(want, got)) {
      return Differ(
          diff, absl::StrCat(node, " has attr '", name, "' with value: ", SummarizeAttrValue(got),
                             " that does not match expected: ", SummarizeAttrValue(want)));
    }
  }
  if (!actual_attrs.empty()) {
    const std::string& name = *actual_attrs.begin();
    return Differ(diff, absl::StrCat(node, " has unexpected attr '", name,
                                     "' with value: ", SummarizeAttrValue(actual.attr().at(name))));
  }
  return true;
}

uint64_t NodeDefHash(const NodeDef& ndef, const EqualGraphDefOptions& options) {
  const int first_control = FirstControlInput(ndef);
  std::vector<std::string> data_inputs;
  for (int i = 0; i < first_control; ++i) data_inputs.push_back(CanonicalInput(ndef.input(i)));
  const std::set<std::string> control_inputs(ndef.input().begin() + first_control,
                                             ndef.input().end());
  // Attrs by name with their summaries, which agree wherever AreAttrValuesEqual does.
  std::map<std::string, std::string> attrs;
  for (const auto& [name, value] : ndef.attr()) {
    if (!Skipped(name, options)) attrs[name] = SummarizeAttrValue(value);
  }
  return absl::HashOf(ndef.name(), ndef.op(), ndef.device(), data_inputs, control_inputs, attrs);
}

std::string SummarizeGraphDef(const GraphDef& graph_def) {
  std::string out = absl::StrCat("versions = ", graph_def.versions().ShortDebugString(), ";\n");
  for (const NodeDef& node : graph_def.node()) absl::StrAppend(&out, SummarizeNodeDef(node), ";\n");
  return out;
}

}  // namespace tensorflow
