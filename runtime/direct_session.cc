// minitf's in-process Session (TF's DirectSession) and NewSession.
#include <memory>
#include <mutex>

#include "framework/errors.h"
#include "framework/graph_constructor.h"
#include "framework/logging.h"
#include "framework/random.h"
#include "runtime/session.h"
#include "runtime/session_core.h"

namespace tensorflow {

Session::Session() = default;
Session::~Session() = default;

Status Session::Create(const RunOptions& /*run_options*/, const GraphDef& /*graph*/) {
  return errors::Unimplemented(
      "Create(const RunOptions& run_options, const GraphDef& graph) is not supported for this "
      "session.");
}

Status Session::Extend(const RunOptions& /*run_options*/, const GraphDef& /*graph*/) {
  return errors::Unimplemented(
      "Extend(const RunOptions& run_options, const GraphDef& graph) is not supported for this "
      "session.");
}

Status Session::Close(const RunOptions& /*run_options*/) {
  return errors::Unimplemented(
      "Close(const RunOptions& run_options) is not supported for this session.");
}

Status Session::Run(const RunOptions& /*run_options*/,
                    const std::vector<std::pair<std::string, Tensor>>& /*inputs*/,
                    const std::vector<std::string>& /*output_tensor_names*/,
                    const std::vector<std::string>& /*target_tensor_names*/,
                    std::vector<Tensor>* /*outputs*/, RunMetadata* /*run_metadata*/) {
  return errors::Unimplemented("Run with options is not supported for this session.");
}

Status Session::Run(const RunOptions& /*run_options*/,
                    const std::vector<std::pair<std::string, Tensor>>& /*inputs*/,
                    const std::vector<std::string>& /*output_tensor_names*/,
                    const std::vector<std::string>& /*target_tensor_names*/,
                    std::vector<Tensor>* /*outputs*/, RunMetadata* /*run_metadata*/,
                    const thread::ThreadPoolOptions& /*threadpool_options*/) {
  return errors::Unimplemented("Run with threadpool is not supported for this session.");
}

Status Session::PRunSetup(const std::vector<std::string>& /*input_names*/,
                          const std::vector<std::string>& /*output_names*/,
                          const std::vector<std::string>& /*target_nodes*/,
                          std::string* /*handle*/) {
  return errors::Unimplemented("Partial run is not supported for this session.");
}

Status Session::PRun(const std::string& /*handle*/,
                     const std::vector<std::pair<std::string, Tensor>>& /*inputs*/,
                     const std::vector<std::string>& /*output_names*/,
                     std::vector<Tensor>* /*outputs*/) {
  return errors::Unimplemented("Partial run is not supported for this session.");
}

Status Session::LocalDeviceManager(const DeviceMgr** /*output*/) {
  return errors::Unimplemented("LocalDeviceManager is not supported for this session.");
}

Status Session::MakeCallable(const CallableOptions& /*callable_options*/,
                             CallableHandle* /*out_handle*/) {
  return errors::Unimplemented("MakeCallable is not supported for this session.");
}

Status Session::RunCallable(CallableHandle /*handle*/, const std::vector<Tensor>& /*feed_tensors*/,
                            std::vector<Tensor>* /*fetch_tensors*/, RunMetadata* /*run_metadata*/) {
  return errors::Unimplemented("RunCallable is not supported for this session.");
}

Status Session::RunCallable(CallableHandle /*handle*/, const std::vector<Tensor>& /*feed_tensors*/,
                            std::vector<Tensor>* /*fetch_tensors*/, RunMetadata* /*run_metadata*/,
                            const thread::ThreadPoolOptions& /*threadpool_options*/) {
  return errors::Unimplemented("RunCallable with threadpool is not supported for this session.");
}

Status Session::ReleaseCallable(CallableHandle /*handle*/) {
  return errors::Unimplemented("ReleaseCallable is not supported for this session.");
}

Status Session::Finalize() {
  return errors::Unimplemented("Finalize is not supported for this session.");
}

namespace {

constexpr char kCpuDevice[] = "/job:localhost/replica:0/task:0/device:CPU:0";

class DirectSession : public Session {
 public:
  explicit DirectSession(const SessionOptions& options)
      : options_(options), incarnation_(random::New64() | 1) {}

  Status Create(const GraphDef& graph) override {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_) return Closed();
    if (graph.node_size() == 0) return OkStatus();
    if (core_ != nullptr) {
      return errors::AlreadyExists("A Graph has already been created for this session.");
    }
    return CreateLocked(graph);
  }
  Status Create(const RunOptions& /*run_options*/, const GraphDef& graph) override {
    return Create(graph);
  }

  Status Extend(const GraphDef& graph) override {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_) return Closed();
    if (graph.node_size() == 0) return OkStatus();
    if (core_ == nullptr) return CreateLocked(graph);
    if (!options_.config.experimental().disable_optimize_for_static_graph()) {
      return errors::FailedPrecondition(
          "Extending the graph is not supported when `disable_optimize_for_static_graph` is "
          "false.");
    }
    return core_->Extend(graph);
  }
  Status Extend(const RunOptions& /*run_options*/, const GraphDef& graph) override {
    return Extend(graph);
  }

