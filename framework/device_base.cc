#include "framework/device_base.h"

#include <utility>

namespace tensorflow {

const char* const DEVICE_GPU = "GPU";

const std::string& DeviceBase::name() const {
  static const std::string* const kName = new std::string("");
  return *kName;
}

Device::Device(std::string name) : name_(std::move(name)) {}

}  // namespace tensorflow
