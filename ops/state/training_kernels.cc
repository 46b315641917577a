// CPU kernels of the optimizer update ops on reference variables (TF's training_ops.cc
// checks and texts; the arithmetic of TF's Eigen functors, element by element in T). The
// variable's mutex is held exclusively for the whole update.
#include <algorithm>
#include <complex>
#include <mutex>
#include <string>
#include <type_traits>
#include <vector>

#include "framework/op_kernel.h"
#include "ops/math/internal/tf_packet_math.h"
#include "ops/state/internal/resource_var.h"
#include "ops/state/internal/variable_update.h"

namespace tensorflow {
namespace {

// TF's IsLegacyScalar: rank 0, or one element of any rank.
bool IsLegacyScalar(const TensorShape& shape) {
  return shape.dims() == 0 || (shape.dims() == 1 && shape.num_elements() == 1);
}

// An optimizer's update: reference inputs [0, kRefs) (the variable, then its slots), then its
// other inputs. Locks the variables' mutexes (each once, in address order), checks as TF's
// kernels do (every input but the gradient a scalar, or a legacy scalar, with TF's text;
// every slot and the gradient of the variable's shape, except slot Op::kCountOnlySlot, of its
// size; Op::kLateScalar, when not -1, is checked after the shapes, as TF's Momentum checks
// momentum), then has
// Op::Update(n, refs, in) rewrite the kRefs arrays element by element, `in` being the
// non-reference inputs' data.
template <typename T, int kRefs, typename Op, bool kResource = false>
class ApplyOp : public OpKernel {
 public:
  explicit ApplyOp(OpKernelConstruction* ctx) : OpKernel(ctx) {}

  void Compute(OpKernelContext* ctx) override {
    Var* vars[kRefs] = {};  // the resource form's variables, each with one reference
    struct Unref {
      Var** vars;
      ~Unref() {
        for (int i = 0; i < kRefs; ++i) {
          if (vars[i] != nullptr) vars[i]->Unref();
        }
      }
    } unref{vars};
    std::vector<mutex*> mus;
    for (int i = 0; i < kRefs; ++i) {
      if constexpr (kResource) {
        OP_REQUIRES(ctx, state_internal::LookupVar(ctx, i, &vars[i]).ok(),
                    errors::Internal("Invalid variable reference."));
        mus.push_back(vars[i]->mu());
      } else {
        OP_REQUIRES(ctx, ctx->input_is_ref(i),
                    errors::Internal(type_string(), "'s input ", i, " is not a reference"));
        mus.push_back(ctx->input_ref_mutex(i));
      }
    }
    std::sort(mus.begin(), mus.end());
    mus.erase(std::unique(mus.begin(), mus.end()), mus.end());
    std::vector<std::unique_lock<mutex>> locks;
    for (mutex* mu : mus) locks.emplace_back(*mu);
    Tensor current[kRefs];
    for (int i = 0; i < kRefs; ++i) {
      if constexpr (kResource) {
        OP_REQUIRES(ctx, vars[i]->is_initialized, errors::Internal("Invalid variable reference."));
        current[i] = *vars[i]->tensor();
        // TF does not check (it aborts); minitf says which variable has another dtype.
        OP_REQUIRES(ctx, current[i].dtype() == DataTypeToEnum<T>::value,
                    errors::InvalidArgument("Trying to update variable ", requested_input(i),
                                            " of type ", DataTypeString(current[i].dtype()), " as ",
                                            DataTypeString(DataTypeToEnum<T>::value)));
      } else {
        current[i] = ctx->mutable_input(i, /*lock_held=*/true);
        OP_REQUIRES(ctx, current[i].IsInitialized(),
                    errors::FailedPrecondition("Attempting to use uninitialized variables: ",
                                               requested_input(i)));
      }
    }
    const int num_in = ctx->num_inputs() - kRefs;
    auto check_scalar = [&](int k) {
      const TensorShape& shape = ctx->input(kRefs + k).shape();
      if (Op::kLegacyScalars ? IsLegacyScalar(shape) : shape.dims() == 0) return true;
      ctx->SetStatus(errors::InvalidArgument(Op::kScalarErrors[k], shape.DebugString()));
      return false;
    };
    for (int k = 0; k < num_in; ++k) {
      if (k != Op::kGradIndex && k != Op::kLateScalar && !check_scalar(k)) return;
    }
    for (int i = 1; i <= kRefs; ++i) {
      const bool grad = i == kRefs;
      const TensorShape& shape =
          grad ? ctx->input(kRefs + Op::kGradIndex).shape() : current[i].shape();
      if (i == Op::kCountOnlySlot && shape.num_elements() == current[0].NumElements()) continue;
      OP_REQUIRES(
          ctx, current[0].shape().IsSameSize(shape),
          errors::InvalidArgument("var and ", grad ? Op::kGradName : Op::kSlotNames[i - 1],
                                  " do not have the same shape", current[0].shape().DebugString(),
                                  " ", shape.DebugString()));
    }
    if (Op::kLateScalar >= 0 && !check_scalar(Op::kLateScalar)) return;
    Tensor target[kRefs];
    for (int i = 0; i < kRefs; ++i) {
      Status s;
      if constexpr (kResource) {
        current[i] = Tensor();  // the variable's own view alone decides whether to copy
        s = state_internal::ResourceUpdateTarget(ctx, vars[i], &target[i]);
      } else {
        s = state_internal::UpdateTarget(ctx, i, &current[i], &target[i]);
      }
      if (!s.ok()) {
        for (int j = 0; j < i; ++j) StoreBack(ctx, vars, j, target[j]);
        ctx->SetStatus(s);
        return;
      }
    }
    T* refs[kRefs];
    for (int i = 0; i < kRefs; ++i) refs[i] = target[i].template flat<T>().data();
    std::vector<const T*> in(num_in);
    for (int k = 0; k < num_in; ++k) in[k] = ctx->input(kRefs + k).template flat<T>().data();
    Op::Update(target[0].NumElements(), refs, in.data(), attrs_);
    for (int i = 0; i < kRefs; ++i) StoreBack(ctx, vars, i, target[i]);
    if constexpr (!kResource) ctx->forward_ref_input_to_ref_output(0, 0);
  }

