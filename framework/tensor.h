// minitf: Tensor, a typed n-dimensional array with a reference-counted buffer, as
// TensorFlow's tensor.h.
//
//   Tensor t(DT_FLOAT, TensorShape({2, 3}));
//   t.flat<float>().setRandom();                 // Eigen expressions work on the views
//   auto m = t.matrix<float>();  m(1, 2) = 7.f;
//   LOG(INFO) << t.DebugString();                // Tensor<type: float shape: [2,3] values: ...>
//   Tensor u = t;                                // shares the buffer: u.SharesBufferWith(t)
//
// Buffers are 64-byte aligned. Copies are shallow (shared, reference-counted storage);
// use tensor::DeepCopy for a copy of the data. A view of the wrong dtype or rank stops the
// program with a message naming both, as TF's CHECKs do; it never reads garbage.
// Thread safety: a Tensor is a value; distinct Tensors sharing a buffer may be read from
// several threads, writes need outside synchronisation (as in TF).
#ifndef MINITF_FRAMEWORK_TENSOR_H_
#define MINITF_FRAMEWORK_TENSOR_H_

#include <cstddef>
#include <cstring>
#include <ostream>
#include <string>
#include <type_traits>
#include <vector>

#include "framework/logging.h"
#include "framework/resource_handle.h"
#include "framework/status.h"
#include "framework/tensor_shape.h"
#include "framework/tensor_types.h"
#include "framework/types.h"
#include "tensorflow/core/framework/tensor.pb.h"

namespace tensorflow {

class TensorBuffer;  // reference-counted storage, defined in tensor.cc
class Allocator;     // framework/allocator.h
struct AllocationAttributes;

// Byte alignment of every buffer a Tensor allocates (TF's EIGEN_MAX_ALIGN_BYTES on AVX-512).
constexpr size_t kTensorAlignment = 64;

class Tensor {
 public:
  // A DT_FLOAT tensor of shape [0] (not a scalar); IsInitialized() is true.
  Tensor();
  // Allocates an (uninitialised, for numbers) buffer; strings start empty.
  // CHECK-fails for a dtype minitf cannot hold (quantized, variant).
  Tensor(DataType type, const TensorShape& shape);
  // An empty tensor of `type` and shape [0].
  explicit Tensor(DataType type);
  // TF's forms naming an allocator: the same as Tensor(type, shape). minitf's buffers always
  // come from its own accounted pool; the allocator (the CPU's) is not used.
  Tensor(Allocator* /*a*/, DataType type, const TensorShape& shape) : Tensor(type, shape) {}
  Tensor(Allocator* /*a*/, DataType type, const TensorShape& shape,
         const AllocationAttributes& /*attr*/)
      : Tensor(type, shape) {}

  // Scalars on the host, one per element type.
  explicit Tensor(float scalar_value) : Tensor(MakeScalar(scalar_value)) {}
  explicit Tensor(double scalar_value) : Tensor(MakeScalar(scalar_value)) {}
  explicit Tensor(int32_t scalar_value) : Tensor(MakeScalar(scalar_value)) {}
  explicit Tensor(uint32_t scalar_value) : Tensor(MakeScalar(scalar_value)) {}
  explicit Tensor(uint16_t scalar_value) : Tensor(MakeScalar(scalar_value)) {}
  explicit Tensor(uint8_t scalar_value) : Tensor(MakeScalar(scalar_value)) {}
  explicit Tensor(int16_t scalar_value) : Tensor(MakeScalar(scalar_value)) {}
  explicit Tensor(int8_t scalar_value) : Tensor(MakeScalar(scalar_value)) {}
  explicit Tensor(tstring scalar_value) : Tensor(MakeScalar(std::move(scalar_value))) {}
  explicit Tensor(complex64 scalar_value) : Tensor(MakeScalar(scalar_value)) {}
  explicit Tensor(complex128 scalar_value) : Tensor(MakeScalar(scalar_value)) {}
  explicit Tensor(int64_t scalar_value) : Tensor(MakeScalar(scalar_value)) {}
  explicit Tensor(uint64_t scalar_value) : Tensor(MakeScalar(scalar_value)) {}
  explicit Tensor(bool scalar_value) : Tensor(MakeScalar(scalar_value)) {}
  explicit Tensor(Eigen::half scalar_value) : Tensor(MakeScalar(scalar_value)) {}
  explicit Tensor(Eigen::bfloat16 scalar_value) : Tensor(MakeScalar(scalar_value)) {}
  // A string scalar (avoids const char* -> bool).
  explicit Tensor(const char* scalar_value) : Tensor(tstring(scalar_value)) {}
  // Other pointers are rejected at compile time, as in TF.
  template <typename T>
  explicit Tensor(T* t) = delete;

