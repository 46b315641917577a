// minitf: TensorFlow's thread::ThreadPool (tensorflow/core/lib/core/threadpool.h), a pool of
// Eigen's non-blocking threads for user code, plus the interface custom pools implement:
//
//   thread::ThreadPool pool(Env::Default(), "workers", 4);
//   pool.Schedule([] { ... });                          // runs some time later
//   pool.ParallelFor(n, /*cost_per_unit=*/100,          // blocks until every shard is done
//                    [&](int64_t begin, int64_t end) { ... });
//
// The destructor waits for every scheduled closure. A session's own kernels do not run here:
// they use the session's oneTBB arena.
#ifndef MINITF_RUNTIME_THREADPOOL_H_
#define MINITF_RUNTIME_THREADPOOL_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "runtime/session_options.h"
#include "unsupported/Eigen/CXX11/ThreadPool"

namespace Eigen {
class Allocator;  // newer Eigen's; accepted (and unused) for TF's constructor signature
}  // namespace Eigen

namespace tensorflow {
namespace thread {

// What a custom pool handed to ClientSession::Run implements (Eigen's interface: Schedule,
// ScheduleWithHint, Cancel, NumThreads, CurrentThreadId).
class ThreadPoolInterface : public Eigen::ThreadPoolInterface {};

class ThreadPool {
 public:
  enum class SchedulingStrategy { kAdaptive, kFixedBlockSize };

  // How ParallelFor cuts [0, total): by a cost per unit (adaptive) or in fixed blocks.
  class SchedulingParams {
   public:
    static SchedulingParams Fixed(int64_t block_size) {
      return SchedulingParams(SchedulingStrategy::kFixedBlockSize, std::nullopt, block_size);
    }
    static SchedulingParams Adaptive(int64_t cost_per_unit) {
      return SchedulingParams(SchedulingStrategy::kAdaptive, cost_per_unit, std::nullopt);
    }
    SchedulingParams(SchedulingStrategy strategy, std::optional<int64_t> cost_per_unit,
                     std::optional<int64_t> block_size)
        : strategy_(strategy), cost_per_unit_(cost_per_unit), block_size_(block_size) {}
    SchedulingStrategy strategy() const { return strategy_; }
    std::optional<int64_t> cost_per_unit() const { return cost_per_unit_; }
    std::optional<int64_t> block_size() const { return block_size_; }

   private:
    SchedulingStrategy strategy_;
    std::optional<int64_t> cost_per_unit_;
    std::optional<int64_t> block_size_;
  };

  // `num_threads` must be at least 1; `name` and the thread options are accepted as TF's are.
  ThreadPool(Env* env, const std::string& name, int num_threads);
  ThreadPool(Env* env, const ThreadOptions& thread_options, const std::string& name,
             int num_threads);
  ThreadPool(Env* env, const ThreadOptions& thread_options, const std::string& name,
             int num_threads, bool low_latency_hint, Eigen::Allocator* allocator = nullptr);
  // Wraps a pool the caller owns (and keeps alive).
  explicit ThreadPool(ThreadPoolInterface* user_threadpool);
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  void Schedule(std::function<void()> fn);
  // Schedules preferring threads in [start, limit).
  void ScheduleWithHint(std::function<void()> fn, int start, int limit);

  // Runs fn over [0, total) in shards, on the pool and the calling thread; returns when all
  // are done. The cost form picks shard sizes as Eigen's cost model does.
  void ParallelFor(int64_t total, int64_t cost_per_unit,
                   const std::function<void(int64_t, int64_t)>& fn);
  void ParallelFor(int64_t total, const SchedulingParams& scheduling_params,
                   const std::function<void(int64_t, int64_t)>& fn);
  void ParallelFor(int64_t total, const std::function<void(int64_t, int64_t)>& fn) {
    ParallelFor(total, SchedulingParams::Fixed(1), fn);
  }
  // Blocks of `block_size` (the last may be shorter), each a shard.
  void TransformRangeConcurrently(int64_t block_size, int64_t total,
                                  const std::function<void(int64_t, int64_t)>& fn);
  int NumShardsUsedByFixedBlockSizeScheduling(int64_t total, int64_t block_size);
  int NumShardsUsedByTransformRangeConcurrently(int64_t block_size, int64_t total);
  // As ParallelFor, also passing a worker id: CurrentThreadId() + 1 (0 on a thread that is
  // not the pool's).
  void ParallelForWithWorkerId(int64_t total, int64_t cost_per_unit,
                               const std::function<void(int64_t, int64_t, int)>& fn);
  void ParallelForWithWorkerId(int64_t total, const SchedulingParams& scheduling_params,
                               const std::function<void(int64_t, int64_t, int)>& fn);

  int NumThreads() const;
  // The calling thread's index in [0, NumThreads()), or -1 when it is not the pool's.
  int CurrentThreadId() const;
  Eigen::ThreadPoolInterface* AsEigenThreadPool() const;

 private:
  void FixedBlocks(int64_t total, int64_t block_size,
                   const std::function<void(int64_t, int64_t)>& fn);

  std::unique_ptr<Eigen::ThreadPoolInterface> owned_;
  Eigen::ThreadPoolInterface* pool_;
};

}  // namespace thread
}  // namespace tensorflow

#endif  // MINITF_RUNTIME_THREADPOOL_H_
