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

#include <string>

#include "tensorflow/core/protobuf/config.pb.h"

namespace tensorflow {

// TF's environment handle; minitf has one default environment and nothing to configure.
class Env {
 public:
  static Env* Default();
};

struct SessionOptions {
  Env* env = Env::Default();
  std::string target;  // only "" (in-process) is supported
  ConfigProto config;
};

namespace thread {
// Custom thread pools for one Run call (TF's); minitf accepts them and uses its own arena.
struct ThreadPoolOptions {
  void* inter_op_threadpool = nullptr;
  void* intra_op_threadpool = nullptr;
};
}  // namespace thread

}  // namespace tensorflow

#endif  // MINITF_RUNTIME_SESSION_OPTIONS_H_
