// minitf: ClientSession, how a TF C++ program runs its graph
// (TF's tensorflow/cc/client/client_session.h).
//
//   Scope root = Scope::NewRootScope();
//   auto a = ops::Placeholder(root, DT_INT32);
//   auto c = ops::Identity(root, a);
//   ClientSession session(root);
//   std::vector<Tensor> outputs;
//   TF_CHECK_OK(session.Run({{a, {1, 2}}}, {c}, &outputs));   // feeds, fetches, results
//   // outputs[0] is the int32 vector [1, 2]
//
// Each distinct (feeds, fetches, targets) is compiled once into a plan (the pruned subgraph,
// kernels, pending counts) and cached; ops added to the scope after the session was made are
// runnable. `Run` is const and may be called from many threads at once; building the graph
// while another thread runs it is not allowed (as in TF). A failed Run leaves the session
// usable. Errors carry TF's wording and the failing node ("... [[{{node x}}]]").
#ifndef MINITF_RUNTIME_CLIENT_SESSION_H_
#define MINITF_RUNTIME_CLIENT_SESSION_H_

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "framework/ops.h"
#include "framework/scope.h"
#include "framework/status.h"
#include "framework/tensor.h"
#include "runtime/session_options.h"
#include "tensorflow/core/protobuf/config.pb.h"

namespace tensorflow {

class ClientSession {
 public:
  // Values to feed, keyed by the Output they replace.
  typedef std::unordered_map<Output, Input::Initializer, OutputHash> FeedType;
  typedef int64_t CallableHandle;

  // `target` must be "" (in-process).
  ClientSession(const Scope& scope, const std::string& target);
  explicit ClientSession(const Scope& scope);
  ClientSession(const Scope& scope, const SessionOptions& session_options);
  ~ClientSession();
  ClientSession(const ClientSession&) = delete;
  ClientSession& operator=(const ClientSession&) = delete;

  // Evaluates `fetch_outputs`; `outputs` gets one Tensor per fetch, in order.
  Status Run(const std::vector<Output>& fetch_outputs, std::vector<Tensor>* outputs) const;
  // Same, with `inputs` replacing those Outputs' values.
  Status Run(const FeedType& inputs, const std::vector<Output>& fetch_outputs,
             std::vector<Tensor>* outputs) const;
  // Same, also running the operations in `run_outputs` (targets; nothing is returned).
  Status Run(const FeedType& inputs, const std::vector<Output>& fetch_outputs,
             const std::vector<Operation>& run_outputs, std::vector<Tensor>* outputs) const;
  // Same, with RunOptions (FULL_TRACE fills run_metadata->step_stats) and RunMetadata.
  Status Run(const RunOptions& run_options, const FeedType& inputs,
             const std::vector<Output>& fetch_outputs, const std::vector<Operation>& run_outputs,
             std::vector<Tensor>* outputs, RunMetadata* run_metadata) const;
  // Same; with threadpool_options.inter_op_threadpool set, the step runs on a task scheduled
  // on that pool (kernels keep the session's threads; the intra-op pool is not used).
  Status Run(const RunOptions& run_options, const FeedType& inputs,
             const std::vector<Output>& fetch_outputs, const std::vector<Operation>& run_outputs,
             std::vector<Tensor>* outputs, RunMetadata* run_metadata,
             const thread::ThreadPoolOptions& threadpool_options) const;

  // A pre-compiled signature: feeds, fetches and targets named "node:index" (or "node").
  Status MakeCallable(const CallableOptions& callable_options, CallableHandle* out_handle);
  // Runs it: `feed_tensors` in the order of callable_options.feed.
  Status RunCallable(CallableHandle handle, const std::vector<Tensor>& feed_tensors,
                     std::vector<Tensor>* fetch_tensors, RunMetadata* run_metadata);
  Status RunCallable(CallableHandle handle, const std::vector<Tensor>& feed_tensors,
                     std::vector<Tensor>* fetch_tensors, RunMetadata* run_metadata,
                     const thread::ThreadPoolOptions& options);
  Status ReleaseCallable(CallableHandle handle);

  class Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace tensorflow

#endif  // MINITF_RUNTIME_CLIENT_SESSION_H_
