#include "framework/tensor_shape.h"

#include <algorithm>
#include <limits>
#include <type_traits>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "framework/errors.h"
#include "framework/internal/shape_error_sink.h"

namespace tensorflow {

namespace shape_internal {
namespace {
thread_local ScopedShapeErrorSink* g_sink = nullptr;
}  // namespace

ScopedShapeErrorSink::ScopedShapeErrorSink() : previous_(g_sink) { g_sink = this; }
ScopedShapeErrorSink::~ScopedShapeErrorSink() { g_sink = previous_; }

void CheckOrRecord(const Status& s) {
  if (s.ok()) return;
  if (g_sink == nullptr) {
    LOG(FATAL) << "Non-OK-status: " << s;
  } else if (g_sink->status_.ok()) {
    g_sink->status_ = s;
  }
}
}  // namespace shape_internal

template <class Shape>
TensorShapeBase<Shape>::TensorShapeBase()
    : unknown_rank_(kIsPartial), num_elements_(kIsPartial ? -1 : 1) {}

template <class Shape>
TensorShapeBase<Shape>::TensorShapeBase(absl::Span<const int64_t> dim_sizes) {
  shape_internal::CheckOrRecord(BuildTensorShapeBase(dim_sizes, static_cast<Shape*>(this)));
}

template <class Shape>
TensorShapeBase<Shape>::TensorShapeBase(const TensorShapeProto& proto) {
  shape_internal::CheckOrRecord(BuildTensorShapeBase(proto, static_cast<Shape*>(this)));
}

template <class Shape>
Status TensorShapeBase<Shape>::CheckSize(int64_t size) const {
  if (kIsPartial ? size < -1 : size < 0) {
    return errors::InvalidArgument(kIsPartial ? "Expected a known dimension or -1, got "
                                              : "Expected a non-negative size, got ",
                                   size);
  }
  return OkStatus();
}

template <class Shape>
Status TensorShapeBase<Shape>::RecomputeNumElements() {
  if (unknown_rank_) {
    num_elements_ = -1;
    return OkStatus();
  }
  int64_t n = 1;
  bool unknown = false;
  for (int64_t d : dims_) {
    if (d < 0) {
      unknown = true;
      continue;
    }
    if (d != 0 && n > std::numeric_limits<int64_t>::max() / d) {
      num_elements_ = -1;
      return errors::InvalidArgument("Shape ", DebugString(),
                                     " results in overflow when computing number of elements");
    }
    n *= d;
  }
  num_elements_ = unknown ? -1 : n;
  return OkStatus();
}

template <class Shape>
Status TensorShapeBase<Shape>::BuildTensorShapeBase(absl::Span<const int64_t> dim_sizes,
                                                    Shape* out) {
  out->Clear();
  if (static_cast<int>(dim_sizes.size()) > MaxDimensions()) {
    return errors::InvalidArgument("Too many dimensions in tensor: ", dim_sizes.size(), " > ",
                                   MaxDimensions());
  }
  // One pass: validate every size, then take them all (this runs for every Tensor made).
  for (int64_t d : dim_sizes) TF_RETURN_IF_ERROR(out->CheckSize(d));
  out->dims_.assign(dim_sizes.begin(), dim_sizes.end());
  Status s = out->RecomputeNumElements();
  if (!s.ok()) out->Clear();
  return s;
}

template <class Shape>
Status TensorShapeBase<Shape>::IsValidShape(const TensorShapeProto& proto) {
  // A TensorShape ignores unknown_rank (TF keeps accepting such protos for compatibility).
  if (kIsPartial && proto.unknown_rank()) {
    if (proto.dim_size() > 0) {
      return errors::InvalidArgument("An unknown shape must not have any dimensions set.");
    }
    return OkStatus();
  }
  if (proto.dim_size() > MaxDimensions()) {
    return errors::InvalidArgument("Shape ", DebugString(proto), " has too many dimensions");
  }
  Shape probe;
  probe.Clear();
  for (const auto& d : proto.dim()) {
    Status s = probe.AddDimWithStatus(d.size());
    if (!s.ok()) {
      return errors::InvalidArgument("Shape ", DebugString(proto), " has ",
                                     d.size() < 0 ? "negative dimensions" : "invalid size", ": ",
                                     s.message());
    }
  }
  return OkStatus();
}

template <class Shape>
bool TensorShapeBase<Shape>::IsValid(const TensorShapeProto& proto) {
  return IsValidShape(proto).ok();
}

template <class Shape>
Status TensorShapeBase<Shape>::BuildTensorShapeBase(const TensorShapeProto& proto, Shape* out) {
  TF_RETURN_IF_ERROR(IsValidShape(proto));
  out->Clear();
  if (kIsPartial && proto.unknown_rank()) {
    out->unknown_rank_ = true;
    out->num_elements_ = -1;
    return OkStatus();
  }
  for (const auto& d : proto.dim()) TF_RETURN_IF_ERROR(out->AddDimWithStatus(d.size()));
  return OkStatus();
}

template <class Shape>
Status TensorShapeBase<Shape>::AddDimWithStatus(int64_t size) {
  TF_RETURN_IF_ERROR(CheckSize(size));
  if (unknown_rank_) return OkStatus();
  if (dims() >= MaxDimensions()) {
    return errors::InvalidArgument("Too many dimensions in tensor");
  }
  int64_t product = 0;
  if (num_elements_ >= 0 && size >= 0 && __builtin_mul_overflow(num_elements_, size, &product)) {
    // TF's MultiplyWithoutOverflow: -1 when the unsigned product overflows, else that product
    // read as signed (negative), which its message shows.
    uint64_t wide = 0;
    const int64_t shown = __builtin_mul_overflow(static_cast<uint64_t>(num_elements_),
                                                 static_cast<uint64_t>(size), &wide)
                              ? -1
                              : static_cast<int64_t>(wide);
    return errors::InvalidArgument("Encountered overflow when multiplying ", num_elements_,
                                   " with ", size, ", result: ", shown);
  }
  dims_.push_back(size);
  // A partial shape's known sizes are still checked together (RecomputeNumElements).
  Status s = RecomputeNumElements();
  if (!s.ok()) dims_.pop_back(), RecomputeNumElements().IgnoreError();
  return s;
}

template <class Shape>
void TensorShapeBase<Shape>::AddDim(int64_t size) {
  shape_internal::CheckOrRecord(AddDimWithStatus(size));
}

template <class Shape>
void TensorShapeBase<Shape>::AppendShape(const TensorShapeBase& shape) {
  if (shape.unknown_rank()) {
    dims_.clear();
    unknown_rank_ = true;
    num_elements_ = -1;
    return;
  }
  for (int64_t d : shape.dims_) AddDim(d);
}

template <class Shape>
Status TensorShapeBase<Shape>::InsertDimWithStatus(int d, int64_t size) {
  TF_RETURN_IF_ERROR(CheckSize(size));
  if (unknown_rank_) return OkStatus();
  if (d < 0) return errors::Internal("The insertion index must be non-negative, got ", d);
  if (d > dims()) {
    return errors::Internal("The insertion index must be at most ", dims(), " got ", d);
  }
  if (dims() >= MaxDimensions()) {
    return errors::Internal("Shape has ", dims(), " dimensions which is the maximum allowed");
  }
  dims_.insert(dims_.begin() + d, size);
  Status s = RecomputeNumElements();
  if (!s.ok()) dims_.erase(dims_.begin() + d), RecomputeNumElements().IgnoreError();
  return s;
}

template <class Shape>
void TensorShapeBase<Shape>::InsertDim(int d, int64_t size) {
  shape_internal::CheckOrRecord(InsertDimWithStatus(d, size));
}

template <class Shape>
Status TensorShapeBase<Shape>::SetDimWithStatus(int d, int64_t size) {
  if (d < 0) return errors::InvalidArgument("Index must be non-negative, got ", d);
  if (d >= dims()) return errors::InvalidArgument("Index must be less than ", dims(), ", got ", d);
  TF_RETURN_IF_ERROR(CheckSize(size));
  int64_t old = dims_[d];
  dims_[d] = size;
  Status s = RecomputeNumElements();
  if (!s.ok()) dims_[d] = old, RecomputeNumElements().IgnoreError();
  return s;
}

template <class Shape>
void TensorShapeBase<Shape>::set_dim(int d, int64_t size) {
  shape_internal::CheckOrRecord(SetDimWithStatus(d, size));
}

template <class Shape>
void TensorShapeBase<Shape>::RemoveDimRange(int begin, int end) {
  shape_internal::CheckOrRecord(RemoveDimRangeWithStatus(begin, end));
}

template <class Shape>
Status TensorShapeBase<Shape>::RemoveDimRangeWithStatus(int begin, int end) {
  if (unknown_rank_) return OkStatus();
  if (begin < 0) begin += dims() + 1;
  if (end < 0) end += dims() + 1;
  if (begin < 0) return errors::Internal("Start index must be non-negative, got ", begin);
  if (begin > dims()) {
    return errors::Internal("Start index must be less than ", dims(), ", got ", begin);
  }
  if (end < 0) return errors::Internal("End index must be non-negative, got ", end);
  if (end > dims()) {
    return errors::Internal("End index must be less than ", dims(), ", got ", end);
  }
  if (begin >= end) return OkStatus();
  dims_.erase(dims_.begin() + begin, dims_.begin() + end);
  return RecomputeNumElements();
}

template <class Shape>
Status TensorShapeBase<Shape>::AppendShapeWithStatus(const TensorShapeBase& shape) {
  for (int d = 0; d < shape.dims(); ++d) TF_RETURN_IF_ERROR(AddDimWithStatus(shape.dims_[d]));
  return OkStatus();
}

template <class Shape>
void TensorShapeBase<Shape>::Clear() {
  dims_.clear();
  unknown_rank_ = false;
  num_elements_ = 1;
  data_type_ = DT_INVALID;
}

template <class Shape>
int64_t TensorShapeBase<Shape>::dim_size(int d) const {
  if (unknown_rank_) return -1;
  CHECK_GE(d, 0);
  CHECK_LT(d, dims());
  return dims_[d];
}

template <class Shape>
bool TensorShapeBase<Shape>::IsFullyDefined() const {
  return !unknown_rank_ && num_elements_ >= 0;
}

template <class Shape>
void TensorShapeBase<Shape>::AsProto(TensorShapeProto* proto) const {
  proto->Clear();
  if (unknown_rank_) {
    proto->set_unknown_rank(true);
    return;
  }
  for (int64_t d : dims_) proto->add_dim()->set_size(d);
}

template <class Shape>
TensorShapeProto TensorShapeBase<Shape>::AsProto() const {
  TensorShapeProto p;
  AsProto(&p);
  return p;
}

namespace {
std::string DimString(int64_t d) { return d < 0 ? "?" : absl::StrCat(d); }
}  // namespace

template <class Shape>
std::string TensorShapeBase<Shape>::DebugString() const {
  if (unknown_rank_) return "<unknown>";
  return absl::StrCat(
      "[",
      absl::StrJoin(dims_, ",", [](std::string* out, int64_t d) { out->append(DimString(d)); }),
      "]");
}

template <class Shape>
std::string TensorShapeBase<Shape>::DebugString(const TensorShapeProto& proto) {
  if (proto.unknown_rank()) return "<unknown>";
  std::string s = "[";
  for (int i = 0; i < proto.dim_size(); ++i) {
    if (i > 0) s += ",";
    s += DimString(proto.dim(i).size());
  }
  return s + "]";
}

template class TensorShapeBase<TensorShape>;
template class TensorShapeBase<PartialTensorShape>;

TensorShape::operator PartialTensorShape() const {
  return PartialTensorShape(absl::Span<const int64_t>(dims_.data(), dims_.size()));
}

PartialTensorShape PartialTensorShape::Concatenate(int64_t size) const {
  PartialTensorShape out = *this;
  out.AddDim(size);
  return out;
}

PartialTensorShape PartialTensorShape::Concatenate(const PartialTensorShape& shape) const {
  if (unknown_rank() || shape.unknown_rank()) return PartialTensorShape();
  PartialTensorShape out = *this;
  for (int64_t d : shape.dims_) out.AddDim(d);
  return out;
}

Status PartialTensorShape::MergeWith(const PartialTensorShape& shape,
                                     PartialTensorShape* result) const {
  if (unknown_rank()) {
    *result = shape;
    return OkStatus();
  }
  if (shape.unknown_rank()) {
    *result = *this;
    return OkStatus();
  }
  if (dims() != shape.dims()) {
    return errors::InvalidArgument("PartialTensorShape: Incompatible ranks during merge: ", dims(),
                                   " vs. ", shape.dims());
  }
  PartialTensorShape merged;
  merged.Clear();
  for (int i = 0; i < dims(); ++i) {
    int64_t a = dims_[i], b = shape.dims_[i];
    if (a >= 0 && b >= 0 && a != b) {
      return errors::InvalidArgument("PartialTensorShape: Incompatible shapes during merge: ",
                                     DebugString(), " vs. ", shape.DebugString());
    }
    merged.AddDim(a >= 0 ? a : b);
  }
  *result = merged;
  return OkStatus();
}

PartialTensorShape PartialTensorShape::Merge(const PartialTensorShape& shape) const {
  PartialTensorShape out;
  shape_internal::CheckOrRecord(MergeWith(shape, &out));
  return out;
}

bool PartialTensorShape::IsIdenticalTo(const PartialTensorShape& shape) const {
  return unknown_rank_ == shape.unknown_rank_ && dims_ == shape.dims_;
}

bool PartialTensorShape::IsCompatibleWith(const PartialTensorShape& shape) const {
  if (unknown_rank() || shape.unknown_rank()) return true;
  if (dims() != shape.dims()) return false;
  for (int i = 0; i < dims(); ++i) {
    int64_t a = dims_[i], b = shape.dims_[i];
    if (a >= 0 && b >= 0 && a != b) return false;
  }
  return true;
}

bool PartialTensorShape::AsTensorShape(TensorShape* shape) const {
  if (!IsFullyDefined()) return false;
  return TensorShape::BuildTensorShape(absl::Span<const int64_t>(dims_.data(), dims_.size()), shape)
      .ok();
}

namespace {
template <typename Int, typename Out>
Status MakeShapeImpl(absl::Span<const Int> dims, Out* out) {
  // TF's MakeShapeHelper words a bad size its own way before building the shape.
  constexpr int64_t kMin = std::is_same<Out, PartialTensorShape>::value ? -1 : 0;
  int64_t product = 1;
  for (Int d : dims) {
    if (d < kMin) return errors::InvalidArgument("Dimension ", d, " must be >= ", kMin);
    if (d >= 0 && __builtin_mul_overflow(product, static_cast<int64_t>(d), &product)) {
      return errors::InvalidArgument("Shape [", absl::StrJoin(dims, ","),
                                     "] would have more than 2**63 - 1 elements");
    }
  }
  std::vector<int64_t> sizes(dims.begin(), dims.end());
  return Out::BuildTensorShapeBase(sizes, out);
}
}  // namespace

Status TensorShapeUtils::MakeShape(absl::Span<const int32_t> dims, TensorShape* out) {
  return MakeShapeImpl(dims, out);
}
Status TensorShapeUtils::MakeShape(absl::Span<const int64_t> dims, TensorShape* out) {
  return MakeShapeImpl(dims, out);
}
Status TensorShapeUtils::MakeShape(absl::Span<const int32_t> dims, PartialTensorShape* out) {
  return MakeShapeImpl(dims, out);
}
Status TensorShapeUtils::MakeShape(absl::Span<const int64_t> dims, PartialTensorShape* out) {
  return MakeShapeImpl(dims, out);
}

std::string TensorShapeUtils::ShapeListString(absl::Span<const TensorShape> shapes) {
  return absl::StrCat(
      "[",
      absl::StrJoin(shapes, ", ",
                    [](std::string* out, const TensorShape& s) { out->append(s.DebugString()); }),
      "]");
}

std::string SliceDebugString(const TensorShape& shape, int64_t flat) {
  const int dims = shape.dims();
  if (dims == 0) return "";
  std::vector<int64_t> coords(dims);
  for (int d = dims - 1; d >= 0; --d) {
    const int64_t size = std::max<int64_t>(shape.dim_size(d), 1);
    coords[d] = d == 0 ? flat : flat % size;
    flat /= size;
  }
  return absl::StrCat("[", absl::StrJoin(coords, ","), "]");
}

Status TensorShapeUtils::NumElements(absl::Span<const int64_t> shape, int64_t* num_elements) {
  int64_t n = 1;
  for (int64_t d : shape) {
    if (d < 0 || __builtin_mul_overflow(n, d, &n)) {
      return errors::InvalidArgument("Can't compute total size of shape [",
                                     absl::StrJoin(shape, ","), "]; product would overflow int64");
    }
  }
  *num_elements = n;
  return OkStatus();
}

Status PartialTensorShape::ConcatenateWithStatus(int64_t size, PartialTensorShape* out) const {
  *out = *this;
  return out->AddDimWithStatus(size);
}

Status PartialTensorShape::ConcatenateWithStatus(const PartialTensorShape& shape,
                                                 PartialTensorShape* out) const {
  if (unknown_rank() || shape.unknown_rank()) {
    *out = PartialTensorShape();
    return OkStatus();
  }
  *out = *this;
  return out->AppendShapeWithStatus(shape);
}

bool TensorShapeUtils::StartsWith(const TensorShape& shape, const TensorShape& prefix) {
  if (shape.dims() < prefix.dims()) return false;
  for (int i = 0; i < prefix.dims(); ++i) {
    if (shape.dim_size(i) != prefix.dim_size(i)) return false;
  }
  return true;
}

bool TensorShapeUtils::EndsWith(const TensorShape& shape, const TensorShape& suffix) {
  const int offset = shape.dims() - suffix.dims();
  if (offset < 0) return false;
  for (int i = 0; i < suffix.dims(); ++i) {
    if (shape.dim_size(offset + i) != suffix.dim_size(i)) return false;
  }
  return true;
}

std::ostream& operator<<(std::ostream& os, const TensorShape& s) { return os << s.DebugString(); }
std::ostream& operator<<(std::ostream& os, const PartialTensorShape& s) {
  return os << s.DebugString();
}

}  // namespace tensorflow