  Tensor(const Tensor& other);
  Tensor(Tensor&& other) noexcept;
  Tensor& operator=(const Tensor& other);
  Tensor& operator=(Tensor&& other) noexcept;
  ~Tensor();

  // Allocates like Tensor(type, shape), returning InvalidArgument for an unsupported
  // dtype instead of stopping.
  static Status BuildTensor(DataType type, const TensorShape& shape, Tensor* out_tensor);

  DataType dtype() const { return dtype_; }
  const TensorShape& shape() const { return shape_; }
  int dims() const { return shape_.dims(); }
  int64_t dim_size(int d) const { return shape_.dim_size(d); }
  int64_t NumElements() const { return shape_.num_elements(); }
  bool IsSameSize(const Tensor& b) const { return shape_.IsSameSize(b.shape_); }
  bool SharesBufferWith(const Tensor& b) const;
  // True when the buffer holds data, or there are no elements to hold.
  bool IsInitialized() const;
  // Bytes of element storage this tensor covers; for strings, TF's figure (24 bytes per
  // element plus the characters).
  size_t TotalBytes() const;
  // Bytes of the whole allocation behind this tensor.
  size_t AllocatedBytes() const;
  bool IsAligned() const;
  // True when this tensor is the only owner of its buffer (an executor may then reuse it).
  bool RefCountIsOne() const;

  // Shares `other`'s buffer under `shape`; false (and no change) if element counts differ.
  bool CopyFrom(const Tensor& other, const TensorShape& shape);
  // Rows [dim0_start, dim0_limit) of dimension 0, sharing the buffer.
  Tensor Slice(int64_t dim0_start, int64_t dim0_limit) const;
  // Row `index` of dimension 0 with that dimension removed, sharing the buffer.
  Tensor SubSlice(int64_t index) const;
  // Reinterprets `in`'s bytes as `dtype` with `shape` (same byte count, fixed-size types).
  Status BitcastFrom(const Tensor& in, DataType dtype, const TensorShape& shape);

  // Parses a TensorProto (tensor_content, or the typed field; a short typed field repeats its
  // last value, as TF). False on a malformed proto or unsupported dtype.
  bool FromProto(const TensorProto& proto);
  // Writes dtype, shape and every element into the typed repeated field.
  void AsProtoField(TensorProto* proto) const;
  // Writes dtype, shape and the raw bytes into tensor_content (strings: TF's encoding).
  void AsProtoTensorContent(TensorProto* proto) const;

