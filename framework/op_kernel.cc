#include "framework/op_kernel.h"

#include <algorithm>
#include <map>
#include <mutex>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace tensorflow {

const char* const DEVICE_CPU = "CPU";

// ---- OpKernelContext -----------------------------------------------------------------------

Status OpKernelContext::allocate_output(int index, const TensorShape& shape, Tensor** tensor) {
  if (index < 0 || index >= num_outputs()) {
    return errors::Internal("allocate_output: index ", index, " out of range");
  }
  TF_RETURN_IF_ERROR(Tensor::BuildTensor(output_types_[index], shape, &outputs_[index]));
  *tensor = &outputs_[index];
  return OkStatus();
}

void OpKernelContext::set_output(int index, const Tensor& tensor) { outputs_[index] = tensor; }

void OpKernelContext::set_output_from_input(int output_index, int input_index) {
  Tensor* slot = input_slots_ != nullptr ? input_slots_[input_index] : nullptr;
  if (slot != nullptr && forwardable_ != nullptr && forwardable_[input_index] &&
      slot == inputs_[input_index]) {
    outputs_[output_index] = std::move(*slot);
  } else {
    outputs_[output_index] = *inputs_[input_index];
  }
}

bool OpKernelContext::ValidateInputsAreSameShape(OpKernel* op) {
  for (int i = 1; i < num_inputs(); ++i) {
    if (input(i).shape() != input(0).shape()) {
      SetStatus(errors::InvalidArgument(
          "Inputs to operation ", op->name(), " of type ", op->type_string(),
          " must have the same size and shape.  Input 0: ", input(0).shape().DebugString(),
          " != input ", i, ": ", input(i).shape().DebugString()));
      return false;
    }
  }
  return true;
}

Status OpKernelContext::forward_input_or_allocate_output(std::initializer_list<int> candidates,
                                                         int output_index, const TensorShape& shape,
                                                         Tensor** output, int* forwarded_input) {
  if (forwarded_input != nullptr) *forwarded_input = -1;
  for (int in : candidates) {
    if (in < 0 || in >= num_inputs_ || forwardable_ == nullptr || !forwardable_[in]) continue;
    Tensor* slot = input_slots_[in];
    if (slot == nullptr || !slot->RefCountIsOne()) continue;
    if (slot->dtype() != output_types_[output_index]) continue;
    if (slot->NumElements() != shape.num_elements()) continue;
    if (!outputs_[output_index].CopyFrom(*slot, shape)) continue;
    // The input keeps its view (now shared) until its last reader, this kernel, finishes.
    if (forwarded_input != nullptr) *forwarded_input = in;
    *output = &outputs_[output_index];
    return OkStatus();
  }
  return allocate_output(output_index, shape, output);
}

Tensor OpKernelContext::mutable_input(int index, bool lock_held) {
  if (!input_is_ref(index)) return *inputs_[index];
  if (lock_held) return *input_refs_[index].tensor;
  tf_shared_lock lock(*input_refs_[index].mu);
  return *input_refs_[index].tensor;
}

void OpKernelContext::replace_ref_input(int index, const Tensor& tensor, bool lock_held) {
  if (!input_is_ref(index)) return;
  if (lock_held) {
    *input_refs_[index].tensor = tensor;
    return;
  }
  mutex_lock lock(*input_refs_[index].mu);
  *input_refs_[index].tensor = tensor;
}

void OpKernelContext::forward_ref_input_to_ref_output(int input_index, int output_index) {
  if (!input_is_ref(input_index) || output_refs_ == nullptr) return;
  output_refs_[output_index] = input_refs_[input_index];
}

void OpKernelContext::set_output_ref(int index, mutex* mu, Tensor* tensor_for_ref) {
  if (output_refs_ == nullptr) return;
  output_refs_[index] = TensorRef{mu, tensor_for_ref};
}

Status OpKernelContext::allocate_temp(DataType type, const TensorShape& shape, Tensor* out_temp) {
  return Tensor::BuildTensor(type, shape, out_temp);
}

void OpKernelContext::ParallelFor(int64_t total, int64_t grain,
                                  const std::function<void(int64_t, int64_t)>& fn) const {
  if (total <= 0) return;
  if (runner_ == nullptr || runner_->NumThreads() <= 1 || total <= grain) {
    fn(0, total);
    return;
  }
  runner_->ParallelFor(total, std::max<int64_t>(grain, 1), fn);
}

// ---- OpKernel ------------------------------------------------------------------------------

OpKernel::OpKernel(OpKernelConstruction* context)
    : def_(context->def()),
      input_types_(context->input_types().begin(), context->input_types().end()),
      output_types_(context->output_types().begin(), context->output_types().end()) {}

OpKernel::~OpKernel() = default;

// ---- Registry ------------------------------------------------------------------------------

