#include "runtime/device_factory.h"

#include "absl/strings/str_cat.h"
#include "framework/op_kernel.h"

namespace tensorflow {

std::unique_ptr<Device> DeviceFactory::NewDevice(const std::string& type,
                                                 const SessionOptions& /*options*/,
                                                 const std::string& name_prefix) {
  if (type != DEVICE_CPU) return nullptr;
  return std::make_unique<Device>(absl::StrCat(name_prefix, "/device:CPU:0"));
}

Status DeviceFactory::AddDevices(const SessionOptions& options, const std::string& name_prefix,
                                 std::vector<std::unique_ptr<Device>>* devices) {
  if (devices == nullptr) return errors::InvalidArgument("devices must not be null");
  devices->push_back(NewDevice(DEVICE_CPU, options, name_prefix));
  return OkStatus();
}

Status DeviceFactory::ListAllPhysicalDevices(std::vector<std::string>* devices) {
  if (devices == nullptr) return errors::InvalidArgument("devices must not be null");
  devices->push_back("/physical_device:CPU:0");
  return OkStatus();
}

}  // namespace tensorflow
