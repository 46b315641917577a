#include "cli/npy.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "framework/internal/bool_bytes.h"
#include "framework/internal/wrapping.h"

namespace minitf {
namespace {

using tensorflow::DataType;
using tensorflow::Tensor;
using tensorflow::TensorShape;

constexpr absl::string_view kMagic("\x93NUMPY", 6);
constexpr size_t kAlign = 64;             // NumPy's ARRAY_ALIGN
constexpr size_t kGrowthAxisDigits = 21;  // NumPy's GROWTH_AXIS_MAX_DIGITS

// What a descr names: a minitf dtype, the bytes per element, and how to decode them.
struct ElementType {
  DataType dtype = tensorflow::DT_INVALID;
  int64_t item_bytes = 0;
  int64_t swap_unit = 1;  // bytes per byte-swapped unit (half an element for complex)
  bool big_endian = false;
  enum Text { kNone, kBytes, kUcs4 } text = kNone;
};

struct Header {
  ElementType element;
  bool fortran_order = false;
  std::vector<int64_t> shape;
};

absl::Status Bad(absl::string_view what, absl::string_view problem) {
  return absl::InvalidArgumentError(absl::StrCat(what, ": not a valid .npy file: ", problem));
}

absl::StatusOr<ElementType> ParseDescr(absl::string_view descr, absl::string_view what) {
  ElementType e;
  if (descr.size() < 2 || !absl::StrContains("<>|=", descr[0])) {
    return Bad(what, absl::StrCat("descr '", descr,
                                  "' is not a byte order and a type (structured and object "
                                  "arrays are not supported)"));
  }
  e.big_endian = descr[0] == '>';
  const char kind = descr[1];
  int64_t size = 0;
  if (!absl::SimpleAtoi(descr.substr(2), &size) || size <= 0 ||
      !absl::ascii_isdigit(static_cast<unsigned char>(descr.back())) ||
      !absl::ascii_isdigit(static_cast<unsigned char>(descr[2]))) {
    return Bad(what, absl::StrCat("descr '", descr, "' has no element size"));
  }
  auto pick = [&](DataType dtype) -> absl::StatusOr<ElementType> {
    e.dtype = dtype;
    e.item_bytes = size;
    e.swap_unit = size;
    return e;
  };
  switch (kind) {
    case 'b':
      if (size == 1) return pick(tensorflow::DT_BOOL);
      break;
    case 'i':
      if (size == 1) return pick(tensorflow::DT_INT8);
      if (size == 2) return pick(tensorflow::DT_INT16);
      if (size == 4) return pick(tensorflow::DT_INT32);
      if (size == 8) return pick(tensorflow::DT_INT64);
      break;
    case 'u':
      if (size == 1) return pick(tensorflow::DT_UINT8);
      if (size == 2) return pick(tensorflow::DT_UINT16);
      if (size == 4) return pick(tensorflow::DT_UINT32);
      if (size == 8) return pick(tensorflow::DT_UINT64);
      break;
    case 'f':
      if (size == 2) return pick(tensorflow::DT_HALF);
      if (size == 4) return pick(tensorflow::DT_FLOAT);
      if (size == 8) return pick(tensorflow::DT_DOUBLE);
      break;
    case 'c':
      if (size == 8 || size == 16) {
        auto c = pick(size == 8 ? tensorflow::DT_COMPLEX64 : tensorflow::DT_COMPLEX128);
        c->swap_unit = size / 2;
        return c;
      }
      break;
    case 'S': {
      auto s = pick(tensorflow::DT_STRING);
      s->swap_unit = 1;
      s->text = ElementType::kBytes;
      return s;
    }
    case 'U': {
      if (size > (int64_t{1} << 40)) break;
      auto u = pick(tensorflow::DT_STRING);
      u->item_bytes = size * 4;
      u->swap_unit = 4;
      u->text = ElementType::kUcs4;
      return u;
    }
    default:
      break;
  }
  return Bad(what, absl::StrCat("descr '", descr, "' has no minitf dtype"));
}

// A cursor over the header's dict literal, accepting what Python's literal syntax accepts
// for the three values NumPy writes.
class DictParser {
 public:
  DictParser(absl::string_view text, absl::string_view what) : text_(text), what_(what) {}

