// The strict .npy / .npz reader and writer (cli/npy.h, cli/npz.h) on files NumPy wrote
// (tests/golden/npy, made by tests/golden/generate_npy.py, whose docstring gives the formula
// every array follows) and on malformed ones.
#include <complex>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>

#include "absl/strings/str_cat.h"
#include "cli/npy.h"
#include "cli/npz.h"
#include "framework/status_matchers.h"
#include "framework/tensor_testutil.h"
#include "gtest/gtest.h"

namespace minitf {
namespace {

using tensorflow::DataType;
using tensorflow::Tensor;
using tensorflow::TensorShape;

std::string Golden(const std::string& name) {
  std::ifstream in(absl::StrCat(MINITF_GOLDEN_DIR, "/npy/", name), std::ios::binary);
  std::stringstream bytes;
  bytes << in.rdbuf();
  EXPECT_FALSE(bytes.str().empty()) << name;
  return bytes.str();
}

Tensor Parse(const std::string& name) {
  absl::StatusOr<Tensor> t = ParseNpy(Golden(name), name);
  EXPECT_TRUE(t.ok()) << name << ": " << t.status();
  return t.ok() ? *t : Tensor();
}

// Element i is i, as generate_npy.py writes every numeric array.
template <typename T>
void ExpectArange(const Tensor& t, DataType dtype, const TensorShape& shape) {
  ASSERT_EQ(t.dtype(), dtype);
  ASSERT_EQ(t.shape(), shape);
  auto flat = t.flat<T>();
  for (int64_t i = 0; i < flat.size(); ++i) EXPECT_EQ(flat(i), static_cast<T>(i)) << i;
}

TEST(Npy, ReadsEveryDtypeNumPyWrites) {
  ExpectArange<float>(Parse("f4_2x3.npy"), tensorflow::DT_FLOAT, TensorShape({2, 3}));
  ExpectArange<int64_t>(Parse("i8_5.npy"), tensorflow::DT_INT64, TensorShape({5}));
  ExpectArange<uint8_t>(Parse("u1_4.npy"), tensorflow::DT_UINT8, TensorShape({4}));
  ExpectArange<int8_t>(Parse("i1_4.npy"), tensorflow::DT_INT8, TensorShape({4}));
  ExpectArange<int16_t>(Parse("i2_4.npy"), tensorflow::DT_INT16, TensorShape({4}));
  ExpectArange<uint16_t>(Parse("u2_4.npy"), tensorflow::DT_UINT16, TensorShape({4}));
  ExpectArange<uint32_t>(Parse("u4_4.npy"), tensorflow::DT_UINT32, TensorShape({4}));
  ExpectArange<uint64_t>(Parse("u8_4.npy"), tensorflow::DT_UINT64, TensorShape({4}));
  ExpectArange<Eigen::half>(Parse("f2_4.npy"), tensorflow::DT_HALF, TensorShape({4}));
  ExpectArange<double>(Parse("f8_be_5.npy"), tensorflow::DT_DOUBLE, TensorShape({5}));

  Tensor scalar = Parse("i4_scalar.npy");
  ASSERT_EQ(scalar.dims(), 0);
  EXPECT_EQ(scalar.scalar<int32_t>()(), 7);
  Tensor truth = Parse("b1_scalar.npy");
  ASSERT_EQ(truth.dtype(), tensorflow::DT_BOOL);
  EXPECT_TRUE(truth.scalar<bool>()());
  Tensor empty = Parse("f4_empty.npy");
  EXPECT_EQ(empty.shape(), TensorShape({0, 3}));

  Tensor b = Parse("b1_2x3.npy");
  ASSERT_EQ(b.dtype(), tensorflow::DT_BOOL);
  for (int i = 0; i < 6; ++i) EXPECT_EQ(b.flat<bool>()(i), i % 3 == 0) << i;
}

TEST(Npy, ComplexLittleAndBigEndian) {
  for (const char* name : {"c8_3.npy", "c16_be_3.npy"}) {
    Tensor t = Parse(name);
    ASSERT_EQ(t.NumElements(), 3) << name;
    for (int i = 0; i < 3; ++i) {
      std::complex<double> v = t.dtype() == tensorflow::DT_COMPLEX64
                                   ? std::complex<double>(t.flat<tensorflow::complex64>()(i))
                                   : t.flat<tensorflow::complex128>()(i);
      EXPECT_EQ(v, std::complex<double>(i, 2 * i)) << name << " " << i;
    }
  }
}

TEST(Npy, FortranOrderBecomesRowMajor) {
  ExpectArange<int64_t>(Parse("i8_fortran_2x3x4.npy"), tensorflow::DT_INT64,
                        TensorShape({2, 3, 4}));
  ExpectArange<int32_t>(Parse("i4_be_fortran_3x4.npy"), tensorflow::DT_INT32, TensorShape({3, 4}));
}

TEST(Npy, FormatVersions2And3) {
  ExpectArange<float>(Parse("f4_v2_2x3.npy"), tensorflow::DT_FLOAT, TensorShape({2, 3}));
  ExpectArange<float>(Parse("f4_v3_2x3.npy"), tensorflow::DT_FLOAT, TensorShape({2, 3}));
}

TEST(Npy, ByteAndUnicodeStrings) {
  Tensor s = Parse("s5_3.npy");
  ASSERT_EQ(s.dtype(), tensorflow::DT_STRING);
  EXPECT_EQ(s.flat<tensorflow::tstring>()(0), "ab");
  EXPECT_EQ(s.flat<tensorflow::tstring>()(1), "");
  EXPECT_EQ(s.flat<tensorflow::tstring>()(2), std::string("xyz\0q", 5));
  for (const char* name : {"u5_3.npy", "u5_be_3.npy"}) {
    Tensor u = Parse(name);
    ASSERT_EQ(u.dtype(), tensorflow::DT_STRING) << name;
    EXPECT_EQ(u.flat<tensorflow::tstring>()(0), "h\xC3\xA9llo") << name;
    EXPECT_EQ(u.flat<tensorflow::tstring>()(1), "") << name;
    EXPECT_EQ(u.flat<tensorflow::tstring>()(2), "\xE6\x97\xA5\xE6\x9C\xAC") << name;
  }
}

TEST(Npy, RefusesObjectAndStructuredArrays) {
  for (const char* name : {"object.npy", "structured.npy"}) {
    absl::StatusOr<Tensor> t = ParseNpy(Golden(name), name);
    EXPECT_EQ(t.status().code(), absl::StatusCode::kInvalidArgument) << name;
    EXPECT_NE(t.status().message().find(name), std::string::npos) << t.status();
  }
}

TEST(Npy, WritesWhatNumPyWrites) {
  // The same arrays generate_npy.py saved with np.save, byte for byte.
  for (const char* name :
       {"f4_2x3.npy", "i8_5.npy", "b1_scalar.npy", "i4_scalar.npy", "f4_empty.npy", "u1_4.npy",
        "i1_4.npy", "i2_4.npy", "u2_4.npy", "u4_4.npy", "u8_4.npy", "f2_4.npy", "c8_3.npy",
        "b1_2x3.npy", "s5_3.npy"}) {
    const std::string numpy = Golden(name);
    Tensor t = Parse(name);
    absl::StatusOr<std::string> bytes = SerializeNpy(t);
    ASSERT_TRUE(bytes.ok()) << name << ": " << bytes.status();
    EXPECT_EQ(*bytes, numpy) << name;
  }
}

TEST(Npy, WriterRefusesWhatNumPyCannotHold) {
  Tensor trailing_nul(tensorflow::DT_STRING, TensorShape({1}));
  trailing_nul.flat<tensorflow::tstring>()(0) = std::string("a\0", 2);
  EXPECT_EQ(SerializeNpy(trailing_nul).status().code(), absl::StatusCode::kInvalidArgument);
  Tensor bf16(tensorflow::DT_BFLOAT16, TensorShape({1}));
  EXPECT_EQ(SerializeNpy(bf16).status().code(), absl::StatusCode::kUnimplemented);
}

// A version 1.0 file with `header` as its dict (padded as NumPy pads) and `data`.
std::string Npy(const std::string& header, const std::string& data) {
  std::string dict = header;
  while ((10 + dict.size() + 1) % 64 != 0) dict += ' ';
  dict += '\n';
  std::string out("\x93NUMPY\x01\x00", 8);
  out.push_back(static_cast<char>(dict.size() & 0xFF));
  out.push_back(static_cast<char>(dict.size() >> 8));
  return out + dict + data;
}

// A bool array's bytes other than 0 and 1 read as true (NumPy's reading), held as 1.
TEST(Npy, BoolBytesAreZeroOrOne) {
  const std::string b1 = "{'descr': '|b1', 'fortran_order': False, 'shape': (4,), }";
  absl::StatusOr<Tensor> t = ParseNpy(Npy(b1, std::string("\x02\x00\xff\x01", 4)), "b.npy");
  ASSERT_TRUE(t.ok()) << t.status();
  const auto bytes = t->tensor_data();
  EXPECT_EQ(std::string(bytes.data(), bytes.size()), std::string("\x01\x00\x01\x01", 4));
  const std::string fortran = "{'descr': '|b1', 'fortran_order': True, 'shape': (2, 2), }";
  t = ParseNpy(Npy(fortran, std::string("\x07\x00\x00\x09", 4)), "f.npy");
  ASSERT_TRUE(t.ok()) << t.status();
  const auto fbytes = t->tensor_data();
  EXPECT_EQ(std::string(fbytes.data(), fbytes.size()), std::string("\x01\x00\x00\x01", 4));
}

// A Fortran-order file whose empty first dimension sits beside two huge ones: no element, and
// the strides past the empty dimension wrap (they once overflowed int64: a fuzzer finding, the
// committed seed tests/fuzz/corpus/npy/regress-fortran-empty-huge-dims).
TEST(Npy, FortranOrderEmptyBesideHugeDimensions) {
  const std::string header =
      "{'descr': '<f4', 'fortran_order': True, "
      "'shape': (0, 5750106523498594, 575010652349838594), }";
  absl::StatusOr<Tensor> t = ParseNpy(Npy(header, ""), "e.npy");
  ASSERT_TRUE(t.ok()) << t.status();
  EXPECT_EQ(t->shape().DebugString(), "[0,5750106523498594,575010652349838594]");
  EXPECT_EQ(t->NumElements(), 0);
}

TEST(Npy, MalformedFilesAreInvalidArgument) {
  const std::string f4 = "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }";
  ASSERT_TRUE(ParseNpy(Npy(f4, std::string(8, '\0')), "ok").ok());
  const std::pair<std::string, std::string> cases[] = {
      {"", "empty"},
      {"\x93NUMPZ\x01\x00\x10\x00", "bad magic"},
      {std::string("\x93NUMPY\x04\x00\x10\x00", 10), "version 4"},
      {std::string("\x93NUMPY\x01\x00\xff\xff", 10) + "{}", "header longer than the file"},
      {Npy(f4, std::string(7, '\0')), "one data byte short"},
      {Npy(f4, std::string(9, '\0')), "one trailing byte"},
      {Npy("{'descr': '<f4', 'fortran_order': False, 'shape': (-2,), }", ""), "negative dim"},
      {Npy("{'descr': '<f4', 'fortran_order': False, 'shape': (2), }", std::string(8, '\0')),
       "shape not a tuple"},
      {Npy("{'descr': '<f4', 'fortran_order': False, }", ""), "no shape"},
      {Npy("{'descr': '<f4', 'descr': '<f4', 'fortran_order': False, 'shape': (), }", ""),
       "repeated key"},
      {Npy("{'descr': '<f4', 'fortran_order': 0, 'shape': (), }", ""), "order not a bool"},
      {Npy("{'descr': '<f4', 'fortran_order': False, 'shape': (), 'x': 1}", ""), "extra key"},
      {Npy("{'descr': '<q9', 'fortran_order': False, 'shape': (), }", ""), "unknown descr"},
      {Npy("{'descr': '<f', 'fortran_order': False, 'shape': (), }", ""), "descr without size"},
      {Npy("{'descr': '<f4', 'fortran_order': False, 'shape': (4294967296, 4294967296, "
           "4294967296), }",
           ""),
       "element count overflows"},
      {Npy("{'descr': '<f4', 'fortran_order': False, 'shape': (2,), } x", std::string(8, '\0')),
       "text after the dict"},
      {Npy("{'descr': '<U2', 'fortran_order': False, 'shape': (1,), }",
           std::string("\x00\xD8\x00\x00\x41\x00\x00\x00", 8)),
       "a surrogate code point"},
  };
  for (const auto& [bytes, what] : cases) {
    absl::StatusOr<Tensor> t = ParseNpy(bytes, "bad.npy");
    EXPECT_EQ(t.status().code(), absl::StatusCode::kInvalidArgument) << what;
    EXPECT_NE(t.status().message().find("bad.npy"), std::string::npos) << what;
  }
  std::string many = "{'descr': '<f4', 'fortran_order': False, 'shape': (";
  for (int i = 0; i < 255; ++i) many += "1, ";
  EXPECT_EQ(ParseNpy(Npy(many + "), }", std::string(4, '\0')), "x").status().code(),
            absl::StatusCode::kInvalidArgument);
}

TEST(Npz, ReadsStoredAndCompressedArchives) {
  for (const char* name : {"stored.npz", "compressed.npz"}) {
    absl::StatusOr<NamedTensors> arrays = ParseNpz(Golden(name), name);
    ASSERT_TRUE(arrays.ok()) << name << ": " << arrays.status();
    ASSERT_EQ(arrays->size(), 2u) << name;
    EXPECT_EQ((*arrays)[0].first, "a");
    ExpectArange<float>((*arrays)[0].second, tensorflow::DT_FLOAT, TensorShape({2, 3}));
    EXPECT_EQ((*arrays)[1].first, "b");
    ExpectArange<int64_t>((*arrays)[1].second, tensorflow::DT_INT64, TensorShape({4}));
  }
}

TEST(Npz, WrittenArchivesReadBack) {
  Tensor a = tensorflow::test::AsTensor<float>({1.5f, -2}, {2});
  Tensor b = tensorflow::test::AsTensor<tensorflow::tstring>({"x", "yz"}, {1, 2});
  absl::StatusOr<std::string> zip = SerializeNpz({{"a", a}, {"b/c", b}});
  ASSERT_TRUE(zip.ok()) << zip.status();
  absl::StatusOr<NamedTensors> back = ParseNpz(*zip, "mine.npz");
  ASSERT_TRUE(back.ok()) << back.status();
  ASSERT_EQ(back->size(), 2u);
  EXPECT_EQ((*back)[0].first, "a");
  tensorflow::test::ExpectTensorEqual<float>((*back)[0].second, a);
  EXPECT_EQ((*back)[1].first, "b/c");
  tensorflow::test::ExpectTensorEqual<tensorflow::tstring>((*back)[1].second, b);
}

// Every byte of a valid archive flipped, and every prefix: an error or a clean parse, never
// a crash (ASan runs this too).
TEST(Npz, CorruptedArchivesNeverCrash) {
  for (const char* name : {"stored.npz", "compressed.npz"}) {
    const std::string good = Golden(name);
    for (size_t i = 0; i < good.size(); ++i) {
      std::string bad = good;
      bad[i] = static_cast<char>(bad[i] ^ 0x5A);
      (void)ParseNpz(bad, name);
      (void)ParseNpz(good.substr(0, i), name);
    }
  }
}

TEST(Npz, ChecksumsAndStructure) {
  const std::string good = Golden("stored.npz");
  // The last data byte of member "a" (its .npy is the first member's data).
  std::string flipped = good;
  const size_t a_end = good.find("PK\x03\x04", 4);
  ASSERT_NE(a_end, std::string::npos);
  flipped[a_end - 1] = static_cast<char>(flipped[a_end - 1] ^ 1);
  EXPECT_EQ(ParseNpz(flipped, "f.npz").status().code(), absl::StatusCode::kDataLoss);

  EXPECT_EQ(ParseNpz(good.substr(0, good.size() - 1), "t.npz").status().code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(ParseNpz("PK\x05\x06", "short.npz").status().code(),
            absl::StatusCode::kInvalidArgument);
  // The end record claims 65534 members.
  std::string many = good;
  const size_t end = good.rfind("PK\x05\x06");
  many[end + 8] = many[end + 10] = '\xfe';
  many[end + 9] = many[end + 11] = '\xff';
  EXPECT_EQ(ParseNpz(many, "m.npz").status().code(), absl::StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace minitf
