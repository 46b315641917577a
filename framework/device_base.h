// minitf: the CPU device as kernels and kernel tests see it (TF's DeviceBase in
// tensorflow/core/framework/device_base.h and Device in common_runtime/device.h): a name, a
// type, the allocator tensors come from and a resource manager.
//
//   Device* d = ...;                                  // e.g. OpsTestBase's device_
//   Tensor t(d->GetAllocator(AllocatorAttributes()), DT_FLOAT, TensorShape({2, 3}));
//
// minitf's sessions do not place nodes on devices (there is one, the CPU); this class exists
// for code written against TF's device API.
#ifndef MINITF_FRAMEWORK_DEVICE_BASE_H_
#define MINITF_FRAMEWORK_DEVICE_BASE_H_

#include <memory>
#include <string>

#include "framework/allocator.h"
#include "framework/resource_mgr.h"

namespace tensorflow {

// TF's name for GPU devices (its DEVICE_CPU is in framework/op_kernel.h). minitf has no GPU:
// code may name it (a test's GPU branch, a kernel registered under #if GOOGLE_CUDA), nothing
// runs there.
extern const char* const DEVICE_GPU;

class DeviceBase {
 public:
  virtual ~DeviceBase() = default;
  // The CPU allocator, whatever the attributes.
  virtual Allocator* GetAllocator(AllocatorAttributes /*attr*/) { return cpu_allocator(); }
  virtual const std::string& name() const;
};

class Device : public DeviceBase {
 public:
  // A CPU device named `name` ("/job:localhost/replica:0/task:0/device:CPU:0" by default).
  explicit Device(std::string name = "/job:localhost/replica:0/task:0/device:CPU:0");
  const std::string& name() const override { return name_; }
  const std::string& device_type() const { return device_type_; }
  // Resources (variables) of kernels run on this device outside a session.
  ResourceMgr* resource_manager() { return &resource_manager_; }

 private:
  std::string name_;
  std::string device_type_ = "CPU";
  ResourceMgr resource_manager_;
};

}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_DEVICE_BASE_H_
