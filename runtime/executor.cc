#include "runtime/executor.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <functional>
#include <limits>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <unordered_map>

#include "absl/container/inlined_vector.h"
#include "absl/strings/str_cat.h"
#include "runtime/thread_pool.h"

namespace tensorflow {
namespace runtime {

struct ExecutionPlan::PlanNode {
  const Node* node = nullptr;
  std::shared_ptr<OpKernel> kernel;  // shared with the session for stateful nodes
  int input_begin = 0;               // into input_slots_
  int num_inputs = 0;
  int output_slot = 0;  // first output slot
  int num_outputs = 0;
  int succ_begin = 0;  // into successors_
  int num_succ = 0;
  bool expensive = false;
  bool uses_refs = false;             // reads or writes a reference (variable) slot
  bool allows_uninitialized = false;  // the OpDef's allows_uninitialized_input (Assign)
};

// The state of one Run.
struct ExecutionPlan::Frame {
  std::vector<Tensor> slots;
  std::vector<TensorRef> refs;  // per slot, for plans with reference slots
  ResourceMgr* resources = nullptr;
  std::unique_ptr<std::atomic<int>[]> pending;
  std::unique_ptr<std::atomic<int>[]> readers;
  std::atomic<bool> failed{false};
  std::mutex mu;
  Status status;  // first error, guarded by mu
  ThreadPool* pool = nullptr;
  ThreadPool::TaskGroup* group = nullptr;  // null when running on the calling thread only
  std::vector<NodeExecStats>* stats = nullptr;
  int64_t deadline = 0;  // steady-clock nanoseconds; 0: none
  const std::atomic<bool>* cancelled = nullptr;
  bool watched = false;  // a deadline or a cancellation flag: Expired checks before each node
  bool timed = false;    // this Run measures each kernel's time (ExecutionPlan::cost_ns_)
  // Set before the first task is spawned: until then the Run's own thread is the only one.
  std::atomic<bool> concurrent{false};

  // Subtracts `n` from `counter` (a pending count or a slot's readers) and returns the value
  // before. Until a task is spawned only the Run's own thread touches the counters: a plain
  // load and store then, no locked instruction.
  int CountDown(std::atomic<int>& counter, int n) const {
    if (!concurrent.load(std::memory_order_relaxed)) {
      const int before = counter.load(std::memory_order_relaxed);
      counter.store(before - n, std::memory_order_relaxed);
      return before;
    }
    return counter.fetch_sub(n, std::memory_order_acq_rel);
  }
};

ExecutionPlan::ExecutionPlan() = default;
ExecutionPlan::~ExecutionPlan() { delete spare_frame_.load(); }

// A frame whose slots are all empty: the plan's spare one (the last Run's), else a new one.
std::unique_ptr<ExecutionPlan::Frame> ExecutionPlan::TakeFrame() const {
  std::unique_ptr<Frame> f(spare_frame_.exchange(nullptr, std::memory_order_acquire));
  if (f == nullptr) {
    f.reset(new Frame);
    f->slots.resize(num_slots_);
    f->pending.reset(new std::atomic<int>[nodes_.size()]);
    f->readers.reset(new std::atomic<int>[num_slots_]);
    if (has_refs_) f->refs.resize(num_slots_);
  }
  return f;
}

// Empties the slots a Run left filled (after a success, only the feeds' and the fetches': every
// other slot was freed by its last reader) and keeps the frame for the next Run.
void ExecutionPlan::ReturnFrame(std::unique_ptr<Frame> f) const {
  if (f->failed.load(std::memory_order_relaxed)) {
    for (Tensor& t : f->slots) t = Tensor();
  } else {
    for (int s : feed_slots_) f->slots[s] = Tensor();
    for (int s : fetch_slots_) f->slots[s] = Tensor();
  }
  std::fill(f->refs.begin(), f->refs.end(), TensorRef());
  f->status = OkStatus();
  f->failed.store(false, std::memory_order_relaxed);
  Frame* expected = nullptr;
  if (spare_frame_.compare_exchange_strong(expected, f.get(), std::memory_order_release)) {
    (void)f.release();  // the plan owns it now
  }
}

int ExecutionPlan::num_nodes() const { return static_cast<int>(nodes_.size()); }

namespace {
uint64_t Key(const Node* n, int index) {
  return (static_cast<uint64_t>(n->id()) << 32) | static_cast<uint32_t>(index);
}

int64_t NowNanos() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::atomic<int64_t> g_throw_countdown{0};  // ThrowFromNthKernelForTest

int64_t SteadyNanos() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// TF's error decoration: the failing node on its own line.
Status AttachNode(const Status& s, const Node* node) {
  return Status(s.code(), absl::StrCat(s.message(), "\n\t [[{{node ", node->name(), "}}]]"));
}
}  // namespace

// What Build's steps share: which tensors are fed, and each planned node's index.
struct ExecutionPlan::BuildState {
  std::unordered_map<uint64_t, int> fed;       // tensor -> feed index
  std::unordered_map<const Node*, int> index;  // node -> plan index
  std::vector<const Node*> order;              // planned nodes, in discovery order
  // Shape, Size and Rank nodes whose input's static shape answers them: their values.
  std::unordered_map<const Node*, Tensor> materialized;

