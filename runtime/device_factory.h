// minitf: TF's DeviceFactory (tensorflow/core/common_runtime/device_factory.h), the way code
// asks for a device by type. minitf has one kind, the CPU:
//
//   std::unique_ptr<Device> cpu =
//       DeviceFactory::NewDevice("CPU", SessionOptions(), "/job:a/replica:0/task:0");
//   // cpu->name() == "/job:a/replica:0/task:0/device:CPU:0"; "GPU" gives nullptr, as TF's
//   // answer on a machine without one.
#ifndef MINITF_RUNTIME_DEVICE_FACTORY_H_
#define MINITF_RUNTIME_DEVICE_FACTORY_H_

#include <memory>
#include <string>
#include <vector>

#include "framework/device_base.h"
#include "framework/status.h"
#include "runtime/session_options.h"

namespace tensorflow {

class DeviceFactory {
 public:
  // A new device of `type` named `name_prefix` + "/device:<TYPE>:0", or nullptr when there is
  // no such device type (anything but "CPU").
  static std::unique_ptr<Device> NewDevice(const std::string& type, const SessionOptions& options,
                                           const std::string& name_prefix);
  // Appends every device this process has (one CPU) under `name_prefix`.
  static Status AddDevices(const SessionOptions& options, const std::string& name_prefix,
                           std::vector<std::unique_ptr<Device>>* devices);
  // The physical devices' names ("/physical_device:CPU:0").
  static Status ListAllPhysicalDevices(std::vector<std::string>* devices);
};

}  // namespace tensorflow

#endif  // MINITF_RUNTIME_DEVICE_FACTORY_H_
