#include "framework/grad_op_registry.h"

#include "framework/errors.h"
#include "framework/logging.h"

namespace tensorflow {
namespace ops {

bool GradOpRegistry::Register(const std::string& op, GradFunc func) {
  CHECK(registry_.insert({op, func}).second) << "Existing gradient for " << op;
  return true;
}

Status GradOpRegistry::Lookup(const std::string& op, GradFunc* func) const {
  auto it = registry_.find(op);
  if (it == registry_.end()) {
    return errors::NotFound(
        "No gradient defined for op: ", op,
        ". Please see https://www.tensorflow.org/code/tensorflow/cc/gradients/README.md for "
        "instructions on how to add C++ gradients.");
  }
  *func = it->second;
  return OkStatus();
}

GradOpRegistry* GradOpRegistry::Global() {
  static GradOpRegistry* registry = new GradOpRegistry;
  return registry;
}

}  // namespace ops

Output NoGradient() { return Output(nullptr, -1); }

}  // namespace tensorflow
