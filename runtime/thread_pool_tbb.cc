// The oneTBB backend of runtime::ThreadPool (the default): one task arena per pool.
#include "oneapi/tbb/blocked_range.h"
#include "oneapi/tbb/info.h"
#include "oneapi/tbb/parallel_for.h"
#include "oneapi/tbb/task_arena.h"
#include "oneapi/tbb/task_group.h"
#include "runtime/thread_pool.h"

namespace tensorflow {
namespace runtime {

class ThreadPool::Impl {
 public:
  explicit Impl(int n) : arena(n) {}
  mutable tbb::task_arena arena;
};

namespace {
class TbbTaskGroup : public ThreadPool::TaskGroup {
 public:
  explicit TbbTaskGroup(tbb::task_group* group) : group_(group) {}
  void Spawn(std::function<void()> task) override { group_->run(std::move(task)); }

 private:
  tbb::task_group* group_;
};
}  // namespace

ThreadPool::ThreadPool(int num_threads) {
  num_threads_ = num_threads > 0 ? num_threads : tbb::info::default_concurrency();
  impl_ = std::make_unique<Impl>(num_threads_);
}

ThreadPool::~ThreadPool() = default;

void ThreadPool::ParallelFor(int64_t total, int64_t grain,
                             const std::function<void(int64_t, int64_t)>& fn) const {
  impl_->arena.execute([&] {
    tbb::parallel_for(tbb::blocked_range<int64_t>(0, total, grain),
                      [&](const tbb::blocked_range<int64_t>& r) {
                        ScopedFlushDenormal flush;
                        fn(r.begin(), r.end());
                      });
  });
}

void ThreadPool::RunGroup(const std::function<void(TaskGroup*)>& body) const {
  impl_->arena.execute([&] {
    tbb::task_group group;
    TbbTaskGroup spawner(&group);
    body(&spawner);
    group.wait();
  });
}

}  // namespace runtime
}  // namespace tensorflow
