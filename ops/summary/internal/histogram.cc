// The bucket limits are computed with TF's loop (repeated multiplication by 1.1, not
// powers), so that every limit has TF's bits; tests/golden/summary.pb checks them.
#include "ops/summary/internal/histogram.h"

#include <algorithm>
#include <cfloat>

namespace tensorflow {
namespace summary_internal {

const std::vector<double>& DefaultBucketLimits() {
  static const std::vector<double>* const limits = [] {
    std::vector<double> positive;
    for (double v = 1.0e-12; v < 1.0e20; v *= 1.1) positive.push_back(v);
    positive.push_back(DBL_MAX);
    auto* all = new std::vector<double>;
    all->reserve(2 * positive.size() + 1);
    for (auto it = positive.rbegin(); it != positive.rend(); ++it) all->push_back(-*it);
    all->push_back(0.0);
    all->insert(all->end(), positive.begin(), positive.end());
    return all;
  }();
  return *limits;
}

Histogram::Histogram()
    : limits_(DefaultBucketLimits()),
      buckets_(limits_.size(), 0.0),
      min_(limits_.back()),
      max_(-DBL_MAX) {}

void Histogram::Add(double value) {
  // A finite value is at most DBL_MAX, the last limit, so the index is in range.
  const size_t b = static_cast<size_t>(std::upper_bound(limits_.begin(), limits_.end(), value) -
                                       limits_.begin());
  buckets_[std::min(b, buckets_.size() - 1)] += 1.0;
  if (min_ > value) min_ = value;
  if (max_ < value) max_ = value;
  num_ += 1;
  sum_ += value;
  sum_squares_ += value * value;
}

void Histogram::EncodeToProto(HistogramProto* proto, bool preserve_zero_buckets) const {
  proto->Clear();
  proto->set_min(min_);
  proto->set_max(max_);
  proto->set_num(num_);
  proto->set_sum(sum_);
  proto->set_sum_squares(sum_squares_);
  for (size_t i = 0; i < buckets_.size();) {
    double end = limits_[i];
    double count = buckets_[i];
    ++i;
    if (!preserve_zero_buckets && count <= 0.0) {
      while (i < buckets_.size() && buckets_[i] <= 0.0) {
        end = limits_[i];
        count = buckets_[i];
        ++i;
      }
    }
    proto->add_bucket_limit(end);
    proto->add_bucket(count);
  }
  if (proto->bucket_size() == 0) {
    proto->add_bucket_limit(DBL_MAX);
    proto->add_bucket(0.0);
  }
}

}  // namespace summary_internal
}  // namespace tensorflow
