// The portable backend of runtime::ThreadPool: std::thread workers around one mutex-guarded
// queue. Built instead of thread_pool_tbb.cc when MINITF_THREADS=portable (the ThreadSanitizer
// build): every hand-off between threads is a std::mutex that TSan sees, where oneTBB's
// uninstrumented scheduler would hide them and make every task's reads look racy. Waiting
// threads run queued tasks, so nested ParallelFor and RunGroup calls from inside a task never
// deadlock. Chunking and scheduling differ from oneTBB's; kernels' results do not depend on
// either (the executor's contract: results independent of the thread count).
#include <algorithm>
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include "runtime/thread_pool.h"

namespace tensorflow {
namespace runtime {

class ThreadPool::Impl {
 public:
  explicit Impl(int num_threads) {
    for (int i = 1; i < num_threads; ++i) workers_.emplace_back([this] { WorkerLoop(); });
  }
  ~Impl() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      stopping_ = true;
    }
    cv_.notify_all();
    for (std::thread& t : workers_) t.join();
  }

  // A set of tasks one caller waits for; the first exception a task throws is rethrown by
  // Wait, as tbb::task_group::wait does.
  struct Group {
    int pending = 0;
    std::exception_ptr error;
  };

  // What RunGroup's body spawns into.
  class Spawner : public TaskGroup {
   public:
    Spawner(Impl* pool, Group* group) : pool_(pool), group_(group) {}
    void Spawn(std::function<void()> task) override { pool_->Push(group_, std::move(task)); }

   private:
    Impl* pool_;
    Group* group_;
  };

  void Push(Group* group, std::function<void()> task) {
    {
      std::lock_guard<std::mutex> lock(mu_);
      ++group->pending;
      queue_.push_back({group, std::move(task)});
    }
    cv_.notify_all();
  }

  // Runs queued tasks (any group's) until `group` has none pending.
  void Wait(Group* group) {
    std::unique_lock<std::mutex> lock(mu_);
    while (group->pending > 0) {
      if (!queue_.empty()) {
        RunFront(lock);
      } else {
        cv_.wait(lock);
      }
    }
    if (group->error) std::rethrow_exception(std::exchange(group->error, nullptr));
  }

 private:
  struct Item {
    Group* group;
    std::function<void()> task;
  };

  // Pops the front task and runs it with `lock` released.
  void RunFront(std::unique_lock<std::mutex>& lock) {
    Item item = std::move(queue_.front());
    queue_.pop_front();
    lock.unlock();
    std::exception_ptr error;
    try {
      item.task();
    } catch (...) {
      error = std::current_exception();
    }
    item.task = nullptr;  // the task's captures die before its group may be reported done
    lock.lock();
    if (error && !item.group->error) item.group->error = error;
    if (--item.group->pending == 0) cv_.notify_all();
  }

  void WorkerLoop() {
    std::unique_lock<std::mutex> lock(mu_);
    while (true) {
      if (!queue_.empty()) {
        RunFront(lock);
      } else if (stopping_) {
        return;
      } else {
        cv_.wait(lock);
      }
    }
  }

  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<Item> queue_;
  bool stopping_ = false;
  std::vector<std::thread> workers_;
};

ThreadPool::ThreadPool(int num_threads) {
  num_threads_ = num_threads > 0
                     ? num_threads
                     : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  impl_ = std::make_unique<Impl>(num_threads_);
}

ThreadPool::~ThreadPool() = default;

void ThreadPool::ParallelFor(int64_t total, int64_t grain,
                             const std::function<void(int64_t, int64_t)>& fn) const {
  if (total <= 0) return;
  grain = std::max<int64_t>(grain, 1);
  // As many chunks of at least `grain` as make sense, at most four per thread.
  const int64_t chunks = std::min<int64_t>((total + grain - 1) / grain, int64_t{4} * num_threads_);
  if (chunks <= 1 || num_threads_ == 1) {
    ScopedFlushDenormal flush;
    fn(0, total);
    return;
  }
  Impl::Group group;
  for (int64_t c = 0; c < chunks; ++c) {
    const int64_t begin = total / chunks * c + std::min(c, total % chunks);
    const int64_t end = begin + total / chunks + (c < total % chunks ? 1 : 0);
    impl_->Push(&group, [&fn, begin, end] {
      ScopedFlushDenormal flush;
      fn(begin, end);
    });
  }
  impl_->Wait(&group);
}

void ThreadPool::RunGroup(const std::function<void(TaskGroup*)>& body) const {
  Impl::Group group;
  Impl::Spawner spawner(impl_.get(), &group);
  body(&spawner);
  impl_->Wait(&group);
}

}  // namespace runtime
}  // namespace tensorflow
