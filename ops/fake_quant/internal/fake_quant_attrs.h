// minitf internal: the FakeQuant attr checks, shared by the op definitions (run when a node is
// built or imported, through the op's AttrCheckFn) and the kernels (run when a kernel is
// made), so that both give TF's kernel texts.
#ifndef MINITF_OPS_FAKE_QUANT_INTERNAL_FAKE_QUANT_ATTRS_H_
#define MINITF_OPS_FAKE_QUANT_INTERNAL_FAKE_QUANT_ATTRS_H_

#include <cstdint>

#include "framework/errors.h"

namespace tensorflow {
namespace fake_quant {

// num_bits in [2, 16], TF's kernel check.
inline Status CheckNumBits(int64_t num_bits) {
  if (num_bits < 2 || num_bits > 16) {
    return errors::InvalidArgument("num_bits must be between 2 and 16, inclusive");
  }
  return OkStatus();
}

// The Args ops' [min, max] attrs: min < max, TF's kernel check (NaN fails it too).
inline Status CheckArgsRange(float min, float max) {
  if (!(min < max)) {
    return errors::InvalidArgument("min has to be smaller than max, was: ", min, " >= ", max);
  }
  return OkStatus();
}

}  // namespace fake_quant
}  // namespace tensorflow

#endif  // MINITF_OPS_FAKE_QUANT_INTERNAL_FAKE_QUANT_ATTRS_H_
