// minitf: what the kernels that update reference variables share (variable_kernels.cc,
// training_kernels.cc): the dtypes they take, value copies, and the buffer an update writes.
#ifndef MINITF_OPS_STATE_INTERNAL_VARIABLE_UPDATE_H_
#define MINITF_OPS_STATE_INTERNAL_VARIABLE_UPDATE_H_

#include <complex>
#include <cstring>

#include "framework/op_kernel.h"
#include "framework/tensor.h"

// TF's number types minitf holds (TF_CALL_NUMBER_TYPES without the quantized ones).
#define MINITF_STATE_NUMBER_TYPES(m)                                                               \
  m(float) m(double) m(int32_t) m(int64_t) m(uint8_t) m(int16_t) m(int8_t) m(uint16_t) m(uint32_t) \
      m(uint64_t) m(Eigen::half) m(Eigen::bfloat16) m(std::complex<float>) m(std::complex<double>)

namespace tensorflow {
namespace state_internal {

// to's values = from's (same dtype and element count).
inline void CopyValues(const Tensor& from, Tensor* to) {
  if (from.dtype() == DT_STRING) {
    const tstring* src = from.flat<tstring>().data();
    tstring* dst = to->flat<tstring>().data();
    for (int64_t i = 0; i < from.NumElements(); ++i) dst[i] = src[i];
    return;
  }
  if (from.TotalBytes() > 0) std::memcpy(to->data(), from.data(), from.TotalBytes());
}

// The tensor an update of reference input `index` writes into, with `*current`'s values (the
// variable's value, read with its lock held; consumed): the variable's own buffer when no
// other tensor views it, else a copy in a new buffer. The caller then writes into *out and
// hands it back with replace_ref_input(index, *out, true). On error the variable is as before.
inline Status UpdateTarget(OpKernelContext* ctx, int index, Tensor* current, Tensor* out) {
  // Drop the variable's own view for a moment (its lock is held: nobody sees it empty).
  ctx->replace_ref_input(index, Tensor(current->dtype()), /*lock_held=*/true);
  if (current->RefCountIsOne()) {
    *out = *current;
    *current = Tensor();
    return OkStatus();
  }
  Status s = ctx->allocate_temp(current->dtype(), current->shape(), out);
  if (!s.ok()) {
    ctx->replace_ref_input(index, *current, /*lock_held=*/true);
    return s;
  }
  CopyValues(*current, out);
  return OkStatus();
}

}  // namespace state_internal
}  // namespace tensorflow

#endif  // MINITF_OPS_STATE_INTERNAL_VARIABLE_UPDATE_H_
