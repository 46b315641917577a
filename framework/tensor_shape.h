// minitf: TensorShape (fully known dimensions) and PartialTensorShape (unknown dimensions
// and unknown rank allowed), as in TensorFlow's tensor_shape.h.
//
//   TensorShape s({2, 3});          s.DebugString() == "[2,3]", s.num_elements() == 6
//   PartialTensorShape p({-1, 3});  p.DebugString() == "[?,3]"
//   PartialTensorShape u;           u.DebugString() == "<unknown>", u.dims() == -1
//
// The constructors that take sizes CHECK-fail on invalid sizes, as TF's do; use
// BuildTensorShape / BuildPartialTensorShape / IsValidShape to get a Status instead.
#ifndef MINITF_FRAMEWORK_TENSOR_SHAPE_H_
#define MINITF_FRAMEWORK_TENSOR_SHAPE_H_

#include <initializer_list>
#include <string>
#include <vector>

#include "absl/container/inlined_vector.h"
#include "absl/types/span.h"
#include "framework/errors.h"
#include "framework/status.h"
#include "framework/types.h"
#include "tensorflow/core/framework/tensor_shape.pb.h"
#include "unsupported/Eigen/CXX11/Tensor"

namespace tensorflow {

class TensorShape;
class PartialTensorShape;

// One dimension, as iteration over a shape yields it: `for (auto d : shape) d.size`.
struct TensorShapeDim {
  explicit TensorShapeDim(int64_t s) : size(s) {}
  int64_t size;
};

// The parts TensorShape and PartialTensorShape share. `Shape` is the derived class.
template <class Shape>
class TensorShapeBase {
 public:
  static constexpr bool kIsPartial = std::is_same<Shape, PartialTensorShape>::value;

  // Builds from sizes; CHECK-fails on an invalid size (< 0, or < -1 for partial shapes).
  explicit TensorShapeBase(absl::Span<const int64_t> dim_sizes);
  TensorShapeBase(std::initializer_list<int64_t> dim_sizes)
      : TensorShapeBase(absl::Span<const int64_t>(dim_sizes.begin(), dim_sizes.size())) {}
  // TensorShape: a scalar (rank 0). PartialTensorShape: unknown rank.
  TensorShapeBase();
  // CHECK-fails when `proto` is not a valid shape of this kind.
  explicit TensorShapeBase(const TensorShapeProto& proto);

  // Copies go through InlinedVector's copy constructor and move assignment, which copy the
  // inline dimensions as bytes; its copy assignment goes element by element (a shape is copied
  // for every tensor a kernel passes on, so this is on the executor's path).
  TensorShapeBase(const TensorShapeBase&) = default;
  TensorShapeBase(TensorShapeBase&&) noexcept = default;
  TensorShapeBase& operator=(TensorShapeBase&&) noexcept = default;
  TensorShapeBase& operator=(const TensorShapeBase& other) {
    if (this != &other) {
      dims_ = absl::InlinedVector<int64_t, 4>(other.dims_);
      data_type_ = other.data_type_;
      unknown_rank_ = other.unknown_rank_;
      num_elements_ = other.num_elements_;
    }
    return *this;
  }

  // Status-returning factories.
  static Status BuildTensorShapeBase(absl::Span<const int64_t> dim_sizes, Shape* out);
  static Status BuildTensorShapeBase(const TensorShapeProto& proto, Shape* out);
  static bool IsValid(const TensorShapeProto& proto);
  static Status IsValidShape(const TensorShapeProto& proto);

  // Appends a dimension. AddDimWithStatus reports an invalid size or overflow instead.
  void AddDim(int64_t size);
  Status AddDimWithStatus(int64_t size);
  // Appends every dimension of `shape` (unknown rank makes this unknown rank).
  void AppendShape(const TensorShapeBase& shape);
  // Appends `shape`'s dimensions one by one, stopping at the first that does not fit.
  Status AppendShapeWithStatus(const TensorShapeBase& shape);
  void InsertDim(int d, int64_t size);
  Status InsertDimWithStatus(int d, int64_t size);
  void set_dim(int d, int64_t size);
  Status SetDimWithStatus(int d, int64_t size);
  void RemoveDim(int d) {
    CHECK_GE(d, 0);
    RemoveDimRange(d, d + 1);
  }
  void RemoveLastDims(int n) {
    CHECK_LE(n, dims());
    RemoveDimRange(dims() - n, dims());
  }
  // Removes dimensions [begin, end). Negative values count from the end (as TF).
  void RemoveDimRange(int begin, int end);
  // The *WithStatus forms return TF's Internal errors instead of CHECK-failing.
  Status RemoveDimWithStatus(int64_t d) {
    if (d < 0) return errors::Internal("Expected dimension index to be non-negative, got ", d);
    return RemoveDimRangeWithStatus(static_cast<int>(d), static_cast<int>(d + 1));
  }
  Status RemoveLastDimsWithStatus(int64_t n) {
    if (n > dims()) {
      return errors::Internal("Expected dimension index to be at most ", dims(), " got ", n);
    }
    return RemoveDimRangeWithStatus(static_cast<int>(dims() - n), dims());
  }
  Status RemoveDimRangeWithStatus(int begin, int end);
  // Drops every dimension; a partial shape becomes rank 0 (known).
  void Clear();

