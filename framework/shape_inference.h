// minitf: graph-time shape functions. Each op registers one; it reads the input shapes
// (PartialTensorShape, possibly unknown), the node's attrs and, where an input is a Const,
// its value, and sets the output shapes.
//
//   REGISTER_OP("Identity").Input("input: T").Output("output: T").Attr("T: type")
//       .SetShapeFn(shape_inference::UnchangedShape);
//
// A shape function returns InvalidArgument for inputs that cannot fit; the scope reports it
// with the node and every input shape attached, as TF does.
#ifndef MINITF_FRAMEWORK_SHAPE_INFERENCE_H_
#define MINITF_FRAMEWORK_SHAPE_INFERENCE_H_

#include <functional>
#include <string>
#include <vector>

#include "framework/node_def_util.h"
#include "framework/status.h"
#include "framework/tensor.h"
#include "framework/tensor_shape.h"

namespace tensorflow {
namespace shape_inference {

// What a resource handle refers to, for shape functions (TF's ShapeAndType): a variable's
// dtype and shape, which VarHandleOp states and ReadVariableOp's output takes.
typedef DtypeAndPartialTensorShape ShapeAndType;

class InferenceContext {
 public:
  // `input_tensors[i]` is the value of input i when known at graph time, else nullptr.
  InferenceContext(const NodeDef* node_def, std::vector<PartialTensorShape> input_shapes,
                   std::vector<const Tensor*> input_tensors, int num_outputs);

  int num_inputs() const { return static_cast<int>(inputs_.size()); }
  const PartialTensorShape& input(int i) const { return inputs_[i]; }
  const Tensor* input_tensor(int i) const { return input_tensors_[i]; }
  int num_outputs() const { return static_cast<int>(outputs_.size()); }
  void set_output(int i, const PartialTensorShape& shape) { outputs_[i] = shape; }
  const PartialTensorShape& output(int i) const { return outputs_[i]; }
  const std::vector<PartialTensorShape>& outputs() const { return outputs_; }
  const NodeDef& node_def() const { return *node_def_; }

  // The resource input `i`'s handle data (nullptr when unknown), and output `i`'s to set.
  const std::vector<ShapeAndType>* input_handle_shapes_and_types(int i) const {
    return i < static_cast<int>(input_handle_data_.size()) && !input_handle_data_[i].empty()
               ? &input_handle_data_[i]
               : nullptr;
  }
  void set_input_handle_shapes_and_types(std::vector<std::vector<ShapeAndType>> data) {
    input_handle_data_ = std::move(data);
  }
  void set_output_handle_shapes_and_types(int i, const std::vector<ShapeAndType>& data) {
    output_handle_data_[i] = data;
  }
  const std::vector<std::vector<ShapeAndType>>& output_handle_data() const {
    return output_handle_data_;
  }

  template <typename T>
  Status GetAttr(absl::string_view name, T* value) const {
    return GetNodeAttr(AttrSlice(*node_def_), name, value);
  }

  // Checks that input `i` has rank `rank` (unknown rank passes), returning TF's message
  // "Shape must be rank 2 but is rank 3".
  Status WithRank(int i, int rank) const;
  Status WithRankAtLeast(int i, int rank) const;
  Status WithRankAtMost(int i, int rank) const;
  // The shape held by the 1-D int32/int64 input `i` (TF's MakeShapeFromShapeTensor): its
  // values when known (-1 an unknown size), else unknown sizes, one per element.
  Status MakeShapeFromShapeTensor(int i, PartialTensorShape* out) const;
  // The scalar input `i` as an axis into a shape of rank `rank` (TF's
  // MakeDimForScalarInputWithNegativeIndexing): -1 when unknown, negative axes counted from
  // the end; out of [-rank, rank) is InvalidArgument.
  Status MakeDimForScalarInputWithNegativeIndexing(int i, int rank, int64_t* out) const;
  // Merges two shapes; InvalidArgument "Dimensions must be equal, but are 2 and 3" style.
  static Status Merge(const PartialTensorShape& a, const PartialTensorShape& b,
                      PartialTensorShape* out);
  // Merges two dimension sizes (-1 unknown): "Dimensions must be equal, but are 2 and 3".
  static Status MergeDim(int64_t a, int64_t b, int64_t* out);

 private:
  const NodeDef* node_def_;
  std::vector<PartialTensorShape> inputs_;
  std::vector<const Tensor*> input_tensors_;
  std::vector<PartialTensorShape> outputs_;
  std::vector<std::vector<ShapeAndType>> input_handle_data_;
  std::vector<std::vector<ShapeAndType>> output_handle_data_;
};

typedef std::function<Status(InferenceContext*)> ShapeInferenceFn;

// Output 0 has input 0's shape.
// `rank` unknown sizes (TF's InferenceContext::UnknownShapeOfRank); an unknown rank when
// `rank` is negative or more than a tensor can have (a size read from an untrusted graph,
// such as the length of a shape tensor, never sizes a vector here).
PartialTensorShape UnknownShapeOfRank(int64_t rank);

Status UnchangedShape(InferenceContext* c);
// Output 0 has input 0's shape, which must have rank `rank` (unknown rank: `rank` unknown dims).
Status UnchangedShapeWithRank(InferenceContext* c, int rank);
// Every output has an unknown shape.
Status UnknownShape(InferenceContext* c);
// For ops without outputs.
Status NoOutputs(InferenceContext* c);
// Output 0 is a scalar.
Status ScalarShape(InferenceContext* c);

}  // namespace shape_inference
}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_SHAPE_INFERENCE_H_