  // ---- Typed views (CHECK-fail on a wrong dtype or rank, as TF). ----
  template <typename T>
  typename TTypes<T>::Vec vec() {
    return tensor<T, 1>();
  }
  template <typename T>
  typename TTypes<T>::Matrix matrix() {
    return tensor<T, 2>();
  }
  template <typename T, size_t NDIMS>
  typename TTypes<T, NDIMS>::Tensor tensor() {
    CheckTypeAndIsAligned(DataTypeToEnum<T>::v());
    return typename TTypes<T, NDIMS>::Tensor(base<T>(), shape_.AsEigenDSizes<NDIMS>());
  }
  template <typename T>
  typename TTypes<T>::Flat flat() {
    return shaped<T, 1>({NumElements()});
  }
  template <typename T>
  typename TTypes<T>::UnalignedFlat unaligned_flat() {
    return unaligned_shaped<T, 1>({NumElements()});
  }
  template <typename T, size_t NDIMS = 2>
  typename TTypes<T, NDIMS>::Tensor flat_inner_dims() {
    return shaped<T, NDIMS>(ComputeFlatInnerDims(NDIMS));
  }
  template <typename T, size_t NDIMS = 2>
  typename TTypes<T, NDIMS>::Tensor flat_outer_dims() {
    return shaped<T, NDIMS>(ComputeFlatOuterDims(NDIMS));
  }
  template <typename T, size_t NDIMS>
  typename TTypes<T, NDIMS>::Tensor shaped(absl::Span<const int64_t> new_sizes) {
    CheckTypeAndIsAligned(DataTypeToEnum<T>::v());
    return typename TTypes<T, NDIMS>::Tensor(base<T>(), FillDims<NDIMS>(new_sizes));
  }
  template <typename T, size_t NDIMS>
  typename TTypes<T, NDIMS>::UnalignedTensor unaligned_shaped(absl::Span<const int64_t> new_sizes) {
    CheckType(DataTypeToEnum<T>::v());
    return typename TTypes<T, NDIMS>::UnalignedTensor(base<T>(), FillDims<NDIMS>(new_sizes));
  }
  template <typename T>
  typename TTypes<T>::Scalar scalar() {
    CheckIsAlignedAndSingleElement();
    CheckType(DataTypeToEnum<T>::v());
    return typename TTypes<T>::Scalar(base<T>());
  }

  template <typename T>
  typename TTypes<T>::ConstVec vec() const {
    return tensor<T, 1>();
  }
  template <typename T>
  typename TTypes<T>::ConstMatrix matrix() const {
    return tensor<T, 2>();
  }
  template <typename T, size_t NDIMS>
  typename TTypes<T, NDIMS>::ConstTensor tensor() const {
    CheckTypeAndIsAligned(DataTypeToEnum<T>::v());
    return typename TTypes<T, NDIMS>::ConstTensor(base<const T>(), shape_.AsEigenDSizes<NDIMS>());
  }
  template <typename T>
  typename TTypes<T>::ConstFlat flat() const {
    return shaped<T, 1>({NumElements()});
  }
  template <typename T>
  typename TTypes<T>::UnalignedConstFlat unaligned_flat() const {
    return unaligned_shaped<T, 1>({NumElements()});
  }
  template <typename T, size_t NDIMS = 2>
  typename TTypes<T, NDIMS>::ConstTensor flat_inner_dims() const {
    return shaped<T, NDIMS>(ComputeFlatInnerDims(NDIMS));
  }
  template <typename T, size_t NDIMS = 2>
  typename TTypes<T, NDIMS>::ConstTensor flat_outer_dims() const {
    return shaped<T, NDIMS>(ComputeFlatOuterDims(NDIMS));
  }
  template <typename T, size_t NDIMS>
  typename TTypes<T, NDIMS>::ConstTensor shaped(absl::Span<const int64_t> new_sizes) const {
    CheckTypeAndIsAligned(DataTypeToEnum<T>::v());
    return typename TTypes<T, NDIMS>::ConstTensor(base<const T>(), FillDims<NDIMS>(new_sizes));
  }
  template <typename T, size_t NDIMS>
  typename TTypes<T, NDIMS>::UnalignedConstTensor unaligned_shaped(
      absl::Span<const int64_t> new_sizes) const {
    CheckType(DataTypeToEnum<T>::v());
    return typename TTypes<T, NDIMS>::UnalignedConstTensor(base<const T>(),
                                                           FillDims<NDIMS>(new_sizes));
  }
  template <typename T>
  typename TTypes<T>::ConstScalar scalar() const {
    CheckIsAlignedAndSingleElement();
    CheckType(DataTypeToEnum<T>::v());
    return typename TTypes<T>::ConstScalar(base<const T>());
  }

  // The raw element bytes (CHECK-fails for DT_STRING, as TF).
  absl::string_view tensor_data() const;
  void* data() const { return data_; }

