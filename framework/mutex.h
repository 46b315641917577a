// minitf: TF's mutex types (tensorflow/core/platform/mutex.h): `mutex` (exclusive and shared
// locking), `mutex_lock` and `tf_shared_lock` (scoped), as kernels that update variables use
// them:
//
//   mutex_lock l(*ctx->input_ref_mutex(0));
#ifndef MINITF_FRAMEWORK_MUTEX_H_
#define MINITF_FRAMEWORK_MUTEX_H_

#include <shared_mutex>

namespace tensorflow {

class mutex {
 public:
  mutex() = default;
  mutex(const mutex&) = delete;
  mutex& operator=(const mutex&) = delete;

  void lock() { mu_.lock(); }
  bool try_lock() { return mu_.try_lock(); }
  void unlock() { mu_.unlock(); }
  void lock_shared() { mu_.lock_shared(); }
  bool try_lock_shared() { return mu_.try_lock_shared(); }
  void unlock_shared() { mu_.unlock_shared(); }

 private:
  std::shared_mutex mu_;
};

// Holds `mu` exclusively for its lifetime.
class mutex_lock {
 public:
  explicit mutex_lock(mutex& mu) : mu_(&mu) { mu_->lock(); }
  ~mutex_lock() { mu_->unlock(); }
  mutex_lock(const mutex_lock&) = delete;
  mutex_lock& operator=(const mutex_lock&) = delete;

 private:
  mutex* mu_;
};

// Holds `mu` shared for its lifetime.
class tf_shared_lock {
 public:
  explicit tf_shared_lock(mutex& mu) : mu_(&mu) { mu_->lock_shared(); }
  ~tf_shared_lock() { mu_->unlock_shared(); }
  tf_shared_lock(const tf_shared_lock&) = delete;
  tf_shared_lock& operator=(const tf_shared_lock&) = delete;

 private:
  mutex* mu_;
};

}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_MUTEX_H_
