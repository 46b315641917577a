// The image family's NotDifferentiable ops, as TF's C++ (tensorflow/cc/gradients/image_grad.cc)
// registers them: non-maximum suppression selects indices. The resize gradients:
// resize_grad.cc.
#include "framework/gradients.h"

namespace tensorflow {
namespace ops {
namespace {

REGISTER_NO_GRADIENT_OP("NonMaxSuppression");
REGISTER_NO_GRADIENT_OP("NonMaxSuppressionV2");
REGISTER_NO_GRADIENT_OP("NonMaxSuppressionV3");
REGISTER_NO_GRADIENT_OP("NonMaxSuppressionV4");
REGISTER_NO_GRADIENT_OP("NonMaxSuppressionV5");

}  // namespace
}  // namespace ops
}  // namespace tensorflow
