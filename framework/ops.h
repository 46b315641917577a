// minitf: Operation, Output, Input and InputList — the small value handles a TF C++ graph
// program passes around (TF's tensorflow/cc/framework/ops.h).
//
//   Output a = ops::Placeholder(root, DT_INT32);       // node pointer + output index
//   auto c = ops::Add(root, a, {41});                   // {41}: a literal Input, shape [1]
//   c.node()->name();  a.type();  a.name() == "Placeholder:0"
//
// Literal inputs follow TF's typing: int -> DT_INT32, 2.0 -> DT_DOUBLE, 2.f -> DT_FLOAT,
// "s" -> DT_STRING, {1, 2} -> a vector, {{1, 2}, {3, 4}} -> a matrix, {} -> float [0]. A
// malformed nested list carries an error Status that the consuming op puts on its scope.
#ifndef MINITF_FRAMEWORK_OPS_H_
#define MINITF_FRAMEWORK_OPS_H_

#include <initializer_list>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "framework/graph.h"
#include "framework/status.h"
#include "framework/tensor.h"
#include "framework/types.h"
#include "tensorflow/core/framework/tensor.pb.h"

namespace tensorflow {

class Output;

// A node of the graph, seen from the client API. Cheap to copy (a pointer and the cached
// sources of its inputs). Default-constructed, it holds no node.
class Operation {
 public:
  Operation() : node_(nullptr) {}
  explicit Operation(Node* n);

  int32_t num_inputs() const { return node_->num_inputs(); }
  DataType input_type(int32_t o) const { return node_->input_type(o); }
  // The Output feeding input `i` (CHECK-fails when out of range or null).
  Output input(int32_t i) const;

  int32_t num_outputs() const { return node_->num_outputs(); }
  DataType output_type(int32_t o) const { return node_->output_type(o); }
  Output output(int32_t i) const;

  Node* node() const { return node_; }
  uint64_t hash(int32_t index) const;
  bool operator==(const Operation& other) const { return node_ == other.node_; }

 private:
  typedef std::vector<std::pair<Node*, int32_t>> Inputs;
  static Inputs GetInputs(Node* node);

  Inputs inputs_;
  Node* node_;
};

// One output of an Operation: what ops consume and ClientSession fetches.
class Output {
 public:
  Output() = default;
  explicit Output(Node* n) : op_(n) {}
  Output(Node* n, int32_t index) : op_(n), index_(index) {}
  Output(const Operation& op, int32_t index) : op_(op), index_(index) {}

  Operation op() const { return op_; }
  Node* node() const { return op().node(); }
  int32_t index() const { return index_; }
  DataType type() const { return op_.output_type(index_); }
  // "node:index" (the node must be non-null).
  std::string name() const { return absl::StrCat(node()->name(), ":", index()); }
  bool operator==(const Output& other) const { return op_ == other.op_ && index_ == other.index_; }
  uint64_t hash() const { return op_.hash(index_); }

 private:
  Operation op_ = Operation(nullptr);
  int32_t index_ = 0;
};

// Hashes an Output by node and index, for unordered containers keyed by Output.
struct OutputHash {
  std::size_t operator()(const Output& output) const;
};

// Anything an op accepts as a tensor input: an Output, a Tensor, or a C++ literal (scalar
// or nested initializer list) that becomes a Const node when the op is built.
class Input {
 public:
  // A literal value and the tensor built from it (status carries a malformed-list error).
  struct Initializer {
    // A scalar: Initializer(3) is int32 [], Initializer(2.0) double [], "s" string [].
    template <typename T,
              typename = typename std::enable_if<std::is_arithmetic<T>::value ||
                                                 std::is_convertible<T, std::string>::value>::type>
    Initializer(const T& v) {  // NOLINT(runtime/explicit)
      typedef typename RealType<T>::type RealT;
      Tensor t(DataTypeToEnum<RealT>::v(), TensorShape());
      t.flat<RealT>()(0) = RealT(v);
      tensor = t;
    }

    Initializer(const Tensor& t) : tensor(t) {}  // NOLINT(runtime/explicit)

    // Every element of `shape` set to `v`.
    template <typename T,
              typename = typename std::enable_if<std::is_arithmetic<T>::value ||
                                                 std::is_convertible<T, std::string>::value>::type>
    Initializer(const T& v, const TensorShape& shape) {
      typedef typename RealType<T>::type RealT;
      Tensor t(DataTypeToEnum<RealT>::v(), shape);
      for (int64_t i = 0; i < t.NumElements(); ++i) t.flat<RealT>()(i) = RealT(v);
      tensor = t;
    }