  absl::StatusOr<Header> Parse() {
    Header h;
    bool seen_descr = false, seen_order = false, seen_shape = false;
    std::string descr;
    SkipSpace();
    if (!Eat('{')) return Error("the header is not a dict");
    while (true) {
      SkipSpace();
      if (Eat('}')) break;
      absl::StatusOr<std::string> key = String();
      if (!key.ok()) return key.status();
      SkipSpace();
      if (!Eat(':')) return Error("expected ':' after a key");
      SkipSpace();
      if (*key == "descr" && !seen_descr) {
        seen_descr = true;
        absl::StatusOr<std::string> value = String();
        if (!value.ok())
          return Error("'descr' is not a string (structured arrays are not supported)");
        descr = *value;
      } else if (*key == "fortran_order" && !seen_order) {
        seen_order = true;
        if (EatWord("True")) {
          h.fortran_order = true;
        } else if (!EatWord("False")) {
          return Error("'fortran_order' is not True or False");
        }
      } else if (*key == "shape" && !seen_shape) {
        seen_shape = true;
        absl::Status s = Shape(&h.shape);
        if (!s.ok()) return s;
      } else {
        return Error(absl::StrCat("unexpected or repeated key '", *key, "'"));
      }
      SkipSpace();
      if (Eat('}')) break;
      if (!Eat(',')) return Error("expected ',' or '}' in the header");
    }
    SkipSpace();
    if (pos_ != text_.size()) return Error("text after the header's dict");
    if (!seen_descr || !seen_order || !seen_shape) {
      return Error("the header needs 'descr', 'fortran_order' and 'shape'");
    }
    absl::StatusOr<ElementType> element = ParseDescr(descr, what_);
    if (!element.ok()) return element.status();
    h.element = *element;
    return h;
  }

 private:
  absl::Status Error(absl::string_view problem) const { return Bad(what_, problem); }
  void SkipSpace() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\n' ||
                                   text_[pos_] == '\t' || text_[pos_] == '\r')) {
      ++pos_;
    }
  }
  bool Eat(char c) {
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  bool EatWord(absl::string_view word) {
    if (!absl::StartsWith(text_.substr(pos_), word)) return false;
    const size_t end = pos_ + word.size();
    if (end < text_.size() &&
        (absl::ascii_isalnum(static_cast<unsigned char>(text_[end])) || text_[end] == '_')) {
      return false;
    }
    pos_ = end;
    return true;
  }
  // A quoted string without escapes (NumPy's keys and descrs have none).
  absl::StatusOr<std::string> String() {
    if (pos_ >= text_.size() || (text_[pos_] != '\'' && text_[pos_] != '"')) {
      return Error("expected a quoted string");
    }
    const char quote = text_[pos_++];
    const size_t end = text_.find(quote, pos_);
    if (end == absl::string_view::npos) return Error("unterminated string");
    std::string s(text_.substr(pos_, end - pos_));
    if (absl::StrContains(s, '\\') || absl::StrContains(s, '\n')) {
      return Error("escapes in header strings are not supported");
    }
    pos_ = end + 1;
    return s;
  }
  // A tuple of non-negative ints: (), (5,), (2, 3) or (2, 3,).
  absl::Status Shape(std::vector<int64_t>* shape) {
    if (!Eat('(')) return Error("'shape' is not a tuple");
    bool need_comma = false;
    while (true) {
      SkipSpace();
      if (Eat(')')) break;
      size_t start = pos_;
      while (pos_ < text_.size() && absl::ascii_isdigit(static_cast<unsigned char>(text_[pos_]))) {
        ++pos_;
      }
      int64_t dim = 0;
      if (start == pos_ || !absl::SimpleAtoi(text_.substr(start, pos_ - start), &dim)) {
        return Error("'shape' holds something other than non-negative integers");
      }
      if (shape->size() >= static_cast<size_t>(TensorShape::MaxDimensions())) {
        return Error(
            absl::StrCat("'shape' has more than ", TensorShape::MaxDimensions(), " dimensions"));
      }
      shape->push_back(dim);
      SkipSpace();
      need_comma = !Eat(',');
      if (need_comma) {
        SkipSpace();
        if (!Eat(')')) return Error("expected ',' or ')' in 'shape'");
        break;
      }
    }
    if (need_comma && shape->size() == 1) return Error("'shape' is not a tuple");
    return absl::OkStatus();
  }

  absl::string_view text_;
  absl::string_view what_;
  size_t pos_ = 0;
};