  // "Tensor<type: float shape: [2] values: 1 2>" with at most `num_values` values.
  std::string DebugString(int num_values) const;
  std::string DebugString() const { return DebugString(3); }
  // "Tensor<type: float shape: [2]>" without reading the values.
  std::string DeviceSafeDebugString() const;
  // The values in TF's v1 ("[1 2][3 4]") or v2 ("[[1 2]\n [3 4]]") layout; a negative
  // `max_entries` prints everything.
  std::string SummarizeValue(int64_t max_entries, bool print_v2 = false) const;

 private:
  // A variable's tensor starts with its declared shape and no buffer (not IsInitialized()).
  friend class LegacyVar;
  void set_shape(const TensorShape& shape) { shape_ = shape; }
  // Gives this (empty) tensor `shape_`'s buffer; TF's ResourceExhausted when memory cannot hold
  // it. The one allocation path of the constructor (which CHECKs it) and BuildTensor.
  Status AllocateBuffer();
  template <typename T>
  static Tensor MakeScalar(T value) {
    Tensor t(DataTypeToEnum<T>::v(), TensorShape({}));
    *static_cast<T*>(t.data_) = std::move(value);
    return t;
  }
  template <typename T>
  T* base() const {
    return static_cast<T*>(data_);
  }
  template <size_t NDIMS>
  Eigen::DSizes<Eigen::DenseIndex, NDIMS> FillDims(absl::Span<const int64_t> new_sizes) const {
    CHECK_EQ(new_sizes.size(), NDIMS) << "shaped: wrong number of sizes";
    Eigen::DSizes<Eigen::DenseIndex, NDIMS> dims;
    int64_t n = 1;
    for (size_t d = 0; d < NDIMS; ++d) {
      n *= new_sizes[d];
      dims[d] = new_sizes[d];
    }
    CHECK_EQ(n, NumElements()) << "shaped: element count differs from " << shape_.DebugString();
    return dims;
  }
  absl::InlinedVector<int64_t, 4> ComputeFlatInnerDims(int num_out_dims) const;
  absl::InlinedVector<int64_t, 4> ComputeFlatOuterDims(int num_out_dims) const;
  void CheckType(DataType expected) const;
  void CheckTypeAndIsAligned(DataType expected) const;
  void CheckIsAlignedAndSingleElement() const;
  void Unref();

  TensorShape shape_;
  DataType dtype_ = DT_FLOAT;
  TensorBuffer* buf_ = nullptr;  // owned reference, or null when there are no elements
  void* data_ = nullptr;         // first element of this view inside buf_
};

// Prints DebugString(100).
std::ostream& operator<<(std::ostream& out, const Tensor& tensor);

namespace tensor {
// A copy of `other` with its own buffer.
Tensor DeepCopy(const Tensor& other);
// The elements of an integer tensor (int8, int16, int32, int64, uint8, uint16, uint32: shapes,
// axes, sizes, indices), as int64s, in order.
std::vector<int64_t> IntValues(const Tensor& t);
// The shape a 1-D int32 or int64 tensor holds (TF's tensor::MakeShape, its texts).
Status MakeShape(const Tensor& shape, TensorShape* out);
// The tensors joined along dimension 0 into a new buffer (TF's tensor::Concat): all of one
// dtype, rank >= 1, equal in every other dimension; InvalidArgument otherwise.
Status Concat(absl::Span<const Tensor> tensors, Tensor* result);
}  // namespace tensor

// Process-wide accounting of tensor buffers (minitf's, for tests and benchmarks): bytes held
// now, and the most held at once since the last ResetPeak. And minitf's memory limit: an
// allocation that would take the live bytes past Limit() fails as if the memory were not
// there, so a kernel's output is ResourceExhausted ("OOM when allocating tensor with
// shape[...]", naming the node) instead of the process being killed. The limit is the
// machine's physical memory unless the environment variable MINITF_TENSOR_MEMORY_LIMIT
// (bytes) or SetLimit says otherwise; SetLimit(0) restores the default.
namespace tensor_stats {
int64_t Limit();
void SetLimit(int64_t bytes);
int64_t LiveBytes();
int64_t PeakBytes();
void ResetPeak();
}  // namespace tensor_stats

}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_TENSOR_H_
