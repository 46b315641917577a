#include "framework/tensor.h"

#include <algorithm>
#include <atomic>
#include <cfloat>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <type_traits>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "framework/errors.h"
#include "framework/internal/bool_bytes.h"
#include "framework/internal/tensor_memory.h"
#include "framework/resource_handle.h"
#include "tensorflow/core/framework/resource_handle.pb.h"

namespace tensorflow {

// One aligned allocation shared by every Tensor that views it. String buffers construct and
// destroy their std::string elements; number buffers are plain bytes.
class TensorBuffer {
 public:
  // nullptr when the bytes do not fit size_t or the memory is not there.
  static TensorBuffer* TryAllocate(DataType dtype, int64_t num_elements) {
    const size_t elem = ElementBytes(dtype);
    if (num_elements < 0 || static_cast<uint64_t>(num_elements) > SIZE_MAX / elem) return nullptr;
    const size_t bytes = static_cast<size_t>(num_elements) * elem;
    void* data = tensor_memory::Allocate(bytes);
    if (data == nullptr) return nullptr;
    if (dtype == DT_STRING) {
      auto* s = static_cast<tstring*>(data);
      for (int64_t i = 0; i < num_elements; ++i) new (s + i) tstring();
    } else if (dtype == DT_RESOURCE) {
      auto* h = static_cast<ResourceHandle*>(data);
      for (int64_t i = 0; i < num_elements; ++i) new (h + i) ResourceHandle();
    }
    return new TensorBuffer(dtype, num_elements, bytes, data);
  }

  static size_t ElementBytes(DataType dtype) {
    if (dtype == DT_STRING) return sizeof(tstring);
    if (dtype == DT_RESOURCE) return sizeof(ResourceHandle);
    return static_cast<size_t>(DataTypeSize(dtype));
  }

  void Ref() { refs_.fetch_add(1, std::memory_order_relaxed); }
  void Unref() {
    if (refs_.fetch_sub(1, std::memory_order_acq_rel) == 1) delete this;
  }
  bool RefCountIsOne() const { return refs_.load(std::memory_order_acquire) == 1; }
  void* data() const { return data_; }
  size_t size() const { return bytes_; }

 private:
  TensorBuffer(DataType dtype, int64_t n, size_t bytes, void* data)
      : dtype_(dtype), num_elements_(n), bytes_(bytes), data_(data) {}
  ~TensorBuffer() {
    if (dtype_ == DT_STRING) {
      auto* s = static_cast<tstring*>(data_);
      for (int64_t i = 0; i < num_elements_; ++i) s[i].~tstring();
    } else if (dtype_ == DT_RESOURCE) {
      auto* h = static_cast<ResourceHandle*>(data_);
      for (int64_t i = 0; i < num_elements_; ++i) h[i].~ResourceHandle();
    }
    tensor_memory::Free(data_, bytes_);
  }