  Status Run(const std::vector<std::pair<std::string, Tensor>>& inputs,
             const std::vector<std::string>& output_tensor_names,
             const std::vector<std::string>& target_tensor_names,
             std::vector<Tensor>* outputs) override {
    return Run(RunOptions(), inputs, output_tensor_names, target_tensor_names, outputs, nullptr);
  }
  Status Run(const RunOptions& run_options,
             const std::vector<std::pair<std::string, Tensor>>& inputs,
             const std::vector<std::string>& output_tensor_names,
             const std::vector<std::string>& target_tensor_names, std::vector<Tensor>* outputs,
             RunMetadata* run_metadata) override {
    return Run(run_options, inputs, output_tensor_names, target_tensor_names, outputs, run_metadata,
               thread::ThreadPoolOptions());
  }
  Status Run(const RunOptions& run_options,
             const std::vector<std::pair<std::string, Tensor>>& inputs,
             const std::vector<std::string>& output_tensor_names,
             const std::vector<std::string>& target_tensor_names, std::vector<Tensor>* outputs,
             RunMetadata* run_metadata, const thread::ThreadPoolOptions& pools) override {
    std::shared_ptr<runtime::SessionCore> core;
    TF_RETURN_IF_ERROR(GetCore(&core));
    return core->RunNamed(run_options, inputs, output_tensor_names, target_tensor_names, outputs,
                          run_metadata, pools.inter_op_threadpool);
  }

  Status ListDevices(std::vector<DeviceAttributes>* response) override {
    response->clear();
    DeviceAttributes cpu;
    cpu.set_name(kCpuDevice);
    cpu.set_device_type("CPU");
    cpu.set_memory_limit(int64_t{256} << 20);  // TF's CPU device reports 256 MiB
    cpu.mutable_locality();
    cpu.set_incarnation(incarnation_);
    cpu.set_xla_global_id(-1);
    response->push_back(std::move(cpu));
    return OkStatus();
  }

  Status Close() override {
    std::lock_guard<std::mutex> lock(mu_);
    closed_ = true;
    // Runs in flight stop scheduling nodes and return Cancelled, as TF's; each keeps its own
    // reference to the core until it returns.
    if (core_ != nullptr) core_->Cancel();
    core_.reset();
    return OkStatus();
  }
  Status Close(const RunOptions& /*run_options*/) override { return Close(); }

  Status MakeCallable(const CallableOptions& callable_options,
                      CallableHandle* out_handle) override {
    std::shared_ptr<runtime::SessionCore> core;
    TF_RETURN_IF_ERROR(GetCore(&core));
    return core->MakeCallable(callable_options, out_handle);
  }
  Status RunCallable(CallableHandle handle, const std::vector<Tensor>& feed_tensors,
                     std::vector<Tensor>* fetch_tensors, RunMetadata* run_metadata) override {
    return RunCallable(handle, feed_tensors, fetch_tensors, run_metadata,
                       thread::ThreadPoolOptions());
  }
  Status RunCallable(CallableHandle handle, const std::vector<Tensor>& feed_tensors,
                     std::vector<Tensor>* fetch_tensors, RunMetadata* run_metadata,
                     const thread::ThreadPoolOptions& pools) override {
    std::shared_ptr<runtime::SessionCore> core;
    TF_RETURN_IF_ERROR(GetCore(&core));
    return core->RunCallable(handle, feed_tensors, fetch_tensors, run_metadata,
                             pools.inter_op_threadpool);
  }
  Status ReleaseCallable(CallableHandle handle) override {
    std::shared_ptr<runtime::SessionCore> core;
    TF_RETURN_IF_ERROR(GetCore(&core));
    return core->ReleaseCallable(handle);
  }
  Status Finalize() override { return OkStatus(); }

 private:
  static Status Closed() { return errors::Cancelled("Session has been closed."); }

  Status CreateLocked(const GraphDef& graph) {
    auto g = std::make_shared<Graph>(OpRegistry::Global());
    TF_RETURN_IF_ERROR(ConvertGraphDefToGraph(GraphConstructorOptions(), graph, g.get()));
    core_ = std::make_shared<runtime::SessionCore>(std::move(g), options_);
    return OkStatus();
  }

  Status GetCore(std::shared_ptr<runtime::SessionCore>* core) {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_) return Closed();
    if (core_ == nullptr) {
      return errors::InvalidArgument("Session was not created with a graph before Run()!");
    }
    *core = core_;
    return OkStatus();
  }

  const SessionOptions options_;
  const uint64_t incarnation_;
  std::mutex mu_;
  bool closed_ = false;
  std::shared_ptr<runtime::SessionCore> core_;  // null until a graph exists
};

Status CheckTarget(const SessionOptions& options) {
  if (options.target.empty()) return OkStatus();
  return errors::NotFound(
      "No session factory registered for the given session options: "
      "{target: \"",
      options.target, "\"} Registered factories are {DIRECT_SESSION}.");
}

}  // namespace

Status NewSession(const SessionOptions& options, Session** out_session) {
  *out_session = nullptr;
  TF_RETURN_IF_ERROR(CheckTarget(options));
  *out_session = new DirectSession(options);
  return OkStatus();
}

Session* NewSession(const SessionOptions& options) {
  Session* session = nullptr;
  Status s = NewSession(options, &session);
  if (!s.ok()) LOG(ERROR) << "Failed to create session: " << s;
  return session;
}

Status Reset(const SessionOptions& options, const std::vector<std::string>& /*containers*/) {
  return CheckTarget(options);
}

}  // namespace tensorflow