  bool unknown_rank() const { return unknown_rank_; }
  // The rank, or -1 when unknown.
  int dims() const { return unknown_rank_ ? -1 : static_cast<int>(dims_.size()); }
  // Size of dimension `d` (-1 if unknown). CHECK-fails when d is out of range.
  int64_t dim_size(int d) const;
  absl::InlinedVector<int64_t, 4> dim_sizes() const { return dims_; }
  // Product of the sizes (1 for a scalar); -1 when not fully defined.
  int64_t num_elements() const { return num_elements_; }
  bool IsFullyDefined() const;

  void AsProto(TensorShapeProto* proto) const;
  TensorShapeProto AsProto() const;
  // "[2,3]", "[]", "[?,3]", "<unknown>".
  std::string DebugString() const;
  static std::string DebugString(const TensorShapeProto& proto);

  class Iterator {
   public:
    Iterator(const TensorShapeBase* s, int d) : shape_(s), d_(d) {}
    TensorShapeDim operator*() const { return TensorShapeDim(shape_->dim_size(d_)); }
    Iterator& operator++() {
      ++d_;
      return *this;
    }
    bool operator==(const Iterator& o) const { return d_ == o.d_; }
    bool operator!=(const Iterator& o) const { return d_ != o.d_; }

   private:
    const TensorShapeBase* shape_;
    int d_;
  };
  Iterator begin() const { return Iterator(this, 0); }
  Iterator end() const { return Iterator(this, unknown_rank_ ? 0 : dims()); }

  static constexpr int MaxDimensions() { return 254; }

 protected:
  // An 8-bit slot TF's Tensor keeps its dtype in; kept by every change but Clear (TF's
  // TensorShapeTestHelper checks that).
  friend class Tensor;
  friend class TensorShapeTestHelper;
  DataType data_type() const { return data_type_; }
  void set_data_type(DataType dt) { data_type_ = dt; }
  DataType data_type_ = DT_INVALID;

  // Recomputes num_elements_; returns an error on overflow.
  Status RecomputeNumElements();
  Status CheckSize(int64_t size) const;

  absl::InlinedVector<int64_t, 4> dims_;
  bool unknown_rank_ = false;
  int64_t num_elements_ = 1;
};

// A shape whose rank and dimensions are all known.
class TensorShape : public TensorShapeBase<TensorShape> {
 public:
  using TensorShapeBase<TensorShape>::TensorShapeBase;
  TensorShape() = default;

  static Status BuildTensorShape(absl::Span<const int64_t> dim_sizes, TensorShape* out) {
    return BuildTensorShapeBase(dim_sizes, out);
  }
  static Status BuildTensorShape(const TensorShapeProto& proto, TensorShape* out) {
    return BuildTensorShapeBase(proto, out);
  }

  bool IsSameSize(const TensorShape& b) const { return dims_ == b.dims_; }
  bool operator==(const TensorShape& b) const { return IsSameSize(b); }
  bool operator!=(const TensorShape& b) const { return !IsSameSize(b); }

  // The sizes as Eigen::DSizes for rank NDIMS (CHECK-fails with the WithStatus form's error if
  // the rank differs).
  template <int NDIMS, typename IndexType = Eigen::DenseIndex>
  Eigen::DSizes<IndexType, NDIMS> AsEigenDSizes() const {
    Eigen::DSizes<IndexType, NDIMS> dsizes;
    TF_CHECK_OK((AsEigenDSizesWithStatus<NDIMS, IndexType>(&dsizes)));
    return dsizes;
  }
  // AsEigenDSizes with an Internal error instead of a CHECK failure.
  template <int NDIMS, typename IndexType = Eigen::DenseIndex>
  Status AsEigenDSizesWithStatus(Eigen::DSizes<IndexType, NDIMS>* out) const {
    if (NDIMS != dims()) {
      return errors::Internal("Asking for tensor of ", NDIMS, " dimensions from a tensor of ",
                              dims(), " dimensions");
    }
    *out = PaddedDSizes<NDIMS, IndexType>();
    return OkStatus();
  }
  // AsEigenDSizesWithPadding with an Internal error instead of a CHECK failure.
  template <int NDIMS, typename IndexType = Eigen::DenseIndex>
  Status AsEigenDSizesWithPaddingWithStatus(Eigen::DSizes<IndexType, NDIMS>* out) const {
    if (NDIMS < dims()) {
      return errors::Internal("Asking for tensor of at most ", NDIMS,
                              " dimensions from a tensor of ", dims(), " dimensions");
    }
    *out = PaddedDSizes<NDIMS, IndexType>();
    return OkStatus();
  }
  // Like AsEigenDSizes, padding trailing dimensions with 1 when NDIMS > dims().
  template <int NDIMS, typename IndexType = Eigen::DenseIndex>
  Eigen::DSizes<IndexType, NDIMS> AsEigenDSizesWithPadding() const {
    Eigen::DSizes<IndexType, NDIMS> dsizes;
    TF_CHECK_OK((AsEigenDSizesWithPaddingWithStatus<NDIMS, IndexType>(&dsizes)));
    return dsizes;
  }

