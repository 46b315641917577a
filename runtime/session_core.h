// minitf: what ClientSession and Session (DirectSession) share (runtime-internal): the graph,
// the thread pool, the resource manager (variables), the stateful kernels, the plan caches
// and the callables. Thread-safe; plans are built outside the session's mutex, so the first Run of
// a new signature does not block the others' Runs.
#ifndef MINITF_RUNTIME_SESSION_CORE_H_
#define MINITF_RUNTIME_SESSION_CORE_H_

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "framework/graph.h"
#include "framework/resource_mgr.h"
#include "framework/status.h"
#include "framework/tensor.h"
#include "runtime/executor.h"
#include "runtime/plan_cache.h"
#include "runtime/session_options.h"
#include "tensorflow/core/framework/graph.pb.h"
#include "tensorflow/core/protobuf/config.pb.h"

namespace tensorflow {
namespace runtime {

class ThreadPool;

class SessionCore {
 public:
  typedef int64_t CallableHandle;

  SessionCore(std::shared_ptr<Graph> graph, const SessionOptions& options);
  ~SessionCore();

  const Graph& graph() const { return *graph_; }

  // Resolves "node:index" / "node" against the graph.
  Status ResolveName(const std::string& name, TensorId* id) const;
  // Checks a feed value against the tensor it replaces (dtype, and shape where known).
  // `arg` >= 0 words a dtype mismatch as TF's Session::Run does ("Expects arg[i] ...").
  Status CheckFeed(const TensorId& id, const Tensor& value, int arg = -1) const;

  // Stops every Run in flight and every later one (TF's Close of a DirectSession): no node
  // starts after this; those Runs return Cancelled "Run call was cancelled".
  void Cancel() { cancelled_.store(true, std::memory_order_relaxed); }

  // ClientSession's path: the cached plan for `sig`, run with `feeds` in signature order.
  Status Run(const RunOptions& options, const Signature& sig, const std::vector<Tensor>& feeds,
             std::vector<Tensor>* outputs, RunMetadata* metadata,
             thread::ThreadPoolInterface* inter_op) const;
  // Session::Run's path: tensors and targets by name.
  Status RunNamed(const RunOptions& options,
                  const std::vector<std::pair<std::string, Tensor>>& inputs,
                  const std::vector<std::string>& output_names,
                  const std::vector<std::string>& target_names, std::vector<Tensor>* outputs,
                  RunMetadata* metadata, thread::ThreadPoolInterface* inter_op) const;

  Status MakeCallable(const CallableOptions& callable_options, CallableHandle* out_handle);
  Status RunCallable(CallableHandle handle, const std::vector<Tensor>& feed_tensors,
                     std::vector<Tensor>* fetch_tensors, RunMetadata* run_metadata,
                     thread::ThreadPoolInterface* inter_op) const;
  Status ReleaseCallable(CallableHandle handle);

  // Adds gdef's nodes to the graph (they may name existing nodes as inputs); existing plans
  // stay valid. Excludes planning while it runs.
  Status Extend(const GraphDef& gdef);

 private:
  // A Session::Run signature by name, resolved once.
  struct NamedPlan {
    Signature signature;
    std::vector<int> feed_input;  // per signature feed: its position in Run's `inputs`
    std::vector<int> feed_arg;    // per signature feed: TF's arg index (sorted by name)
    std::shared_ptr<const ExecutionPlan> plan;
  };
  struct Callable {
    Signature signature;
    std::shared_ptr<const ExecutionPlan> plan;
    RunOptions run_options;
  };

  Status ResolveNameLocked(const std::string& name, TensorId* id) const;
  Node* FindNodeLocked(const std::string& name) const;  // nullptr if absent
  // The cached plan of `sig`, built (and cached) when there is none. Takes mu_ itself.
  Status GetPlan(const Signature& sig, std::shared_ptr<const ExecutionPlan>* plan) const;
  // The named feeds, fetches and targets of a callable, resolved against the graph.
  Status ResolveCallable(const CallableOptions& callable_options, Signature* signature) const;
  Status BuildNamedPlan(const std::vector<std::pair<std::string, Tensor>>& inputs,
                        const std::vector<std::string>& output_names,
                        const std::vector<std::string>& target_names, NamedPlan* named) const;
  Status RunPlan(const RunOptions& options, const ExecutionPlan& plan,
                 const std::vector<Tensor>& feeds, std::vector<Tensor>* outputs,
                 RunMetadata* metadata, thread::ThreadPoolInterface* inter_op) const;

  std::shared_ptr<Graph> graph_;
  std::unique_ptr<ThreadPool> pool_;
  // config.operation_timeout_in_ms: the deadline of Runs whose RunOptions set none (0: none).
  int64_t operation_timeout_ms_ = 0;
  std::atomic<bool> cancelled_{false};  // set by Cancel()
  // The session's state across Runs (variables), freed with the session.
  std::unique_ptr<ResourceMgr> resources_;
  // Stateful nodes' kernels (random streams), shared by every plan below.
  mutable StatefulKernels stateful_kernels_;

  // Held shared while a plan is built (outside mu_), exclusively by Extend.
  mutable std::shared_mutex graph_mu_;
  mutable std::mutex mu_;  // guards everything below and name lookups in the graph
  mutable PlanCache<ExecutionPlan> plans_;
  mutable PlanCache<NamedPlan> named_plans_;
  mutable absl::flat_hash_map<std::string, Node*> by_name_;  // rebuilt when the graph grows
  mutable int by_name_ids_ = -1;
  std::map<CallableHandle, Callable> callables_;
  CallableHandle next_handle_ = 0;
};

}  // namespace runtime
}  // namespace tensorflow

#endif  // MINITF_RUNTIME_SESSION_CORE_H_
