// minitf: TF's graph test helpers (tensorflow/cc/framework/testutil.h): run a scope's graph in
// a fresh ClientSession and return the values. A failed run is a CHECK failure, as in TF.
//
//   Tensor out;
//   test::GetTensor(root, ops::Add(root, 1, 2), &out);   // out = 3
#ifndef MINITF_RUNTIME_TESTUTIL_H_
#define MINITF_RUNTIME_TESTUTIL_H_

#include <vector>

#include "framework/ops.h"
#include "framework/scope.h"
#include "framework/tensor.h"

namespace tensorflow {
namespace test {

void GetTensors(const Scope& scope, OutputList tensors, std::vector<Tensor>* out);
// Runs `assign_vars` first (as targets), then fetches `tensors`.
void GetTensors(const Scope& scope, const std::vector<Output>& assign_vars,
                const OutputList& tensors, std::vector<Tensor>* out);
void GetTensor(const Scope& scope, Output tensor, Tensor* out);
void GetTensor(const Scope& scope, const std::vector<Output>& assign_vars, Output tensor,
               Tensor* out);

}  // namespace test
}  // namespace tensorflow

#endif  // MINITF_RUNTIME_TESTUTIL_H_
