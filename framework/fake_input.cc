#include "framework/fake_input.h"

#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "framework/node_def_util.h"

namespace tensorflow {
namespace {

// What one FakeInput call was told; the rest comes from the op and the NodeDef so far.
struct FakeSpec {
  std::optional<int> n;
  std::optional<DataType> dt;
  std::optional<DataTypeVector> dts;
};

class FakeInputMaker {
 public:
  FakeInputMaker(const FakeSpec& spec, const OpDef& op_def, int in_index, const NodeDef& node_def)
      : spec_(spec),
        op_def_(op_def),
        arg_(op_def.input_arg(in_index)),
        node_(1, static_cast<char>('a' + in_index % 26)),
        node_def_(node_def) {}

  Status AddTo(NodeDefBuilder* builder) const {
    if (spec_.dts) return AddList(*spec_.dts, builder);
    if (spec_.n || !arg_.number_attr().empty()) {
      int n = 0;
      TF_RETURN_IF_ERROR(Length(&n));
      DataType dt = DT_FLOAT;
      if (n > 0) TF_RETURN_IF_ERROR(Type(&dt));
      return AddList(DataTypeVector(n < 0 ? 0 : n, dt), builder);
    }
    if (!spec_.dt && !arg_.type_list_attr().empty()) {
      DataTypeVector dts;
      const Status s = GetNodeAttr(AttrSlice(node_def_), arg_.type_list_attr(), &dts);
      if (!s.ok()) {
        return errors::InvalidArgument("Could not infer list of types for input '", arg_.name(),
                                       "': ", s.message());
      }
      return AddList(dts, builder);
    }
    DataType dt = DT_INVALID;
    TF_RETURN_IF_ERROR(Type(&dt));
    builder->Input(node_, 0, dt);
    return OkStatus();
  }

 private:
  Status Length(int* n) const {
    if (spec_.n) {
      *n = *spec_.n;
      return OkStatus();
    }
    const Status s = GetNodeAttr(AttrSlice(node_def_), arg_.number_attr(), n);
    if (!s.ok()) {
      return errors::InvalidArgument("Could not infer length of input '", arg_.name(),
                                     "': ", s.message());
    }
    return OkStatus();
  }

  Status Type(DataType* dt) const {
    if (spec_.dt) {
      *dt = *spec_.dt;  // as given: the arg's ref-ness is not added
      return OkStatus();
    }
    if (arg_.type() != DT_INVALID) {
      *dt = arg_.type();
    } else if (!arg_.type_attr().empty()) {
      const Status s = GetNodeAttr(AttrSlice(node_def_), arg_.type_attr(), dt);
      if (!s.ok()) {
        const OpDef::AttrDef* attr = FindAttr(arg_.type_attr(), op_def_);
        if (attr == nullptr || !attr->has_default_value()) {
          return errors::InvalidArgument("Could not infer type for input '", arg_.name(),
                                         "': ", s.message());
        }
        *dt = attr->default_value().type();
      }
    } else {
      return errors::InvalidArgument("No type or type_attr field in arg '", arg_.name(), "'");
    }
    if (arg_.is_ref()) *dt = MakeRefType(*dt);
    return OkStatus();
  }

  Status AddList(const DataTypeVector& dts, NodeDefBuilder* builder) const {
    std::vector<NodeDefBuilder::NodeOut> srcs;
    srcs.reserve(dts.size());
    for (size_t i = 0; i < dts.size(); ++i) {
      srcs.emplace_back(node_, static_cast<int>(i), dts[i]);
    }
    builder->Input(absl::Span<const NodeDefBuilder::NodeOut>(srcs));
    return OkStatus();
  }

  const FakeSpec& spec_;
  const OpDef& op_def_;
  const OpDef::ArgDef& arg_;
  const std::string node_;
  const NodeDef& node_def_;
};

FakeInputFunctor Make(FakeSpec spec) {
  return
      [spec](const OpDef& op_def, int in_index, const NodeDef& node_def, NodeDefBuilder* builder) {
        return FakeInputMaker(spec, op_def, in_index, node_def).AddTo(builder);
      };
}

}  // namespace

FakeInputFunctor FakeInput() { return Make(FakeSpec{}); }

FakeInputFunctor FakeInput(DataType dt) {
  FakeSpec spec;
  spec.dt = dt;
  return Make(spec);
}

FakeInputFunctor FakeInput(int n) {
  FakeSpec spec;
  spec.n = n;
  return Make(spec);
}

FakeInputFunctor FakeInput(int n, DataType dt) {
  FakeSpec spec;
  spec.n = n;
  spec.dt = dt;
  return Make(spec);
}

FakeInputFunctor FakeInput(DataTypeSlice dts) {
  FakeSpec spec;
  spec.dts = DataTypeVector(dts.begin(), dts.end());
  return Make(spec);
}

}  // namespace tensorflow
