// minitf: the FakeQuant op family (TF's tensorflow/cc/ops/array_ops.h), for
// quantization-aware training: fake-quantize a float tensor to the num_bits grid of a
// [min, max] range, and the gradients of that w.r.t. the input and the range.
//
//   auto x = ops::Placeholder(root, DT_FLOAT);
//   auto min = ops::Const(root, -6.f), max = ops::Const(root, 6.f);
//   auto q = ops::FakeQuantWithMinMaxVars(root, x, min, max,
//                                         ops::FakeQuantWithMinMaxVars::NumBits(8));
//   auto grad = ops::FakeQuantWithMinMaxVarsGradient(
//       root, upstream, x, min, max, ops::FakeQuantWithMinMaxVarsGradient::NarrowRange(true));
//   // grad.backprops_wrt_input, grad.backprop_wrt_min, grad.backprop_wrt_max
//
// Results are TensorFlow 2.21's bit for bit; d_min/d_max sums are deterministic (the same at
// any thread count). num_bits must be in [2, 16] (checked when the node is built). Where TF
// crashes (non-scalar min/max, rank-0 per-channel input, wrong channel count) or produces
// garbage from non-finite min/max, the kernels return InvalidArgument.
#ifndef MINITF_OPS_FAKE_QUANT_FAKE_QUANT_OPS_H_
#define MINITF_OPS_FAKE_QUANT_FAKE_QUANT_OPS_H_

#include "framework/op_wrapper.h"

namespace tensorflow {
namespace ops {
namespace internal {
// The num_bits / narrow_range setters every FakeQuant Attrs has (CRTP: they return Derived).
template <typename Derived>
struct FakeQuantBitsAttrs {
  // Bits of the quantization grid, 2..16. Defaults to 8.
  TF_MUST_USE_RESULT Derived NumBits(int64_t x) const {
    Derived ret = static_cast<const Derived&>(*this);
    ret.num_bits_ = x;
    return ret;
  }
  // Use [1, 2^num_bits - 1] instead of [0, 2^num_bits - 1]. Defaults to false.
  TF_MUST_USE_RESULT Derived NarrowRange(bool x) const {
    Derived ret = static_cast<const Derived&>(*this);
    ret.narrow_range_ = x;
    return ret;
  }
  int64_t num_bits_ = 8;
  bool narrow_range_ = false;
};

// Adds the Min / Max setters of the Args ops.
template <typename Derived>
struct FakeQuantArgsAttrs : FakeQuantBitsAttrs<Derived> {
  // Defaults to -6.
  TF_MUST_USE_RESULT Derived Min(float x) const {
    Derived ret = static_cast<const Derived&>(*this);
    ret.min_ = x;
    return ret;
  }
  // Defaults to 6.
  TF_MUST_USE_RESULT Derived Max(float x) const {
    Derived ret = static_cast<const Derived&>(*this);
    ret.max_ = x;
    return ret;
  }
  float min_ = -6.0f;
  float max_ = 6.0f;
};
}  // namespace internal

// outputs = fake_quant(inputs) on the grid of the attrs [min, max].
class FakeQuantWithMinMaxArgs {
 public:
  struct Attrs : internal::FakeQuantArgsAttrs<Attrs> {};
  FakeQuantWithMinMaxArgs(const ::tensorflow::Scope& scope, ::tensorflow::Input inputs)
      : FakeQuantWithMinMaxArgs(scope, inputs, Attrs()) {}
  FakeQuantWithMinMaxArgs(const ::tensorflow::Scope& scope, ::tensorflow::Input inputs,
                          const FakeQuantWithMinMaxArgs::Attrs& attrs);
  operator ::tensorflow::Output() const { return outputs; }
  operator ::tensorflow::Input() const { return outputs; }
  ::tensorflow::Node* node() const { return outputs.node(); }
  static Attrs Min(float x) { return Attrs().Min(x); }
  static Attrs Max(float x) { return Attrs().Max(x); }
  static Attrs NumBits(int64_t x) { return Attrs().NumBits(x); }
  static Attrs NarrowRange(bool x) { return Attrs().NarrowRange(x); }

  Operation operation;
  ::tensorflow::Output outputs;
};

// backprops = gradients * (nudged_min <= inputs <= nudged_max).
class FakeQuantWithMinMaxArgsGradient {
 public:
  struct Attrs : internal::FakeQuantArgsAttrs<Attrs> {};
  FakeQuantWithMinMaxArgsGradient(const ::tensorflow::Scope& scope,
                                  ::tensorflow::Input gradients, ::tensorflow::Input inputs)
      : FakeQuantWithMinMaxArgsGradient(scope, gradients, inputs, Attrs()) {}
  FakeQuantWithMinMaxArgsGradient(const ::tensorflow::Scope& scope,
                                  ::tensorflow::Input gradients, ::tensorflow::Input inputs,
                                  const FakeQuantWithMinMaxArgsGradient::Attrs& attrs);
  operator ::tensorflow::Output() const { return backprops; }
  operator ::tensorflow::Input() const { return backprops; }
  ::tensorflow::Node* node() const { return backprops.node(); }
  static Attrs Min(float x) { return Attrs().Min(x); }
  static Attrs Max(float x) { return Attrs().Max(x); }
  static Attrs NumBits(int64_t x) { return Attrs().NumBits(x); }
  static Attrs NarrowRange(bool x) { return Attrs().NarrowRange(x); }