uint64_t LoadLittleEndian(const char* p, int n) {
  uint64_t v = 0;
  for (int i = n - 1; i >= 0; --i) v = (v << 8) | static_cast<unsigned char>(p[i]);
  return v;
}

// UTF-8 of one code point, or false for one that is not a Unicode scalar value.
bool AppendUtf8(uint32_t c, std::string* out) {
  if (c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return false;
  if (c < 0x80) {
    out->push_back(static_cast<char>(c));
  } else if (c < 0x800) {
    out->push_back(static_cast<char>(0xC0 | (c >> 6)));
    out->push_back(static_cast<char>(0x80 | (c & 0x3F)));
  } else if (c < 0x10000) {
    out->push_back(static_cast<char>(0xE0 | (c >> 12)));
    out->push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (c & 0x3F)));
  } else {
    out->push_back(static_cast<char>(0xF0 | (c >> 18)));
    out->push_back(static_cast<char>(0x80 | ((c >> 12) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (c & 0x3F)));
  }
  return true;
}

// The offset in the file's data of the element at row-major position `i`.
class ElementOrder {
 public:
  ElementOrder(const std::vector<int64_t>& shape, bool fortran)
      : shape_(shape), index_(shape.size(), 0), fortran_(fortran) {
    strides_.resize(shape.size());
    int64_t stride = 1;
    for (size_t k = 0; k < shape.size(); ++k) {
      const size_t d = fortran ? k : shape.size() - 1 - k;
      strides_[d] = stride;
      // Wraps past an empty dimension's huge neighbours (no element is read then); a shape
      // with elements has strides within its element count.
      stride = tensorflow::internal::WrappingMul(stride, shape[d]);
    }
  }
  // The source element of the current position, then steps to the next row-major position.
  int64_t Next() {
    if (!fortran_) return position_++;
    int64_t source = 0;
    for (size_t d = 0; d < shape_.size(); ++d) source += index_[d] * strides_[d];
    for (size_t d = shape_.size(); d-- > 0;) {
      if (++index_[d] < shape_[d]) break;
      index_[d] = 0;
    }
    return source;
  }

 private:
  const std::vector<int64_t>& shape_;
  std::vector<int64_t> index_;
  std::vector<int64_t> strides_;
  bool fortran_;
  int64_t position_ = 0;
};

absl::Status DecodeText(const Header& h, absl::string_view data, int64_t count,
                        absl::string_view what, Tensor* out) {
  auto strings = out->flat<tensorflow::tstring>();
  ElementOrder order(h.shape, h.fortran_order);
  const int64_t n = h.element.item_bytes;
  for (int64_t i = 0; i < count; ++i) {
    const char* item = data.data() + order.Next() * n;
    std::string s;
    if (h.element.text == ElementType::kBytes) {
      int64_t len = n;
      while (len > 0 && item[len - 1] == '\0') --len;
      s.assign(item, static_cast<size_t>(len));
    } else {
      int64_t chars = n / 4;
      std::vector<uint32_t> code(static_cast<size_t>(chars));
      for (int64_t c = 0; c < chars; ++c) {
        uint32_t v = 0;
        for (int b = 0; b < 4; ++b) {
          const int byte = h.element.big_endian ? b : 3 - b;
          v = (v << 8) | static_cast<unsigned char>(item[c * 4 + byte]);
        }
        code[static_cast<size_t>(c)] = v;
      }
      while (chars > 0 && code[static_cast<size_t>(chars - 1)] == 0) --chars;
      for (int64_t c = 0; c < chars; ++c) {
        if (!AppendUtf8(code[static_cast<size_t>(c)], &s)) {
          return Bad(what, absl::StrCat("element ", i, " holds code point ",
                                        code[static_cast<size_t>(c)], ", which is not Unicode"));
        }
      }
    }
    strings(i) = std::move(s);
  }
  return absl::OkStatus();
}

