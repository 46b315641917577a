// minitf: the execution plan behind ClientSession (runtime-internal; no oneTBB here).
//
// A plan is built once per (feeds, fetches, targets): the subgraph the fetches and targets
// need (a fed output cuts its producer off), one kernel per node, the input slots each node
// reads, a pending count per node and a reader count per slot. Running it walks the graph in
// dataflow order: a finished node decrements its successors; one ready successor runs inline,
// more are handed to other threads (cheap ones in batches); a slot is freed when its last
// reader is done, and a last reader may take over an input's buffer for its output.
#ifndef MINITF_RUNTIME_EXECUTOR_H_
#define MINITF_RUNTIME_EXECUTOR_H_

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "absl/container/inlined_vector.h"
#include "framework/graph.h"
#include "framework/op_kernel.h"
#include "framework/status.h"
#include "framework/tensor.h"
#include "tensorflow/core/framework/step_stats.pb.h"

namespace tensorflow {
namespace runtime {

class ThreadPool;

// A tensor of the graph: node output `index`.
struct TensorId {
  Node* node;
  int index;
};

// What one Run feeds, fetches and runs (inline storage: a Run of a few tensors allocates
// nothing for it).
struct Signature {
  absl::InlinedVector<TensorId, 4> feeds;
  absl::InlinedVector<TensorId, 4> fetches;
  absl::InlinedVector<Node*, 4> targets;
};

// The kernels of a session's stateful nodes (TF's OpSegment): made once per node and shared by
// every plan of the session, so a random op's stream or a variable's handle continues whichever
// fetches run the node. Thread-safe.
class StatefulKernels {
 public:
  // The kernel of `node`, created from `def` on first use.
  Status Get(const Node* node, const NodeDef& def, std::shared_ptr<OpKernel>* kernel);

 private:
  std::mutex mu_;
  std::unordered_map<const Node*, std::shared_ptr<OpKernel>> kernels_;
};

class ExecutionPlan {
 public:
  // Prunes `graph` to what the signature needs and instantiates the kernels. The node and
  // index of every feed and fetch must exist (the session checks them first).
  // Stateful nodes' kernels come from `stateful` when given (else each plan has its own).
  static Status Build(const Signature& signature, std::unique_ptr<ExecutionPlan>* plan,
                      StatefulKernels* stateful = nullptr);
  ~ExecutionPlan();

  // Runs once. `feeds` in signature order, already checked against their dtypes; `fetches`
  // receives one tensor per signature fetch. `stats` (optional) gets one NodeExecStats per
  // node run. Thread-safe: many Runs of one plan may overlap.
  // `resources` (optional) is the session's: what variables' kernels find through
  // OpKernelContext::resource_manager(). With `timeout_ms` > 0, no node starts after that
  // many milliseconds: the Run returns DeadlineExceeded with TF's text once the kernels
  // already running finish (TF, too, lets a running kernel end), its buffers freed. Once
  // `*cancelled` (optional) is true, likewise, with Cancelled.
  Status Run(const std::vector<Tensor>& feeds, std::vector<Tensor>* fetches, ThreadPool* pool,
             DeviceStepStats* stats, ResourceMgr* resources = nullptr, int64_t timeout_ms = 0,
             const std::atomic<bool>* cancelled = nullptr) const;

  int num_nodes() const;

  struct PlanNode;
  struct Frame;

 private:
  struct BuildState;
  ExecutionPlan();
  // Build's steps, in order.
  static void FindNeededNodes(const Signature& signature, BuildState* state);
  void LayOutSlots(const Signature& signature, const BuildState& state);
  Status WireEdges(const BuildState& state);
  Status CreateKernels(const BuildState& state, StatefulKernels* stateful);
  int SlotOf(const BuildState& state, const Node* src, int output) const;

  std::unique_ptr<Frame> TakeFrame() const;
  void ReturnFrame(std::unique_ptr<Frame> frame) const;
  void Process(int node, Frame* frame) const;
  // Hands `task` to another thread of the Run's task group (counters turn atomic from here).
  void Spawn(Frame* frame, std::function<void()> task) const;
  // Whether the kernels of `nodes` took long enough, when last timed, to give to a thread.
  bool WorthSplitting(const int* nodes, size_t n) const;
  // After a timed Run: whether later Runs may hand work to other threads (may_split_).
  void UpdateMaySplit(int threads) const;
  // A node making more ready cheap nodes than this at once may split them between threads.
  static constexpr int kBatchAbove = 32;
  void ProcessBatch(const std::vector<int>& batch, Frame* frame) const;
  // Whether the Run's deadline has passed or it was cancelled (recording why when so).
  bool Expired(Frame* frame) const;
  void RunNode(int node, Frame* frame) const;
  Status PrepareRefInputs(const PlanNode& pn, Frame* f, absl::InlinedVector<TensorRef, 4>* refs,
                          absl::InlinedVector<Tensor, 4>* derefs,
                          absl::InlinedVector<const Tensor*, 4>* inputs,
                          absl::InlinedVector<Tensor*, 4>* input_slots,
                          absl::InlinedVector<bool, 4>* forwardable) const;

  std::vector<PlanNode> nodes_;
  std::vector<int> input_slots_;  // all nodes' input slot ids, node by node
  std::vector<int> successors_;   // all nodes' successor ids (one per edge), node by node
  std::vector<int> initial_pending_;
  std::vector<int> slot_readers_;  // kernel inputs reading each slot, +1 per fetch
  std::vector<int> roots_;         // nodes with no pending inputs
  std::vector<int> feed_slots_;
  std::vector<int> fetch_slots_;
  std::vector<char> fetch_takes_;  // 1 for the last fetch of its slot (it moves the tensor out)
  std::vector<std::string> fetch_names_;  // "node" or "node:index", for errors
  std::vector<char> ref_slot_;            // 1 for a reference (variable) output slot
  bool has_refs_ = false;
  int num_slots_ = 0;
  mutable std::atomic<Frame*> spare_frame_{nullptr};  // the last Run's frame, for the next
  // Each kernel's time in its plan's last timed Run (one Run in kTimedRunEvery, the first
  // included, when the session has threads to split work over), in nanoseconds.
  static constexpr int kTimedRunEvery = 64;
  mutable std::atomic<uint32_t> runs_{0};
  std::unique_ptr<std::atomic<int32_t>[]> cost_ns_;
  bool has_expensive_ = false;
  // Whether Runs enter the session's task group; false runs them on the calling thread only.
  // True until the first timed Run says otherwise.
  mutable std::atomic<bool> may_split_{true};
};

// Test hook (fault injection): the n-th kernel run from now (1: the next one) throws before
// it computes, as a kernel with a bug would; 0 turns it off. Process-wide.
void ThrowFromNthKernelForTest(int64_t n);

}  // namespace runtime
}  // namespace tensorflow

#endif  // MINITF_RUNTIME_EXECUTOR_H_
