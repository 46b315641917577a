// AddSymbolicGradients, following TF's algorithm (cc/framework/gradients.cc) so that the
// gradient graph, its node order and its names are TF's:
//  1. nodes reachable backwards from `outputs` (data edges) bound the walk; an input outside
//     them is an error;
//  2. a forward walk from `inputs` counts, per node, the gradients it will receive (stopping
//     at the outputs that no other output consumes);
//  3. the gradients of `outputs` are seeded, and each node whose count reaches zero sums its
//     gradients (AddN when several), calls its gradient function and passes the results to
//     its inputs.
#include "framework/gradients.h"

#include <algorithm>
#include <deque>
#include <unordered_map>
#include <unordered_set>

#include "framework/errors.h"
#include "framework/graph.h"
#include "framework/internal/op_wrapper.h"

namespace tensorflow {
namespace {

struct OutputEq {
  bool operator()(const Output& a, const Output& b) const {
    return a.node() == b.node() && a.index() == b.index();
  }
};
template <typename V>
using OutputMap = std::unordered_map<Output, V, OutputHash, OutputEq>;

// The data edges into `n`, by input index.
std::vector<const Edge*> DataInEdges(const Node* n) {
  std::vector<const Edge*> edges;
  for (const Edge* e : n->in_edges()) {
    if (!e->IsControlEdge()) edges.push_back(e);
  }
  std::stable_sort(edges.begin(), edges.end(),
                   [](const Edge* a, const Edge* b) { return a->dst_input() < b->dst_input(); });
  return edges;
}

Output BuildLike(const Scope& scope, const char* op, const Output& x) {
  Node* node = ops::internal::BuildNode(scope, op, {x}, {});
  return node == nullptr ? Output() : Output(node, 0);
}

Output BuildAddN(const Scope& scope, const std::vector<Output>& grads) {
  std::vector<NodeBuilder::NodeOut> inputs;
  for (const Output& g : grads) inputs.emplace_back(g.node(), g.index());
  auto builder = NodeBuilder(scope.GetUniqueNameForOp("AddN"), "AddN").Input(inputs);
  Node* node = ops::internal::FinishOp(scope, &builder);
  return node == nullptr ? Output() : Output(node, 0);
}

class GradientBuilder {
 public:
  GradientBuilder(const Scope& scope, const std::vector<Output>& outputs,
                  const std::vector<Output>& inputs, const std::vector<Output>& grad_inputs,
                  std::vector<Output>* grad_outputs)
      : scope_(scope),
        outputs_(outputs),
        inputs_(inputs),
        grad_inputs_(grad_inputs),
        grad_outputs_(grad_outputs) {}

  Status Build() {
    TF_RETURN_IF_ERROR(Initialize());
    while (!ready_.empty()) {
      Node* n = ready_.front();
      ready_.pop_front();
      TF_RETURN_IF_ERROR(Process(n));
    }
    // Inputs on nodes that still wait for gradients on other outputs (a multi-output node
    // of which only some outputs were asked for).
    for (size_t i = 0; i < inputs_.size(); ++i) {
      if (pending_[inputs_[i].node()->id()] > 0) {
        TF_RETURN_IF_ERROR(SumGradients(inputs_[i], &(*grad_outputs_)[i]));
      }
    }
    return OkStatus();
  }

 private:
  // Marks the nodes that reach `outputs_` through data edges.
  void FindReachable() {
    reachable_.assign(scope_.graph()->num_node_ids(), false);
    std::deque<Node*> queue;
    for (const Output& out : outputs_) {
      if (!reachable_[out.node()->id()]) {
        reachable_[out.node()->id()] = true;
        queue.push_back(out.node());
      }
    }
    while (!queue.empty()) {
      Node* n = queue.front();
      queue.pop_front();
      for (const Edge* e : n->in_edges()) {
        if (e->IsControlEdge() || reachable_[e->src()->id()]) continue;
        reachable_[e->src()->id()] = true;
        queue.push_back(e->src());
      }
    }
  }