void DecodeNumbers(const Header& h, absl::string_view data, int64_t count, Tensor* out) {
  char* dst = static_cast<char*>(out->data());
  const int64_t n = h.element.item_bytes;
  const bool swap = h.element.big_endian && h.element.swap_unit > 1;
  if (!h.fortran_order && !swap) {
    if (count > 0) std::memcpy(dst, data.data(), static_cast<size_t>(count * n));
  } else {
    ElementOrder order(h.shape, h.fortran_order);
    const int64_t unit = h.element.swap_unit;
    for (int64_t i = 0; i < count; ++i) {
      const char* src = data.data() + order.Next() * n;
      char* to = dst + i * n;
      for (int64_t u = 0; u < n; u += unit) {
        for (int64_t b = 0; b < unit; ++b) to[u + b] = swap ? src[u + unit - 1 - b] : src[u + b];
      }
    }
  }
  if (out->dtype() == tensorflow::DT_BOOL) tensorflow::internal::NormalizeBoolBytes(dst, count);
}

std::string PythonTuple(const tensorflow::TensorShape& shape) {
  std::vector<int64_t> dims;
  for (int d = 0; d < shape.dims(); ++d) dims.push_back(shape.dim_size(d));
  if (dims.size() == 1) return absl::StrCat("(", dims[0], ",)");
  return absl::StrCat("(", absl::StrJoin(dims, ", "), ")");
}

absl::StatusOr<std::string> Descr(const Tensor& t, int64_t* item_bytes) {
  switch (t.dtype()) {
    case tensorflow::DT_BOOL:
      return std::string("|b1");
    case tensorflow::DT_INT8:
      return std::string("|i1");
    case tensorflow::DT_UINT8:
      return std::string("|u1");
    case tensorflow::DT_INT16:
      return std::string("<i2");
    case tensorflow::DT_UINT16:
      return std::string("<u2");
    case tensorflow::DT_INT32:
      return std::string("<i4");
    case tensorflow::DT_UINT32:
      return std::string("<u4");
    case tensorflow::DT_INT64:
      return std::string("<i8");
    case tensorflow::DT_UINT64:
      return std::string("<u8");
    case tensorflow::DT_HALF:
      return std::string("<f2");
    case tensorflow::DT_FLOAT:
      return std::string("<f4");
    case tensorflow::DT_DOUBLE:
      return std::string("<f8");
    case tensorflow::DT_COMPLEX64:
      return std::string("<c8");
    case tensorflow::DT_COMPLEX128:
      return std::string("<c16");
    case tensorflow::DT_STRING: {
      int64_t longest = 1;
      auto strings = t.flat<tensorflow::tstring>();
      for (int64_t i = 0; i < strings.size(); ++i) {
        if (!strings(i).empty() && strings(i).back() == '\0') {
          return absl::InvalidArgumentError(
              absl::StrCat("element ", i,
                           " of a string tensor ends with a NUL byte, which "
                           ".npy's fixed-width strings cannot keep"));
        }
        longest = std::max<int64_t>(longest, static_cast<int64_t>(strings(i).size()));
      }
      *item_bytes = longest;
      return absl::StrCat("|S", longest);
    }
    default:
      return absl::UnimplementedError(absl::StrCat(
          "NumPy has no .npy type for ", tensorflow::DataTypeString(t.dtype()), " tensors"));
  }
}

}  // namespace