  bool IsFed(const Node* n, int out) const { return fed.count(Key(n, out)) != 0; }
};

namespace {
// The value of a Shape, Size, Rank, ZerosLike or OnesLike node whose input's shape is known
// from shape inference
// (as TF's constant folding materializes them): the node then needs nothing to run, its input
// included. False for other nodes, for shapes not known well enough, and for a placeholder's
// or a fed tensor's shape (TF still wants those fed).
// ZerosLike / OnesLike of a tensor whose shape is fully known is a constant too (grappler
// folds them, so TF never reads their input: zeros like a not yet initialized variable work).
bool MaterializeFillLike(const std::string& op, const PartialTensorShape& shape, DataType dtype,
                         Tensor* value) {
  constexpr int64_t kMaxBytes = int64_t{10} << 20;  // grappler's largest folded constant
  if (!shape.IsFullyDefined() || !DataTypeCanUseMemcpy(dtype) || dtype == DT_RESOURCE ||
      shape.num_elements() > kMaxBytes / DataTypeSize(dtype)) {
    return false;
  }
  TensorShape dims;
  Tensor t;  // when it cannot be allocated, the node runs instead
  if (!shape.AsTensorShape(&dims) || !Tensor::BuildTensor(dtype, dims, &t).ok()) return false;
  std::memset(t.data(), 0, t.TotalBytes());
  if (op == "OnesLike") {
    switch (dtype) {
      case DT_FLOAT:
        t.flat<float>().setConstant(1.0f);
        break;
      case DT_DOUBLE:
        t.flat<double>().setConstant(1.0);
        break;
      case DT_INT32:
        t.flat<int32_t>().setConstant(1);
        break;
      case DT_INT64:
        t.flat<int64_t>().setConstant(1);
        break;
      default:
        return false;
    }
  }
  *value = std::move(t);
  return true;
}

bool MaterializeShapeOp(const Node* n, const std::unordered_map<uint64_t, int>& fed,
                        Tensor* value) {
  const std::string& op = n->type_string();
  const bool fill_like = op == "ZerosLike" || op == "OnesLike";
  if ((op != "Shape" && op != "Size" && op != "Rank" && !fill_like) || n->num_inputs() != 1) {
    return false;
  }
  const Edge* in = nullptr;
  if (!n->input_edge(0, &in).ok()) return false;
  const std::string& src_op = in->src()->type_string();
  if (src_op == "Placeholder" || src_op == "PlaceholderWithDefault" ||
      fed.count(Key(in->src(), in->src_output()))) {
    return false;
  }
  const PartialTensorShape& shape = in->src()->output_shape(in->src_output());
  if (fill_like) return MaterializeFillLike(op, shape, n->output_type(0), value);
  if (op == "Rank") {
    if (shape.unknown_rank()) return false;
    if (!Tensor::BuildTensor(DT_INT32, TensorShape({}), value).ok()) return false;
    value->scalar<int32_t>()() = shape.dims();
    return true;
  }
  if (!shape.IsFullyDefined()) return false;
  DataType out_type = DT_INT32;
  if (!GetNodeAttr(n->attrs(), "out_type", &out_type).ok()) return false;
  std::vector<int64_t> values;
  if (op == "Shape") {
    for (int d = 0; d < shape.dims(); ++d) values.push_back(shape.dim_size(d));
  } else {
    values.push_back(shape.num_elements());
  }
  for (int64_t v : values) {
    if (out_type == DT_INT32 && v > std::numeric_limits<int32_t>::max()) return false;
  }
  if (!Tensor::BuildTensor(out_type, op == "Shape" ? TensorShape({shape.dims()}) : TensorShape({}),
                           value)
           .ok()) {
    return false;
  }
  for (size_t i = 0; i < values.size(); ++i) {
    if (out_type == DT_INT32) {
      value->flat<int32_t>()(i) = static_cast<int32_t>(values[i]);
    } else {
      value->flat<int64_t>()(i) = values[i];
    }
  }
  return true;
}
}  // namespace

// The nodes the fetches and targets need, walking back along in-edges; fed tensors cut the
// walk (a node whose outputs are all fed is not run), and so do Shape, Size and Rank nodes
// answered by shape inference (their data input is not needed).
void ExecutionPlan::FindNeededNodes(const Signature& sig, BuildState* st) {
  for (size_t i = 0; i < sig.feeds.size(); ++i) {
    st->fed.emplace(Key(sig.feeds[i].node, sig.feeds[i].index), static_cast<int>(i));
  }
  std::vector<const Node*> stack;
  auto need = [&](const Node* n) {
    if (n->IsOp() && st->index.emplace(n, static_cast<int>(st->order.size())).second) {
      st->order.push_back(n);
      stack.push_back(n);
    }
  };
  for (const TensorId& f : sig.fetches) {
    if (!st->IsFed(f.node, f.index)) need(f.node);
  }
  for (const Node* t : sig.targets) need(t);
  while (!stack.empty()) {
    const Node* n = stack.back();
    stack.pop_back();
    Tensor value;
    const bool materialized = MaterializeShapeOp(n, st->fed, &value);
    if (materialized) st->materialized.emplace(n, std::move(value));
    for (const Edge* e : n->in_edges()) {
      if (!e->IsControlEdge() && (materialized || st->IsFed(e->src(), e->src_output()))) {
        continue;
      }
      need(e->src());
    }
  }
}

// Slots: the feeds first, then every planned node's outputs.
void ExecutionPlan::LayOutSlots(const Signature& sig, const BuildState& st) {
  const int num_feeds = static_cast<int>(sig.feeds.size());
  num_slots_ = num_feeds;
  for (int i = 0; i < num_feeds; ++i) feed_slots_.push_back(i);
  nodes_.resize(st.order.size());
  for (size_t i = 0; i < st.order.size(); ++i) {
    PlanNode& pn = nodes_[i];
    pn.node = st.order[i];
    pn.output_slot = num_slots_;
    pn.num_outputs = st.order[i]->num_outputs();
    num_slots_ += pn.num_outputs;
  }
  slot_readers_.assign(num_slots_, 0);
  ref_slot_.assign(num_slots_, 0);
  initial_pending_.assign(st.order.size(), 0);
}

int ExecutionPlan::SlotOf(const BuildState& st, const Node* src, int out) const {
  auto f = st.fed.find(Key(src, out));
  return f != st.fed.end() ? feed_slots_[f->second] : nodes_[st.index.at(src)].output_slot + out;
}

// Each node's input slots (and the slots' reader counts), its successors (one per data or
// control edge from a planned node) and its initial pending count; the roots.
Status ExecutionPlan::WireEdges(const BuildState& st) {
  std::vector<std::vector<int>> succ(nodes_.size());
  for (size_t i = 0; i < nodes_.size(); ++i) {
    PlanNode& pn = nodes_[i];
    std::vector<const Edge*> data;
    if (!st.materialized.count(pn.node)) TF_RETURN_IF_ERROR(pn.node->input_edges(&data));
    pn.input_begin = static_cast<int>(input_slots_.size());
    pn.num_inputs = static_cast<int>(data.size());
    for (const Edge* e : data) {
      const int slot = SlotOf(st, e->src(), e->src_output());
      input_slots_.push_back(slot);
      ++slot_readers_[slot];
      if (!st.IsFed(e->src(), e->src_output())) {
        succ[st.index.at(e->src())].push_back(static_cast<int>(i));
        ++initial_pending_[i];
      }
    }
    for (const Edge* e : pn.node->in_edges()) {
      if (!e->IsControlEdge() || !e->src()->IsOp()) continue;
      succ[st.index.at(e->src())].push_back(static_cast<int>(i));
      ++initial_pending_[i];
    }
  }
  for (size_t i = 0; i < nodes_.size(); ++i) {
    PlanNode& pn = nodes_[i];
    pn.succ_begin = static_cast<int>(successors_.size());
    pn.num_succ = static_cast<int>(succ[i].size());
    successors_.insert(successors_.end(), succ[i].begin(), succ[i].end());
    if (initial_pending_[i] == 0) roots_.push_back(static_cast<int>(i));
  }
  return OkStatus();
}

Status StatefulKernels::Get(const Node* node, const NodeDef& def,
                            std::shared_ptr<OpKernel>* kernel) {
  std::lock_guard<std::mutex> lock(mu_);
  std::shared_ptr<OpKernel>& cached = kernels_[node];
  if (cached == nullptr) {
    std::unique_ptr<OpKernel> made;
    Status s = CreateOpKernel(def, node->input_types(), node->output_types(), &made);
    if (!s.ok()) {
      kernels_.erase(node);
      return s;
    }
    cached = std::move(made);
  }
  *kernel = cached;
  return OkStatus();
}

// Kernels, created once and shared by every Run of this plan (a stateful node's by every plan
// of the session).
Status ExecutionPlan::CreateKernels(const BuildState& st, StatefulKernels* stateful) {
  for (PlanNode& pn : nodes_) {
    auto value = st.materialized.find(pn.node);
    if (value != st.materialized.end()) {  // a Const of the known answer, under the node's name
      NodeDef def;
      def.set_name(pn.node->name());
      def.set_op("Const");
      AddNodeAttr("dtype", value->second.dtype(), &def);
      AddNodeAttr("value", value->second, &def);
      std::unique_ptr<OpKernel> kernel;
      Status s = CreateOpKernel(def, {}, {value->second.dtype()}, &kernel);
      if (!s.ok()) return AttachNode(s, pn.node);
      pn.kernel = std::move(kernel);
      continue;
    }
    // The kernel's NodeDef names its inputs ("v", "x:1"), as TF's, for requested_input().
    NodeDef def = pn.node->def();
    if (def.input_size() == 0 && pn.node->num_inputs() > 0) {
      std::vector<const Edge*> data;
      TF_RETURN_IF_ERROR(pn.node->input_edges(&data));
      for (const Edge* e : data) {
        def.add_input(e->src_output() == 0 ? e->src()->name()
                                           : absl::StrCat(e->src()->name(), ":", e->src_output()));
      }
    }
    Status s;
    if (stateful != nullptr && pn.node->op_def().is_stateful()) {
      s = stateful->Get(pn.node, def, &pn.kernel);
    } else {
      std::unique_ptr<OpKernel> kernel;
      s = CreateOpKernel(def, pn.node->input_types(), pn.node->output_types(), &kernel);
      pn.kernel = std::move(kernel);
    }
    if (!s.ok()) return AttachNode(s, pn.node);
    pn.expensive = pn.kernel->IsExpensive();
    pn.allows_uninitialized = pn.node->op_def().allows_uninitialized_input();
    for (int o = 0; o < pn.num_outputs; ++o) {
      if (IsRefType(pn.node->output_type(o))) {
        pn.uses_refs = true;
        ref_slot_[pn.output_slot + o] = 1;
      }
    }
  }
  for (PlanNode& pn : nodes_) {
    for (int k = 0; k < pn.num_inputs; ++k) {
      if (ref_slot_[input_slots_[pn.input_begin + k]]) pn.uses_refs = true;
    }
    has_refs_ = has_refs_ || pn.uses_refs;
  }
  return OkStatus();
}

Status ExecutionPlan::Build(const Signature& sig, std::unique_ptr<ExecutionPlan>* out,
                            StatefulKernels* stateful) {
  std::unique_ptr<ExecutionPlan> plan(new ExecutionPlan);
  BuildState st;
  FindNeededNodes(sig, &st);
  plan->LayOutSlots(sig, st);
  TF_RETURN_IF_ERROR(plan->WireEdges(st));
  for (const TensorId& f : sig.fetches) {
    const int slot = plan->SlotOf(st, f.node, f.index);
    plan->fetch_slots_.push_back(slot);
    plan->fetch_names_.push_back(f.index == 0 ? f.node->name()
                                              : absl::StrCat(f.node->name(), ":", f.index));
    ++plan->slot_readers_[slot];  // a fetch holds its slot to the end
  }
  const std::vector<int>& fetch_slots = plan->fetch_slots_;
  for (size_t i = 0; i < fetch_slots.size(); ++i) {
    plan->fetch_takes_.push_back(std::find(fetch_slots.begin() + i + 1, fetch_slots.end(),
                                           fetch_slots[i]) == fetch_slots.end());
  }
  TF_RETURN_IF_ERROR(plan->CreateKernels(st, stateful));
  plan->cost_ns_.reset(new std::atomic<int32_t>[plan->nodes_.size()]);
  for (size_t i = 0; i < plan->nodes_.size(); ++i) plan->cost_ns_[i].store(0);
  for (const PlanNode& pn : plan->nodes_)
    plan->has_expensive_ = plan->has_expensive_ || pn.expensive;
  *out = std::move(plan);
  return OkStatus();
}

Status ExecutionPlan::PrepareRefInputs(const PlanNode& pn, Frame* f,
                                       absl::InlinedVector<TensorRef, 4>* refs,
                                       absl::InlinedVector<Tensor, 4>* derefs,
                                       absl::InlinedVector<const Tensor*, 4>* inputs,
                                       absl::InlinedVector<Tensor*, 4>* input_slots,
                                       absl::InlinedVector<bool, 4>* forwardable) const {
  for (int k = 0; k < pn.num_inputs; ++k) {
    const int slot = input_slots_[pn.input_begin + k];
    const bool wants_ref = IsRefType(pn.kernel->input_type(k));
    if (!ref_slot_[slot]) {
      if (wants_ref) {
        return errors::InvalidArgument(
            "Input ", k, " of ", pn.node->name(), " must be a reference (",
            DataTypeString(pn.kernel->input_type(k)), "), but its value was fed");
      }
      continue;
    }
    const TensorRef& ref = f->refs[slot];
    (*forwardable)[k] = false;
    (*input_slots)[k] = nullptr;
    if (wants_ref) {
      (*refs)[k] = ref;
      (*inputs)[k] = ref.tensor;
      if (pn.allows_uninitialized) continue;
      tf_shared_lock lock(*ref.mu);
      if (ref.tensor->IsInitialized()) continue;
    } else {
      tf_shared_lock lock(*ref.mu);
      (*derefs)[k] = *ref.tensor;
      (*inputs)[k] = &(*derefs)[k];
      if ((*derefs)[k].IsInitialized()) continue;
    }
    return errors::FailedPrecondition("Attempting to use uninitialized value ",
                                      pn.kernel->requested_input(k));
  }
  return OkStatus();
}

void ExecutionPlan::RunNode(int i, Frame* f) const {
  const PlanNode& pn = nodes_[i];
  absl::InlinedVector<const Tensor*, 4> inputs(pn.num_inputs);
  absl::InlinedVector<Tensor*, 4> input_slots(pn.num_inputs);
  absl::InlinedVector<bool, 4> forwardable(pn.num_inputs);
  for (int k = 0; k < pn.num_inputs; ++k) {
    const int slot = input_slots_[pn.input_begin + k];
    inputs[k] = &f->slots[slot];
    input_slots[k] = &f->slots[slot];
    // Acquire: pairs with the release of the other readers' fetch_sub below, so their reads
    // of the buffer happen before this node overwrites it in place (ThreadSanitizer found the
    // relaxed load).
    forwardable[k] = f->readers[slot].load(std::memory_order_acquire) == 1;
  }
  Tensor* outputs = f->slots.data() + pn.output_slot;
  OpKernelContext ctx(inputs.data(), input_slots.data(), forwardable.data(), pn.num_inputs, outputs,
                      pn.kernel->output_types(), f->pool);
  ctx.set_resource_manager(f->resources);
  // Reference inputs: passed as references to kernels that take them, read (under the
  // variable's lock, sharing its buffer) for the others.
  absl::InlinedVector<TensorRef, 4> input_refs;
  absl::InlinedVector<Tensor, 4> derefs;
  if (pn.uses_refs) {
    input_refs.resize(pn.num_inputs);
    derefs.resize(pn.num_inputs);
    Status s = PrepareRefInputs(pn, f, &input_refs, &derefs, &inputs, &input_slots, &forwardable);
    if (!s.ok()) {
      std::lock_guard<std::mutex> lock(f->mu);
      f->status.Update(AttachNode(s, pn.node));
      f->failed.store(true, std::memory_order_release);
      return;
    }
    ctx.set_refs(input_refs.data(), f->refs.data() + pn.output_slot);
  }
  NodeExecStats* stats = nullptr;
  int64_t start = 0;
  if (f->stats != nullptr) {
    stats = &(*f->stats)[i];
    start = NowNanos();
  }
  try {
    if (g_throw_countdown.load(std::memory_order_relaxed) > 0 &&
        g_throw_countdown.fetch_sub(1, std::memory_order_relaxed) == 1) {
      throw std::runtime_error("fault injected by ThrowFromNthKernelForTest");
    }
    if (f->timed) {
      const int64_t t0 = SteadyNanos();
      pn.kernel->Compute(&ctx);  // MXCSR flush-to-zero is set by whoever runs Process
      cost_ns_[i].store(static_cast<int32_t>(std::min<int64_t>(SteadyNanos() - t0, 1 << 30)),
                        std::memory_order_relaxed);
    } else {
      pn.kernel->Compute(&ctx);
    }
  } catch (const std::exception& e) {
    ctx.SetStatus(errors::Internal("kernel threw: ", e.what()));
  } catch (...) {
    ctx.SetStatus(errors::Internal("kernel threw an unknown exception"));
  }
  Status status = ctx.status();
  for (int o = 0; status.ok() && o < pn.num_outputs; ++o) {
    if (ref_slot_[pn.output_slot + o]) {
      if (f->refs[pn.output_slot + o].tensor == nullptr && slot_readers_[pn.output_slot + o] > 0) {
        status =
            errors::Internal("Output ", o, " of type ", DataTypeString(pn.kernel->output_type(o)),
                             " was not set to a reference");
      }
      continue;
    }
    if (outputs[o].dtype() != pn.kernel->output_type(o) && slot_readers_[pn.output_slot + o] > 0) {
      status = errors::Internal("Output ", o, " of type ", DataTypeString(outputs[o].dtype()),
                                " does not match declared output type ",
                                DataTypeString(pn.kernel->output_type(o)));
    }
  }
  if (stats != nullptr) {
    const int64_t end = NowNanos();
    stats->set_node_name(pn.node->name());
    stats->set_all_start_micros(start / 1000);
    stats->set_all_start_nanos(start);
    stats->set_op_start_rel_micros(0);
    stats->set_op_start_rel_nanos(0);
    stats->set_op_end_rel_micros((end - start) / 1000);
    stats->set_op_end_rel_nanos(end - start);
    stats->set_all_end_rel_micros((end - start) / 1000);
    stats->set_all_end_rel_nanos(end - start);
    stats->set_thread_id(
        static_cast<uint32_t>(std::hash<std::thread::id>()(std::this_thread::get_id())));
    stats->set_timeline_label(absl::StrCat(pn.node->name(), " = ", pn.node->type_string(), "()"));
    for (int o = 0; o < pn.num_outputs; ++o) {
      NodeOutput* out = stats->add_output();
      out->set_slot(o);
      TensorDescription* d = out->mutable_tensor_description();
      d->set_dtype(outputs[o].dtype());
      outputs[o].shape().AsProto(d->mutable_shape());
      AllocationDescription* a = d->mutable_allocation_description();
      a->set_requested_bytes(static_cast<int64_t>(outputs[o].TotalBytes()));
      a->set_allocated_bytes(static_cast<int64_t>(outputs[o].AllocatedBytes()));
      a->set_allocator_name("cpu");
    }
  }
  if (!status.ok()) {
    std::lock_guard<std::mutex> lock(f->mu);
    f->status.Update(AttachNode(status, pn.node));
    f->failed.store(true, std::memory_order_release);
    return;
  }
  // Release inputs this node was the last reader of, and outputs nobody reads.
  for (int k = 0; k < pn.num_inputs; ++k) {
    const int slot = input_slots_[pn.input_begin + k];
    if (f->CountDown(f->readers[slot], 1) == 1) f->slots[slot] = Tensor();
  }
  for (int o = 0; o < pn.num_outputs; ++o) {
    if (slot_readers_[pn.output_slot + o] == 0) outputs[o] = Tensor();
  }
}

void ExecutionPlan::Spawn(Frame* f, std::function<void()> task) const {
  if (!f->concurrent.load(std::memory_order_relaxed)) {
    f->concurrent.store(true, std::memory_order_relaxed);
  }
  f->group->Spawn([task = std::move(task)] {
    ScopedFlushDenormal flush;
    task();
  });
}

void ExecutionPlan::UpdateMaySplit(int threads) const {
  // A Run enters the pool's task group (a few microseconds, and a sleeping thread's wake-up
  // for every hand-off) only when it may hand work to another thread worth it: an expensive
  // kernel that took long enough to be worth a thread by itself, or a fan-out whose cheap
  // kernels together did. A graph of small "expensive" kernels (a small convolution, say)
  // runs faster on the calling thread, its kernels' own ParallelFor still using the pool.
  bool split = false;
  for (int i = 0; has_expensive_ && !split && i < static_cast<int>(nodes_.size()); ++i) {
    split = nodes_[i].expensive && WorthSplitting(&i, 1);
  }
  for (size_t i = 0; !split && i < nodes_.size(); ++i) {
    const PlanNode& pn = nodes_[i];
    if (pn.num_succ <= kBatchAbove) continue;
    const size_t per = static_cast<size_t>(pn.num_succ) / threads;
    split = WorthSplitting(successors_.data() + pn.succ_begin + pn.num_succ - per, per);
  }
  may_split_.store(split, std::memory_order_relaxed);
}

bool ExecutionPlan::WorthSplitting(const int* nodes, size_t n) const {
  // Waking another thread and sharing the fan's input across caches costs microseconds: a
  // batch of trivial kernels (Identity, a scalar op: tens of nanoseconds each) runs faster
  // where it is. The kernels' times come from the plan's timed Runs.
  constexpr int64_t kSplitAboveNs = 50000;
  int64_t cost = 0;
  for (size_t k = 0; k < n && cost < kSplitAboveNs; ++k) {
    cost += cost_ns_[nodes[k]].load(std::memory_order_relaxed);
  }
  return cost >= kSplitAboveNs;
}

void ExecutionPlan::Process(int node, Frame* f) const {
  // Run `node`, then keep going with one ready successor on this thread; cheap ready nodes
  // stay here too, expensive ones (and large batches of cheap ones) go to other threads.
  absl::InlinedVector<int, 8> local;
  local.push_back(node);
  while (!local.empty()) {
    const int i = local.back();
    local.pop_back();
    if (f->failed.load(std::memory_order_acquire) || (f->watched && Expired(f))) return;
    RunNode(i, f);
    if (f->failed.load(std::memory_order_acquire)) return;
    const PlanNode& pn = nodes_[i];
    const int* succ = successors_.data() + pn.succ_begin;
    absl::InlinedVector<int, 4> expensive;
    const size_t queued = local.size();
    for (int s = 0; s < pn.num_succ; ++s) {
      const int next = succ[s];
      if (f->CountDown(f->pending[next], 1) != 1) continue;
      if (f->group != nullptr && nodes_[next].expensive) {
        expensive.push_back(next);
      } else {
        local.push_back(next);
      }
    }
    if (f->group == nullptr) continue;
    // Keep one expensive node for this thread when nothing else is queued here.
    if (local.empty() && !expensive.empty()) {
      local.push_back(expensive.back());
      expensive.pop_back();
    }
    for (int e : expensive) Spawn(f, [this, e, f] { Process(e, f); });
    // A wide fan-out of cheap nodes (this node's) is split into one batch per thread, when the
    // batches are worth a thread.
    if (local.size() > queued + kBatchAbove) {
      const int threads = f->pool->NumThreads();
      const size_t per = local.size() / threads;
      if (!WorthSplitting(local.data() + local.size() - per, per)) continue;
      for (int t = 1; t < threads; ++t) {
        std::vector<int> batch(local.end() - per, local.end());
        local.resize(local.size() - per);
        Spawn(f, [this, batch = std::move(batch), f] { ProcessBatch(batch, f); });
      }
    }
  }
}

bool ExecutionPlan::Expired(Frame* f) const {
  Status why;
  if (f->cancelled != nullptr && f->cancelled->load(std::memory_order_relaxed)) {
    why = errors::Cancelled("Run call was cancelled");
  } else if (f->deadline != 0 && SteadyNanos() >= f->deadline) {
    why = errors::DeadlineExceeded("Timed out waiting for notification");
  } else {
    return false;
  }
  std::lock_guard<std::mutex> lock(f->mu);
  f->status.Update(why);
  f->failed.store(true, std::memory_order_release);
  return true;
}

void ExecutionPlan::ProcessBatch(const std::vector<int>& batch, Frame* f) const {
  // Runs a batch of ready nodes, adding up their successors' decrements so that a shared
  // fan-in node's counter is touched once per batch, not once per node.
  absl::InlinedVector<std::pair<int, int>, 8> decrements;
  for (int i : batch) {
    if (f->failed.load(std::memory_order_acquire) || (f->watched && Expired(f))) return;
    RunNode(i, f);
    const PlanNode& pn = nodes_[i];
    for (int s = 0; s < pn.num_succ; ++s) {
      const int next = successors_[pn.succ_begin + s];
      // Consecutive nodes of a fan share their successor; anything else gets its own entry
      // (several entries for one node are fine: their sum is what counts).
      if (!decrements.empty() && decrements.back().first == next) {
        ++decrements.back().second;
      } else {
        decrements.push_back({next, 1});
      }
    }
  }
  if (f->failed.load(std::memory_order_acquire)) return;
  for (const auto& d : decrements) {
    if (f->pending[d.first].fetch_sub(d.second, std::memory_order_acq_rel) == d.second) {
      Process(d.first, f);
    }
  }
}

Status ExecutionPlan::Run(const std::vector<Tensor>& feeds, std::vector<Tensor>* fetches,
                          ThreadPool* pool, DeviceStepStats* stats, ResourceMgr* resources,
                          int64_t timeout_ms, const std::atomic<bool>* cancelled) const {
  // Kernels run with subnormals flushed to zero, as TF's do; set once per thread and task,
  // not per node (writing MXCSR is slow).
  ScopedFlushDenormal flush;
  std::unique_ptr<Frame> frame = TakeFrame();
  Frame& f = *frame;
  for (size_t i = 0; i < nodes_.size(); ++i) {
    f.pending[i].store(initial_pending_[i], std::memory_order_relaxed);
  }
  for (int s = 0; s < num_slots_; ++s)
    f.readers[s].store(slot_readers_[s], std::memory_order_relaxed);
  for (size_t i = 0; i < feeds.size(); ++i) f.slots[feed_slots_[i]] = feeds[i];
  f.resources = resources;
  f.pool = pool;
  f.group = nullptr;
  f.concurrent.store(false, std::memory_order_relaxed);
  f.timed = pool != nullptr && pool->NumThreads() > 1 &&
            runs_.fetch_add(1, std::memory_order_relaxed) % kTimedRunEvery == 0;
  f.cancelled = cancelled;
  f.deadline = 0;
  if (timeout_ms > 0) {
    f.deadline = SteadyNanos() + std::min<int64_t>(timeout_ms, int64_t{1} << 40) * 1000000;
  }
  f.watched = cancelled != nullptr || f.deadline != 0;
  f.stats = nullptr;
  std::vector<NodeExecStats> node_stats;
  if (stats != nullptr) {
    node_stats.resize(nodes_.size());
    f.stats = &node_stats;
  }
  struct Recycle {  // the frame goes back to the plan however Run returns
    const ExecutionPlan* plan;
    std::unique_ptr<Frame>* frame;
    ~Recycle() { plan->ReturnFrame(std::move(*frame)); }
  } recycle{this, &frame};
  if (pool == nullptr || pool->NumThreads() <= 1 || nodes_.size() <= 1 ||
      !may_split_.load(std::memory_order_relaxed)) {
    for (int r : roots_) Process(r, &f);
  } else {
    pool->RunGroup([&](ThreadPool::TaskGroup* group) {
      f.group = group;
      // Expensive roots go to other threads (but the last one); cheap roots run here, so that
      // the kernels they enable also start on the thread that holds the fed inputs in cache.
      std::vector<int> here;
      for (int root : roots_) {
        if (nodes_[root].expensive) {
          Frame* fp = &f;
          Spawn(fp, [this, root, fp] { Process(root, fp); });
        } else {
          here.push_back(root);
        }
      }
      for (int root : here) Process(root, &f);
    });
  }
  if (f.timed && !f.failed.load()) UpdateMaySplit(pool->NumThreads());
  if (f.failed.load()) return f.status;
  // A fetched reference must hold a value (checked before `fetches` is touched: a failed Run
  // leaves it as it was). Variables do not lose their value, so the check stays true below.
  for (size_t i = 0; has_refs_ && i < fetch_slots_.size(); ++i) {
    if (!ref_slot_[fetch_slots_[i]]) continue;
    const TensorRef& ref = f.refs[fetch_slots_[i]];
    tf_shared_lock lock(*ref.mu);
    if (!ref.tensor->IsInitialized()) {
      return errors::FailedPrecondition("Attempting to use uninitialized value ", fetch_names_[i]);
    }
  }
  fetches->clear();
  fetches->reserve(fetch_slots_.size());
  for (size_t i = 0; i < fetch_slots_.size(); ++i) {
    const int slot = fetch_slots_[i];
    if (!ref_slot_[slot]) {
      // The last fetch of a slot takes its tensor; an earlier one of the same slot shares it.
      fetches->push_back(fetch_takes_[i] ? std::move(f.slots[slot]) : f.slots[slot]);
      continue;
    }
    // A fetched reference is a copy of the variable's value now (later updates leave it be).
    const TensorRef& ref = f.refs[slot];
    tf_shared_lock lock(*ref.mu);
    fetches->push_back(tensor::DeepCopy(*ref.tensor));
  }
  if (stats != nullptr) {
    for (auto& s : node_stats) {
      if (!s.node_name().empty()) *stats->add_node_stats() = std::move(s);
    }
  }
  return OkStatus();
}

void ThrowFromNthKernelForTest(int64_t n) { g_throw_countdown.store(n, std::memory_order_relaxed); }

}  // namespace runtime
}  // namespace tensorflow
