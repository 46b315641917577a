// minitf internal: shape functions compute with sizes from untrusted graphs, through
// TensorShape / PartialTensorShape members that CHECK-fail on overflow or bad sizes, as TF's
// classes do (TF's shape functions use InferenceContext, which has no element counts to
// overflow). While a ScopedShapeErrorSink lives on a thread, those members record the first
// failure in it instead of aborting, and leave the shape unchanged; InferNodeShapes turns it
// into the node's InvalidArgument. Only shape inference installs one: a kernel must never
// continue with a shape that failed to change.
#ifndef MINITF_FRAMEWORK_INTERNAL_SHAPE_ERROR_SINK_H_
#define MINITF_FRAMEWORK_INTERNAL_SHAPE_ERROR_SINK_H_

#include "framework/status.h"

namespace tensorflow {
namespace shape_internal {

// TF_CHECK_OK(s), unless a sink is installed on this thread: then s is recorded there.
void CheckOrRecord(const Status& s);

class ScopedShapeErrorSink {
 public:
  ScopedShapeErrorSink();
  ~ScopedShapeErrorSink();
  ScopedShapeErrorSink(const ScopedShapeErrorSink&) = delete;
  ScopedShapeErrorSink& operator=(const ScopedShapeErrorSink&) = delete;

  // OK, or the first failure recorded while this sink was installed.
  const Status& status() const { return status_; }

 private:
  friend void CheckOrRecord(const Status& s);
  Status status_;
  ScopedShapeErrorSink* previous_;
};

}  // namespace shape_internal
}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_INTERNAL_SHAPE_ERROR_SINK_H_
