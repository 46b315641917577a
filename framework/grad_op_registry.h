// minitf: the registry of C++ gradient functions, by op name (TF's
// tensorflow/cc/framework/grad_op_registry.h).
//
//   Status SquareGrad(const Scope& scope, const Operation& op,
//                     const std::vector<Output>& grad_inputs, std::vector<Output>* grad_outputs);
//   REGISTER_GRADIENT_OP("Square", SquareGrad);
//   REGISTER_NO_GRADIENT_OP("Shape");   // gradients stop here (NoGradient for every input)
//
// A gradient function receives one gradient per output of `op` and returns one per input
// (NoGradient() where none flows), building its nodes in `scope`.
#ifndef MINITF_FRAMEWORK_GRAD_OP_REGISTRY_H_
#define MINITF_FRAMEWORK_GRAD_OP_REGISTRY_H_

#include <string>
#include <unordered_map>
#include <vector>

#include "framework/ops.h"
#include "framework/scope.h"
#include "framework/status.h"

namespace tensorflow {
namespace ops {

typedef Status (*GradFunc)(const Scope& scope, const Operation& op,
                           const std::vector<Output>& grad_inputs,
                           std::vector<Output>* grad_outputs);

class GradOpRegistry {
 public:
  // Registers `func` for `op` (nullptr: the op has no gradient). Registering an op twice is
  // a CHECK failure, as in TF.
  bool Register(const std::string& op, GradFunc func);
  // NotFound with TF's text when nothing is registered for `op`; `*func` may be nullptr.
  Status Lookup(const std::string& op, GradFunc* func) const;
  static GradOpRegistry* Global();

 private:
  std::unordered_map<std::string, GradFunc> registry_;
};

}  // namespace ops

// The "no gradient flows here" marker: Output(nullptr, -1).
Output NoGradient();

}  // namespace tensorflow

#define REGISTER_GRADIENT_OP(name, fn) \
  MINITF_REGISTER_GRADIENT_OP_UNIQ_HELPER(__COUNTER__, name, fn)
#define REGISTER_NO_GRADIENT_OP(name) \
  MINITF_REGISTER_GRADIENT_OP_UNIQ_HELPER(__COUNTER__, name, nullptr)
#define MINITF_REGISTER_GRADIENT_OP_UNIQ_HELPER(ctr, name, fn) \
  MINITF_REGISTER_GRADIENT_OP_UNIQ(ctr, name, fn)
#define MINITF_REGISTER_GRADIENT_OP_UNIQ(ctr, name, fn)       \
  static bool minitf_grad_registered_##ctr [[maybe_unused]] = \
      ::tensorflow::ops::GradOpRegistry::Global()->Register(name, fn)

#endif  // MINITF_FRAMEWORK_GRAD_OP_REGISTRY_H_
