// minitf: OpsTestBase, the GoogleTest fixture TF's kernel tests derive from
// (tensorflow/core/kernels/ops_testutil.h): one kernel, made from a NodeDef and run directly on
// tensors the test adds, without a graph or a session.
//
//   class MyOpTest : public OpsTestBase {};
//   TEST_F(MyOpTest, Adds) {
//     TF_ASSERT_OK(NodeDefBuilder("op", "Add").Input(FakeInput(DT_FLOAT))
//                      .Input(FakeInput(DT_FLOAT)).Finalize(node_def()));
//     TF_ASSERT_OK(InitOp());
//     AddInputFromArray<float>(TensorShape({2}), {1, 2});
//     AddInputFromArray<float>(TensorShape({2}), {3, 4});
//     TF_ASSERT_OK(RunOpKernel());
//     test::ExpectTensorEqual<float>(*GetOutput(0), test::AsTensor<float>({4, 6}));
//   }
//
// Inputs are added in the op's order and must have the dtypes of the kernel's signature
// (CHECKed, as TF). Kernels run on the calling thread. Outputs and GetInput are valid until the
// next RunOpKernel. Part of minitf::testutil (links GoogleTest).
#ifndef MINITF_FRAMEWORK_OPS_TESTUTIL_H_
#define MINITF_FRAMEWORK_OPS_TESTUTIL_H_

#include <functional>
#include <initializer_list>
#include <memory>
#include <string>
#include <typeinfo>
#include <vector>

#include "absl/container/inlined_vector.h"
#include "framework/allocator.h"
#include "framework/device_base.h"
#include "framework/fake_input.h"
#include "framework/graph.h"
#include "framework/mutex.h"
#include "framework/node_def_builder.h"
#include "framework/op_kernel.h"
#include "framework/resource_mgr.h"
#include "framework/status_test_util.h"
#include "framework/tensor.h"
#include "framework/tensor_testutil.h"
#include "framework/types.h"
#include "gtest/gtest.h"

namespace tensorflow {

class OpsTestBase : public ::testing::Test {
 public:
  OpsTestBase();
  ~OpsTestBase() override;

  // minitf has the CPU only: any other device type stops the test.
  void SetDevice(const DeviceType& device_type, std::unique_ptr<Device> device);

  void set_node_def(const NodeDef& node_def) { node_def_.CopyFrom(node_def); }
  NodeDef* node_def() { return &node_def_; }

  // Creates the kernel for node_def(): the op must be registered, the NodeDef valid for it,
  // and a CPU kernel registered for its types (TF's errors otherwise).
  Status InitOp();
  Status InitOpWithGraphVersion(int graph_def_version);

  // The next input: `shape` filled with input_mapping(i).
  template <typename T>
  void AddInput(const TensorShape& shape, std::function<T(int)> input_mapping) {
    test::FillFn<T>(AddInput(DataTypeToEnum<T>::v(), shape), input_mapping);
  }
  // The next input: `shape` holding `data` (sizes must agree).
  template <typename T>
  void AddInputFromArray(const TensorShape& shape, const gtl::ArraySlice<T> data) {
    test::FillValues<T>(AddInput(DataTypeToEnum<T>::v(), shape), data);
  }
  // The next input: `shape` holding `data`, each converted from SrcType to T.
  template <typename T, typename SrcType>
  void AddInputFromList(const TensorShape& shape, std::initializer_list<SrcType> data) {
    test::FillValues<T>(AddInput(DataTypeToEnum<T>::v(), shape), data);
  }
  // The next input: a handle to `resource`, which is added to the device's resource manager
  // under (container, name) and owned by it.
  template <typename T>
  void AddResourceInput(const std::string& container, const std::string& name, T* resource) {
    ResourceMgr* rm = device_->resource_manager();
    const std::string c = container.empty() ? rm->default_container() : container;
    TF_CHECK_OK(rm->Create(c, name, resource));
    AddResourceHandle(c, name, typeid(T).hash_code(), typeid(T).name());
  }

  // Runs the kernel on the inputs added: its status (OP_REQUIRES' errors come back here).
  Status RunOpKernel();

  // After RunOpKernel: input `input_index` as the kernel saw it (not a reference input).
  const Tensor& GetInput(int input_index) const;
  TensorValue mutable_input(int input_index);
  // After RunOpKernel: output `output_index` (the referenced tensor for a reference output).
  Tensor* GetOutput(int output_index);

  Allocator* allocator() { return allocator_; }
  OpKernel* op_kernel() { return kernel_.get(); }
  const DataTypeVector& output_types() const { return kernel_->output_types(); }

 protected:
  // Adds the next input: a new tensor of `dtype` and `shape`, owned by the fixture, checked
  // against the kernel's input type (a reference input gets lock_for_refs_).
  Tensor* AddInput(DataType dtype, const TensorShape& shape);
  void AddResourceHandle(const std::string& container, const std::string& name, uint64_t hash_code,
                         const std::string& type_name);
  // Builds the context RunOpKernel computes in.
  void CreateContext();

  std::unique_ptr<Device> device_owner_;
  Device* device_ = nullptr;
  DeviceType device_type_;
  Allocator* allocator_ = nullptr;

  std::unique_ptr<OpKernel> kernel_;
  NodeDef node_def_;
  DataTypeVector input_types_;
  mutex lock_for_refs_;  // guards every reference input
  absl::InlinedVector<TensorValue, 4> inputs_;
  std::vector<Tensor*> tensors_;          // the inputs, owned
  std::vector<Tensor*> managed_outputs_;  // unused on the CPU; kept for TF's tests
  std::unique_ptr<OpKernelContext> context_;

 private:
  // What context_ points into, rebuilt by each RunOpKernel.
  std::vector<const Tensor*> input_ptrs_;
  std::vector<TensorRef> input_refs_;
  std::vector<Tensor> outputs_;
  std::vector<TensorRef> output_refs_;
};

}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_OPS_TESTUTIL_H_
