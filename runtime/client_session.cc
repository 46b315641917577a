#include "runtime/client_session.h"

#include <algorithm>
#include <map>
#include <mutex>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/synchronization/notification.h"
#include "framework/errors.h"
#include "framework/node_def_util.h"
#include "framework/resource_mgr.h"
#include "runtime/executor.h"
#include "runtime/thread_pool.h"
#include "runtime/threadpool.h"

namespace tensorflow {

Env* Env::Default() {
  static Env env;
  return &env;
}

using runtime::ExecutionPlan;
using runtime::Signature;
using runtime::StatefulKernels;
using runtime::TensorId;

class ClientSession::Impl {
 public:
  Impl(const Scope& scope, const SessionOptions& options)
      : scope_(scope), graph_(scope.graph_as_shared_ptr()) {
    const int intra = options.config.intra_op_parallelism_threads();
    const int inter = options.config.inter_op_parallelism_threads();
    // One pool for both (0: every core); an intra-op count alone sizes it, as it sizes TF's
    // kernels' pool (Multinomial's rows are split by it).
    const int threads = intra <= 0 ? 0 : inter <= 0 ? intra : std::max(intra, inter);
    pool_ = std::make_unique<runtime::ThreadPool>(threads);
  }

  // Resolves an Output of this session's graph.
  Status Resolve(const Output& o, const char* what, TensorId* id) const;
  // Resolves "node:index" / "node" against the graph.
  Status ResolveName(const std::string& name, TensorId* id) const;
  // The cached plan for `sig` (built on first use).
  Status GetPlan(const Signature& sig, std::shared_ptr<const ExecutionPlan>* plan) const;
  // Checks a feed value against the tensor it replaces (dtype, and shape where known).
  Status CheckFeed(const TensorId& id, const Tensor& value) const;
  // Runs `plan`; with an `inter_op` pool, on a task scheduled there (the caller waits).
  Status RunPlan(const RunOptions& options, const ExecutionPlan& plan,
                 const std::vector<Tensor>& feeds, std::vector<Tensor>* outputs,
                 RunMetadata* metadata, thread::ThreadPoolInterface* inter_op = nullptr) const;

  Scope scope_;
  std::shared_ptr<Graph> graph_;
  std::unique_ptr<runtime::ThreadPool> pool_;
  // The session's state across Runs (variables), freed with the session.
  std::unique_ptr<ResourceMgr> resources_ = std::make_unique<ResourceMgr>();

  // Stateful nodes' kernels (random streams), shared by every plan below.
  mutable StatefulKernels stateful_kernels_;
  mutable std::mutex mu_;  // guards the caches below and graph reads while planning
  mutable std::map<std::string, std::shared_ptr<const ExecutionPlan>> plans_;