absl::StatusOr<Tensor> ParseNpy(absl::string_view bytes, absl::string_view what) {
  if (bytes.size() < 10 || !absl::StartsWith(bytes, kMagic)) {
    return Bad(what, "it does not start with NumPy's magic string");
  }
  const int major = static_cast<unsigned char>(bytes[6]);
  const int minor = static_cast<unsigned char>(bytes[7]);
  if (minor != 0 || major < 1 || major > 3) {
    return Bad(what, absl::StrCat("format version ", major, ".", minor, " is not 1.0, 2.0 or 3.0"));
  }
  const int length_bytes = major == 1 ? 2 : 4;
  const size_t header_start = 8 + static_cast<size_t>(length_bytes);
  if (bytes.size() < header_start) return Bad(what, "truncated header");
  const uint64_t header_len = LoadLittleEndian(bytes.data() + 8, length_bytes);
  if (header_len > bytes.size() - header_start) {
    return Bad(what, absl::StrCat("the header claims ", header_len, " bytes; the file has ",
                                  bytes.size() - header_start, " after its length field"));
  }
  const absl::string_view text = bytes.substr(header_start, header_len);
  for (char c : text) {
    if (static_cast<unsigned char>(c) >= 0x80 || c == '\0') {
      return Bad(what, "the header holds bytes that are not printable ASCII");
    }
  }
  absl::StatusOr<Header> header = DictParser(text, what).Parse();
  if (!header.ok()) return header.status();

  TensorShape shape;
  absl::Status s = TensorShape::BuildTensorShape(header->shape, &shape);
  if (!s.ok()) return Bad(what, absl::StrCat("bad 'shape': ", s.message()));
  const int64_t count = shape.num_elements();
  const absl::string_view data = bytes.substr(header_start + header_len);
  int64_t data_bytes = 0;
  if (__builtin_mul_overflow(count, header->element.item_bytes, &data_bytes) ||
      static_cast<uint64_t>(data_bytes) != data.size()) {
    return Bad(what, absl::StrCat("shape ", shape.DebugString(), " of '",
                                  tensorflow::DataTypeString(header->element.dtype), "' needs ",
                                  count, " elements of ", header->element.item_bytes,
                                  " bytes; the file holds ", data.size(), " data bytes"));
  }
  Tensor out(header->element.dtype, shape);
  if (header->element.text != ElementType::kNone) {
    s = DecodeText(*header, data, count, what, &out);
    if (!s.ok()) return s;
  } else {
    DecodeNumbers(*header, data, count, &out);
  }
  return out;
}

absl::StatusOr<std::string> SerializeNpy(const Tensor& tensor) {
  int64_t item_bytes = tensorflow::DataTypeSize(tensor.dtype());
  absl::StatusOr<std::string> descr = Descr(tensor, &item_bytes);
  if (!descr.ok()) return descr.status();
  std::string dict =
      absl::StrCat("{'descr': '", *descr,
                   "', 'fortran_order': False, 'shape': ", PythonTuple(tensor.shape()), ", }");
  if (tensor.dims() > 0) {
    const size_t digits = absl::StrCat(tensor.dim_size(0)).size();
    dict.append(kGrowthAxisDigits - std::min(digits, kGrowthAxisDigits), ' ');
  }
  // Version 1.0 has a 2-byte header length; 2.0 a 4-byte one.
  int major = 1;
  size_t prefix = kMagic.size() + 2 + 2;
  size_t padded = dict.size() + 1;
  padded += kAlign - (prefix + padded) % kAlign;
  if (padded > 0xFFFF) {
    major = 2;
    prefix = kMagic.size() + 2 + 4;
    padded = dict.size() + 1;
    padded += kAlign - (prefix + padded) % kAlign;
  }
  std::string out(kMagic);
  out.push_back(static_cast<char>(major));
  out.push_back('\0');
  for (size_t b = 0; b < (major == 1 ? 2u : 4u); ++b) {
    out.push_back(static_cast<char>((padded >> (8 * b)) & 0xFF));
  }
  out += dict;
  out.append(padded - dict.size() - 1, ' ');
  out.push_back('\n');
  if (tensor.dtype() == tensorflow::DT_STRING) {
    auto strings = tensor.flat<tensorflow::tstring>();
    for (int64_t i = 0; i < strings.size(); ++i) {
      out += strings(i);
      out.append(static_cast<size_t>(item_bytes) - strings(i).size(), '\0');
    }
  } else {
    absl::string_view data = tensor.tensor_data();
    out.append(data.data(), data.size());
  }
  return out;
}

}  // namespace minitf
