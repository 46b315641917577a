// minitf: CPU kernels — OpKernel, its construction and compute contexts, and one-line
// registration (TF's tensorflow/core/framework/op_kernel.h).
//
//   class IdentityOp : public OpKernel {
//    public:
//     explicit IdentityOp(OpKernelConstruction* c) : OpKernel(c) {}
//     void Compute(OpKernelContext* ctx) override { ctx->set_output(0, ctx->input(0)); }
//   };
//   REGISTER_KERNEL_BUILDER(Name("Identity").Device(DEVICE_CPU), IdentityOp);
//
// A kernel is created once per execution plan (attrs are read and checked in the
// constructor) and its Compute may run on several threads at once: keep it stateless.
// Errors go through OP_REQUIRES / OP_REQUIRES_OK and come back from ClientSession::Run with
// the node attached. Large loops use ctx->ParallelFor, which runs on the session's threads.
#ifndef MINITF_FRAMEWORK_OP_KERNEL_H_
#define MINITF_FRAMEWORK_OP_KERNEL_H_

#include <functional>
#include <initializer_list>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "framework/errors.h"
#include "framework/mutex.h"
#include "framework/node_def_util.h"
#include "framework/status.h"
#include "framework/tensor.h"
#include "framework/types.h"
#include "tensorflow/core/framework/node_def.pb.h"

namespace tensorflow {

class Node;
class ResourceMgr;

// TF's device names; minitf has the CPU only.
extern const char* const DEVICE_CPU;

// A reference-typed tensor (DT_FLOAT_REF...: a variable): the tensor the variable holds and
// the mutex guarding it.
struct TensorRef {
  mutex* mu = nullptr;
  Tensor* tensor = nullptr;
};

// One input as TF's kernel tests hand it to a kernel (OpsTestBase::inputs_): the tensor, and
// for a reference input (DT_FLOAT_REF...) the mutex guarding it.
struct TensorValue {
  TensorValue() = default;
  explicit TensorValue(Tensor* t) : tensor(t) {}
  TensorValue(mutex* mu, Tensor* t) : mutex_if_ref(mu), tensor(t) {}
  Tensor* operator->() const { return tensor; }
  bool is_ref() const { return mutex_if_ref != nullptr; }
  DataType dtype() const { return is_ref() ? MakeRefType(tensor->dtype()) : tensor->dtype(); }

  mutex* mutex_if_ref = nullptr;
  Tensor* tensor = nullptr;
};

// Runs loops on the session's threads. The runtime provides it; kernels reach it through
// OpKernelContext::ParallelFor.
class ParallelRunner {
 public:
  virtual ~ParallelRunner() = default;
  virtual int NumThreads() const = 0;
  // Calls fn(begin, end) over disjoint ranges covering [0, total), each at least `grain`
  // long (except perhaps the last); returns when all are done.
  virtual void ParallelFor(int64_t total, int64_t grain,
                           const std::function<void(int64_t, int64_t)>& fn) const = 0;
};

// What a kernel's constructor sees: the node's attrs and types.
class OpKernelConstruction {
 public:
  OpKernelConstruction(const NodeDef* def, DataTypeSlice input_types, DataTypeSlice output_types)
      : def_(def), input_types_(input_types), output_types_(output_types) {}

  const NodeDef& def() const { return *def_; }
  template <typename T>
  Status GetAttr(absl::string_view name, T* value) const {
    return GetNodeAttr(AttrSlice(*def_), name, value);
  }
  bool HasAttr(absl::string_view name) const { return HasNodeAttr(*def_, name); }
  int num_inputs() const { return static_cast<int>(input_types_.size()); }
  int num_outputs() const { return static_cast<int>(output_types_.size()); }
  DataType input_type(int i) const { return input_types_[i]; }
  DataType output_type(int i) const { return output_types_[i]; }
  DataTypeSlice input_types() const { return input_types_; }
  DataTypeSlice output_types() const { return output_types_; }