  std::atomic<int64_t> refs_{1};
  DataType dtype_;
  int64_t num_elements_;
  size_t bytes_;
  void* data_;
};

Tensor::Tensor() : Tensor(DT_FLOAT) {}

namespace {
// The shape of an empty tensor, copied rather than rebuilt (default tensors are made often).
const TensorShape& EmptyVectorShape() {
  static const TensorShape* shape = new TensorShape({0});
  return *shape;
}
}  // namespace

Tensor::Tensor(DataType type) : shape_(EmptyVectorShape()), dtype_(type) {}

Tensor::Tensor(DataType type, const TensorShape& shape) : shape_(shape), dtype_(type) {
  CHECK(DataTypeIsSupported(type))
      << "minitf: cannot allocate a tensor of type " << DataTypeString(type);
  TF_CHECK_OK(AllocateBuffer());
}

Status Tensor::AllocateBuffer() {
  if (shape_.num_elements() <= 0) return OkStatus();
  buf_ = TensorBuffer::TryAllocate(dtype_, shape_.num_elements());
  if (buf_ == nullptr) {
    return errors::ResourceExhausted(
        "OOM when allocating tensor with shape", shape_.DebugString(), " and type ",
        DataTypeString(dtype_),
        " on /job:localhost/replica:0/task:0/device:CPU:0 by allocator cpu");
  }
  data_ = buf_->data();
  return OkStatus();
}

Status Tensor::BuildTensor(DataType type, const TensorShape& shape, Tensor* out_tensor) {
  if (!DataTypeIsSupported(type)) {
    return errors::InvalidArgument("Type not supported: ", DataTypeString(type));
  }
  // A kernel's output too large for memory is TF's ResourceExhausted, not an abort.
  Tensor t(type);
  t.shape_ = shape;
  TF_RETURN_IF_ERROR(t.AllocateBuffer());
  *out_tensor = std::move(t);
  return OkStatus();
}

Tensor::Tensor(const Tensor& other)
    : shape_(other.shape_), dtype_(other.dtype_), buf_(other.buf_), data_(other.data_) {
  if (buf_) buf_->Ref();
}

Tensor::Tensor(Tensor&& other) noexcept
    : shape_(std::move(other.shape_)), dtype_(other.dtype_), buf_(other.buf_), data_(other.data_) {
  other.buf_ = nullptr;
  other.data_ = nullptr;
  other.shape_ = EmptyVectorShape();
  other.dtype_ = DT_FLOAT;
}

Tensor& Tensor::operator=(const Tensor& other) {
  if (this == &other) return *this;
  if (other.buf_) other.buf_->Ref();
  Unref();
  shape_ = other.shape_;
  dtype_ = other.dtype_;
  buf_ = other.buf_;
  data_ = other.data_;
  return *this;
}

Tensor& Tensor::operator=(Tensor&& other) noexcept {
  if (this == &other) return *this;
  Unref();
  shape_ = std::move(other.shape_);
  dtype_ = other.dtype_;
  buf_ = other.buf_;
  data_ = other.data_;
  other.buf_ = nullptr;
  other.data_ = nullptr;
  other.shape_ = EmptyVectorShape();
  other.dtype_ = DT_FLOAT;
  return *this;
}

Tensor::~Tensor() { Unref(); }

void Tensor::Unref() {
  if (buf_) buf_->Unref();
  buf_ = nullptr;
  data_ = nullptr;
}

bool Tensor::SharesBufferWith(const Tensor& b) const { return buf_ != nullptr && buf_ == b.buf_; }

bool Tensor::IsInitialized() const {
  return (buf_ != nullptr && data_ != nullptr) || shape_.num_elements() == 0;
}

size_t Tensor::TotalBytes() const {
  if (dtype_ != DT_STRING) {
    return static_cast<size_t>(NumElements()) * TensorBuffer::ElementBytes(dtype_);
  }
  // As TF reports it: its 24-byte tstring per element plus every string's bytes.
  constexpr size_t kTfStringBytes = 24;
  size_t total = static_cast<size_t>(NumElements()) * kTfStringBytes;
  const tstring* s = static_cast<const tstring*>(data_);
  for (int64_t i = 0; i < NumElements(); ++i) total += s[i].size();
  return total;
}

size_t Tensor::AllocatedBytes() const { return buf_ ? buf_->size() : 0; }

bool Tensor::IsAligned() const {
  return reinterpret_cast<uintptr_t>(data_) % EIGEN_MAX_ALIGN_BYTES == 0;
}

bool Tensor::RefCountIsOne() const { return buf_ != nullptr && buf_->RefCountIsOne(); }

bool Tensor::CopyFrom(const Tensor& other, const TensorShape& shape) {
  if (other.NumElements() != shape.num_elements()) return false;
  *this = other;
  shape_ = shape;
  return true;
}

Tensor Tensor::Slice(int64_t start, int64_t limit) const {
  CHECK_GE(dims(), 1);
  CHECK_LE(0, start);
  CHECK_LE(start, limit);
  const int64_t dim0 = dim_size(0);
  CHECK_LE(limit, dim0);
  Tensor ret;
  ret.dtype_ = dtype_;
  ret.shape_ = shape_;
  ret.shape_.set_dim(0, limit - start);
  if (ret.NumElements() > 0 && buf_) {
    ret.buf_ = buf_;
    buf_->Ref();
    const int64_t row = dim0 == 0 ? 0 : NumElements() / dim0;
    ret.data_ = static_cast<char*>(data_) + start * row * TensorBuffer::ElementBytes(dtype_);
  }
  return ret;
}

Tensor Tensor::SubSlice(int64_t index) const {
  CHECK_GE(dims(), 1);
  CHECK_LE(0, index);
  CHECK_LT(index, dim_size(0));
  Tensor ret = Slice(index, index + 1);
  ret.shape_.RemoveDim(0);
  return ret;
}

Status Tensor::BitcastFrom(const Tensor& in, DataType dtype, const TensorShape& shape) {
  const int in_size = DataTypeSize(in.dtype());
  const int out_size = DataTypeSize(dtype);
  if (in_size == 0 || out_size == 0 || !DataTypeIsSupported(dtype)) {
    return errors::InvalidArgument("Bitcast needs fixed-size types, got ",
                                   DataTypeString(in.dtype()), " and ", DataTypeString(dtype));
  }
  if (in.NumElements() * in_size != shape.num_elements() * out_size) {
    return errors::InvalidArgument("Bitcast of ", in.shape().DebugString(), " ",
                                   DataTypeString(in.dtype()), " to ", shape.DebugString(), " ",
                                   DataTypeString(dtype), " changes the byte count");
  }
  *this = in;
  dtype_ = dtype;
  shape_ = shape;
  return OkStatus();
}

absl::string_view Tensor::tensor_data() const {
  CHECK(DataTypeCanUseMemcpy(dtype_))
      << "tensor_data() is not defined for " << DataTypeString(dtype_);
  if (data_ == nullptr) return absl::string_view();
  return absl::string_view(static_cast<const char*>(data_), TotalBytes());
}

void Tensor::CheckType(DataType expected) const {
  CHECK_EQ(dtype_, expected) << " " << DataTypeString(expected) << " expected, got "
                             << DataTypeString(dtype_);
}

void Tensor::CheckTypeAndIsAligned(DataType expected) const {
  CheckType(expected);
  CHECK(IsAligned()) << "ptr = " << data_;
}

void Tensor::CheckIsAlignedAndSingleElement() const {
  CHECK(IsAligned()) << "Aligned and single element";
  CHECK_EQ(1, NumElements()) << "Must have a one element tensor";
}

absl::InlinedVector<int64_t, 4> Tensor::ComputeFlatInnerDims(int num_out_dims) const {
  absl::InlinedVector<int64_t, 4> out(num_out_dims, 1);
  const int rank = dims();
  const int offset = rank - num_out_dims;
  for (int d = 0; d < rank; ++d) {
    if (d <= offset) {
      out[0] *= dim_size(d);
    } else {
      out[d - offset] = dim_size(d);
    }
  }
  if (offset < 0) {
    // Fewer dims than asked for: leading 1s, the shape at the end.
    for (int i = 0; i < num_out_dims; ++i) out[i] = 1;
    for (int d = 0; d < rank; ++d) out[d - offset] = dim_size(d);
  }
  return out;
}

absl::InlinedVector<int64_t, 4> Tensor::ComputeFlatOuterDims(int num_out_dims) const {
  absl::InlinedVector<int64_t, 4> out(num_out_dims, 1);
  const int rank = dims();
  for (int d = 0; d < rank; ++d) {
    if (d < num_out_dims - 1) {
      out[d] = dim_size(d);
    } else {
      out[num_out_dims - 1] *= dim_size(d);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// Proto conversion.

namespace {

// Reads/writes one dtype's typed repeated field of a TensorProto.
template <typename T>
struct ProtoField;

#define MINITF_PROTO_FIELD(T, FIELD, CAST)                                 \
  template <>                                                              \
  struct ProtoField<T> {                                                   \
    static int Size(const TensorProto& p) { return p.FIELD##_size(); }     \
    static T Get(const TensorProto& p, int i) { return CAST(p.FIELD(i)); } \
    static void Add(TensorProto* p, const T& v) { p->add_##FIELD(v); }     \
  }

MINITF_PROTO_FIELD(float, float_val, static_cast<float>);
MINITF_PROTO_FIELD(double, double_val, static_cast<double>);
MINITF_PROTO_FIELD(int32_t, int_val, static_cast<int32_t>);
MINITF_PROTO_FIELD(uint8_t, int_val, static_cast<uint8_t>);
MINITF_PROTO_FIELD(int8_t, int_val, static_cast<int8_t>);
MINITF_PROTO_FIELD(int16_t, int_val, static_cast<int16_t>);
MINITF_PROTO_FIELD(uint16_t, int_val, static_cast<uint16_t>);
MINITF_PROTO_FIELD(int64_t, int64_val, static_cast<int64_t>);
MINITF_PROTO_FIELD(uint32_t, uint32_val, static_cast<uint32_t>);
MINITF_PROTO_FIELD(uint64_t, uint64_val, static_cast<uint64_t>);
MINITF_PROTO_FIELD(bool, bool_val, static_cast<bool>);
MINITF_PROTO_FIELD(tstring, string_val, tstring);
#undef MINITF_PROTO_FIELD

// 16-bit floats travel as their bit patterns in half_val.
template <typename H>
struct HalfProtoField {
  static int Size(const TensorProto& p) { return p.half_val_size(); }
  static H Get(const TensorProto& p, int i) {
    return Eigen::numext::bit_cast<H>(static_cast<uint16_t>(p.half_val(i)));
  }
  static void Add(TensorProto* p, const H& v) {
    p->add_half_val(Eigen::numext::bit_cast<uint16_t>(v));
  }
};
template <>
struct ProtoField<Eigen::half> : HalfProtoField<Eigen::half> {};
template <>
struct ProtoField<Eigen::bfloat16> : HalfProtoField<Eigen::bfloat16> {};

// Complex numbers travel as (re, im) pairs.
template <typename C, typename R>
struct ComplexProtoField {
  static const google::protobuf::RepeatedField<R>& Field(const TensorProto& p);
  static google::protobuf::RepeatedField<R>* Mutable(TensorProto* p);
  static int Size(const TensorProto& p) { return Field(p).size() / 2; }
  static C Get(const TensorProto& p, int i) { return C(Field(p)[2 * i], Field(p)[2 * i + 1]); }
  static void Add(TensorProto* p, const C& v) {
    Mutable(p)->Add(v.real());
    Mutable(p)->Add(v.imag());
  }
};
template <>
const google::protobuf::RepeatedField<float>& ComplexProtoField<complex64, float>::Field(
    const TensorProto& p) {
  return p.scomplex_val();
}
template <>
google::protobuf::RepeatedField<float>* ComplexProtoField<complex64, float>::Mutable(
    TensorProto* p) {
  return p->mutable_scomplex_val();
}
template <>
const google::protobuf::RepeatedField<double>& ComplexProtoField<complex128, double>::Field(
    const TensorProto& p) {
  return p.dcomplex_val();
}
template <>
google::protobuf::RepeatedField<double>* ComplexProtoField<complex128, double>::Mutable(
    TensorProto* p) {
  return p->mutable_dcomplex_val();
}
template <>
struct ProtoField<complex64> : ComplexProtoField<complex64, float> {};
template <>
struct ProtoField<complex128> : ComplexProtoField<complex128, double> {};

// TF's string-list encoding for tensor_content: varint32 lengths, then the bytes.
void EncodeStrings(const tstring* s, int64_t n, std::string* out) {
  for (int64_t i = 0; i < n; ++i) {
    uint32_t len = static_cast<uint32_t>(s[i].size());
    while (len >= 0x80) {
      out->push_back(static_cast<char>((len & 0x7f) | 0x80));
      len >>= 7;
    }
    out->push_back(static_cast<char>(len));
  }
  for (int64_t i = 0; i < n; ++i) out->append(s[i]);
}

bool DecodeStrings(const std::string& in, tstring* s, int64_t n) {
  size_t pos = 0;
  std::vector<uint32_t> lens(n);
  for (int64_t i = 0; i < n; ++i) {
    uint32_t len = 0;
    int shift = 0;
    while (true) {
      if (pos >= in.size() || shift > 28) return false;
      uint8_t b = static_cast<uint8_t>(in[pos++]);
      len |= static_cast<uint32_t>(b & 0x7f) << shift;
      if (!(b & 0x80)) break;
      shift += 7;
    }
    lens[i] = len;
  }
  for (int64_t i = 0; i < n; ++i) {
    if (in.size() - pos < lens[i]) return false;
    s[i].assign(in.data() + pos, lens[i]);
    pos += lens[i];
  }
  return pos == in.size();
}

template <typename T>
bool FillFromProto(const TensorProto& proto, Tensor* t) {
  T* out = static_cast<T*>(t->data());
  const int64_t n = t->NumElements();
  if (!proto.tensor_content().empty()) {
    if constexpr (std::is_same<T, tstring>::value) {
      return DecodeStrings(proto.tensor_content(), out, n);
    } else {
      if (proto.tensor_content().size() != static_cast<size_t>(n) * sizeof(T)) return false;
      if (n > 0) std::memcpy(out, proto.tensor_content().data(), n * sizeof(T));
      if constexpr (std::is_same<T, bool>::value) internal::NormalizeBoolBytes(out, n);
      return true;
    }
  }
  const int have = ProtoField<T>::Size(proto);
  if (have > n) return false;
  for (int64_t i = 0; i < n; ++i) {
    if (have == 0) {
      out[i] = T();
    } else {
      out[i] = ProtoField<T>::Get(proto, i < have ? static_cast<int>(i) : have - 1);
    }
  }
  return true;
}

}  // namespace

bool Tensor::FromProto(const TensorProto& proto) {
  const DataType type = proto.dtype();
  if (!DataTypeIsSupported(type)) return false;
  TensorShape shape;
  if (!TensorShape::BuildTensorShape(proto.tensor_shape(), &shape).ok()) return false;
  // Untrusted protos: the bytes must be the shape's before the shape sizes an allocation, and
  // an allocation that fails (a huge shape filled from one value) is a parse failure.
  const uint64_t content = proto.tensor_content().size();
  const auto n = static_cast<uint64_t>(shape.num_elements());
  if (content != 0 &&
      (type == DT_STRING ? n > content  // each string takes a length byte
                         : n * static_cast<uint64_t>(DataTypeSize(type)) != content)) {
    return false;
  }
  Tensor t;
  if (!BuildTensor(type, shape, &t).ok()) return false;
  bool ok = false;
  switch (type) {
#define MINITF_FROM_PROTO_CASE(T)     \
  case DataTypeToEnum<T>::value:      \
    ok = FillFromProto<T>(proto, &t); \
    break;
    MINITF_CALL_ALL_TYPES(MINITF_FROM_PROTO_CASE)
#undef MINITF_FROM_PROTO_CASE
    case DT_RESOURCE: {
      const int64_t n = t.NumElements();
      ok = proto.resource_handle_val_size() == n && proto.tensor_content().empty();
      for (int64_t i = 0; ok && i < n; ++i) {
        ok = t.flat<ResourceHandle>()(i).FromProto(proto.resource_handle_val(i)).ok();
      }
      break;
    }
    default:
      ok = false;
  }
  if (!ok) return false;
  *this = std::move(t);
  return true;
}

void Tensor::AsProtoField(TensorProto* proto) const {
  proto->Clear();
  proto->set_dtype(dtype_);
  shape_.AsProto(proto->mutable_tensor_shape());
  const int64_t n = NumElements();
  switch (dtype_) {
#define MINITF_AS_FIELD_CASE(T)                                      \
  case DataTypeToEnum<T>::value: {                                   \
    const T* p = base<const T>();                                    \
    for (int64_t i = 0; i < n; ++i) ProtoField<T>::Add(proto, p[i]); \
    break;                                                           \
  }
    MINITF_CALL_ALL_TYPES(MINITF_AS_FIELD_CASE)
#undef MINITF_AS_FIELD_CASE
    case DT_RESOURCE:
      for (int64_t i = 0; i < n; ++i) {
        base<const ResourceHandle>()[i].AsProto(proto->add_resource_handle_val());
      }
      break;
    default:
      LOG(FATAL) << "Unexpected Tensor type: " << DataTypeString(dtype_);
  }
}

void Tensor::AsProtoTensorContent(TensorProto* proto) const {
  proto->Clear();
  proto->set_dtype(dtype_);
  shape_.AsProto(proto->mutable_tensor_shape());
  if (NumElements() == 0) return;
  if (dtype_ == DT_RESOURCE) {  // no byte encoding: the handles' protos, as TF
    AsProtoField(proto);
  } else if (dtype_ == DT_STRING) {
    EncodeStrings(base<const tstring>(), NumElements(), proto->mutable_tensor_content());
  } else {
    proto->set_tensor_content(static_cast<const char*>(data_), TotalBytes());
  }
}

// ---------------------------------------------------------------------------------------
// Printing.

namespace {

// TF prints floats with the shortest of %.6g / %.9g that reads back exactly
// (doubles: %.15g / %.17g).
template <typename F>
std::string RoundTripString(F v, int short_digits, int long_digits) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.*g", short_digits, static_cast<double>(v));
  F parsed;
  if constexpr (std::is_same<F, float>::value) {
    parsed = std::strtof(buf, nullptr);
  } else {
    parsed = std::strtod(buf, nullptr);
  }
  if (!(parsed == v)) std::snprintf(buf, sizeof(buf), "%.*g", long_digits, static_cast<double>(v));
  std::string s(buf);
  // TF writes "nan"/"inf" without a sign for NaN and with "-" for -inf, as printf does.
  if (s == "-nan") s = "nan";
  return s;
}

std::string PrintOneElement(float v, bool) { return RoundTripString(v, FLT_DIG, FLT_DIG + 3); }
std::string PrintOneElement(double v, bool) { return RoundTripString(v, DBL_DIG, DBL_DIG + 2); }
std::string PrintOneElement(Eigen::half v, bool b) {
  return PrintOneElement(static_cast<float>(v), b);
}
std::string PrintOneElement(Eigen::bfloat16 v, bool b) {
  return PrintOneElement(static_cast<float>(v), b);
}
std::string PrintOneElement(bool v, bool) { return v ? "1" : "0"; }
std::string PrintOneElement(int8_t v, bool) { return absl::StrCat(static_cast<int>(v)); }
std::string PrintOneElement(uint8_t v, bool) { return absl::StrCat(static_cast<int>(v)); }
template <typename I>
std::string PrintOneElement(I v, bool) {
  return absl::StrCat(v);
}
std::string PrintOneElement(const tstring& s, bool print_v2) {
  std::string escaped = absl::Utf8SafeCEscape(s);
  return print_v2 ? absl::StrCat("\"", escaped, "\"") : escaped;
}

template <typename T>
void PrintOneDim(int dim_index, const absl::InlinedVector<int64_t, 4>& shape, int64_t limit,
                 const T* data, int64_t* data_index, std::string* result) {
  if (*data_index >= limit) return;
  const int64_t count = shape[dim_index];
  const int rank = static_cast<int>(shape.size());
  if (dim_index == rank - 1) {
    for (int64_t i = 0; i < count; ++i) {
      if (*data_index >= limit) {
        if (dim_index != 0) result->append("...");
        return;
      }
      if (i > 0) result->append(" ");
      result->append(PrintOneElement(data[(*data_index)++], false));
    }
    return;
  }
  for (int64_t i = 0; i < count; ++i) {
    bool opened = false;
    if (*data_index < limit) {
      result->append("[");
      opened = true;
    }
    PrintOneDim(dim_index + 1, shape, limit, data, data_index, result);
    if (*data_index < limit || opened) result->append("]");
  }
}

// Spacing between two elements of dimension `dim` in the v2 layout: a space for the last
// dimension, else one newline per remaining dimension and an indent of dim + 1.
void AppendDimSpacing(int dim, int rank, std::string* out) {
  if (dim == rank - 1) {
    out->append(" ");
    return;
  }
  out->append(std::string(rank - dim - 1, '\n'));
  out->append(std::string(dim + 1, ' '));
}

// numpy-like layout for print_v2 ("[[1 2]\n [3 4]]"): at most `edge` entries at each end of
// every dimension, "..." between them when more exist.
template <typename T>
void PrintDimV2(int dim, const absl::InlinedVector<int64_t, 4>& shape, int64_t edge, const T* data,
                int64_t offset, std::string* out) {
  const int rank = static_cast<int>(shape.size());
  if (dim == rank) {
    out->append(PrintOneElement(data[offset], true));
    return;
  }
  out->append("[");
  const int64_t count = shape[dim];
  int64_t stride = 1;
  for (int d = dim + 1; d < rank; ++d) stride *= shape[d];
  for (int64_t i = 0; i < edge && i < count; ++i) {
    if (i > 0) AppendDimSpacing(dim, rank, out);
    PrintDimV2(dim + 1, shape, edge, data, offset + stride * i, out);
  }
  if (count > 2 * edge) {
    AppendDimSpacing(dim, rank, out);
    out->append("...");
  }
  for (int64_t i = std::max(edge, count - edge); i < count; ++i) {
    AppendDimSpacing(dim, rank, out);
    PrintDimV2(dim + 1, shape, edge, data, offset + stride * i, out);
  }
  out->append("]");
}

template <typename T>
std::string SummarizeArray(int64_t limit, int64_t num_elts, const TensorShape& shape,
                           const void* raw, bool print_v2) {
  const T* data = static_cast<const T*>(raw);
  std::string ret;
  const absl::InlinedVector<int64_t, 4> dims = shape.dim_sizes();
  if (dims.empty()) {
    for (int64_t i = 0; i < limit; ++i) {
      if (i > 0) ret.append(" ");
      ret.append(PrintOneElement(data[i], print_v2));
    }
    if (num_elts > limit) ret.append("...");
    return ret;
  }
  if (print_v2) {
    PrintDimV2(0, dims, limit, data, 0, &ret);
    return ret;
  }
  int64_t data_index = 0;
  PrintOneDim(0, dims, limit, data, &data_index, &ret);
  if (num_elts > limit) ret.append("...");
  return ret;
}

}  // namespace

std::string Tensor::SummarizeValue(int64_t max_entries, bool print_v2) const {
  const int64_t num_elts = NumElements();
  if (max_entries < 0) max_entries = num_elts;
  const int64_t limit = std::min(max_entries, num_elts);
  if (limit > 0 && buf_ == nullptr) {
    return absl::StrCat("uninitialized Tensor of ", num_elts, " elements of type ",
                        static_cast<int>(dtype_));
  }
  switch (dtype_) {
#define MINITF_SUMMARIZE_CASE(T) \
  case DataTypeToEnum<T>::value: \
    return SummarizeArray<T>(limit, num_elts, shape_, data_, print_v2);
    MINITF_CALL_REAL_NUMBER_TYPES(MINITF_SUMMARIZE_CASE)
    MINITF_SUMMARIZE_CASE(tstring)
#undef MINITF_SUMMARIZE_CASE
    case DT_RESOURCE: {
      std::string ret;
      for (int64_t i = 0; i < limit; ++i) {
        absl::StrAppend(&ret, i > 0 ? " " : "", "<",
                        static_cast<const ResourceHandle*>(data_)[i].SummarizeValue(), ">");
      }
      if (max_entries < num_elts) ret.append("...");
      return ret;
    }
    default: {
      // TF prints no value for the remaining types (complex among them): one "?" each.
      std::string ret = print_v2 && dims() > 0 ? "[" : "";
      for (int64_t i = 0; i < limit; ++i) ret.append(i > 0 ? " ?" : "?");
      if (max_entries < num_elts) ret.append("...");
      if (print_v2 && dims() > 0) ret.append("]");
      return ret;
    }
  }
}

std::string Tensor::DebugString(int num_values) const {
  return absl::StrCat("Tensor<type: ", DataTypeString(dtype_), " shape: ", shape_.DebugString(),
                      " values: ", SummarizeValue(num_values), ">");
}

std::string Tensor::DeviceSafeDebugString() const {
  return absl::StrCat("Tensor<type: ", DataTypeString(dtype_), " shape: ", shape_.DebugString(),
                      ">");
}

std::ostream& operator<<(std::ostream& out, const Tensor& tensor) {
  return out << tensor.DebugString(100);
}

namespace tensor {
Tensor DeepCopy(const Tensor& other) {
  Tensor copy(other.dtype(), other.shape());
  if (other.NumElements() == 0) return copy;
  if (other.dtype() == DT_STRING) {
    const tstring* src = static_cast<const tstring*>(other.data());
    tstring* dst = static_cast<tstring*>(copy.data());
    for (int64_t i = 0; i < other.NumElements(); ++i) dst[i] = src[i];
  } else if (other.dtype() == DT_RESOURCE) {
    const ResourceHandle* src = static_cast<const ResourceHandle*>(other.data());
    ResourceHandle* dst = static_cast<ResourceHandle*>(copy.data());
    for (int64_t i = 0; i < other.NumElements(); ++i) dst[i] = src[i];
  } else {
    std::memcpy(copy.data(), other.data(), other.TotalBytes());
  }
  return copy;
}

std::vector<int64_t> IntValues(const Tensor& t) {
  std::vector<int64_t> v(t.NumElements());
  auto copy = [&](const auto* p) { std::copy(p, p + v.size(), v.begin()); };
  switch (t.dtype()) {
    case DT_INT32:
      copy(t.flat<int32_t>().data());
      break;
    case DT_INT64:
      copy(t.flat<int64_t>().data());
      break;
    case DT_INT16:
      copy(t.flat<int16_t>().data());
      break;
    case DT_INT8:
      copy(t.flat<int8_t>().data());
      break;
    case DT_UINT8:
      copy(t.flat<uint8_t>().data());
      break;
    case DT_UINT16:
      copy(t.flat<uint16_t>().data());
      break;
    case DT_UINT32:
      copy(t.flat<uint32_t>().data());
      break;
    default:
      copy(t.flat<int64_t>().data());
      break;
  }
  return v;
}

Status MakeShape(const Tensor& shape, TensorShape* out) {
  if (shape.dims() != 1) {
    return errors::InvalidArgument("shape must be a vector of {int32,int64}, got shape ",
                                   shape.shape().DebugString());
  }
  if (shape.dtype() == DT_INT32) {
    const int32_t* v = shape.flat<int32_t>().data();
    return TensorShapeUtils::MakeShape(absl::Span<const int32_t>(v, shape.NumElements()), out);
  }
  if (shape.dtype() == DT_INT64) {
    const int64_t* v = shape.flat<int64_t>().data();
    return TensorShapeUtils::MakeShape(absl::Span<const int64_t>(v, shape.NumElements()), out);
  }
  return errors::InvalidArgument("shape must be a vector of {int32,int64}.");
}

Status Concat(absl::Span<const Tensor> tensors, Tensor* result) {
  if (tensors.empty()) return errors::InvalidArgument("Cannot concatenate zero tensors");
  const Tensor& first = tensors[0];
  int64_t rows = 0;
  for (const Tensor& t : tensors) {
    if (t.dims() == 0) {
      return errors::InvalidArgument("Cannot concatenate a zero-dimensional tensor");
    }
    if (t.dtype() != first.dtype()) {
      return errors::InvalidArgument(
          "Cannot concatenate tensors that have different data types. Got ",
          DataTypeString(first.dtype()), " and ", DataTypeString(t.dtype()), ".");
    }
    bool same_rows = t.dims() == first.dims();
    for (int d = 1; same_rows && d < t.dims(); ++d) same_rows = t.dim_size(d) == first.dim_size(d);
    if (!same_rows) {
      return errors::InvalidArgument("Cannot concatenate tensors of shapes ",
                                     first.shape().DebugString(), " and ", t.shape().DebugString(),
                                     " along dimension 0");
    }
    rows += t.dim_size(0);
  }
  TensorShape shape = first.shape();
  TF_RETURN_IF_ERROR(shape.SetDimWithStatus(0, rows));
  Tensor out;
  TF_RETURN_IF_ERROR(Tensor::BuildTensor(first.dtype(), shape, &out));
  int64_t at = 0;  // elements written so far
  for (const Tensor& t : tensors) {
    const int64_t n = t.NumElements();
    if (n == 0) continue;
    if (t.dtype() == DT_STRING) {
      const tstring* src = static_cast<const tstring*>(t.data());
      tstring* dst = static_cast<tstring*>(out.data()) + at;
      for (int64_t i = 0; i < n; ++i) dst[i] = src[i];
    } else if (t.dtype() == DT_RESOURCE) {
      const ResourceHandle* src = static_cast<const ResourceHandle*>(t.data());
      ResourceHandle* dst = static_cast<ResourceHandle*>(out.data()) + at;
      for (int64_t i = 0; i < n; ++i) dst[i] = src[i];
    } else {
      std::memcpy(static_cast<char*>(out.data()) + at * DataTypeSize(t.dtype()), t.data(),
                  t.TotalBytes());
    }
    at += n;
  }
  *result = std::move(out);
  return OkStatus();
}
}  // namespace tensor

}  // namespace tensorflow
