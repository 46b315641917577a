// Optimizer update ops, with TF 2.21's definitions and shape functions: ApplyGradientDescent,
// ApplyMomentum, ApplyAdam, ApplyRMSProp, ApplyAdagrad, ApplyAdadelta on reference variables
// (Ref(T) inputs, the variable's reference as output) and their ResourceApply* forms on
// resource variables (resource inputs, no output). Kernels: training_kernels.cc.
//
//   auto w = ops::Variable(root, {3}, DT_FLOAT);
//   auto step = ops::ApplyGradientDescent(root, w, ops::Const(root, 0.1f), grad_w);
//   auto v = ops::VarHandleOp(root, DT_FLOAT, {3}, ops::VarHandleOp::SharedName("v"));
//   auto rstep = ops::ResourceApplyGradientDescent(root, v, 0.1f, grad_v);
#include <string>
#include <utility>
#include <vector>

#include "framework/errors.h"
#include "framework/op.h"

namespace tensorflow {

using shape_inference::InferenceContext;

namespace {

// An input's shape: a resource input's is its handle's (unknown without handle data).
PartialTensorShape ShapeOrHandleShape(InferenceContext* c, int i, bool resource) {
  if (!resource) return c->input(i);
  const auto* handle = c->input_handle_shapes_and_types(i);
  return handle == nullptr ? PartialTensorShape() : (*handle)[0].shape;
}

// TF's training shape functions: the variable's shape merged with its slots' and the
// gradient's; the other inputs rank 0; the ref form's output that merged shape.
Status ApplyShape(InferenceContext* c, int num_refs, int grad, bool resource) {
  PartialTensorShape s = ShapeOrHandleShape(c, 0, resource);
  for (int i = 1; i < num_refs; ++i) {
    PartialTensorShape merged;
    TF_RETURN_IF_ERROR(InferenceContext::Merge(s, ShapeOrHandleShape(c, i, resource), &merged));
    s = merged;
  }
  for (int i = num_refs; i < c->num_inputs(); ++i) {
    if (i != grad) TF_RETURN_IF_ERROR(c->WithRank(i, 0));
  }
  PartialTensorShape merged;
  TF_RETURN_IF_ERROR(InferenceContext::Merge(s, c->input(grad), &merged));
  if (!resource) c->set_output(0, merged);
  return OkStatus();
}

struct ApplySpec {
  const char* name;                     // the ref form; the resource form is "Resource" + name
  std::vector<const char*> slots;       // reference inputs after var
  std::vector<const char*> rest;        // the other inputs, all of type T
  const char* grad;                     // which of `rest` is the gradient
  std::vector<const char*> bool_attrs;  // after use_locking, e.g. "use_nesterov: bool = false"
  const char* summary;
};

OpDefBuilder ApplyBuilder(const ApplySpec& spec, bool resource) {
  OpDefBuilder b(resource ? std::string("Resource") + spec.name : std::string(spec.name));
  const std::string ref_type = resource ? ": resource" : ": Ref(T)";
  b.Input(std::string("var") + ref_type);
  for (const char* slot : spec.slots) b.Input(slot + ref_type);
  int grad = 0;
  for (size_t k = 0; k < spec.rest.size(); ++k) {
    b.Input(std::string(spec.rest[k]) + ": T");
    if (std::string(spec.rest[k]) == spec.grad) grad = static_cast<int>(1 + spec.slots.size() + k);
  }
  if (!resource) b.Output("out: Ref(T)");
  b.Attr("T: numbertype").Attr("use_locking: bool = false");
  for (const char* attr : spec.bool_attrs) b.Attr(attr);
  if (resource) b.SetIsStateful();
  const int num_refs = static_cast<int>(1 + spec.slots.size());
  b.SetShapeFn([num_refs, grad, resource](InferenceContext* c) {
    return ApplyShape(c, num_refs, grad, resource);
  });
  b.Summary(spec.summary);
  if (!resource) b.ArgDoc("out", "Same as \"var\".");
  b.CcHeader("training_ops");
  return b;
}

const ApplySpec kApplyOps[] = {
    {"ApplyGradientDescent",
     {},
     {"alpha", "delta"},
     "delta",
     {},
     "Update '*var' by subtracting 'alpha' * 'delta' from it."},
    {"ApplyMomentum",
     {"accum"},
     {"lr", "grad", "momentum"},
     "grad",
     {"use_nesterov: bool = false"},
     "Update '*var' according to the momentum scheme."},
    {"ApplyAdam",
     {"m", "v"},
     {"beta1_power", "beta2_power", "lr", "beta1", "beta2", "epsilon", "grad"},
     "grad",
     {"use_nesterov: bool = false"},
     "Update '*var' according to the Adam algorithm."},
    {"ApplyRMSProp",
     {"ms", "mom"},
     {"lr", "rho", "momentum", "epsilon", "grad"},
     "grad",
     {},
     "Update '*var' according to the RMSProp algorithm."},
    {"ApplyAdagrad",
     {"accum"},
     {"lr", "grad"},
     "grad",
     {"update_slots: bool = true"},
     "Update '*var' according to the adagrad scheme."},
    {"ApplyAdadelta",
     {"accum", "accum_update"},
     {"lr", "rho", "epsilon", "grad"},
     "grad",
     {},
     "Update '*var' according to the adadelta scheme."},
};

// Both forms of every optimizer, registered when the library loads (as REGISTER_OP does).
struct RegisterApplyOps {
  RegisterApplyOps() {
    for (const ApplySpec& spec : kApplyOps) {
      register_op::OpRegisterer ref_form(ApplyBuilder(spec, /*resource=*/false));
      register_op::OpRegisterer resource_form(ApplyBuilder(spec, /*resource=*/true));
    }
  }
};
const RegisterApplyOps register_apply_ops;

}  // namespace

}  // namespace tensorflow
