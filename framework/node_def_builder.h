// minitf: NodeDefBuilder, TF's way to write one NodeDef by hand against an op's signature
// (tensorflow/core/framework/node_def_builder.h): inputs are named ("x", "x:1") with the dtype
// they will carry, type and length attrs are inferred from them, the op's defaults fill the
// attrs left out. Kernel tests use it with FakeInput (framework/fake_input.h):
//
//   NodeDef def;
//   TF_RETURN_IF_ERROR(NodeDefBuilder("op", "FakeQuantWithMinMaxVarsGradient")
//                          .Attr("num_bits", 8)
//                          .Input(FakeInput(DT_FLOAT))   // gradients, from "a"
//                          .Input(FakeInput(DT_FLOAT))   // inputs, from "b"
//                          .Input(FakeInput(DT_FLOAT))
//                          .Input(FakeInput(DT_FLOAT))
//                          .Finalize(&def));
//
// Errors collect until Finalize, which returns InvalidArgument in TF's words ("Input 'x'
// passed int32 expected float while building NodeDef 'op' using Op<...>"). As in TF, Finalize
// does not validate attr values (a kernel's creation does); NodeBuilder is the graph-side twin.
#ifndef MINITF_FRAMEWORK_NODE_DEF_BUILDER_H_
#define MINITF_FRAMEWORK_NODE_DEF_BUILDER_H_

#include <functional>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "framework/attr_value_util.h"
#include "framework/op.h"
#include "framework/status.h"
#include "framework/types.h"
#include "tensorflow/core/framework/node_def.pb.h"

namespace tensorflow {

class NodeDefBuilder;
// Adds an input to `builder` for input arg `in_index` of `op_def`, given the NodeDef so far
// (its attrs); what FakeInput returns.
typedef std::function<Status(const OpDef& op_def, int in_index, const NodeDef& node_def,
                             NodeDefBuilder* builder)>
    FakeInputFunctor;

class NodeDefBuilder {
 public:
  // One input: output `index` of node `node`, carrying `data_type`.
  struct NodeOut {
    NodeOut(absl::string_view n, int i, DataType dt) : node(n), index(i), data_type(dt) {}
    NodeOut() = default;  // set with Reset before use
    void Reset(absl::string_view n, int i, DataType dt) {
      node = std::string(n);
      index = i;
      data_type = dt;
    }
    std::string node;
    int index = 0;
    DataType data_type = DT_INVALID;
  };

  NodeDefBuilder(absl::string_view name, absl::string_view op_name,
                 const OpRegistry* op_registry = OpRegistry::Global());
  NodeDefBuilder(absl::string_view name, const OpDef* op_def);

  // The next input arg, made up by `fake_input` (see FakeInput).
  NodeDefBuilder& Input(FakeInputFunctor fake_input);
  // The next input arg, a single tensor.
  NodeDefBuilder& Input(absl::string_view src_node, int src_index, DataType dt);
  NodeDefBuilder& Input(const NodeOut& src);
  // The next input arg, a list (an arg of N tensors or of a type list).
  NodeDefBuilder& Input(absl::Span<const NodeOut> src_list);
  // "^src_node", after the data inputs.
  NodeDefBuilder& ControlInput(absl::string_view src_node);
  NodeDefBuilder& Device(absl::string_view device_spec);

  // Sets attr `name`; a second, different value for the same attr is an error.
  NodeDefBuilder& Attr(absl::string_view name, const AttrValue& value) {
    return SetAttr(name, value);
  }
  template <class T>
  NodeDefBuilder& Attr(absl::string_view name, T&& value) {
    AttrValue v;
    SetAttrValue(std::forward<T>(value), &v);
    return SetAttr(name, v);
  }
  template <class T>
  NodeDefBuilder& Attr(absl::string_view name, std::initializer_list<T> value) {
    AttrValue v;
    SetAttrValue(value, &v);
    return SetAttr(name, v);
  }

  // Writes the NodeDef (defaults added), or returns the errors collected so far, or that
  // fewer inputs were given than the op has args. `node_def` may be null (errors only).
  Status Finalize(NodeDef* node_def, bool consume = false);

  const std::string& node_name() const { return node_def_.name(); }
  const OpDef& op_def() const { return *op_def_; }

 private:
  NodeDefBuilder& SetAttr(absl::string_view name, const AttrValue& value);
  // The arg the next Input fills, or null (with an error when there is none left).
  const OpDef::ArgDef* NextArgDef();
  bool NextArgAvailable();
  void SingleInput(const OpDef::ArgDef& arg, absl::string_view src_node, int src_index,
                   DataType dt);
  void ListInput(const OpDef::ArgDef& arg, absl::Span<const NodeOut> src_list);
  void AddInput(absl::string_view src_node, int src_index);
  void VerifyInputType(const OpDef::ArgDef& arg, DataType expected, DataType dt);
  void VerifyInputRef(const OpDef::ArgDef& arg, DataType dt);

  const OpDef* op_def_ = nullptr;
  NodeDef node_def_;
  int inputs_specified_ = 0;
  std::vector<std::string> control_inputs_;
  std::vector<std::string> errors_;
};

}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_NODE_DEF_BUILDER_H_