  // The output nodes no other output consumes (downstream of the inputs): backprop starts
  // there and does not look past them.
  std::unordered_set<int> StopNodes(const std::unordered_set<int>& output_nodes) const {
    std::unordered_set<int> internal_outputs;
    std::unordered_set<Node*> visited;
    std::deque<std::pair<Node*, Node*>> queue;  // node, last output node on its path
    for (const Output& in : inputs_) {
      if (visited.insert(in.node()).second) queue.emplace_back(in.node(), nullptr);
    }
    while (!queue.empty()) {
      auto [n, last_output] = queue.front();
      queue.pop_front();
      for (const Edge* e : n->out_edges()) {
        if (e->IsControlEdge() || !reachable_[e->dst()->id()]) continue;
        if (!visited.insert(e->dst()).second) continue;
        Node* last = last_output;
        if (output_nodes.count(e->dst()->id()) != 0) {
          if (last != nullptr) internal_outputs.insert(last->id());
          last = e->dst();
        }
        queue.emplace_back(e->dst(), last);
      }
    }
    std::unordered_set<int> stop;
    for (int id : output_nodes) {
      if (internal_outputs.count(id) == 0) stop.insert(id);
    }
    return stop;
  }

  Status Initialize() {
    if (outputs_.size() != grad_inputs_.size()) {
      return errors::InvalidArgument("Must specify a gradient input for each output.");
    }
    for (const Output& o : outputs_) {
      if (o.node() == nullptr) return errors::InvalidArgument("An output is not a valid tensor.");
    }
    for (const Output& in : inputs_) {
      if (in.node() == nullptr) return errors::InvalidArgument("An input is not a valid tensor.");
    }
    FindReachable();
    for (const Output& in : inputs_) {
      if (!reachable_[in.node()->id()]) {
        return errors::InvalidArgument("Cannot compute the partial derivative for node '",
                                       in.node()->name(),
                                       "' as it's unreachable from the output node(s).");
      }
    }
    grad_outputs_->assign(inputs_.size(), Output());
    std::unordered_set<int> output_nodes;
    for (const Output& o : outputs_) output_nodes.insert(o.node()->id());
    const std::unordered_set<int> stop = StopNodes(output_nodes);
    for (size_t i = 0; i < inputs_.size(); ++i) input_index_.emplace(inputs_[i], i);

    pending_.assign(scope_.graph()->num_node_ids(), 0);
    std::unordered_set<Node*> visited;
    std::deque<Node*> queue;
    for (const Output& in : inputs_) {
      if (visited.insert(in.node()).second) queue.push_back(in.node());
    }
    while (!queue.empty()) {
      Node* n = queue.front();
      queue.pop_front();
      for (int i = 0; i < n->num_outputs(); ++i) backprops_[Output(n, i)].clear();
      int expected = 0;
      if (stop.count(n->id()) == 0) {
        for (const Edge* e : n->out_edges()) {
          if (e->IsControlEdge() || !reachable_[e->dst()->id()]) continue;
          if (visited.insert(e->dst()).second) queue.push_back(e->dst());
          ++expected;
        }
      }
      if (output_nodes.count(n->id()) != 0) {
        for (const Output& o : outputs_) expected += o.node() == n ? 1 : 0;
      }
      pending_[n->id()] = expected;
    }
    for (size_t i = 0; i < grad_inputs_.size(); ++i) {
      TF_RETURN_IF_ERROR(BackpropAlongEdge(grad_inputs_[i], outputs_[i]));
    }
    return OkStatus();
  }

  Status BackpropAlongEdge(const Output& grad, const Output& src) {
    if (src.node() == nullptr) {
      return errors::Internal("Attempted to backprop along an invalid edge.");
    }
    auto it = backprops_.find(src);
    if (it != backprops_.end()) {
      it->second.push_back(grad);
      if (--pending_[src.node()->id()] == 0) ready_.push_back(src.node());
    }
    return OkStatus();
  }

