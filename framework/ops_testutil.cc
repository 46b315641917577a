#include "framework/ops_testutil.h"

#include <utility>

#include "framework/logging.h"
#include "framework/node_builder.h"
#include "framework/op.h"

namespace tensorflow {

OpsTestBase::OpsTestBase()
    : device_owner_(new Device("/job:a/replica:0/task:0/device:CPU:0")),
      device_(device_owner_.get()),
      device_type_(DEVICE_CPU),
      allocator_(device_->GetAllocator(AllocatorAttributes())) {}

OpsTestBase::~OpsTestBase() {
  context_.reset();
  for (Tensor* t : tensors_) delete t;
  for (Tensor* t : managed_outputs_) delete t;
}

void OpsTestBase::SetDevice(const DeviceType& device_type, std::unique_ptr<Device> device) {
  CHECK(device_type == DeviceType(DEVICE_CPU))
      << "minitf runs kernels on the CPU only, not on " << device_type.type_string();
  CHECK(device != nullptr);
  device_owner_ = std::move(device);
  device_ = device_owner_.get();
  device_type_ = device_type;
  allocator_ = device_->GetAllocator(AllocatorAttributes());
}

Status OpsTestBase::InitOp() { return InitOpWithGraphVersion(TF_GRAPH_DEF_VERSION); }

Status OpsTestBase::InitOpWithGraphVersion(int /*graph_def_version*/) {
  const OpRegistrationData* reg = nullptr;
  TF_RETURN_IF_ERROR(OpRegistry::Global()->LookUp(node_def_.op(), &reg));
  DataTypeVector in_types, out_types;
  TF_RETURN_IF_ERROR(InOutTypesForNode(node_def_, reg->op_def, &in_types, &out_types));
  TF_RETURN_IF_ERROR(ValidateNodeDef(node_def_, *reg));
  std::unique_ptr<OpKernel> kernel;
  TF_RETURN_IF_ERROR(CreateOpKernel(node_def_, in_types, out_types, &kernel));
  context_.reset();  // it may point at the old kernel's outputs
  kernel_ = std::move(kernel);
  input_types_ = kernel_->input_types();
  return OkStatus();
}

Tensor* OpsTestBase::AddInput(DataType dtype, const TensorShape& shape) {
  CHECK_GT(input_types_.size(), inputs_.size())
      << "Adding more inputs than types; perhaps you need to call MakeOp";
  const DataType expected = input_types_[inputs_.size()];
  auto* input = new Tensor(allocator(), dtype, shape);
  tensors_.push_back(input);
  if (IsRefType(expected)) {
    CHECK_EQ(RemoveRefType(expected), dtype);
    inputs_.push_back({&lock_for_refs_, input});
  } else {
    CHECK_EQ(expected, dtype);
    inputs_.push_back({nullptr, input});
  }
  return input;
}

void OpsTestBase::AddResourceHandle(const std::string& container, const std::string& name,
                                    uint64_t hash_code, const std::string& type_name) {
  ResourceHandle handle;
  handle.set_device(device_->name());
  handle.set_container(container);
  handle.set_name(name);
  handle.set_hash_code(hash_code);
  handle.set_maybe_type_name(type_name);
  Tensor* input = AddInput(DT_RESOURCE, TensorShape({}));
  input->scalar<ResourceHandle>()() = handle;
}

void OpsTestBase::CreateContext() {
  context_.reset();
  const int n = static_cast<int>(inputs_.size());
  input_ptrs_.assign(n, nullptr);
  input_refs_.assign(n, TensorRef{});
  for (int i = 0; i < n; ++i) {
    input_ptrs_[i] = inputs_[i].tensor;
    if (inputs_[i].is_ref()) input_refs_[i] = TensorRef{inputs_[i].mutex_if_ref, inputs_[i].tensor};
  }
  const int num_outputs = kernel_->num_outputs();
  outputs_.assign(num_outputs, Tensor());
  output_refs_.assign(num_outputs, TensorRef{});
  // No input slots: the kernel never moves an input away, so GetInput still sees it.
  context_ = std::make_unique<OpKernelContext>(input_ptrs_.data(), nullptr, nullptr, n,
                                               outputs_.data(), kernel_->output_types(),
                                               /*runner=*/nullptr);
  context_->set_refs(input_refs_.data(), output_refs_.data());
  context_->set_resource_manager(device_->resource_manager());
}

Status OpsTestBase::RunOpKernel() {
  if (kernel_ == nullptr) {
    return errors::FailedPrecondition("RunOpKernel before a successful InitOp");
  }
  if (static_cast<int>(inputs_.size()) != kernel_->num_inputs()) {
    return errors::InvalidArgument("Kernel ", kernel_->name(), " of type ", kernel_->type_string(),
                                   " takes ", kernel_->num_inputs(), " inputs, but ",
                                   inputs_.size(), " were added");
  }
  CreateContext();
  kernel_->Compute(context_.get());
  return context_->status();
}

const Tensor& OpsTestBase::GetInput(int input_index) const {
  CHECK(context_ != nullptr) << "GetInput before RunOpKernel";
  CHECK_LT(input_index, context_->num_inputs());
  CHECK(!IsRefType(input_types_[input_index]));
  return context_->input(input_index);
}

TensorValue OpsTestBase::mutable_input(int input_index) {
  CHECK_LT(input_index, static_cast<int>(inputs_.size()));
  return inputs_[input_index];
}

Tensor* OpsTestBase::GetOutput(int output_index) {
  CHECK(context_ != nullptr) << "GetOutput before RunOpKernel";
  CHECK_LT(output_index, context_->num_outputs());
  if (output_refs_[output_index].tensor != nullptr) return output_refs_[output_index].tensor;
  return context_->mutable_output(output_index);
}

}  // namespace tensorflow