  Operation operation;
  ::tensorflow::Output backprops;
};

// outputs = fake_quant(inputs) on the grid of scalar tensors [min, max].
class FakeQuantWithMinMaxVars {
 public:
  struct Attrs : internal::FakeQuantBitsAttrs<Attrs> {};
  FakeQuantWithMinMaxVars(const ::tensorflow::Scope& scope, ::tensorflow::Input inputs,
                          ::tensorflow::Input min, ::tensorflow::Input max)
      : FakeQuantWithMinMaxVars(scope, inputs, min, max, Attrs()) {}
  FakeQuantWithMinMaxVars(const ::tensorflow::Scope& scope, ::tensorflow::Input inputs,
                          ::tensorflow::Input min, ::tensorflow::Input max,
                          const FakeQuantWithMinMaxVars::Attrs& attrs);
  operator ::tensorflow::Output() const { return outputs; }
  operator ::tensorflow::Input() const { return outputs; }
  ::tensorflow::Node* node() const { return outputs.node(); }
  static Attrs NumBits(int64_t x) { return Attrs().NumBits(x); }
  static Attrs NarrowRange(bool x) { return Attrs().NarrowRange(x); }

  Operation operation;
  ::tensorflow::Output outputs;
};

// The gradient of FakeQuantWithMinMaxVars w.r.t. inputs, min and max.
class FakeQuantWithMinMaxVarsGradient {
 public:
  struct Attrs : internal::FakeQuantBitsAttrs<Attrs> {};
  FakeQuantWithMinMaxVarsGradient(const ::tensorflow::Scope& scope,
                                  ::tensorflow::Input gradients, ::tensorflow::Input inputs,
                                  ::tensorflow::Input min, ::tensorflow::Input max)
      : FakeQuantWithMinMaxVarsGradient(scope, gradients, inputs, min, max, Attrs()) {}
  FakeQuantWithMinMaxVarsGradient(const ::tensorflow::Scope& scope,
                                  ::tensorflow::Input gradients, ::tensorflow::Input inputs,
                                  ::tensorflow::Input min, ::tensorflow::Input max,
                                  const FakeQuantWithMinMaxVarsGradient::Attrs& attrs);
  static Attrs NumBits(int64_t x) { return Attrs().NumBits(x); }
  static Attrs NarrowRange(bool x) { return Attrs().NarrowRange(x); }

  Operation operation;
  ::tensorflow::Output backprops_wrt_input;
  ::tensorflow::Output backprop_wrt_min;
  ::tensorflow::Output backprop_wrt_max;
};

// outputs = fake_quant(inputs) with per-channel (last dimension) min[d] and max[d].
class FakeQuantWithMinMaxVarsPerChannel {
 public:
  struct Attrs : internal::FakeQuantBitsAttrs<Attrs> {};
  FakeQuantWithMinMaxVarsPerChannel(const ::tensorflow::Scope& scope, ::tensorflow::Input inputs,
                                    ::tensorflow::Input min, ::tensorflow::Input max)
      : FakeQuantWithMinMaxVarsPerChannel(scope, inputs, min, max, Attrs()) {}
  FakeQuantWithMinMaxVarsPerChannel(const ::tensorflow::Scope& scope, ::tensorflow::Input inputs,
                                    ::tensorflow::Input min, ::tensorflow::Input max,
                                    const FakeQuantWithMinMaxVarsPerChannel::Attrs& attrs);
  operator ::tensorflow::Output() const { return outputs; }
  operator ::tensorflow::Input() const { return outputs; }
  ::tensorflow::Node* node() const { return outputs.node(); }
  static Attrs NumBits(int64_t x) { return Attrs().NumBits(x); }
  static Attrs NarrowRange(bool x) { return Attrs().NarrowRange(x); }

  Operation operation;
  ::tensorflow::Output outputs;
};

// The gradient of FakeQuantWithMinMaxVarsPerChannel w.r.t. inputs, min[d] and max[d].
class FakeQuantWithMinMaxVarsPerChannelGradient {
 public:
  struct Attrs : internal::FakeQuantBitsAttrs<Attrs> {};
  FakeQuantWithMinMaxVarsPerChannelGradient(const ::tensorflow::Scope& scope,
                                            ::tensorflow::Input gradients,
                                            ::tensorflow::Input inputs, ::tensorflow::Input min,
                                            ::tensorflow::Input max)
      : FakeQuantWithMinMaxVarsPerChannelGradient(scope, gradients, inputs, min, max, Attrs()) {}
  FakeQuantWithMinMaxVarsPerChannelGradient(
      const ::tensorflow::Scope& scope, ::tensorflow::Input gradients, ::tensorflow::Input inputs,
      ::tensorflow::Input min, ::tensorflow::Input max,
      const FakeQuantWithMinMaxVarsPerChannelGradient::Attrs& attrs);
  static Attrs NumBits(int64_t x) { return Attrs().NumBits(x); }
  static Attrs NarrowRange(bool x) { return Attrs().NarrowRange(x); }

  Operation operation;
  ::tensorflow::Output backprops_wrt_input;
  ::tensorflow::Output backprop_wrt_min;
  ::tensorflow::Output backprop_wrt_max;
};

}  // namespace ops
}  // namespace tensorflow

#endif  // MINITF_OPS_FAKE_QUANT_FAKE_QUANT_OPS_H_
