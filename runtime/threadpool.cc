#define EIGEN_USE_THREADS
#include "runtime/threadpool.h"

#include <thread>
#include <utility>

#include "framework/logging.h"
#include "runtime/thread_pool.h"
#include "unsupported/Eigen/CXX11/Tensor"

namespace tensorflow {
namespace thread {
namespace {

// Eigen's thread environment, with each worker flushing subnormals to zero for its lifetime
// as TF's pool threads do.
struct FlushingEnvironment {
  using Task = Eigen::StlThreadEnvironment::Task;

  // Joined when the pool deletes it.
  class EnvThread {
   public:
    explicit EnvThread(std::function<void()> f)
        : thread_([f = std::move(f)] {
            runtime::ScopedFlushDenormal flush;
            f();
          }) {}
    ~EnvThread() { thread_.join(); }
    EnvThread(const EnvThread&) = delete;
    EnvThread& operator=(const EnvThread&) = delete;

   private:
    std::thread thread_;
  };

  EnvThread* CreateThread(std::function<void()> f) { return new EnvThread(std::move(f)); }
  Task CreateTask(std::function<void()> f) { return Task{std::move(f)}; }
  void ExecuteTask(const Task& t) { t.f(); }
};

}  // namespace

ThreadPool::ThreadPool(Env* env, const std::string& name, int num_threads)
    : ThreadPool(env, ThreadOptions(), name, num_threads, true) {}

ThreadPool::ThreadPool(Env* env, const ThreadOptions& thread_options, const std::string& name,
                       int num_threads)
    : ThreadPool(env, thread_options, name, num_threads, true) {}

ThreadPool::ThreadPool(Env* /*env*/, const ThreadOptions& /*thread_options*/,
                       const std::string& name, int num_threads, bool low_latency_hint,
                       Eigen::Allocator* /*allocator*/) {
  CHECK(num_threads >= 1) << "ThreadPool '" << name << "' needs at least one thread, got "
                          << num_threads;
  owned_ = std::make_unique<Eigen::ThreadPoolTempl<FlushingEnvironment>>(
      num_threads, low_latency_hint, FlushingEnvironment());
  pool_ = owned_.get();
}

ThreadPool::ThreadPool(ThreadPoolInterface* user_threadpool) : pool_(user_threadpool) {}

ThreadPool::~ThreadPool() = default;

void ThreadPool::Schedule(std::function<void()> fn) {
  CHECK(fn != nullptr);
  pool_->Schedule(std::move(fn));
}

void ThreadPool::ScheduleWithHint(std::function<void()> fn, int start, int limit) {
  pool_->ScheduleWithHint(std::move(fn), start, limit);
}

int ThreadPool::NumShardsUsedByFixedBlockSizeScheduling(int64_t total, int64_t block_size) {
  if (block_size <= 0 || total <= 1 || total <= block_size || NumThreads() == 1) return 1;
  return static_cast<int>((total + block_size - 1) / block_size);
}

int ThreadPool::NumShardsUsedByTransformRangeConcurrently(int64_t block_size, int64_t total) {
  return NumShardsUsedByFixedBlockSizeScheduling(total, block_size);
}

void ThreadPool::FixedBlocks(int64_t total, int64_t block_size,
                             const std::function<void(int64_t, int64_t)>& fn) {
  const int shards = NumShardsUsedByFixedBlockSizeScheduling(total, block_size);
  if (shards == 1) {
    fn(0, total);
    return;
  }
  // Halve the range at a block boundary, handing the upper half to the pool, until one block
  // is left to run here (Eigen's parallelFor tree, as TF's pool does it).
  // Eigen's Barrier (std::mutex and atomics), not absl::BlockingCounter: ThreadSanitizer sees
  // through it, where Debian's uninstrumented Abseil hides the ordering.
  Eigen::Barrier done(shards);
  std::function<void(int64_t, int64_t)> split = [&](int64_t first, int64_t last) {
    while (last - first > block_size) {
      const int64_t mid = first + ((last - first) / 2 + block_size - 1) / block_size * block_size;
      Schedule([&split, mid, last] { split(mid, last); });
      last = mid;
    }
    fn(first, last);
    done.Notify();
  };
  if (shards <= NumThreads()) {
    split(0, total);
  } else {
    // The root on the pool too, so no more than NumThreads() threads work at once.
    Schedule([&split, total] { split(0, total); });
  }
  done.Wait();
}

void ThreadPool::ParallelFor(int64_t total, int64_t cost_per_unit,
                             const std::function<void(int64_t, int64_t)>& fn) {
  CHECK(total >= 0) << "ParallelFor: negative total " << total;
  if (total == 0) return;
  if (total == 1) {
    fn(0, 1);
    return;
  }
  Eigen::ThreadPoolDevice device(pool_, pool_->NumThreads());
  device.parallelFor(total, Eigen::TensorOpCost(0, 0, static_cast<double>(cost_per_unit)),
                     [&fn](Eigen::Index first, Eigen::Index last) { fn(first, last); });
}

void ThreadPool::ParallelFor(int64_t total, const SchedulingParams& scheduling_params,
                             const std::function<void(int64_t, int64_t)>& fn) {
  switch (scheduling_params.strategy()) {
    case SchedulingStrategy::kAdaptive:
      if (scheduling_params.cost_per_unit().has_value()) {
        ParallelFor(total, *scheduling_params.cost_per_unit(), fn);
      }
      break;
    case SchedulingStrategy::kFixedBlockSize:
      if (scheduling_params.block_size().has_value()) {
        FixedBlocks(total, *scheduling_params.block_size(), fn);
      }
      break;
  }
}

void ThreadPool::TransformRangeConcurrently(int64_t block_size, int64_t total,
                                            const std::function<void(int64_t, int64_t)>& fn) {
  ParallelFor(total, SchedulingParams::Fixed(block_size), fn);
}

void ThreadPool::ParallelForWithWorkerId(int64_t total, int64_t cost_per_unit,
                                         const std::function<void(int64_t, int64_t, int)>& fn) {
  ParallelForWithWorkerId(total, SchedulingParams::Adaptive(cost_per_unit), fn);
}

void ThreadPool::ParallelForWithWorkerId(int64_t total, const SchedulingParams& scheduling_params,
                                         const std::function<void(int64_t, int64_t, int)>& fn) {
  ParallelFor(total, scheduling_params,
              [this, &fn](int64_t first, int64_t last) { fn(first, last, CurrentThreadId() + 1); });
}

int ThreadPool::NumThreads() const { return pool_->NumThreads(); }

int ThreadPool::CurrentThreadId() const { return pool_->CurrentThreadId(); }

Eigen::ThreadPoolInterface* ThreadPool::AsEigenThreadPool() const { return pool_; }

}  // namespace thread
}  // namespace tensorflow