 private:
  template <int NDIMS, typename IndexType>
  Eigen::DSizes<IndexType, NDIMS> PaddedDSizes() const {
    Eigen::DSizes<IndexType, NDIMS> dsizes;
    for (int d = 0; d < NDIMS; ++d) dsizes[d] = d < dims() ? dim_size(d) : 1;
    return dsizes;
  }

 public:
  // A TensorShape is a PartialTensorShape with everything known.
  operator PartialTensorShape() const;  // NOLINT(runtime/explicit)
};

// A shape that may have unknown dimensions (-1) or an unknown rank.
class PartialTensorShape : public TensorShapeBase<PartialTensorShape> {
 public:
  using TensorShapeBase<PartialTensorShape>::TensorShapeBase;
  PartialTensorShape() = default;

  static Status BuildPartialTensorShape(absl::Span<const int64_t> dim_sizes,
                                        PartialTensorShape* out) {
    return BuildTensorShapeBase(dim_sizes, out);
  }

  static Status BuildPartialTensorShape(std::initializer_list<int64_t> dim_sizes,
                                        PartialTensorShape* out) {
    return BuildTensorShapeBase(absl::Span<const int64_t>(dim_sizes.begin(), dim_sizes.size()),
                                out);
  }

  // This shape followed by one more dimension / by `shape`'s dimensions.
  PartialTensorShape Concatenate(int64_t size) const;
  PartialTensorShape Concatenate(const PartialTensorShape& shape) const;
  // The same with an InvalidArgument instead of a CHECK failure.
  Status ConcatenateWithStatus(int64_t size, PartialTensorShape* out) const;
  Status ConcatenateWithStatus(const PartialTensorShape& shape, PartialTensorShape* out) const;
  // The most specific shape compatible with both; InvalidArgument if they conflict.
  Status MergeWith(const PartialTensorShape& shape, PartialTensorShape* result) const;
  PartialTensorShape Merge(const PartialTensorShape& shape) const;  // CHECK-fails on conflict
  // Same rank-knowledge and same sizes, unknowns included.
  bool IsIdenticalTo(const PartialTensorShape& shape) const;
  // Could both describe one tensor (unknowns match anything)?
  bool IsCompatibleWith(const PartialTensorShape& shape) const;
  // Fills `shape` when fully defined; returns false otherwise.
  bool AsTensorShape(TensorShape* shape) const;
};

// Shape predicates and conversions, as TF's TensorShapeUtils.
class TensorShapeUtils {
 public:
  static bool IsScalar(const TensorShape& s) { return s.dims() == 0; }
  static bool IsVector(const TensorShape& s) { return s.dims() == 1; }
  static bool IsVectorOrHigher(const TensorShape& s) { return s.dims() >= 1; }
  static bool IsMatrix(const TensorShape& s) { return s.dims() == 2; }
  static bool IsSquareMatrix(const TensorShape& s) {
    return s.dims() == 2 && s.dim_size(0) == s.dim_size(1);
  }
  static bool IsMatrixOrHigher(const TensorShape& s) { return s.dims() >= 2; }

  static Status MakeShape(absl::Span<const int32_t> dims, TensorShape* out);
  static Status MakeShape(absl::Span<const int64_t> dims, TensorShape* out);
  static Status MakeShape(absl::Span<const int32_t> dims, PartialTensorShape* out);
  static Status MakeShape(absl::Span<const int64_t> dims, PartialTensorShape* out);

  // "[2,3], [4]"
  static std::string ShapeListString(absl::Span<const TensorShape> shapes);
  static bool StartsWith(const TensorShape& shape, const TensorShape& prefix);
  // The product of `shape`'s sizes; InvalidArgument if a size is negative or it overflows.
  static Status NumElements(absl::Span<const int64_t> shape, int64_t* num_elements);
  static bool EndsWith(const TensorShape& shape, const TensorShape& suffix);
};

// The coordinates of flat element `flat` of `shape` as "[i,j,k]" ("" for a scalar shape), as
// TF's kernels print a bad index (tensorflow/core/util/util.h).
std::string SliceDebugString(const TensorShape& shape, int64_t flat);

extern template class TensorShapeBase<TensorShape>;
extern template class TensorShapeBase<PartialTensorShape>;

std::ostream& operator<<(std::ostream& os, const TensorShape& s);
std::ostream& operator<<(std::ostream& os, const PartialTensorShape& s);

}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_TENSOR_SHAPE_H_