  Status SumGradients(const Output& src, Output* grad) {
    auto it = backprops_.find(src);
    if (it == backprops_.end()) {
      return errors::Internal("Unable to find backprop list for node.id ", src.node()->name());
    }
    std::vector<Output> kept;
    for (const Output& g : it->second) {
      if (!(g == NoGradient())) kept.push_back(g);
    }
    if (kept.empty()) {
      *grad = NoGradient();
    } else if (kept.size() == 1) {
      *grad = kept[0];
    } else {
      *grad = BuildAddN(scope_, kept);
      TF_RETURN_IF_ERROR(scope_.status());
    }
    return OkStatus();
  }

  Status Process(Node* n) {
    const int num_y = n->num_outputs();
    std::vector<Output> dy(num_y);
    std::vector<int> no_grad;
    for (int i = 0; i < num_y; ++i) {
      TF_RETURN_IF_ERROR(SumGradients(Output(n, i), &dy[i]));
      if (dy[i] == NoGradient()) no_grad.push_back(i);
      auto it = input_index_.find(Output(n, i));
      if (it != input_index_.end()) (*grad_outputs_)[it->second] = dy[i];
    }
    const std::vector<const Edge*> in_edges = DataInEdges(n);
    bool feeds_backprop = false;
    for (const Edge* e : in_edges) {
      feeds_backprop |= backprops_.count(Output(e->src(), e->src_output())) != 0;
    }
    if (!feeds_backprop) return OkStatus();

    ops::GradFunc fn = nullptr;
    const Status lookup = ops::GradOpRegistry::Global()->Lookup(n->type_string(), &fn);
    if ((lookup.ok() && fn == nullptr) || static_cast<int>(no_grad.size()) == num_y) {
      for (const Edge* e : in_edges) {
        TF_RETURN_IF_ERROR(BackpropAlongEdge(NoGradient(), Output(e->src(), e->src_output())));
      }
      return OkStatus();
    }
    TF_RETURN_IF_ERROR(lookup);
    for (int i : no_grad) dy[i] = BuildLike(scope_, "ZerosLike", Output(n, i));
    std::vector<Output> dx;
    TF_RETURN_IF_ERROR(fn(scope_, Operation(n), dy, &dx));
    TF_RETURN_IF_ERROR(scope_.status());
    for (const Edge* e : in_edges) {
      const size_t i = static_cast<size_t>(e->dst_input());
      if (i >= dx.size()) {
        return errors::Internal("Invalid gradient output index: ", i, " size: ", dx.size());
      }
      TF_RETURN_IF_ERROR(BackpropAlongEdge(dx[i], Output(e->src(), e->src_output())));
    }
    return OkStatus();
  }

  const Scope& scope_;
  const std::vector<Output>& outputs_;
  const std::vector<Output>& inputs_;
  const std::vector<Output>& grad_inputs_;
  std::vector<Output>* grad_outputs_;

  std::vector<bool> reachable_;
  OutputMap<std::vector<Output>> backprops_;  // gradients collected per tensor
  OutputMap<size_t> input_index_;
  std::vector<int> pending_;  // gradients each node still waits for
  std::deque<Node*> ready_;
};

}  // namespace

Status AddSymbolicGradients(const Scope& scope, const std::vector<Output>& outputs,
                            const std::vector<Output>& inputs,
                            const std::vector<Output>& grad_inputs,
                            std::vector<Output>* grad_outputs) {
  TF_RETURN_IF_ERROR(scope.status());
  return GradientBuilder(scope, outputs, inputs, grad_inputs, grad_outputs).Build();
}

Status AddSymbolicGradients(const Scope& scope, const std::vector<Output>& outputs,
                            const std::vector<Output>& inputs, std::vector<Output>* grad_outputs) {
  std::vector<Output> grad_inputs;
  grad_inputs.reserve(outputs.size());
  for (const Output& o : outputs) {
    if (o.node() == nullptr) return errors::InvalidArgument("An output is not a valid tensor.");
    grad_inputs.push_back(BuildLike(scope, "OnesLike", o));
  }
  TF_RETURN_IF_ERROR(scope.status());
  return AddSymbolicGradients(scope, outputs, inputs, grad_inputs, grad_outputs);
}

}  // namespace tensorflow
