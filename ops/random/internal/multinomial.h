// Multinomial sampling as TF's CPU MultinomialFunctor: per row, the unnormalized CDF of
// exp(logit - max finite logit) in double over the finite logits (a non-finite class gets no
// width), then per sample upper_bound(cdf, RandDouble() * total). Rows are split as TF's Shard
// splits them over `threads` threads (Eigen's parallelFor blocks); a block starting at row s
// draws from the stream skipped s * (num_samples + 3) / 4 blocks, row after row — so, as in
// TF, the bits depend on the thread count (they match TF run with as many intra-op threads).
#ifndef MINITF_OPS_RANDOM_INTERNAL_MULTINOMIAL_H_
#define MINITF_OPS_RANDOM_INTERNAL_MULTINOMIAL_H_

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "framework/errors.h"
#include "framework/op_kernel.h"
#include "framework/philox_random.h"
#include "framework/random.h"

namespace tensorflow {
namespace random_internal {

// The first row of each block Shard(threads, ..., rows, cost_per_row) gives one worker.
std::vector<int64_t> ShardStarts(int64_t rows, int64_t cost_per_row, int threads);

// Checks logits [batch, classes] (input 0) and num_samples (input 1), TF's texts; allocates
// output 0 [batch, num_samples]. Sets *samples to -1 when the output is empty.
Status PrepareMultinomial(OpKernelContext* ctx, Tensor** output, int* samples);

template <typename T, typename OutT>
void SampleMultinomial(OpKernelContext* ctx, const random::PhiloxRandom& gen, const Tensor& logits,
                       int samples, Tensor* output) {
  const int64_t batch = logits.dim_size(0), classes = logits.dim_size(1);
  const T* in = logits.flat<T>().data();
  OutT* out = output->flat<OutT>().data();
  const int64_t cost = static_cast<int64_t>(
      50 * (samples * std::log(classes) / std::log(2) + static_cast<double>(classes)));
  const std::vector<int64_t> starts = ShardStarts(batch, cost, ctx->NumThreads());
  auto run_block = [&](int64_t block) {
    const int64_t first = starts[block];
    const int64_t last =
        block + 1 < static_cast<int64_t>(starts.size()) ? starts[block + 1] : batch;
    random::PhiloxRandom local = gen;
    local.Skip(static_cast<uint64_t>(first * (samples + 3) / 4));
    random::SimplePhilox philox(&local);
    std::vector<double> cdf(classes);
    for (int64_t b = first; b < last; ++b) {
      const T* row = in + b * classes;
      T max_logit = Eigen::NumTraits<T>::lowest();
      for (int64_t j = 0; j < classes; ++j) {
        if (Eigen::numext::isfinite(row[j])) max_logit = std::max(max_logit, row[j]);
      }
      const double max_value = static_cast<double>(max_logit);
      double total = 0;
      for (int64_t j = 0; j < classes; ++j) {
        if (Eigen::numext::isfinite(row[j]))
          total += std::exp(static_cast<double>(row[j]) - max_value);
        cdf[j] = total;
      }
      for (int s = 0; s < samples; ++s) {
        const double to_find = philox.RandDouble() * total;
        out[b * samples + s] =
            static_cast<OutT>(std::upper_bound(cdf.begin(), cdf.end(), to_find) - cdf.begin());
      }
    }
  };
  ctx->ParallelFor(static_cast<int64_t>(starts.size()), 1, [&](int64_t begin, int64_t end) {
    for (int64_t block = begin; block < end; ++block) run_block(block);
  });
}

}  // namespace random_internal
}  // namespace tensorflow

#endif  // MINITF_OPS_RANDOM_INTERNAL_MULTINOMIAL_H_
