// minitf: Scope, the context every op constructor takes (TF's cc/framework/scope.h).
//
// A Scope names new ops, carries control dependencies, device, colocation and kernel label
// for them, and holds the graph and the one sticky Status shared by every scope derived
// from the same root. `With*` methods return a new Scope and leave this one unchanged.
//
//   Scope root = Scope::NewRootScope();
//   auto a = ops::Placeholder(root.WithOpName("a"), DT_FLOAT);       // node "a"
//   Scope layer = root.NewSubScope("layer");                          // prefix "layer/"
//   auto b = ops::Identity(layer, a);                                 // node "layer/Identity"
//   auto c = ops::Identity(root.WithControlDependencies({b.operation}), a);
//   if (!root.ok()) LOG(ERROR) << root.status();                      // first error wins
//
// Names follow TF exactly: one name map per level shared by ops and sub-scopes, "_N"
// suffixes that skip names already taken, explicit names uniquified too. Once the status
// is bad, op constructors do nothing. ExitOnError() makes the first error fatal.
// Thread safety: a Scope, and the Graph behind it, are not thread-safe: build a graph from
// one thread at a time (running it through ClientSession is thread-safe).
#ifndef MINITF_FRAMEWORK_SCOPE_H_
#define MINITF_FRAMEWORK_SCOPE_H_

#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "absl/strings/str_cat.h"
#include "framework/graph.h"
#include "framework/ops.h"
#include "framework/status.h"
#include "tensorflow/core/framework/graph.pb.h"

namespace tensorflow {

class NodeBuilder;
class ShapeRefiner;  // TF's; minitf keeps shapes on the nodes and never defines it
struct CompositeOpScopes;

// Options for Scope::ToGraph (kept for source compatibility; none are read).
struct GraphConstructorOptions {
  bool allow_internal_ops = false;
  bool expect_device_spec = false;
};

class Scope {
 public:
  Scope(const Scope& other);
  ~Scope();
  Scope& operator=(const Scope& other);

  // A new graph with an empty name prefix and an OK status.
  static Scope NewRootScope();
  // Like NewRootScope, but ops built from it skip shape inference.
  static Scope DisabledShapeInferenceScope();

  // A child scope: names get the prefix "<this prefix>/<child_scope_name>[_N]/" and a fresh
  // name map. An empty name shares this scope's prefix and name map.
  Scope NewSubScope(const std::string& child_scope_name) const;
  // The next op built from the returned scope is named StrCat(fragments...) (uniquified).
  template <typename... Ty>
  Scope WithOpName(Ty... fragments) const {
    return WithOpNameImpl(absl::StrCat(fragments...));
  }
  // Ops built from the returned scope depend on `control_deps` (added to any already set).
  Scope WithControlDependencies(absl::Span<const Operation> control_deps) const;
  Scope WithControlDependencies(const Output& control_dep) const;
  Scope WithNoControlDependencies() const;
  Scope WithDevice(const std::string& device) const;
  Scope WithAssignedDevice(const std::string& assigned_device) const;
  Scope WithXlaCluster(const std::string& xla_cluster) const;
  // Ops built from the returned scope get `_class = ["loc:@<op or its group>"]`.
  Scope ColocateWith(const Operation& op) const;
  Scope ColocateWith(const Output& out) const { return ColocateWith(out.op()); }
  Scope ClearColocation() const;
  // The first error recorded through the returned scope aborts the program with it.
  Scope ExitOnError() const;
  // Ops built from the returned scope get `_kernel = kernel_label`.
  Scope WithKernelLabel(const std::string& kernel_label) const;

  // The name the next op would get ("add", "add_1", "child/add"), reserving it.
  std::string GetUniqueNameForOp(const std::string& default_name) const;
  // Records an error (the first one is kept) — what op constructors do on failure.
  void UpdateStatus(const Status& s) const;
  // Applies control deps, device, colocation, kernel label and XLA cluster to a builder.
  void UpdateBuilder(NodeBuilder* builder) const;
  // Scopes for a function that builds several ops under one name (TF's composite ops).
  CompositeOpScopes GetCompositeOpScopes(const std::string& composite_op_name) const;

  bool ok() const;
  Graph* graph() const;
  std::shared_ptr<Graph> graph_as_shared_ptr() const;
  Status status() const;
  // The graph as a GraphDef (TF-importable), or this scope's error.
  Status ToGraphDef(GraphDef* gdef, bool include_debug_info = false) const;
  // Copies the graph into `g` through a GraphDef; errors are recorded on this scope too.
  Status ToGraph(Graph* g, GraphConstructorOptions opts = GraphConstructorOptions{}) const;
  // Runs `node`'s shape function on its inputs' shapes and stores the output shapes.
  Status DoShapeInference(Node* node) const;

  const std::vector<Operation>& control_deps() const;

  class Impl;
  Impl* impl() { return impl_.get(); }
  const Impl* impl() const { return impl_.get(); }

 private:
  friend Scope NewInternalScope(Graph* graph, Status* status, ShapeRefiner* refiner);
  explicit Scope(Impl* impl);
  Scope WithOpNameImpl(const std::string& op_name) const;

  std::unique_ptr<Impl> impl_;
};

// The two scopes a composite op needs: `child` for its inner ops, `last` (single use) for
// the op that produces its result under the composite's own name.
struct CompositeOpScopes {
  Scope child;
  Scope last;
};

// Builds a node of op `op_name` with `inputs` (literals become Consts) and no attrs beyond
// the inferred ones, named by `scope`.
Status CreateOutputWithScope(std::string op_name, absl::Span<const ::tensorflow::Input> inputs,
                             const Scope& scope, Output* output);

// A scope over a graph and status owned by the caller (TF's scope_internal.h).
Scope NewInternalScope(Graph* graph, Status* status, ShapeRefiner* refiner);

}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_SCOPE_H_