  struct Callable {
    Signature signature;
    std::shared_ptr<const ExecutionPlan> plan;
    RunOptions run_options;
  };
  std::map<CallableHandle, Callable> callables_;
  CallableHandle next_handle_ = 0;
};

namespace {

std::string SignatureKey(const Signature& sig) {
  std::string key;
  for (const auto& f : sig.feeds) absl::StrAppend(&key, f.node->id(), ":", f.index, ",");
  key += "|";
  for (const auto& f : sig.fetches) absl::StrAppend(&key, f.node->id(), ":", f.index, ",");
  key += "|";
  for (const Node* t : sig.targets) absl::StrAppend(&key, t->id(), ",");
  return key;
}

Status OutputIndexError(const Node* node, int index) {
  return errors::OutOfRange("Node '", node->name(), "' (type: '", node->type_string(),
                            "', num of outputs: ", node->num_outputs(), ") does not have output ",
                            index);
}

}  // namespace

Status ClientSession::Impl::Resolve(const Output& o, const char* what, TensorId* id) const {
  if (o.node() == nullptr) {
    return errors::InvalidArgument(what,
                                   " is a null Output: the op that should produce it was "
                                   "never built (check the scope's status)");
  }
  if (graph_->FindNodeId(o.node()->id()) != o.node()) {
    return errors::InvalidArgument(what, " '", o.node()->name(),
                                   "' belongs to a different graph than this session's");
  }
  if (o.index() < 0 || o.index() >= o.node()->num_outputs()) {
    return OutputIndexError(o.node(), o.index());
  }
  *id = TensorId{o.node(), o.index()};
  return OkStatus();
}

Status ClientSession::Impl::ResolveName(const std::string& name, TensorId* id) const {
  std::string node_name;
  int index = 0;
  if (!ParseTensorName(name, &node_name, &index) || index < 0) {
    return errors::InvalidArgument("Malformed tensor name '", name, "'");
  }
  for (Node* n : graph_->op_nodes()) {
    if (n->name() != node_name) continue;
    if (index >= n->num_outputs()) return OutputIndexError(n, index);
    *id = TensorId{n, index};
    return OkStatus();
  }
  return errors::InvalidArgument("Tensor ", node_name, ":", index,
                                 ", specified in either feed_devices or fetch_devices was not "
                                 "found in the Graph");
}

Status ClientSession::Impl::CheckFeed(const TensorId& id, const Tensor& value) const {
  const DataType expected = BaseType(id.node->output_type(id.index));
  if (value.dtype() != expected) {
    return errors::InvalidArgument("Type mismatch: actual ", DataTypeString(value.dtype()),
                                   " vs. expect ", DataTypeString(expected), "\n\t [[{{node ",
                                   id.node->name(), "}}]]");
  }
  PartialTensorShape declared = id.node->output_shape(id.index);
  if (id.node->IsPlaceholder()) {
    GetNodeAttr(id.node->attrs(), "shape", &declared).IgnoreError();
  }
  if (!declared.IsCompatibleWith(value.shape())) {
    return errors::InvalidArgument("Cannot feed value of shape ", value.shape().DebugString(),
                                   " for Tensor '", id.node->name(), ":", id.index,
                                   "', which has shape '", declared.DebugString(), "'");
  }
  return OkStatus();
}

Status ClientSession::Impl::GetPlan(const Signature& sig,
                                    std::shared_ptr<const ExecutionPlan>* plan) const {
  const std::string key = SignatureKey(sig);
  std::lock_guard<std::mutex> lock(mu_);
  auto it = plans_.find(key);
  if (it != plans_.end()) {
    *plan = it->second;
    return OkStatus();
  }
  std::unique_ptr<ExecutionPlan> built;
  TF_RETURN_IF_ERROR(ExecutionPlan::Build(sig, &built, &stateful_kernels_));
  std::shared_ptr<const ExecutionPlan> shared(std::move(built));
  plans_.emplace(key, shared);
  *plan = std::move(shared);
  return OkStatus();
}

Status ClientSession::Impl::RunPlan(const RunOptions& options, const ExecutionPlan& plan,
                                    const std::vector<Tensor>& feeds, std::vector<Tensor>* outputs,
                                    RunMetadata* metadata,
                                    thread::ThreadPoolInterface* inter_op) const {
  if (inter_op != nullptr) {
    Status status;
    absl::Notification done;
    inter_op->Schedule([&] {
      status = RunPlan(options, plan, feeds, outputs, metadata);
      done.Notify();
    });
    done.WaitForNotification();
    return status;
  }
  const bool trace = metadata != nullptr && options.trace_level() == RunOptions::FULL_TRACE;
  DeviceStepStats device_stats;
  std::vector<Tensor> results;
  TF_RETURN_IF_ERROR(plan.Run(feeds, outputs != nullptr ? outputs : &results, pool_.get(),
                              trace ? &device_stats : nullptr, resources_.get()));
  if (trace) {
    device_stats.set_device("/job:localhost/replica:0/task:0/device:CPU:0");
    *metadata->mutable_step_stats()->add_dev_stats() = std::move(device_stats);
  }
  return OkStatus();
}

ClientSession::ClientSession(const Scope& scope, const std::string& target)
    : ClientSession(scope, [&] {
        SessionOptions options;
        options.target = target;
        return options;
      }()) {}

ClientSession::ClientSession(const Scope& scope) : ClientSession(scope, SessionOptions()) {}

ClientSession::ClientSession(const Scope& scope, const SessionOptions& session_options)
    : impl_(new Impl(scope, session_options)) {
  if (!session_options.target.empty()) {
    LOG(FATAL) << "minitf runs in process only; session target '" << session_options.target
               << "' is not supported";
  }
}

ClientSession::~ClientSession() = default;

Status ClientSession::Run(const std::vector<Output>& fetch_outputs,
                          std::vector<Tensor>* outputs) const {
  return Run(FeedType{}, fetch_outputs, {}, outputs);
}

Status ClientSession::Run(const FeedType& inputs, const std::vector<Output>& fetch_outputs,
                          std::vector<Tensor>* outputs) const {
  return Run(inputs, fetch_outputs, {}, outputs);
}

Status ClientSession::Run(const FeedType& inputs, const std::vector<Output>& fetch_outputs,
                          const std::vector<Operation>& run_outputs,
                          std::vector<Tensor>* outputs) const {
  return Run(RunOptions(), inputs, fetch_outputs, run_outputs, outputs, nullptr);
}

Status ClientSession::Run(const RunOptions& run_options, const FeedType& inputs,
                          const std::vector<Output>& fetch_outputs,
                          const std::vector<Operation>& run_outputs, std::vector<Tensor>* outputs,
                          RunMetadata* run_metadata) const {
  return Run(run_options, inputs, fetch_outputs, run_outputs, outputs, run_metadata,
             thread::ThreadPoolOptions());
}

Status ClientSession::Run(const RunOptions& run_options, const FeedType& inputs,
                          const std::vector<Output>& fetch_outputs,
                          const std::vector<Operation>& run_outputs, std::vector<Tensor>* outputs,
                          RunMetadata* run_metadata,
                          const thread::ThreadPoolOptions& threadpool_options) const {
  TF_RETURN_IF_ERROR(impl_->scope_.status());
  if (!fetch_outputs.empty() && outputs == nullptr) {
    return errors::InvalidArgument("outputs must not be null when there are fetches");
  }
  if (fetch_outputs.empty() && run_outputs.empty()) {
    return errors::InvalidArgument("Must specify at least one target to fetch or execute.");
  }
  Signature sig;
  std::vector<Tensor> feed_values;
  // Feeds in a fixed order (by node id, then index) so that equal feed sets share a plan.
  std::vector<std::pair<TensorId, const Input::Initializer*>> feeds;
  for (const auto& kv : inputs) {
    TensorId id;
    TF_RETURN_IF_ERROR(impl_->Resolve(kv.first, "Feed", &id));
    if (!kv.second.status.ok()) return kv.second.status;
    feeds.push_back({id, &kv.second});
  }
  std::sort(feeds.begin(), feeds.end(), [](const auto& a, const auto& b) {
    return a.first.node->id() != b.first.node->id() ? a.first.node->id() < b.first.node->id()
                                                    : a.first.index < b.first.index;
  });
  for (const auto& f : feeds) {
    TF_RETURN_IF_ERROR(impl_->CheckFeed(f.first, f.second->tensor));
    sig.feeds.push_back(f.first);
    feed_values.push_back(f.second->tensor);
  }
  for (size_t i = 0; i < fetch_outputs.size(); ++i) {
    TensorId id;
    TF_RETURN_IF_ERROR(impl_->Resolve(fetch_outputs[i], "Fetch", &id));
    sig.fetches.push_back(id);
  }
  for (const Operation& op : run_outputs) {
    TensorId id{op.node(), 0};
    if (op.node() == nullptr) {
      return errors::InvalidArgument(
          "Target is a null Operation: its op was never built (check "
          "the scope's status)");
    }
    if (impl_->graph_->FindNodeId(op.node()->id()) != op.node()) {
      return errors::InvalidArgument("Target '", op.node()->name(),
                                     "' belongs to a different graph than this session's");
    }
    sig.targets.push_back(id.node);
  }
  std::shared_ptr<const ExecutionPlan> plan;
  TF_RETURN_IF_ERROR(impl_->GetPlan(sig, &plan));
  std::vector<Tensor> results;
  TF_RETURN_IF_ERROR(impl_->RunPlan(run_options, *plan, feed_values, &results, run_metadata,
                                    threadpool_options.inter_op_threadpool));
  if (outputs != nullptr) *outputs = std::move(results);
  return OkStatus();
}

Status ClientSession::MakeCallable(const CallableOptions& callable_options,
                                   CallableHandle* out_handle) {
  TF_RETURN_IF_ERROR(impl_->scope_.status());
  Impl::Callable callable;
  std::map<std::pair<int, int>, std::string> fed;
  for (const auto& name : callable_options.feed()) {
    TensorId id;
    TF_RETURN_IF_ERROR(impl_->ResolveName(name, &id));
    callable.signature.feeds.push_back(id);
    fed[{id.node->id(), id.index}] = name;
  }
  for (const auto& name : callable_options.fetch()) {
    TensorId id;
    TF_RETURN_IF_ERROR(impl_->ResolveName(name, &id));
    if (fed.count({id.node->id(), id.index})) {
      return errors::InvalidArgument(id.node->name(), ":", id.index, " is both fed and fetched.");
    }
    callable.signature.fetches.push_back(id);
  }
  for (const auto& name : callable_options.target()) {
    Node* target = nullptr;
    for (Node* n : impl_->graph_->op_nodes()) {
      if (n->name() == name) target = n;
    }
    if (target == nullptr) {
      return errors::NotFound("Target node '", name, "' was not found in the Graph");
    }
    callable.signature.targets.push_back(target);
  }
  TF_RETURN_IF_ERROR(impl_->GetPlan(callable.signature, &callable.plan));
  callable.run_options = callable_options.run_options();
  std::lock_guard<std::mutex> lock(impl_->mu_);
  *out_handle = impl_->next_handle_++;
  impl_->callables_[*out_handle] = std::move(callable);
  return OkStatus();
}

Status ClientSession::RunCallable(CallableHandle handle, const std::vector<Tensor>& feed_tensors,
                                  std::vector<Tensor>* fetch_tensors, RunMetadata* run_metadata) {
  return RunCallable(handle, feed_tensors, fetch_tensors, run_metadata,
                     thread::ThreadPoolOptions());
}

Status ClientSession::RunCallable(CallableHandle handle, const std::vector<Tensor>& feed_tensors,
                                  std::vector<Tensor>* fetch_tensors, RunMetadata* run_metadata,
                                  const thread::ThreadPoolOptions& options) {
  Impl::Callable callable;
  {
    std::lock_guard<std::mutex> lock(impl_->mu_);
    auto it = impl_->callables_.find(handle);
    if (it == impl_->callables_.end()) {
      return errors::InvalidArgument("No such callable handle: ", handle);
    }
    callable = it->second;
  }
  const auto& sig = callable.signature;
  if (feed_tensors.size() != sig.feeds.size()) {
    return errors::InvalidArgument("Invalid number of feed tensors: expected ", sig.feeds.size(),
                                   ", got ", feed_tensors.size());
  }
  for (size_t i = 0; i < feed_tensors.size(); ++i) {
    TF_RETURN_IF_ERROR(impl_->CheckFeed(sig.feeds[i], feed_tensors[i]));
  }
  if (fetch_tensors == nullptr && !sig.fetches.empty()) {
    return errors::InvalidArgument("fetch_tensors must not be null when there are fetches");
  }
  std::vector<Tensor> results;
  TF_RETURN_IF_ERROR(impl_->RunPlan(callable.run_options, *callable.plan, feed_tensors, &results,
                                    run_metadata, options.inter_op_threadpool));
  if (fetch_tensors != nullptr) *fetch_tensors = std::move(results);
  return OkStatus();
}

Status ClientSession::ReleaseCallable(CallableHandle handle) {
  std::lock_guard<std::mutex> lock(impl_->mu_);
  if (impl_->callables_.erase(handle) == 0) {
    return errors::InvalidArgument("No such callable handle: ", handle);
  }
  return OkStatus();
}

}  // namespace tensorflow
