// minitf: TensorFlow's Shard (tensorflow/core/util/work_sharder.h): split [0, total) into at
// most `max_parallelism` pieces of at least ~10,000 cost units each and run them on
// `workers` and the calling thread, returning when all are done:
//
//   Shard(pool.NumThreads(), &pool, rows, /*cost_per_unit=*/cols * 5,
//         [&](int64_t begin, int64_t end) { for (auto r = begin; r < end; ++r) ... });
#ifndef MINITF_RUNTIME_WORK_SHARDER_H_
#define MINITF_RUNTIME_WORK_SHARDER_H_

#include <cstdint>
#include <functional>

#include "runtime/threadpool.h"

namespace tensorflow {

void Shard(int max_parallelism, thread::ThreadPool* workers, int64_t total, int64_t cost_per_unit,
           std::function<void(int64_t, int64_t)> work);

// A per-thread cap on Shard's parallelism (default: no cap).
void SetPerThreadMaxParallelism(int max_parallelism);
int GetPerThreadMaxParallelism();

// Sets the calling thread's cap for its lifetime.
class ScopedPerThreadMaxParallelism {
 public:
  explicit ScopedPerThreadMaxParallelism(int max_parallelism)
      : previous_(GetPerThreadMaxParallelism()) {
    SetPerThreadMaxParallelism(max_parallelism);
  }
  ~ScopedPerThreadMaxParallelism() { SetPerThreadMaxParallelism(previous_); }
  ScopedPerThreadMaxParallelism(const ScopedPerThreadMaxParallelism&) = delete;
  ScopedPerThreadMaxParallelism& operator=(const ScopedPerThreadMaxParallelism&) = delete;

 private:
  int previous_;
};

// Shard's splitting with the runner of your choice: blocks of ceil(total / shards), the
// first run by the caller, the rest handed to `runner`.
class Sharder {
 public:
  typedef std::function<void()> Closure;
  typedef std::function<void(Closure)> Runner;
  typedef std::function<void(int64_t, int64_t)> Work;
  static void Do(int64_t total, int64_t cost_per_unit, const Work& work, const Runner& runner,
                 int max_parallelism);
};

}  // namespace tensorflow

#endif  // MINITF_RUNTIME_WORK_SHARDER_H_