    // A vector: {1, 2, 3} is int32 [3].
    template <typename T,
              typename = typename std::enable_if<std::is_arithmetic<T>::value ||
                                                 std::is_convertible<T, std::string>::value>::type>
    Initializer(const std::initializer_list<T>& v) {  // NOLINT(runtime/explicit)
      typedef typename RealType<T>::type RealT;
      Tensor t(DataTypeToEnum<RealT>::v(), TensorShape{static_cast<int64_t>(v.size())});
      int64_t i = 0;
      for (const auto& x : v) t.flat<RealT>()(i++) = RealT(x);
      tensor = t;
    }

    // The values of `v` laid out row-major in `shape`; InvalidArgument if counts differ.
    template <typename T,
              typename = typename std::enable_if<std::is_arithmetic<T>::value ||
                                                 std::is_convertible<T, std::string>::value>::type>
    Initializer(const std::initializer_list<T>& v, const TensorShape& shape) {
      typedef typename RealType<T>::type RealT;
      if (shape.num_elements() != static_cast<int64_t>(v.size())) {
        status = absl::InvalidArgumentError(
            absl::StrCat("Cannot construct a tensor with ", shape.num_elements(),
                         " from an initializer list with ", v.size(), " elements"));
        return;
      }
      Tensor t(DataTypeToEnum<RealT>::v(), shape);
      int64_t i = 0;
      for (const auto& x : v) t.flat<RealT>()(i++) = RealT(x);
      tensor = t;
    }

    // Nested lists: all components must share dtype and shape; {} is float [0].
    Initializer(const std::initializer_list<Initializer>& v);  // NOLINT(runtime/explicit)

    // String-like literals are stored as tstring; everything else as itself.
    template <typename T, bool = std::is_convertible<T, std::string>::value>
    struct RealType {
      typedef tstring type;
    };
    template <typename T>
    struct RealType<T, false> {
      typedef T type;
    };

    // The tensor as a TensorProto (>1 element: tensor_content, else the typed field).
    TensorProto AsTensorProto();

    Status status;
    Tensor tensor;
  };

  // All implicit, so that op constructors take Outputs, Tensors and literals alike.
  Input(const Output& o) : output_(o) {}  // NOLINT(runtime/explicit)

  template <typename T,
            typename = typename std::enable_if<std::is_arithmetic<T>::value ||
                                               std::is_convertible<T, std::string>::value>::type>
  Input(const T& v)  // NOLINT(runtime/explicit)
      : Input(Initializer(v)) {}

  Input(const Initializer& init)  // NOLINT(runtime/explicit)
      : status_(init.status), tensor_(init.tensor) {}

  Input(const Tensor& t)  // NOLINT(runtime/explicit)
      : status_(OkStatus()), tensor_(t) {}

  Input(const std::initializer_list<Initializer>& init);  // NOLINT(runtime/explicit)

  // A "backward edge" to a node by name, used by TF's while loops; minitf rejects it when
  // the consuming node is built.
  Input(const std::string& name, int32_t i, DataType dt)
      : node_name_(name), index_(i), data_type_(dt) {}

  Node* node() const { return output_.node(); }
  std::string node_name() const { return node_name_; }
  int32_t index() const { return node_name_.empty() ? output_.index() : index_; }
  DataType data_type() const { return data_type_; }
  Status status() const { return status_; }
  const Tensor& tensor() const { return tensor_; }

 private:
  Status status_;
  Output output_ = Output(Operation(nullptr), 0);
  Tensor tensor_;
  const std::string node_name_ = "";
  int32_t index_ = 0;
  DataType data_type_ = DT_INVALID;
};

typedef std::vector<Output> OutputList;

// The inputs of a list-typed op argument (AddN's `inputs`, Concat's `values`).
class InputList {
 public:
  InputList(const OutputList& out) {  // NOLINT(runtime/explicit)
    for (const auto& x : out) inputs_.push_back(x);
  }
  InputList(const std::initializer_list<Input>& inputs)  // NOLINT(runtime/explicit)
      : inputs_(inputs.begin(), inputs.end()) {}
  InputList(const absl::Span<const Input>& inputs)  // NOLINT(runtime/explicit)
      : inputs_(inputs.begin(), inputs.end()) {}
  InputList(const std::initializer_list<Output>& out) {  // NOLINT(runtime/explicit)
    for (const auto& x : out) inputs_.push_back(x);
  }

  typename std::vector<Input>::iterator begin() { return inputs_.begin(); }
  typename std::vector<Input>::iterator end() { return inputs_.end(); }
  typename std::vector<Input>::const_iterator begin() const { return inputs_.begin(); }
  typename std::vector<Input>::const_iterator end() const { return inputs_.end(); }

 private:
  std::vector<Input> inputs_;
};

}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_OPS_H_