  void SetStatus(const Status& s) { status_.Update(s); }
  void CtxFailure(const Status& s) { SetStatus(s); }
  void CtxFailureWithWarning(const Status& s) { SetStatus(s); }
  const Status& status() const { return status_; }

 private:
  const NodeDef* def_;
  DataTypeSlice input_types_;
  DataTypeSlice output_types_;
  Status status_;
};

// What Compute sees: the input tensors, where outputs go, the status, the threads.
class OpKernel;

class OpKernelContext {
 public:
  // `inputs[i]` points at input i; `outputs` has one Tensor per output, filled by the
  // kernel. `forwardable[i]` says input i may be moved into an output (no one else reads it).
  OpKernelContext(const Tensor* const* inputs, Tensor** input_slots, const bool* forwardable,
                  int num_inputs, Tensor* outputs, DataTypeSlice output_types,
                  const ParallelRunner* runner)
      : inputs_(inputs),
        input_slots_(input_slots),
        forwardable_(forwardable),
        num_inputs_(num_inputs),
        outputs_(outputs),
        output_types_(output_types),
        runner_(runner) {}

  int num_inputs() const { return num_inputs_; }
  const Tensor& input(int index) const { return *inputs_[index]; }
  DataType input_dtype(int index) const { return inputs_[index]->dtype(); }
  int num_outputs() const { return static_cast<int>(output_types_.size()); }
  DataType expected_output_dtype(int index) const { return output_types_[index]; }

  // Allocates output `index` with `shape` (uninitialised values).
  Status allocate_output(int index, const TensorShape& shape, Tensor** tensor);
  // Output `index` shares `tensor`'s buffer (no copy).
  void set_output(int index, const Tensor& tensor);
  // Output `output_index` is input `input_index` (minitf's pass-through for Identity-like
  // kernels): the input is moved when no one else reads it, its buffer shared otherwise. The
  // kernel must not read the input after this call.
  void set_output_from_input(int output_index, int input_index);
  Tensor* mutable_output(int index) { return &outputs_[index]; }
  // Reuses the buffer of the first input in `candidates` that nobody else reads and whose
  // dtype and size fit; allocates otherwise. `forwarded_input` (optional) says which.
  Status forward_input_or_allocate_output(std::initializer_list<int> candidates, int output_index,
                                          const TensorShape& shape, Tensor** output,
                                          int* forwarded_input = nullptr);
  // Allocates a scratch tensor for the kernel's own use.
  Status allocate_temp(DataType type, const TensorShape& shape, Tensor* out_temp);

  // TF's check that every input has input 0's shape: false, with TF's InvalidArgument
  // ("Inputs to operation <node> of type <op> must have the same size and shape. ...") set,
  // when one does not.
  bool ValidateInputsAreSameShape(OpKernel* op);

  void SetStatus(const Status& s) { status_.Update(s); }
  void CtxFailure(const Status& s) { SetStatus(s); }
  void CtxFailureWithWarning(const Status& s) { SetStatus(s); }
  const Status& status() const { return status_; }

  // Reference inputs and outputs (TF's ref API, for kernels that update variables in place).
  // The executor sets them: `input_refs[i]` for every input (empty for value inputs),
  // `output_refs[o]` for every output, written by set_output_ref.
  void set_refs(const TensorRef* input_refs, TensorRef* output_refs) {
    input_refs_ = input_refs;
    output_refs_ = output_refs;
  }
  bool input_is_ref(int index) const {
    return input_refs_ != nullptr && input_refs_[index].tensor != nullptr;
  }
  mutex* input_ref_mutex(int index) { return input_refs_[index].mu; }
  // The referenced tensor (sharing its buffer); `lock_held` says the caller holds its mutex.
  Tensor mutable_input(int index, bool lock_held);
  // Makes the reference input hold `tensor`.
  void replace_ref_input(int index, const Tensor& tensor, bool lock_held);
  // Output `output_index` is the same reference as input `input_index`.
  void forward_ref_input_to_ref_output(int input_index, int output_index);
  // Output `index` refers to `*tensor_for_ref`, guarded by `mu`.
  void set_output_ref(int index, mutex* mu, Tensor* tensor_for_ref);

