// minitf: SessionOptions (TF's tensorflow/core/public/session_options.h). `config` is TF's
// ConfigProto: the thread counts are read from it.
//
//   SessionOptions options;
//   options.config.set_intra_op_parallelism_threads(2);   // threads inside one kernel
//   options.config.set_inter_op_parallelism_threads(2);   // nodes running at once
//   ClientSession session(root, options);
//
// 0 (the default) means every core. minitf runs both on one oneTBB arena of
// max(intra, inter) threads.
#ifndef MINITF_RUNTIME_SESSION_OPTIONS_H_
#define MINITF_RUNTIME_SESSION_OPTIONS_H_

#include <cstddef>
#include <string>

#include "framework/env.h"
#include "tensorflow/core/protobuf/config.pb.h"

namespace tensorflow {

struct SessionOptions {
  Env* env = Env::Default();
  std::string target;  // only "" (in-process) is supported
  ConfigProto config;
  // minitf's own knob: the most compiled plans (one per distinct feeds/fetches/targets) a
  // session keeps; the least recently used is dropped first (runtime/plan_cache.h).
  size_t plan_cache_capacity = 1000;
};

namespace thread {
class ThreadPoolInterface;  // runtime/threadpool.h

// Thread pools for one Run call (TF's threadpool_options.h). With an inter-op pool, minitf
// runs the step's nodes on a task scheduled there; kernels keep the session's own threads.
struct ThreadPoolOptions {
  ThreadPoolInterface* inter_op_threadpool = nullptr;
  ThreadPoolInterface* intra_op_threadpool = nullptr;
};
}  // namespace thread

}  // namespace tensorflow

#endif  // MINITF_RUNTIME_SESSION_OPTIONS_H_
