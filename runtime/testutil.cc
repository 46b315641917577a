#include "runtime/testutil.h"

#include "framework/logging.h"
#include "runtime/client_session.h"

namespace tensorflow {
namespace test {

void GetTensors(const Scope& scope, OutputList tensors, std::vector<Tensor>* out) {
  ClientSession session(scope);
  TF_CHECK_OK(session.Run(tensors, out));
}

void GetTensors(const Scope& scope, const std::vector<Output>& assign_vars,
                const OutputList& tensors, std::vector<Tensor>* out) {
  ClientSession session(scope);
  std::vector<Tensor> unused;
  TF_CHECK_OK(session.Run(assign_vars, &unused));
  TF_CHECK_OK(session.Run(tensors, out));
}

void GetTensor(const Scope& scope, Output tensor, Tensor* out) {
  std::vector<Tensor> outputs;
  GetTensors(scope, {std::move(tensor)}, &outputs);
  *out = outputs[0];
}

void GetTensor(const Scope& scope, const std::vector<Output>& assign_vars, Output tensor,
               Tensor* out) {
  std::vector<Tensor> outputs;
  GetTensors(scope, assign_vars, {std::move(tensor)}, &outputs);
  *out = outputs[0];
}

}  // namespace test
}  // namespace tensorflow
