// CPU kernels of ScalarSummary, HistogramSummary and MergeSummary, with TF's checks and
// texts (TF 2.21's, read from TF: note the trailing space of the duplicate-tag text). Each
// builds a tensorflow.Summary and outputs it serialized.
#include <cmath>
#include <string>
#include <unordered_set>

#include "absl/strings/str_cat.h"
#include "framework/errors.h"
#include "framework/op_kernel.h"
#include "ops/summary/internal/histogram.h"
#include "tensorflow/core/framework/summary.pb.h"

namespace tensorflow {
namespace {

Status OutputSummary(OpKernelContext* ctx, const Summary& s) {
  Tensor* out = nullptr;
  TF_RETURN_IF_ERROR(ctx->allocate_output(0, TensorShape({}), &out));
  if (!s.SerializeToString(&out->scalar<tstring>()())) {
    return errors::Internal("Summary of ", s.ByteSizeLong(), " bytes does not serialize");
  }
  return OkStatus();
}

template <typename T>
class ScalarSummaryOp : public OpKernel {
 public:
  explicit ScalarSummaryOp(OpKernelConstruction* ctx) : OpKernel(ctx) {}

  void Compute(OpKernelContext* ctx) override {
    const Tensor& tags = ctx->input(0);
    const Tensor& values = ctx->input(1);
    OP_REQUIRES(ctx,
                tags.IsSameSize(values) || (TensorShapeUtils::IsScalar(tags.shape()) &&
                                            TensorShapeUtils::IsScalar(values.shape())),
                errors::InvalidArgument(
                    "tags and values are not the same shape: ", tags.shape().DebugString(),
                    " != ", values.shape().DebugString(), SingleTag(tags)));
    const auto tag = tags.flat<tstring>();
    const auto value = values.flat<T>();
    Summary s;
    for (int64_t i = 0; i < tag.size(); ++i) {
      Summary::Value* v = s.add_value();
      v->set_tag(tag(i));
      v->set_simple_value(static_cast<float>(value(i)));
    }
    OP_REQUIRES_OK(ctx, OutputSummary(ctx, s));
  }

 private:
  // With one tag, the error names it (TF's SingleTag).
  static std::string SingleTag(const Tensor& tags) {
    if (tags.NumElements() != 1) return "";
    return absl::StrCat(" (tag '", tags.flat<tstring>()(0), "')");
  }
};

template <typename T>
class HistogramSummaryOp : public OpKernel {
 public:
  explicit HistogramSummaryOp(OpKernelConstruction* ctx) : OpKernel(ctx) {}

  void Compute(OpKernelContext* ctx) override {
    const Tensor& tags = ctx->input(0);
    const Tensor& values = ctx->input(1);
    OP_REQUIRES(ctx, TensorShapeUtils::IsScalar(tags.shape()),
                errors::InvalidArgument("tags must be scalar"));
    const auto flat = values.flat<T>();
    summary_internal::Histogram histo;
    for (int64_t i = 0; i < flat.size(); ++i) {
      const double x = static_cast<double>(flat(i));
      OP_REQUIRES(ctx, !std::isnan(x),
                  errors::InvalidArgument("Nan in summary histogram for: ", name()));
      OP_REQUIRES(ctx, !std::isinf(x),
                  errors::InvalidArgument("Infinity in Histogram for: ", name()));
      histo.Add(x);
    }
    Summary s;
    Summary::Value* v = s.add_value();
    v->set_tag(tags.scalar<tstring>()());
    histo.EncodeToProto(v->mutable_histo(), /*preserve_zero_buckets=*/false);
    OP_REQUIRES_OK(ctx, OutputSummary(ctx, s));
  }
};

class MergeSummaryOp : public OpKernel {
 public:
  explicit MergeSummaryOp(OpKernelConstruction* ctx) : OpKernel(ctx) {}

  void Compute(OpKernelContext* ctx) override {
    Summary s;
    std::unordered_set<std::string> tags;
    for (int input = 0; input < ctx->num_inputs(); ++input) {
      const auto in = ctx->input(input).flat<tstring>();
      for (int64_t i = 0; i < in.size(); ++i) {
        Summary summary_in;
        OP_REQUIRES(ctx, summary_in.ParseFromString(in(i)),
                    errors::InvalidArgument("Could not parse one of the summary inputs"));
        for (const Summary::Value& value : summary_in.value()) {
          // Values without a tag (TensorSummary's) may repeat.
          OP_REQUIRES(
              ctx, value.tag().empty() || tags.insert(value.tag()).second,
              errors::InvalidArgument("Duplicate tag ", value.tag(), " found in summary inputs "));
          *s.add_value() = value;
        }
      }
    }
    OP_REQUIRES_OK(ctx, OutputSummary(ctx, s));
  }
};

// TF's TF_CALL_REAL_NUMBER_TYPES: the OpDefs' realnumbertype.
#define MINITF_REGISTER_SUMMARY(T)                                                            \
  REGISTER_KERNEL_BUILDER(Name("ScalarSummary").Device(DEVICE_CPU).TypeConstraint<T>("T"),    \
                          ScalarSummaryOp<T>);                                                \
  REGISTER_KERNEL_BUILDER(Name("HistogramSummary").Device(DEVICE_CPU).TypeConstraint<T>("T"), \
                          HistogramSummaryOp<T>);
MINITF_REGISTER_SUMMARY(float)
MINITF_REGISTER_SUMMARY(double)
MINITF_REGISTER_SUMMARY(int32_t)
MINITF_REGISTER_SUMMARY(uint32_t)
MINITF_REGISTER_SUMMARY(uint16_t)
MINITF_REGISTER_SUMMARY(uint8_t)
MINITF_REGISTER_SUMMARY(int16_t)
MINITF_REGISTER_SUMMARY(int8_t)
MINITF_REGISTER_SUMMARY(int64_t)
MINITF_REGISTER_SUMMARY(uint64_t)
MINITF_REGISTER_SUMMARY(Eigen::half)
MINITF_REGISTER_SUMMARY(Eigen::bfloat16)
#undef MINITF_REGISTER_SUMMARY

REGISTER_KERNEL_BUILDER(Name("MergeSummary").Device(DEVICE_CPU), MergeSummaryOp);

}  // namespace
}  // namespace tensorflow
