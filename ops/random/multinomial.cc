// See internal/multinomial.h.
#include "ops/random/internal/multinomial.h"

#include <algorithm>
#include <limits>

namespace tensorflow {
namespace random_internal {

namespace {
int64_t CeilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }
}  // namespace

// Eigen's ThreadPoolDevice::parallelFor block size for TensorOpCost(0, 0, cost_per_row): one
// block unless the cost model wants more than one thread, else blocks of at least
// ceil(rows / 4T) rows (and 40000 cost units), coarsened while that keeps the threads as busy.
std::vector<int64_t> ShardStarts(int64_t rows, int64_t cost_per_row, int threads) {
  if (rows <= 0) return {};
  if (threads <= 1 || rows == 1) return {0};
  const double total = static_cast<double>(rows) * static_cast<double>(cost_per_row);
  const double wanted = (total - 100000) / 100000 + 0.9;
  if (std::min<int64_t>(threads, std::max<int64_t>(1, static_cast<int64_t>(wanted))) == 1) {
    return {0};
  }
  const double task_size = static_cast<double>(cost_per_row) / 40000;
  int64_t block =
      std::min(rows, std::max(CeilDiv(rows, 4 * threads), static_cast<int64_t>(1.0 / task_size)));
  const int64_t max_block = std::min(rows, 2 * block);
  int64_t count = CeilDiv(rows, block);
  double efficiency =
      static_cast<double>(count) / static_cast<double>(CeilDiv(count, threads) * threads);
  for (int64_t prev = count; efficiency < 1.0 && prev > 1;) {
    const int64_t coarser = CeilDiv(rows, prev - 1);
    if (coarser > max_block) break;
    const int64_t coarser_count = CeilDiv(rows, coarser);
    prev = coarser_count;
    const double coarser_efficiency =
        static_cast<double>(coarser_count) /
        static_cast<double>(CeilDiv(coarser_count, threads) * threads);
    if (coarser_efficiency + 0.01 >= efficiency) {
      block = coarser;
      efficiency = std::max(efficiency, coarser_efficiency);
    }
  }
  std::vector<int64_t> starts;
  for (int64_t r = 0; r < rows; r += block) starts.push_back(r);
  return starts;
}

Status PrepareMultinomial(OpKernelContext* ctx, Tensor** output, int* samples) {
  const Tensor& logits = ctx->input(0);
  const Tensor& num_samples = ctx->input(1);
  if (logits.dims() != 2) {
    return errors::InvalidArgument("logits should be a matrix, got shape ",
                                   logits.shape().DebugString());
  }
  if (num_samples.dims() != 0) {
    return errors::InvalidArgument("num_samples should be a scalar, got shape ",
                                   num_samples.shape().DebugString());
  }
  const int n = num_samples.scalar<int32_t>()();
  if (n < 0) return errors::InvalidArgument("num_samples should be non-negative, got ", n);
  for (int i = 0; i < 2; ++i) {
    if (logits.dim_size(i) > std::numeric_limits<int>::max()) {
      return errors::InvalidArgument("logits.shape = ", logits.shape().DebugString(),
                                     " too large for int");
    }
  }
  if (logits.dim_size(1) <= 0) {
    return errors::InvalidArgument("num_classes should be positive, got ", logits.dim_size(1));
  }
  TF_RETURN_IF_ERROR(ctx->allocate_output(0, TensorShape({logits.dim_size(0), n}), output));
  *samples = (*output)->NumElements() > 0 ? n : -1;
  return OkStatus();
}

}  // namespace random_internal
}  // namespace tensorflow
