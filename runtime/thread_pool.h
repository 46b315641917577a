// minitf: the session's threads, a oneTBB task arena behind a TBB-free interface
// (runtime-internal).
#ifndef MINITF_RUNTIME_THREAD_POOL_H_
#define MINITF_RUNTIME_THREAD_POOL_H_

#include <functional>
#include <memory>

#include "framework/op_kernel.h"

namespace tensorflow {
namespace runtime {

// Flushes subnormal floats to zero (MXCSR FTZ and DAZ) while alive, as TensorFlow's executor
// and thread pools do around every kernel; kernels must see the same arithmetic to give TF's
// bits (a subnormal input compares equal to zero, for instance).
class ScopedFlushDenormal {
 public:
  ScopedFlushDenormal();
  ~ScopedFlushDenormal();
  ScopedFlushDenormal(const ScopedFlushDenormal&) = delete;
  ScopedFlushDenormal& operator=(const ScopedFlushDenormal&) = delete;

 private:
  unsigned int saved_;
};

class ThreadPool : public ParallelRunner {
 public:
  // `num_threads` <= 0 means every core.
  explicit ThreadPool(int num_threads);
  ~ThreadPool() override;

  int NumThreads() const override { return num_threads_; }
  void ParallelFor(int64_t total, int64_t grain,
                   const std::function<void(int64_t, int64_t)>& fn) const override;

  // Runs `body` inside the arena with a task group it may spawn into; returns when `body`
  // and every spawned task are done.
  class TaskGroup {
   public:
    virtual ~TaskGroup() = default;
    virtual void Spawn(std::function<void()> task) = 0;
  };
  void RunGroup(const std::function<void(TaskGroup*)>& body) const;

 private:
  class Impl;
  std::unique_ptr<Impl> impl_;
  int num_threads_;
};

}  // namespace runtime
}  // namespace tensorflow

#endif  // MINITF_RUNTIME_THREAD_POOL_H_
