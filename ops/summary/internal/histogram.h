// TF's histogram::Histogram with its default buckets, as HistogramSummary fills it: bucket
// limits grow by 10% from 1e-12 to 1e20, mirrored for negative values around a 0 limit, with
// -DBL_MAX and DBL_MAX at the ends; bucket i counts the values v with limit[i-1] <= v <
// limit[i]. The library's own: not installed.
#ifndef MINITF_OPS_SUMMARY_INTERNAL_HISTOGRAM_H_
#define MINITF_OPS_SUMMARY_INTERNAL_HISTOGRAM_H_

#include <vector>

#include "tensorflow/core/framework/summary.pb.h"

namespace tensorflow {
namespace summary_internal {

// The default bucket limits (1551 of them), computed once.
const std::vector<double>& DefaultBucketLimits();

class Histogram {
 public:
  Histogram();
  // Adds one finite value.
  void Add(double value);
  // min, max, num, sum, sum_squares, then (limit, count) pairs; unless
  // `preserve_zero_buckets`, each run of empty buckets becomes one entry with the run's last
  // limit (TF's EncodeToProto).
  void EncodeToProto(HistogramProto* proto, bool preserve_zero_buckets) const;

 private:
  const std::vector<double>& limits_;
  std::vector<double> buckets_;
  double min_;
  double max_;
  double num_ = 0;
  double sum_ = 0;
  double sum_squares_ = 0;
};

}  // namespace summary_internal
}  // namespace tensorflow

#endif  // MINITF_OPS_SUMMARY_INTERNAL_HISTOGRAM_H_
