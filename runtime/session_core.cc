#include "runtime/session_core.h"

#include <algorithm>
#include <optional>
#include <set>

#include "absl/strings/str_cat.h"
#include "framework/errors.h"
#include "framework/graph_constructor.h"
#include "framework/node_def_util.h"
#include "runtime/thread_pool.h"
#include "runtime/threadpool.h"
#include "unsupported/Eigen/CXX11/ThreadPool"

namespace tensorflow {
namespace runtime {

namespace {

// The signature as bytes: the three lists' lengths, then node ids and output indexes, each a
// base-128 varint (a Run of a few tensors of a graph under 16384 nodes fits std::string's
// inline buffer: no allocation per Run).
std::string SignatureKey(const Signature& sig) {
  std::string key;
  auto put = [&key](uint32_t v) {
    for (; v >= 0x80; v >>= 7) key.push_back(static_cast<char>((v & 0x7f) | 0x80));
    key.push_back(static_cast<char>(v));
  };
  put(static_cast<uint32_t>(sig.feeds.size()));
  put(static_cast<uint32_t>(sig.fetches.size()));
  put(static_cast<uint32_t>(sig.targets.size()));
  for (const auto& f : sig.feeds) put(f.node->id()), put(f.index);
  for (const auto& f : sig.fetches) put(f.node->id()), put(f.index);
  for (const Node* t : sig.targets) put(t->id());
  return key;
}

Status OutputIndexError(const Node* node, int index) {
  return errors::OutOfRange("Node '", node->name(), "' (type: '", node->type_string(),
                            "', num of outputs: ", node->num_outputs(), ") does not have output ",
                            index);
}

}  // namespace

SessionCore::SessionCore(std::shared_ptr<Graph> graph, const SessionOptions& options)
    : graph_(std::move(graph)),
      resources_(std::make_unique<ResourceMgr>()),
      plans_(options.plan_cache_capacity),
      named_plans_(options.plan_cache_capacity) {
  const int intra = options.config.intra_op_parallelism_threads();
  const int inter = options.config.inter_op_parallelism_threads();
  // One pool for both (0: every core); an intra-op count alone sizes it, as it sizes TF's
  // kernels' pool (Multinomial's rows are split by it).
  const int threads = intra <= 0 ? 0 : inter <= 0 ? intra : std::max(intra, inter);
  pool_ = std::make_unique<ThreadPool>(threads);
  operation_timeout_ms_ = std::max<int64_t>(0, options.config.operation_timeout_in_ms());
}

SessionCore::~SessionCore() = default;

Status SessionCore::ResolveName(const std::string& name, TensorId* id) const {
  std::lock_guard<std::mutex> lock(mu_);
  return ResolveNameLocked(name, id);
}

Status SessionCore::ResolveNameLocked(const std::string& name, TensorId* id) const {
  std::string node_name;
  int index = 0;
  if (!ParseTensorName(name, &node_name, &index) || index < 0) {
    return errors::InvalidArgument("Malformed tensor name '", name, "'");
  }
  Node* node = FindNodeLocked(node_name);
  if (node == nullptr) {
    return errors::InvalidArgument("Tensor ", node_name, ":", index,
                                   ", specified in either feed_devices or fetch_devices was not "
                                   "found in the Graph");
  }
  if (index >= node->num_outputs()) return OutputIndexError(node, index);
  *id = TensorId{node, index};
  return OkStatus();
}

Node* SessionCore::FindNodeLocked(const std::string& name) const {
  if (by_name_ids_ != graph_->num_node_ids()) {
    by_name_.clear();
    for (Node* n : graph_->op_nodes()) by_name_[n->name()] = n;
    by_name_ids_ = graph_->num_node_ids();
  }
  auto it = by_name_.find(name);
  return it == by_name_.end() ? nullptr : it->second;
}

Status SessionCore::CheckFeed(const TensorId& id, const Tensor& value, int arg) const {
  const DataType expected = BaseType(id.node->output_type(id.index));
  if (value.dtype() != expected) {
    if (arg >= 0) {
      return errors::InvalidArgument("Expects arg[", arg, "] to be ", DataTypeString(expected),
                                     " but ", DataTypeString(value.dtype()), " is provided");
    }
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

Status SessionCore::GetPlan(const Signature& sig,
                            std::shared_ptr<const ExecutionPlan>* plan) const {
  const std::string key = SignatureKey(sig);
  {
    std::lock_guard<std::mutex> lock(mu_);
    *plan = plans_.Find(key);
    if (*plan != nullptr) return OkStatus();
  }
  // Built without mu_: the first Run of a new signature does not hold up every other Run.
  std::unique_ptr<ExecutionPlan> built;
  {
    std::shared_lock<std::shared_mutex> graph_lock(graph_mu_);
    TF_RETURN_IF_ERROR(ExecutionPlan::Build(sig, &built, &stateful_kernels_));
  }
  std::lock_guard<std::mutex> lock(mu_);
  *plan = plans_.Find(key);  // a concurrent Run of the same signature may have been first
  if (*plan == nullptr) {
    std::shared_ptr<const ExecutionPlan> shared(std::move(built));
    plans_.Insert(key, shared);
    *plan = std::move(shared);
  }
  return OkStatus();
}

Status SessionCore::RunPlan(const RunOptions& options, const ExecutionPlan& plan,
                            const std::vector<Tensor>& feeds, std::vector<Tensor>* outputs,
                            RunMetadata* metadata, thread::ThreadPoolInterface* inter_op) const {
  if (inter_op != nullptr) {
    Status status;
    Eigen::Notification done;  // seen by ThreadSanitizer (absl's is not instrumented here)
    inter_op->Schedule([&] {
      status = RunPlan(options, plan, feeds, outputs, metadata, nullptr);
      done.Notify();
    });
    done.Wait();
    return status;
  }
  const bool trace = metadata != nullptr && options.trace_level() == RunOptions::FULL_TRACE;
  std::optional<DeviceStepStats> device_stats;
  if (trace) device_stats.emplace();
  // TF's deadline: RunOptions' timeout, else the session's operation timeout.
  const int64_t timeout_ms =
      options.timeout_in_ms() > 0 ? options.timeout_in_ms() : operation_timeout_ms_;
  TF_RETURN_IF_ERROR(plan.Run(feeds, outputs, pool_.get(), trace ? &*device_stats : nullptr,
                              resources_.get(), timeout_ms, &cancelled_));
  if (trace) {
    device_stats->set_device("/job:localhost/replica:0/task:0/device:CPU:0");
    *metadata->mutable_step_stats()->add_dev_stats() = std::move(*device_stats);
  }
  return OkStatus();
}

Status SessionCore::Run(const RunOptions& options, const Signature& sig,
                        const std::vector<Tensor>& feeds, std::vector<Tensor>* outputs,
                        RunMetadata* metadata, thread::ThreadPoolInterface* inter_op) const {
  std::shared_ptr<const ExecutionPlan> plan;
  TF_RETURN_IF_ERROR(GetPlan(sig, &plan));
  return RunPlan(options, *plan, feeds, outputs, metadata, inter_op);
}

Status SessionCore::BuildNamedPlan(const std::vector<std::pair<std::string, Tensor>>& inputs,
                                   const std::vector<std::string>& output_names,
                                   const std::vector<std::string>& target_names,
                                   NamedPlan* named) const {
  // TF numbers the feeds (its call frame's args) by their names, sorted.
  std::vector<std::string> sorted_names;
  for (const auto& in : inputs) sorted_names.push_back(in.first);
  std::sort(sorted_names.begin(), sorted_names.end());
  sorted_names.erase(std::unique(sorted_names.begin(), sorted_names.end()), sorted_names.end());
  std::map<std::pair<int, int>, int> fed;  // (node id, index) -> signature feed
  for (size_t i = 0; i < inputs.size(); ++i) {
    TensorId id;
    TF_RETURN_IF_ERROR(ResolveNameLocked(inputs[i].first, &id));
    if (!fed.emplace(std::make_pair(id.node->id(), id.index), named->signature.feeds.size())
             .second) {
      continue;  // the same tensor fed twice ("x" and "x:0"): the first value counts
    }
    named->signature.feeds.push_back(id);
    named->feed_input.push_back(static_cast<int>(i));
    named->feed_arg.push_back(static_cast<int>(
        std::lower_bound(sorted_names.begin(), sorted_names.end(), inputs[i].first) -
        sorted_names.begin()));
  }
  for (const std::string& name : output_names) {
    TensorId id;
    TF_RETURN_IF_ERROR(ResolveNameLocked(name, &id));
    if (fed.count({id.node->id(), id.index})) {
      return errors::InvalidArgument(name, " is both fed and fetched.");
    }
    named->signature.fetches.push_back(id);
  }
  std::set<std::string> missing;
  for (const std::string& name : target_names) {
    std::string node_name;
    int index;
    Node* node = ParseTensorName(name, &node_name, &index) ? FindNodeLocked(node_name) : nullptr;
    if (node == nullptr) {
      missing.insert(name);
      continue;
    }
    named->signature.targets.push_back(node);
  }
  if (!missing.empty()) {
    std::string list;
    for (const auto& name : missing) absl::StrAppend(&list, name, " ");
    return errors::NotFound("PruneForTargets: Some target nodes not found: ", list);
  }
  return OkStatus();
}

Status SessionCore::RunNamed(const RunOptions& options,
                             const std::vector<std::pair<std::string, Tensor>>& inputs,
                             const std::vector<std::string>& output_names,
                             const std::vector<std::string>& target_names,
                             std::vector<Tensor>* outputs, RunMetadata* metadata,
                             thread::ThreadPoolInterface* inter_op) const {
  if (output_names.empty() && target_names.empty()) {
    return errors::InvalidArgument("Must specify at least one target to fetch or execute.");
  }
  if (!output_names.empty() && outputs == nullptr) {
    return errors::InvalidArgument("outputs must not be null when there are fetches");
  }
  std::string key;
  for (const auto& in : inputs) absl::StrAppend(&key, in.first, ",");
  key += '\0';
  for (const auto& name : output_names) absl::StrAppend(&key, name, ",");
  key += '\0';
  for (const auto& name : target_names) absl::StrAppend(&key, name, ",");
  std::shared_ptr<const NamedPlan> named;
  {
    std::lock_guard<std::mutex> lock(mu_);
    named = named_plans_.Find(key);
  }
  if (named == nullptr) {
    auto built = std::make_shared<NamedPlan>();
    {
      std::lock_guard<std::mutex> lock(mu_);
      TF_RETURN_IF_ERROR(BuildNamedPlan(inputs, output_names, target_names, built.get()));
    }
    TF_RETURN_IF_ERROR(GetPlan(built->signature, &built->plan));
    std::lock_guard<std::mutex> lock(mu_);
    named = named_plans_.Find(key);
    if (named == nullptr) {
      named_plans_.Insert(key, built);
      named = std::move(built);
    }
  }
  std::vector<Tensor> feeds;
  feeds.reserve(named->feed_input.size());
  for (size_t k = 0; k < named->feed_input.size(); ++k) {
    const Tensor& value = inputs[named->feed_input[k]].second;
    TF_RETURN_IF_ERROR(CheckFeed(named->signature.feeds[k], value, named->feed_arg[k]));
    feeds.push_back(value);
  }
  std::vector<Tensor> results;
  TF_RETURN_IF_ERROR(RunPlan(options, *named->plan, feeds, &results, metadata, inter_op));
  if (outputs != nullptr) *outputs = std::move(results);
  return OkStatus();
}

Status SessionCore::MakeCallable(const CallableOptions& callable_options,
                                 CallableHandle* out_handle) {
  Callable callable;
  TF_RETURN_IF_ERROR(ResolveCallable(callable_options, &callable.signature));
  TF_RETURN_IF_ERROR(GetPlan(callable.signature, &callable.plan));
  callable.run_options = callable_options.run_options();
  std::lock_guard<std::mutex> lock(mu_);
  *out_handle = next_handle_++;
  callables_[*out_handle] = std::move(callable);
  return OkStatus();
}

Status SessionCore::ResolveCallable(const CallableOptions& callable_options,
                                    Signature* signature) const {
  std::lock_guard<std::mutex> lock(mu_);
  std::map<std::pair<int, int>, std::string> fed;
  for (const auto& name : callable_options.feed()) {
    TensorId id;
    TF_RETURN_IF_ERROR(ResolveNameLocked(name, &id));
    signature->feeds.push_back(id);
    fed[{id.node->id(), id.index}] = name;
  }
  for (const auto& name : callable_options.fetch()) {
    TensorId id;
    TF_RETURN_IF_ERROR(ResolveNameLocked(name, &id));
    if (fed.count({id.node->id(), id.index})) {
      return errors::InvalidArgument(id.node->name(), ":", id.index, " is both fed and fetched.");
    }
    signature->fetches.push_back(id);
  }
  for (const auto& name : callable_options.target()) {
    Node* node = FindNodeLocked(name);
    if (node == nullptr) {
      return errors::NotFound("Target node '", name, "' was not found in the Graph");
    }
    signature->targets.push_back(node);
  }
  return OkStatus();
}

Status SessionCore::RunCallable(CallableHandle handle, const std::vector<Tensor>& feed_tensors,
                                std::vector<Tensor>* fetch_tensors, RunMetadata* run_metadata,
                                thread::ThreadPoolInterface* inter_op) const {
  Callable callable;
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = callables_.find(handle);
    if (it == callables_.end()) {
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
    TF_RETURN_IF_ERROR(CheckFeed(sig.feeds[i], feed_tensors[i]));
  }
  if (fetch_tensors == nullptr && !sig.fetches.empty()) {
    return errors::InvalidArgument("fetch_tensors must not be null when there are fetches");
  }
  std::vector<Tensor> results;
  TF_RETURN_IF_ERROR(RunPlan(callable.run_options, *callable.plan, feed_tensors, &results,
                             run_metadata, inter_op));
  if (fetch_tensors != nullptr) *fetch_tensors = std::move(results);
  return OkStatus();
}

Status SessionCore::ReleaseCallable(CallableHandle handle) {
  std::lock_guard<std::mutex> lock(mu_);
  if (callables_.erase(handle) == 0) {
    return errors::InvalidArgument("No such callable handle: ", handle);
  }
  return OkStatus();
}

Status SessionCore::Extend(const GraphDef& gdef) {
  std::lock_guard<std::mutex> lock(mu_);
  std::unique_lock<std::shared_mutex> graph_lock(graph_mu_);
  for (const NodeDef& node : gdef.node()) {
    if (FindNodeLocked(node.name()) != nullptr) {
      return errors::InvalidArgument(
          "GraphDef argument to Extend includes node '", node.name(),
          "', which was created by a previous call to Create or Extend in this session.");
    }
  }
  return internal::ExtendGraph(gdef, graph_.get());
}

}  // namespace runtime
}  // namespace tensorflow
