// minitf: TF's core Session (tensorflow/core/public/session.h): runs a GraphDef, with tensors
// and targets named "node:index" / "node". This is what TF programs that load a model use.
//
//   GraphDef graph_def;
//   TF_CHECK_OK(ReadBinaryProto(Env::Default(), "model.pb", &graph_def));
//   std::unique_ptr<Session> session(NewSession(SessionOptions()));
//   TF_CHECK_OK(session->Create(graph_def));
//   std::vector<Tensor> outputs;
//   TF_CHECK_OK(session->Run({{"input", input_tensor}}, {"output:0"}, {}, &outputs));
//   TF_CHECK_OK(session->Close());
//
// Create checks the whole GraphDef (ops, attrs with defaults filled in, inputs, types, cycles,
// TF's version rules) and leaves no graph on error. As in TF 2.21, Extend after the graph
// exists needs config.experimental.disable_optimize_for_static_graph. Run is thread-safe;
// each distinct (feeds, fetches, targets) is planned once. A failed Run leaves the session
// usable; after Close, Run and Extend return Cancelled. The session owns its variables.
#ifndef MINITF_RUNTIME_SESSION_H_
#define MINITF_RUNTIME_SESSION_H_

#include <string>
#include <utility>
#include <vector>

#include "framework/status.h"
#include "framework/tensor.h"
#include "runtime/session_options.h"
#include "tensorflow/core/framework/device_attributes.pb.h"
#include "tensorflow/core/framework/graph.pb.h"
#include "tensorflow/core/protobuf/config.pb.h"

namespace tensorflow {

class DeviceMgr;  // TF's; minitf has none to expose

class Session {
 public:
  Session();
  virtual ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // Makes `graph` the session's graph (a GraphDef with no nodes is accepted and ignored).
  virtual Status Create(const GraphDef& graph) = 0;
  virtual Status Create(GraphDef&& graph) { return Create(graph); }
  // Adds nodes to the graph; they may read the graph's existing nodes.
  virtual Status Extend(const GraphDef& graph) = 0;
  virtual Status Extend(GraphDef&& graph) { return Extend(graph); }

  // Feeds `inputs`, computes `output_tensor_names` into `outputs` (one per name, in order)
  // and runs the nodes `target_tensor_names` without returning anything.
  virtual Status Run(const std::vector<std::pair<std::string, Tensor>>& inputs,
                     const std::vector<std::string>& output_tensor_names,
                     const std::vector<std::string>& target_tensor_names,
                     std::vector<Tensor>* outputs) = 0;

  virtual Status Create(const RunOptions& run_options, const GraphDef& graph);
  virtual Status Extend(const RunOptions& run_options, const GraphDef& graph);
  virtual Status Create(const RunOptions& run_options, GraphDef&& graph) {
    return Create(run_options, graph);
  }
  virtual Status Extend(const RunOptions& run_options, GraphDef&& graph) {
    return Extend(run_options, graph);
  }
  virtual Status Close(const RunOptions& run_options);

  // Same, with RunOptions (FULL_TRACE fills run_metadata->step_stats).
  virtual Status Run(const RunOptions& run_options,
                     const std::vector<std::pair<std::string, Tensor>>& inputs,
                     const std::vector<std::string>& output_tensor_names,
                     const std::vector<std::string>& target_tensor_names,
                     std::vector<Tensor>* outputs, RunMetadata* run_metadata);
  // Same; with an inter-op pool the step runs on a task scheduled there.
  virtual Status Run(const RunOptions& run_options,
                     const std::vector<std::pair<std::string, Tensor>>& inputs,
                     const std::vector<std::string>& output_tensor_names,
                     const std::vector<std::string>& target_tensor_names,
                     std::vector<Tensor>* outputs, RunMetadata* run_metadata,
                     const thread::ThreadPoolOptions& threadpool_options);

  // Partial runs are not supported (Unimplemented), as in TF's default.
  virtual Status PRunSetup(const std::vector<std::string>& input_names,
                           const std::vector<std::string>& output_names,
                           const std::vector<std::string>& target_nodes, std::string* handle);
  virtual Status PRun(const std::string& handle,
                      const std::vector<std::pair<std::string, Tensor>>& inputs,
                      const std::vector<std::string>& output_names, std::vector<Tensor>* outputs);

  // The session's one device, /job:localhost/replica:0/task:0/device:CPU:0.
  virtual Status ListDevices(std::vector<DeviceAttributes>* response) = 0;
  // Frees the graph's state; later Runs return Cancelled. Closing twice is fine.
  virtual Status Close() = 0;
  virtual Status LocalDeviceManager(const DeviceMgr** output);

  typedef int64_t CallableHandle;
  virtual Status MakeCallable(const CallableOptions& callable_options, CallableHandle* out_handle);
  virtual Status RunCallable(CallableHandle handle, const std::vector<Tensor>& feed_tensors,
                             std::vector<Tensor>* fetch_tensors, RunMetadata* run_metadata);
  virtual Status RunCallable(CallableHandle handle, const std::vector<Tensor>& feed_tensors,
                             std::vector<Tensor>* fetch_tensors, RunMetadata* run_metadata,
                             const thread::ThreadPoolOptions& threadpool_options);
  virtual Status ReleaseCallable(CallableHandle handle);
  virtual Status Finalize();
};

// A new in-process session ("" target); any other target is NotFound, as TF says for a
// target no session factory serves. The caller owns the session.
Status NewSession(const SessionOptions& options, Session** out_session);
// Same; nullptr (and the error logged) on failure.
Session* NewSession(const SessionOptions& options);
// Resets resource containers of a target; minitf's sessions own theirs, so this only checks
// the target.
Status Reset(const SessionOptions& options, const std::vector<std::string>& containers);

}  // namespace tensorflow

#endif  // MINITF_RUNTIME_SESSION_H_