  // The session's resources (variables); null outside a session.
  ResourceMgr* resource_manager() const { return resource_manager_; }
  void set_resource_manager(ResourceMgr* rm) { resource_manager_ = rm; }

  // Splits [0, total) over the session's threads when total > grain; inline otherwise.
  void ParallelFor(int64_t total, int64_t grain,
                   const std::function<void(int64_t, int64_t)>& fn) const;
  int NumThreads() const { return runner_ ? runner_->NumThreads() : 1; }

 private:
  const Tensor* const* inputs_;
  Tensor** input_slots_;
  const bool* forwardable_;
  int num_inputs_;
  Tensor* outputs_;
  DataTypeSlice output_types_;
  const ParallelRunner* runner_;
  const TensorRef* input_refs_ = nullptr;
  TensorRef* output_refs_ = nullptr;
  ResourceMgr* resource_manager_ = nullptr;
  Status status_;
};

class OpKernel {
 public:
  explicit OpKernel(OpKernelConstruction* context);
  virtual ~OpKernel();
  OpKernel(const OpKernel&) = delete;
  OpKernel& operator=(const OpKernel&) = delete;

  virtual void Compute(OpKernelContext* context) = 0;
  // Cheap kernels are run inline by the executor; expensive ones may get a task of their own.
  virtual bool IsExpensive() { return expensive_; }

  const NodeDef& def() const { return def_; }
  const std::string& name() const { return def_.name(); }
  // The NodeDef's input string `i` ("v", "x:1"), as TF's error messages name inputs.
  const std::string& requested_input(int i) const { return def_.input(i); }
  const std::string& type_string() const { return def_.op(); }
  int num_inputs() const { return static_cast<int>(input_types_.size()); }
  int num_outputs() const { return static_cast<int>(output_types_.size()); }
  DataType input_type(int i) const { return input_types_[i]; }
  DataType output_type(int i) const { return output_types_[i]; }
  const DataTypeVector& input_types() const { return input_types_; }
  const DataTypeVector& output_types() const { return output_types_; }

 protected:
  void set_expensive(bool expensive) { expensive_ = expensive; }

 private:
  NodeDef def_;
  DataTypeVector input_types_;
  DataTypeVector output_types_;
  bool expensive_ = true;
};

// ---- Registration ------------------------------------------------------------------------

// One registered kernel: op, device, dtype constraints on attrs, string-valued attr
// constraints (e.g. data_format in ["NHWC"]), optional label.
struct KernelDef {
  std::string op;
  std::string device;
  std::vector<std::pair<std::string, std::vector<DataType>>> constraints;
  std::vector<std::pair<std::string, std::vector<std::string>>> string_constraints;
  std::string label;
  int priority = 0;
};

// TF's KernelDefBuilder; users spell it Name("Op").Device(DEVICE_CPU).TypeConstraint<T>("T").
class KernelDefBuilder {
 public:
  explicit KernelDefBuilder(const char* op_name) { def_.op = op_name; }
  KernelDefBuilder& Device(const char* device_type) {
    def_.device = device_type;
    return *this;
  }
  template <typename T>
  KernelDefBuilder& TypeConstraint(const char* attr_name) {
    return TypeConstraint(attr_name, DataTypeToEnum<T>::v());
  }
  KernelDefBuilder& TypeConstraint(const char* attr_name, DataType allowed) {
    def_.constraints.push_back({attr_name, {allowed}});
    return *this;
  }
  KernelDefBuilder& TypeConstraint(const char* attr_name, std::vector<DataType> allowed) {
    def_.constraints.push_back({attr_name, std::move(allowed)});
    return *this;
  }
  // TF's AttrConstraint for a string attr: the kernel matches only these values.
  KernelDefBuilder& AttrConstraint(const char* attr_name, std::vector<std::string> allowed) {
    def_.string_constraints.push_back({attr_name, std::move(allowed)});
    return *this;
  }
  KernelDefBuilder& AttrConstraint(const char* attr_name, const std::string& allowed) {
    return AttrConstraint(attr_name, std::vector<std::string>{allowed});
  }
  KernelDefBuilder& HostMemory(const char*) { return *this; }  // CPU only: nothing to do
  KernelDefBuilder& Label(const char* label) {
    def_.label = label;
    return *this;
  }
  KernelDefBuilder& Priority(int32_t priority) {
    def_.priority = priority;
    return *this;
  }
  const KernelDef& Build() const { return def_; }

