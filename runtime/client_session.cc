#include "runtime/client_session.h"

#include <algorithm>

#include "framework/errors.h"
#include "runtime/session_core.h"

namespace tensorflow {

using runtime::Signature;
using runtime::TensorId;

class ClientSession::Impl {
 public:
  Impl(const Scope& scope, const SessionOptions& options)
      : scope_(scope), core_(scope.graph_as_shared_ptr(), options) {}

  // Resolves an Output of this session's graph.
  Status Resolve(const Output& o, const char* what, TensorId* id) const;

  Scope scope_;
  runtime::SessionCore core_;
};

Status ClientSession::Impl::Resolve(const Output& o, const char* what, TensorId* id) const {
  if (o.node() == nullptr) {
    return errors::InvalidArgument(what,
                                   " is a null Output: the op that should produce it was "
                                   "never built (check the scope's status)");
  }
  if (core_.graph().FindNodeId(o.node()->id()) != o.node()) {
    return errors::InvalidArgument(what, " '", o.node()->name(),
                                   "' belongs to a different graph than this session's");
  }
  if (o.index() < 0 || o.index() >= o.node()->num_outputs()) {
    return errors::OutOfRange("Node '", o.node()->name(), "' (type: '", o.node()->type_string(),
                              "', num of outputs: ", o.node()->num_outputs(),
                              ") does not have output ", o.index());
  }
  *id = TensorId{o.node(), o.index()};
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
  return Run(RunOptions::default_instance(), inputs, fetch_outputs, run_outputs, outputs, nullptr);
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
  feed_values.reserve(inputs.size());
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
    TF_RETURN_IF_ERROR(impl_->core_.CheckFeed(f.first, f.second->tensor));
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
    if (impl_->core_.graph().FindNodeId(op.node()->id()) != op.node()) {
      return errors::InvalidArgument("Target '", op.node()->name(),
                                     "' belongs to a different graph than this session's");
    }
    sig.targets.push_back(id.node);
  }
  // The fetched tensors go straight into `outputs` (its storage reused), left as they were
  // when the Run fails.
  std::vector<Tensor> no_outputs;
  return impl_->core_.Run(run_options, sig, feed_values, outputs ? outputs : &no_outputs,
                          run_metadata, threadpool_options.inter_op_threadpool);
}

Status ClientSession::MakeCallable(const CallableOptions& callable_options,
                                   CallableHandle* out_handle) {
  TF_RETURN_IF_ERROR(impl_->scope_.status());
  return impl_->core_.MakeCallable(callable_options, out_handle);
}

Status ClientSession::RunCallable(CallableHandle handle, const std::vector<Tensor>& feed_tensors,
                                  std::vector<Tensor>* fetch_tensors, RunMetadata* run_metadata) {
  return RunCallable(handle, feed_tensors, fetch_tensors, run_metadata,
                     thread::ThreadPoolOptions());
}

Status ClientSession::RunCallable(CallableHandle handle, const std::vector<Tensor>& feed_tensors,
                                  std::vector<Tensor>* fetch_tensors, RunMetadata* run_metadata,
                                  const thread::ThreadPoolOptions& options) {
  return impl_->core_.RunCallable(handle, feed_tensors, fetch_tensors, run_metadata,
                                  options.inter_op_threadpool);
}

Status ClientSession::ReleaseCallable(CallableHandle handle) {
  return impl_->core_.ReleaseCallable(handle);
}

}  // namespace tensorflow
