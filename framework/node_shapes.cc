#include "framework/node_shapes.h"

#include <memory>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "framework/errors.h"
#include "framework/internal/shape_error_sink.h"
#include "framework/shape_inference.h"

namespace tensorflow {

NodeDef NodeDefWithInputs(const Node& node) {
  NodeDef def = node.def();
  def.clear_input();
  std::vector<std::string> data(node.num_inputs());
  std::vector<std::string> controls;
  for (const Edge* e : node.in_edges()) {
    if (!e->src()->IsOp()) continue;
    if (e->IsControlEdge()) {
      controls.push_back(absl::StrCat("^", e->src()->name()));
    } else if (e->dst_input() < node.num_inputs()) {
      data[e->dst_input()] = e->src_output() == 0
                                 ? e->src()->name()
                                 : absl::StrCat(e->src()->name(), ":", e->src_output());
    }
  }
  std::sort(controls.begin(), controls.end());
  for (auto& d : data) def.add_input(d);
  for (auto& c : controls) def.add_input(c);
  return def;
}

Status InferNodeShapes(Node* node) {
  const OpRegistrationData* reg;
  TF_RETURN_IF_ERROR(OpRegistry::Global()->LookUp(node->type_string(), &reg));
  const int n = node->num_inputs();
  std::vector<PartialTensorShape> shapes(n);
  std::vector<const Tensor*> values(n, nullptr);
  std::vector<std::unique_ptr<Tensor>> owned;
  std::vector<std::vector<shape_inference::ShapeAndType>> handles(n);
  for (const Edge* e : node->in_edges()) {
    if (e->IsControlEdge() || e->dst_input() >= n) continue;
    const Node* src = e->src();
    shapes[e->dst_input()] = src->output_shape(e->src_output());
    handles[e->dst_input()] = src->output_handle_data(e->src_output());
    if (src->IsConstant()) {
      auto t = std::make_unique<Tensor>();
      if (GetNodeAttr(src->attrs(), "value", t.get()).ok()) {
        values[e->dst_input()] = t.get();
        owned.push_back(std::move(t));
      }
    }
  }
  shape_inference::InferenceContext ctx(&node->def(), shapes, values, node->num_outputs());
  ctx.set_input_handle_shapes_and_types(std::move(handles));
  // Shape functions compute with the graph's (untrusted) sizes: a size that would overflow
  // or go bad inside them is this node's error, not an abort.
  Status s;
  {
    shape_internal::ScopedShapeErrorSink sink;
    s = reg->shape_inference_fn(&ctx);
    if (s.ok() && !sink.status().ok()) s = errors::InvalidArgument(sink.status().message());
  }
  if (!s.ok()) {
    std::vector<std::string> input_shapes;
    // TF's InferenceContext spelling: "?" for an unknown rank ("[?,3]" for unknown sizes).
    for (const auto& shape : shapes) {
      input_shapes.push_back(shape.unknown_rank() ? "?" : shape.DebugString());
    }
    return Status(s.code(),
                  absl::StrCat(s.message(), " for '", SummarizeNodeDef(NodeDefWithInputs(*node)),
                               "' with input shapes: ", absl::StrJoin(input_shapes, ", "), "."));
  }
  node->set_output_shapes(ctx.outputs());
  node->set_output_handle_data(ctx.output_handle_data());
  return OkStatus();
}

}  // namespace tensorflow