 private:
  KernelDef def_;
};

namespace register_kernel {
class Name : public KernelDefBuilder {
 public:
  explicit Name(const char* op) : KernelDefBuilder(op) {}
};

typedef std::function<OpKernel*(OpKernelConstruction*)> KernelFactory;

// Adds the kernel to the global registry when its static is initialized.
struct KernelRegistrar {
  KernelRegistrar(const KernelDef& def, KernelFactory factory);
};
}  // namespace register_kernel

// Creates the kernel registered for `node_def` (op, dtype attrs, `_kernel` label) on the CPU.
// NotFound, in TF's wording, when none matches; the kernel constructor's error otherwise.
Status CreateOpKernel(const NodeDef& node_def, DataTypeSlice input_types,
                      DataTypeSlice output_types, std::unique_ptr<OpKernel>* kernel);
// True when some CPU kernel is registered for op `op` (for the registry completeness test).
bool HasKernelForOp(const std::string& op);
// The dtype constraints of every kernel registered for `op` ("T in [DT_FLOAT]" form).
std::vector<KernelDef> KernelDefsForOp(const std::string& op);

}  // namespace tensorflow

#define REGISTER_KERNEL_BUILDER(kernel_builder, ...) \
  MINITF_REGISTER_KERNEL_UNIQ_HELPER(__COUNTER__, kernel_builder, __VA_ARGS__)
#define MINITF_REGISTER_KERNEL_UNIQ_HELPER(ctr, kernel_builder, ...) \
  MINITF_REGISTER_KERNEL_UNIQ(ctr, kernel_builder, __VA_ARGS__)
#define MINITF_REGISTER_KERNEL_UNIQ(ctr, kernel_builder, ...)                          \
  static ::tensorflow::register_kernel::KernelRegistrar minitf_kernel_registrar_##ctr  \
      [[maybe_unused]] = ::tensorflow::register_kernel::KernelRegistrar(               \
          ::tensorflow::register_kernel::kernel_builder.Build(),                       \
          [](::tensorflow::OpKernelConstruction* context) -> ::tensorflow::OpKernel* { \
            return new __VA_ARGS__(context);                                           \
          })

// Stops Compute (or a constructor) with InvalidArgument-style errors, as TF's macros.
#define OP_REQUIRES(CTX, EXP, STATUS)  \
  do {                                 \
    if (__builtin_expect(!(EXP), 0)) { \
      (CTX)->CtxFailure((STATUS));     \
      return;                          \
    }                                  \
  } while (0)

#define OP_REQUIRES_OK(CTX, ...)                \
  do {                                          \
    ::absl::Status _minitf_s(__VA_ARGS__);      \
    if (__builtin_expect(!_minitf_s.ok(), 0)) { \
      (CTX)->CtxFailureWithWarning(_minitf_s);  \
      return;                                   \
    }                                           \
  } while (0)

#define OP_REQUIRES_VALUE(lhs, CTX, rexpr)                            \
  auto MINITF_CONCAT(_minitf_or_, __LINE__) = (rexpr);                \
  OP_REQUIRES_OK(CTX, MINITF_CONCAT(_minitf_or_, __LINE__).status()); \
  lhs = std::move(MINITF_CONCAT(_minitf_or_, __LINE__)).value()

#endif  // MINITF_FRAMEWORK_OP_KERNEL_H_