 private:
  static void StoreBack(OpKernelContext* ctx, Var* const* vars, int i, const Tensor& value) {
    if constexpr (kResource) {
      *vars[i]->tensor() = value;
    } else {
      ctx->replace_ref_input(i, value, /*lock_held=*/true);
    }
  }

 protected:
  typename Op::Attrs attrs_;
};

// Reads use_nesterov where the op has it.
template <typename T, int kRefs, typename Op, bool kResource = false>
class ApplyNesterovOp : public ApplyOp<T, kRefs, Op, kResource> {
 public:
  explicit ApplyNesterovOp(OpKernelConstruction* ctx) : ApplyOp<T, kRefs, Op, kResource>(ctx) {
    OP_REQUIRES_OK(ctx, ctx->GetAttr("use_nesterov", &this->attrs_.nesterov));
  }
};

struct NoAttrs {};
struct NesterovAttr {
  bool nesterov = false;
};

// var -= delta * alpha.
template <typename T>
struct GradientDescent {
  using Attrs = NoAttrs;
  static constexpr bool kLegacyScalars = true;
  static constexpr const char* kScalarErrors[] = {"alpha is not a scalar: ", ""};
  static constexpr const char* kSlotNames[] = {""};
  static constexpr const char* kGradName = "delta";
  static constexpr int kGradIndex = 1;
  static constexpr int kLateScalar = -1;
  static constexpr int kCountOnlySlot = -1;
  static void Update(int64_t n, T* const* r, const T* const* in, const Attrs&) {
    const T alpha = in[0][0];
    const T* delta = in[1];
    for (int64_t i = 0; i < n; ++i) r[0][i] = T(r[0][i] - T(delta[i] * alpha));
  }
};

// accum = accum * momentum + grad; var -= accum * lr (Nesterov: grad * lr + accum * momentum
// * lr).
template <typename T>
struct Momentum {
  using Attrs = NesterovAttr;
  static constexpr bool kLegacyScalars = false;
  static constexpr const char* kScalarErrors[] = {"lr is not a scalar: ", "",
                                                  "momentum is not a scalar: "};
  static constexpr const char* kSlotNames[] = {"accum"};
  static constexpr const char* kGradName = "grad";
  static constexpr int kGradIndex = 1;
  static constexpr int kLateScalar = 2;  // momentum
  static constexpr int kCountOnlySlot = -1;
  static void Update(int64_t n, T* const* r, const T* const* in, const Attrs& attrs) {
    const T lr = in[0][0], momentum = in[2][0];
    const T* grad = in[1];
    T *var = r[0], *accum = r[1];
    for (int64_t i = 0; i < n; ++i) {
      accum[i] = T(T(accum[i] * momentum) + grad[i]);
      if (attrs.nesterov) {
        var[i] = T(var[i] - T(T(grad[i] * lr) + T(T(accum[i] * momentum) * lr)));
      } else {
        var[i] = T(var[i] - T(accum[i] * lr));
      }
    }
  }
};

// TF's ApplyAdamNonCuda: alpha = lr * sqrt(1 - beta2_power) / (1 - beta1_power);
// m += (grad - m) * (1 - beta1); v += (grad^2 - v) * (1 - beta2);
// var -= m * alpha / (sqrt(v) + epsilon) (Nesterov: (grad * (1 - beta1) + beta1 * m) * alpha).
template <typename T>
struct Adam {
  using Attrs = NesterovAttr;
  static constexpr bool kLegacyScalars = false;
  static constexpr const char* kScalarErrors[] = {"beta1_power is not a scalar: ",
                                                  "beta2_power is not a scalar: ",
                                                  "lr is not a scalar : ",
                                                  "beta1 is not a scalar: ",
                                                  "beta2 is not a scalar: ",
                                                  "epsilon is not a scalar: ",
                                                  ""};
  static constexpr const char* kSlotNames[] = {"m", "v"};
  static constexpr const char* kGradName = "grad";
  static constexpr int kGradIndex = 6;
  static constexpr int kLateScalar = -1;
  static constexpr int kCountOnlySlot = -1;
  static void Update(int64_t n, T* const* r, const T* const* in, const Attrs& attrs) {
    using Eigen::numext::sqrt;
    const T beta1_power = in[0][0], beta2_power = in[1][0], lr = in[2][0];
    const T beta1 = in[3][0], beta2 = in[4][0], epsilon = in[5][0];
    const T* grad = in[6];
    const T alpha = T(T(lr * T(sqrt(T(T(1) - beta2_power)))) / T(T(1) - beta1_power));
    const T one_minus_beta1 = T(T(1) - beta1), one_minus_beta2 = T(T(1) - beta2);
    T *var = r[0], *m = r[1], *v = r[2];
    for (int64_t i = 0; i < n; ++i) {
      m[i] = T(m[i] + T(T(grad[i] - m[i]) * one_minus_beta1));
      v[i] = T(v[i] + T(T(T(grad[i] * grad[i]) - v[i]) * one_minus_beta2));
      const T denom = T(T(sqrt(v[i])) + epsilon);
      if (attrs.nesterov) {
        const T mix = T(T(grad[i] * one_minus_beta1) + T(beta1 * m[i]));
        var[i] = T(var[i] - T(T(mix * alpha) / denom));
      } else {
        var[i] = T(var[i] - T(T(m[i] * alpha) / denom));
      }
    }
  }
};

// ms += (grad^2 - ms) * (1 - rho); mom = mom * momentum + grad * lr / sqrt(ms + epsilon);
// var -= mom.
template <typename T>
struct RMSProp {
  using Attrs = NoAttrs;
  static constexpr bool kLegacyScalars = false;
  static constexpr const char* kScalarErrors[] = {
      "lr is not a scalar : ", "rho is not a scalar: ", "momentum is not a scalar: ",
      "epsilon is not a scalar: ", ""};
  static constexpr const char* kSlotNames[] = {"ms", "mom"};
  static constexpr const char* kGradName = "grad";
  static constexpr int kGradIndex = 4;
  static constexpr int kLateScalar = -1;
  static constexpr int kCountOnlySlot = -1;
  static void Update(int64_t n, T* const* r, const T* const* in, const Attrs&) {
    using Eigen::numext::sqrt;
    const T lr = in[0][0], rho = in[1][0], momentum = in[2][0], epsilon = in[3][0];
    const T* grad = in[4];
    const T one_minus_rho = T(T(1) - rho);
    T *var = r[0], *ms = r[1], *mom = r[2];
    for (int64_t i = 0; i < n; ++i) {
      ms[i] = T(ms[i] + T(T(T(grad[i] * grad[i]) - ms[i]) * one_minus_rho));
      mom[i] = T(T(mom[i] * momentum) + T(T(grad[i] * lr) / T(sqrt(T(ms[i] + epsilon)))));
      var[i] = T(var[i] - mom[i]);
    }
  }
};

// Eigen's rsqrt as TF's CPU kernels evaluate it over n elements: float, half and bfloat16
// elements before the last n % 8 take the AVX packet path (the CPU's float estimate and a
// Newton step; half and bfloat16 through float, rounded once), the rest and the other types
// 1 / sqrt in T.
template <typename T>
struct RsqrtOver {
  static constexpr bool kPacket = std::is_same<T, float>::value ||
                                  std::is_same<T, Eigen::half>::value ||
                                  std::is_same<T, Eigen::bfloat16>::value;
  explicit RsqrtOver(int64_t n) : packet_end(kPacket ? n - n % 8 : 0) {}
  T operator()(int64_t i, T x) const {
    if constexpr (kPacket) {
      if (i < packet_end) return T(packet_math::Rsqrt(static_cast<float>(x)));
    }
    using Eigen::numext::sqrt;
    return T(T(1) / T(sqrt(x)));
  }
  int64_t packet_end;
};

struct UpdateSlotsAttr {
  bool update_slots = true;
};

// accum += grad^2 (when update_slots); var -= grad * lr * rsqrt(accum).
template <typename T>
struct Adagrad {
  using Attrs = UpdateSlotsAttr;
  static constexpr bool kLegacyScalars = false;
  static constexpr const char* kScalarErrors[] = {"lr is not a scalar: ", ""};
  static constexpr const char* kSlotNames[] = {"accum"};
  static constexpr const char* kGradName = "grad";
  static constexpr int kGradIndex = 1;
  static constexpr int kLateScalar = -1;
  static constexpr int kCountOnlySlot = -1;
  static void Update(int64_t n, T* const* r, const T* const* in, const Attrs& attrs) {
    const T lr = in[0][0];
    const T* grad = in[1];
    T *var = r[0], *accum = r[1];
    const RsqrtOver<T> rsqrt(n);
    if (attrs.update_slots) {
      for (int64_t i = 0; i < n; ++i) accum[i] = T(accum[i] + T(grad[i] * grad[i]));
    }
    for (int64_t i = 0; i < n; ++i) var[i] = T(var[i] - T(T(grad[i] * lr) * rsqrt(i, accum[i])));
  }
};

// accum = accum * rho + grad^2 * (1 - rho);
// update = sqrt(accum_update + epsilon) * rsqrt(accum + epsilon) * grad; var -= update * lr;
// accum_update = accum_update * rho + update^2 * (1 - rho). (TF checks no shape of
// accum_update at run time and reads it flat; minitf takes any shape of var's size and
// rejects another size, where TF would read past its end.)
template <typename T>
struct Adadelta {
  using Attrs = NoAttrs;
  static constexpr bool kLegacyScalars = false;
  static constexpr const char* kScalarErrors[] = {
      "lr is not a scalar: ", "rho is not a scalar: ", "epsilon is not a scalar: ", ""};
  static constexpr const char* kSlotNames[] = {"accum", "accum_update"};
  static constexpr const char* kGradName = "grad";
  static constexpr int kGradIndex = 3;
  static constexpr int kLateScalar = -1;
  static constexpr int kCountOnlySlot = 2;  // accum_update: its size only, as TF reads it
  static void Update(int64_t n, T* const* r, const T* const* in, const Attrs&) {
    using Eigen::numext::sqrt;
    const T lr = in[0][0], rho = in[1][0], epsilon = in[2][0];
    const T* grad = in[3];
    const T one_minus_rho = T(T(1) - rho);
    T *var = r[0], *accum = r[1], *accum_update = r[2];
    const RsqrtOver<T> rsqrt(n);
    for (int64_t i = 0; i < n; ++i) {
      accum[i] = T(T(accum[i] * rho) + T(T(grad[i] * grad[i]) * one_minus_rho));
    }
    std::vector<T> update(n);
    for (int64_t i = 0; i < n; ++i) {
      update[i] =
          T(T(T(sqrt(T(accum_update[i] + epsilon))) * rsqrt(i, T(accum[i] + epsilon))) * grad[i]);
    }
    for (int64_t i = 0; i < n; ++i) var[i] = T(var[i] - T(update[i] * lr));
    for (int64_t i = 0; i < n; ++i) {
      accum_update[i] = T(T(accum_update[i] * rho) + T(T(update[i] * update[i]) * one_minus_rho));
    }
  }
};

template <typename T, bool kResource = false>
class ApplyAdagradOp : public ApplyOp<T, 2, Adagrad<T>, kResource> {
 public:
  explicit ApplyAdagradOp(OpKernelConstruction* ctx) : ApplyOp<T, 2, Adagrad<T>, kResource>(ctx) {
    OP_REQUIRES_OK(ctx, ctx->GetAttr("update_slots", &this->attrs_.update_slots));
  }
};

// Both forms of each optimizer: PREFIX "" on reference variables, "Resource" on resource ones.
#define MINITF_REGISTER_APPLY_FORMS(T, PREFIX, RES)                                               \
  REGISTER_KERNEL_BUILDER(                                                                        \
      Name(PREFIX "ApplyGradientDescent").Device(DEVICE_CPU).TypeConstraint<T>("T"),              \
      ApplyOp<T, 1, GradientDescent<T>, RES>);                                                    \
  REGISTER_KERNEL_BUILDER(Name(PREFIX "ApplyMomentum").Device(DEVICE_CPU).TypeConstraint<T>("T"), \
                          ApplyNesterovOp<T, 2, Momentum<T>, RES>);                               \
  REGISTER_KERNEL_BUILDER(Name(PREFIX "ApplyAdam").Device(DEVICE_CPU).TypeConstraint<T>("T"),     \
                          ApplyNesterovOp<T, 3, Adam<T>, RES>);                                   \
  REGISTER_KERNEL_BUILDER(Name(PREFIX "ApplyRMSProp").Device(DEVICE_CPU).TypeConstraint<T>("T"),  \
                          ApplyOp<T, 3, RMSProp<T>, RES>);                                        \
  REGISTER_KERNEL_BUILDER(Name(PREFIX "ApplyAdagrad").Device(DEVICE_CPU).TypeConstraint<T>("T"),  \
                          ApplyAdagradOp<T, RES>);                                                \
  REGISTER_KERNEL_BUILDER(Name(PREFIX "ApplyAdadelta").Device(DEVICE_CPU).TypeConstraint<T>("T"), \
                          ApplyOp<T, 3, Adadelta<T>, RES>);
#define MINITF_REGISTER_APPLY(T)            \
  MINITF_REGISTER_APPLY_FORMS(T, "", false) \
  MINITF_REGISTER_APPLY_FORMS(T, "Resource", true)
MINITF_REGISTER_APPLY(float)
MINITF_REGISTER_APPLY(double)
MINITF_REGISTER_APPLY(Eigen::half)
MINITF_REGISTER_APPLY(Eigen::bfloat16)
// Complex: TF registers them too; their results are not compared with TF's here (TF's Eigen
// divides complex numbers its own way).
MINITF_REGISTER_APPLY(std::complex<float>)
MINITF_REGISTER_APPLY(std::complex<double>)
#undef MINITF_REGISTER_APPLY
#undef MINITF_REGISTER_APPLY_FORMS

}  // namespace
}  // namespace tensorflow