namespace {

struct Registration {
  KernelDef def;
  register_kernel::KernelFactory factory;
};

struct KernelRegistry {
  std::mutex mu;
  std::multimap<std::string, Registration> kernels;
};

KernelRegistry* GlobalKernelRegistry() {
  static KernelRegistry* registry = new KernelRegistry;
  return registry;
}

// Does `def` accept the node's attrs (and label)?
bool Matches(const KernelDef& def, const NodeDef& node_def, const std::string& label) {
  if (def.label != label) return false;
  for (const auto& c : def.constraints) {
    DataType dt;
    std::vector<DataType> list;
    AttrSlice attrs(node_def);
    if (GetNodeAttr(attrs, c.first, &dt).ok()) {
      if (std::find(c.second.begin(), c.second.end(), dt) == c.second.end()) return false;
    } else if (GetNodeAttr(attrs, c.first, &list).ok()) {
      for (DataType t : list) {
        if (std::find(c.second.begin(), c.second.end(), t) == c.second.end()) return false;
      }
    } else {
      return false;
    }
  }
  for (const auto& c : def.string_constraints) {
    std::string value;
    if (!GetNodeAttr(AttrSlice(node_def), c.first, &value).ok()) return false;
    if (std::find(c.second.begin(), c.second.end(), value) == c.second.end()) return false;
  }
  return true;
}

std::string ConstraintString(const KernelDef& def) {
  std::vector<std::string> parts = {absl::StrCat("device='", def.device, "'")};
  if (!def.label.empty()) parts.push_back(absl::StrCat("label='", def.label, "'"));
  for (const auto& c : def.constraints) {
    std::vector<std::string> names;
    for (DataType t : c.second) names.push_back(DataType_Name(t));
    parts.push_back(absl::StrCat(c.first, " in [", absl::StrJoin(names, ", "), "]"));
  }
  for (const auto& c : def.string_constraints) {
    parts.push_back(absl::StrCat(c.first, " in [\"", absl::StrJoin(c.second, "\", \""), "\"]"));
  }
  return absl::StrJoin(parts, "; ");
}

}  // namespace

namespace register_kernel {
KernelRegistrar::KernelRegistrar(const KernelDef& def, KernelFactory factory) {
  KernelRegistry* r = GlobalKernelRegistry();
  std::lock_guard<std::mutex> lock(r->mu);
  r->kernels.emplace(def.op, Registration{def, std::move(factory)});
}
}  // namespace register_kernel

Status CreateOpKernel(const NodeDef& node_def, DataTypeSlice input_types,
                      DataTypeSlice output_types, std::unique_ptr<OpKernel>* kernel) {
  std::string label;
  GetNodeAttr(AttrSlice(node_def), "_kernel", &label).IgnoreError();
  KernelRegistry* r = GlobalKernelRegistry();
  const Registration* best = nullptr;
  std::vector<std::string> registered;
  {
    std::lock_guard<std::mutex> lock(r->mu);
    auto range = r->kernels.equal_range(node_def.op());
    for (auto it = range.first; it != range.second; ++it) {
      registered.push_back(ConstraintString(it->second.def));
      if (it->second.def.device != DEVICE_CPU) continue;
      if (!Matches(it->second.def, node_def, label)) continue;
      if (best == nullptr || it->second.def.priority > best->def.priority) best = &it->second;
    }
  }
  if (best == nullptr) {
    std::vector<std::string> requested;
    for (const auto& kv : node_def.attr()) {
      if (kv.second.value_case() == AttrValue::kType) {
        requested.push_back(absl::StrCat(kv.first, "=", DataType_Name(kv.second.type())));
      }
    }
    std::sort(requested.begin(), requested.end());
    return errors::NotFound(
        "No registered '", node_def.op(), "' OpKernel for 'CPU' devices compatible with node ",
        FormatNodeNameForError(node_def.name()),
        registered.empty() ? "" : "\n\t (OpKernel was found, but attributes didn't match) ",
        "Requested Attributes: ", absl::StrJoin(requested, ", "),
        "\n\t.  Registered:", registered.empty() ? "  <no registered kernels>" : "",
        registered.empty() ? "" : "  " + absl::StrJoin(registered, "\n  "), "\n");
  }
  OpKernelConstruction construction(&node_def, input_types, output_types);
  std::unique_ptr<OpKernel> k(best->factory(&construction));
  if (!construction.status().ok()) return construction.status();
  *kernel = std::move(k);
  return OkStatus();
}

bool HasKernelForOp(const std::string& op) {
  KernelRegistry* r = GlobalKernelRegistry();
  std::lock_guard<std::mutex> lock(r->mu);
  return r->kernels.count(op) > 0;
}

std::vector<KernelDef> KernelDefsForOp(const std::string& op) {
  KernelRegistry* r = GlobalKernelRegistry();
  std::lock_guard<std::mutex> lock(r->mu);
  std::vector<KernelDef> out;
  auto range = r->kernels.equal_range(op);
  for (auto it = range.first; it != range.second; ++it) out.push_back(it->second.def);
  return out;
}

}  // namespace tensorflow
