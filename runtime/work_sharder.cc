#include "runtime/work_sharder.h"

#include <algorithm>

#include "framework/logging.h"
#include "unsupported/Eigen/CXX11/ThreadPool"

namespace tensorflow {
namespace {

thread_local int per_thread_max_parallelism = 1000000;

}  // namespace

void SetPerThreadMaxParallelism(int max_parallelism) {
  CHECK(max_parallelism >= 0) << "negative max_parallelism " << max_parallelism;
  per_thread_max_parallelism = max_parallelism;
}

int GetPerThreadMaxParallelism() { return per_thread_max_parallelism; }

void Shard(int max_parallelism, thread::ThreadPool* workers, int64_t total, int64_t cost_per_unit,
           std::function<void(int64_t, int64_t)> work) {
  CHECK(total >= 0) << "Shard: negative total " << total;
  if (total == 0) return;
  max_parallelism = std::min(max_parallelism, GetPerThreadMaxParallelism());
  if (max_parallelism <= 1) {
    work(0, total);
    return;
  }
  if (max_parallelism >= workers->NumThreads()) {
    workers->ParallelFor(total, cost_per_unit, work);
    return;
  }
  Sharder::Do(
      total, cost_per_unit, work, [workers](Sharder::Closure c) { workers->Schedule(c); },
      max_parallelism);
}

void Sharder::Do(int64_t total, int64_t cost_per_unit, const Work& work, const Runner& runner,
                 int max_parallelism) {
  cost_per_unit = std::max<int64_t>(1, cost_per_unit);
  // A shard should be worth at least ~10 us at 1 ns per cost unit.
  constexpr int64_t kMinCostPerShard = 10000;
  const int64_t by_cost = total > INT64_MAX / cost_per_unit ? INT64_MAX : total * cost_per_unit;
  const int64_t shards =
      std::max<int64_t>(1, std::min<int64_t>(max_parallelism, by_cost / kMinCostPerShard));
  const int64_t block = (total + shards - 1) / shards;
  if (block >= total) {
    work(0, total);
    return;
  }
  const int64_t used = (total + block - 1) / block;
  Eigen::Barrier done(static_cast<unsigned int>(used - 1));  // seen by ThreadSanitizer
  for (int64_t start = block; start < total; start += block) {
    const int64_t limit = std::min(start + block, total);
    runner([&work, &done, start, limit] {
      work(start, limit);
      done.Notify();
    });
  }
  work(0, std::min(block, total));
  done.Wait();
}

}  // namespace tensorflow
