// minitf: the op registry. Each op is declared once, in its family's folder, in TF's own
// op-spec language, and registers itself at load time:
//
//   REGISTER_OP("FakeQuantWithMinMaxVars")
//       .Input("inputs: float")
//       .Input("min: float")
//       .Input("max: float")
//       .Output("outputs: float")
//       .Attr("num_bits: int >= 2 = 8")
//       .Attr("narrow_range: bool = false")
//       .SetShapeFn(shape_inference::UnchangedShape)
//       .Summary("Fake-quantize 'inputs' ...");
//
// Inputs/outputs: "name: float" (fixed type), "name: T" (type attr), "name: N * T" (a list
// of N tensors of type T), "name: Tlist" (a list(type) attr). Attrs: "name: <type>
// [>= min] [= default]" where <type> is int, float, bool, string, type, shape, tensor,
// list(...), a set of allowed types "{float, double}" or strings "{'a', 'b'}", or a type
// category (numbertype, realnumbertype, ...). Parsing errors abort at load time: they are
// bugs in minitf, not user input.
#ifndef MINITF_FRAMEWORK_OP_H_
#define MINITF_FRAMEWORK_OP_H_

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "framework/shape_inference.h"
#include "framework/status.h"
#include "tensorflow/core/framework/op_def.pb.h"

namespace tensorflow {

// What the registry holds for one op.
// A check of attr values beyond what OpDef can say (a range, say), run when a node is built
// or imported; its error names the node.
typedef std::function<Status(const AttrSlice& attrs)> AttrCheckFn;

// How an op appears in the generated C++ API, tensorflow/cc/ops/<header>.h (TF keeps this in
// its ApiDef files; minitf keeps it with the op definition, so one statement says everything
// about an op). tools/op_gen writes the wrapper classes from the OpDef and this. An op without
// a header gets no wrapper (Const, whose wrapper TF writes by hand; ops registered by users).
struct CcApiDef {
  std::string header;                // "math_ops" -> tensorflow/cc/ops/math_ops.h
  std::string class_name;            // defaults to the op's name ("Subtract" for op "Sub")
  std::vector<std::string> aliases;  // `typedef Class Alias;` after the class ("Sub")
  bool hidden = false;               // ops::internal, in <header>_internal.h
  // C++ names of args and attrs where TF renames them ("reduction_indices" -> "axis").
  std::vector<std::pair<std::string, std::string>> renames;
};

struct OpRegistrationData {
  OpDef op_def;
  shape_inference::ShapeInferenceFn shape_inference_fn;
  AttrCheckFn attr_check;  // optional
  CcApiDef cc_api;
};

// Builds an OpDef from TF's op-spec strings (see the file comment).
class OpDefBuilder {
 public:
  explicit OpDefBuilder(std::string op_name);
  OpDefBuilder& Attr(std::string spec);
  OpDefBuilder& Input(std::string spec);
  OpDefBuilder& Output(std::string spec);
  OpDefBuilder& SetIsCommutative();
  OpDefBuilder& SetIsAggregate();
  OpDefBuilder& SetIsStateful();
  OpDefBuilder& SetAllowsUninitializedInput();
  OpDefBuilder& Summary(std::string summary);
  OpDefBuilder& Description(std::string description);
  OpDefBuilder& SetShapeFn(shape_inference::ShapeInferenceFn fn);
  OpDefBuilder& SetAttrCheck(AttrCheckFn fn);
  // The description of the input, output or attr `name` (the wrapper's argument docs).
  OpDefBuilder& ArgDoc(std::string name, std::string doc);
  // The generated C++ API (see CcApiDef): the header the wrapper is declared in, the class
  // name when it differs from the op's, aliases, hidden (ops::internal), renamed args.
  OpDefBuilder& CcHeader(std::string header);
  OpDefBuilder& CcName(std::string class_name);
  OpDefBuilder& CcAlias(std::string alias);
  OpDefBuilder& CcHidden();
  OpDefBuilder& CcRename(std::string arg, std::string cc_name);
  // Parses everything; the first spec error is returned.
  Status Finalize(OpRegistrationData* op_reg_data) const;

 private:
  OpRegistrationData data_;
  std::vector<std::string> attrs_, inputs_, outputs_;
  std::vector<std::pair<std::string, std::string>> docs_;
};

class OpRegistry {
 public:
  static OpRegistry* Global();
  // Adds an op; AlreadyExists if the name is taken.
  Status Register(const OpRegistrationData& data);
  // NotFound "Op type not registered 'X' in binary running on minitf. ..." when unknown.
  Status LookUp(const std::string& op_type_name, const OpRegistrationData** op_reg_data) const;
  Status LookUpOpDef(const std::string& op_type_name, const OpDef** op_def) const;
  std::vector<std::string> ListOpNames() const;

 private:
  mutable std::mutex mu_;
  std::map<std::string, std::unique_ptr<OpRegistrationData>> ops_;
};

// "Op<name=Add; signature=x:T, y:T -> z:T; attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE]>"
std::string SummarizeOpDef(const OpDef& op_def);

// Looks up the attr definition named `name`, or nullptr.
const OpDef::AttrDef* FindAttr(absl::string_view name, const OpDef& op_def);

namespace register_op {
// REGISTER_OP's chain builds an OpDefBuilder (TF's name for it is kept).
typedef OpDefBuilder OpDefBuilderWrapper;

// Registers the op when the REGISTER_OP statement's static is initialized; a spec error
// aborts at load time with the op's name (a bug in minitf, not user input).
struct OpRegisterer {
  OpRegisterer(const OpDefBuilder& builder);  // NOLINT(runtime/explicit)
};
}  // namespace register_op

}  // namespace tensorflow

#define REGISTER_OP(name) REGISTER_OP_UNIQ_HELPER(__COUNTER__, name)
#define REGISTER_OP_UNIQ_HELPER(ctr, name) REGISTER_OP_UNIQ(ctr, name)
#define REGISTER_OP_UNIQ(ctr, name)                                                        \
  static const ::tensorflow::register_op::OpRegisterer register_op##ctr [[maybe_unused]] = \
      ::tensorflow::register_op::OpDefBuilderWrapper(name)

#endif  // MINITF_FRAMEWORK_OP_H_
