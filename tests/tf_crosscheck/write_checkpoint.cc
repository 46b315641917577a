// Writes checkpoints with minitf for TensorFlow 2.21 to read (check_checkpoint.py):
//   <dir>/saved.*   every dtype through ops::SaveV2 in a ClientSession
//   <dir>/merged.*  two bundles written by BundleWriter, merged by MergeV2Checkpoints (two
//                   data shards)
//   <dir>/many.*    5000 scalars under long names: an index of more than one 256 KiB block
// and <dir>/<name>.expected: one line per tensor, its name and the hex of its TensorProto
// (the values put in, so the check needs nothing from minitf's reader).
//
// `write_checkpoint --read <prefix>` reads a checkpoint (one TF wrote) with BundleReader
// and compares every tensor, bit for bit, with <prefix>.expected.
#include <sys/stat.h>

#include <cmath>
#include <fstream>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/str_format.h"
#include "tensorflow/cc/client/client_session.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/tensor.pb.h"
#include "tensorflow/core/util/tensor_bundle/tensor_bundle.h"

namespace tensorflow {
namespace {

template <typename T, typename F>
Tensor Make(const TensorShape& shape, F f) {
  Tensor t(DataTypeToEnum<T>::v(), shape);
  auto flat = t.flat<T>();
  for (int64_t i = 0; i < flat.size(); ++i) flat(i) = f(i);
  return t;
}

std::vector<std::pair<std::string, Tensor>> Tensors() {
  const TensorShape s23({2, 3});
  std::vector<std::pair<std::string, Tensor>> t;
  t.emplace_back("float", Make<float>(s23, [](int64_t i) { return (i - 2.5f) * 0.75f; }));
  t.emplace_back("double", Make<double>({7}, [](int64_t i) { return std::sqrt(i + 0.5); }));
  t.emplace_back("half", Make<Eigen::half>(s23, [](int64_t i) { return Eigen::half(i - 2.5f); }));
  t.emplace_back("bfloat16", Make<Eigen::bfloat16>(
                                 s23, [](int64_t i) { return Eigen::bfloat16(i * 1.5f - 3); }));
  t.emplace_back("int8",
                 Make<int8_t>({4}, [](int64_t i) { return static_cast<int8_t>(i * 70 - 128); }));
  t.emplace_back("int16",
                 Make<int16_t>({3}, [](int64_t i) { return static_cast<int16_t>(-i * 9999); }));
  t.emplace_back(
      "int32", Make<int32_t>(s23, [](int64_t i) { return static_cast<int32_t>(i * 1000003 - 7); }));
  t.emplace_back("int64", Make<int64_t>({2}, [](int64_t i) { return (int64_t{1} << 62) - i; }));
  t.emplace_back("uint8",
                 Make<uint8_t>({3}, [](int64_t i) { return static_cast<uint8_t>(250 + i); }));
  t.emplace_back("uint16",
                 Make<uint16_t>({2}, [](int64_t i) { return static_cast<uint16_t>(65535 - i); }));
  t.emplace_back("uint32", Make<uint32_t>({2}, [](int64_t i) {
                   return static_cast<uint32_t>(4294967295u - i);
                 }));
  t.emplace_back("uint64", Make<uint64_t>({2}, [](int64_t i) { return ~uint64_t{0} - i; }));
  t.emplace_back("bool", Make<bool>({5}, [](int64_t i) { return i % 2 == 0; }));
  t.emplace_back("complex64",
                 Make<complex64>({3}, [](int64_t i) { return complex64(i - 1.f, 0.5f * i); }));
  t.emplace_back("complex128", Make<complex128>({2}, [](int64_t i) {
                   return complex128(1.0 / (i + 3), -1e300);
                 }));
  t.emplace_back("string", Make<tstring>({2, 2}, [](int64_t i) {
                   return tstring(static_cast<size_t>(i * 70), static_cast<char>('a' + i));
                 }));
  t.emplace_back("string_scalar", Tensor(tstring(std::string("nul\0byte", 8))));
  t.emplace_back("scalar", Tensor(3.25f));
  t.emplace_back("empty", Tensor(DT_INT32, TensorShape({0, 4})));
  t.emplace_back("nested/scope/kernel", Make<float>({4, 4}, [](int64_t i) { return i * 0.125f; }));
  return t;
}

bool WriteExpected(const std::string& path, const std::vector<std::pair<std::string, Tensor>>& t) {
  std::ofstream out(path);
  for (const auto& [name, value] : t) {
    TensorProto proto;
    value.AsProtoField(&proto);
    out << name << " " << absl::BytesToHexString(proto.SerializeAsString()) << "\n";
  }
  return static_cast<bool>(out);
}

int Main(const std::string& dir) {
  const auto tensors = Tensors();
  Scope root = Scope::NewRootScope();
  std::vector<std::string> names;
  std::vector<Input> values;
  for (const auto& [name, t] : tensors) {
    names.push_back(name);
    values.emplace_back(ops::Const(root, t));
  }
  Tensor names_t(DT_STRING, TensorShape({static_cast<int64_t>(names.size())}));
  Tensor specs_t(DT_STRING, names_t.shape());
  for (size_t i = 0; i < names.size(); ++i) names_t.flat<tstring>()(i) = names[i];
  auto save = ops::SaveV2(root, dir + "/saved", names_t, specs_t, InputList(values));
  ClientSession session(root);
  Status s = session.Run({}, {}, {save}, nullptr);
  if (!s.ok() || !WriteExpected(dir + "/saved.expected", tensors)) {
    std::cerr << "SaveV2: " << s << "\n";
    return 1;
  }

  // Two bundles in temporary folders, merged into one with two shards.
  const std::vector<tstring> parts = {dir + "/part0/p", dir + "/part1/p"};
  ::mkdir((dir + "/part0").c_str(), 0700);
  ::mkdir((dir + "/part1").c_str(), 0700);
  for (size_t p = 0; p < parts.size(); ++p) {
    BundleWriter writer(nullptr, parts[p]);
    // Add's errors stick: Finish reports the first.
    for (size_t i = p; i < tensors.size(); i += 2) {
      writer.Add(tensors[i].first, tensors[i].second).IgnoreError();
    }
    s = writer.Finish();
    if (!s.ok()) {
      std::cerr << "BundleWriter: " << s << "\n";
      return 1;
    }
  }
  Scope root2 = Scope::NewRootScope();
  Tensor parts_t(DT_STRING, TensorShape({2}));
  parts_t.flat<tstring>()(0) = parts[0];
  parts_t.flat<tstring>()(1) = parts[1];
  auto merge = ops::MergeV2Checkpoints(root2, parts_t, dir + "/merged");
  ClientSession session2(root2);
  s = session2.Run({}, {}, {merge}, nullptr);
  if (!s.ok() || !WriteExpected(dir + "/merged.expected", tensors)) {
    std::cerr << "MergeV2Checkpoints: " << s << "\n";
    return 1;
  }

  std::vector<std::pair<std::string, Tensor>> many;
  BundleWriter writer(nullptr, dir + "/many");
  for (int i = 0; i < 5000; ++i) {
    many.emplace_back(
        absl::StrFormat("model/layer_%04d/attention/query/kernel/.ATTRIBUTES/slot", i),
        Tensor(i * 0.5f));
    writer.Add(many.back().first, many.back().second).IgnoreError();
  }
  s = writer.Finish();
  if (!s.ok() || !WriteExpected(dir + "/many.expected", many)) {
    std::cerr << "many: " << s << "\n";
    return 1;
  }
  return 0;
}

bool SameBits(const Tensor& a, const Tensor& b) {
  if (a.dtype() != b.dtype() || a.shape() != b.shape()) return false;
  if (a.dtype() != DT_STRING) return a.tensor_data() == b.tensor_data();
  for (int64_t i = 0; i < a.NumElements(); ++i) {
    if (a.flat<tstring>()(i) != b.flat<tstring>()(i)) return false;
  }
  return true;
}

int Read(const std::string& prefix) {
  BundleReader reader(nullptr, prefix);
  if (!reader.status().ok()) {
    std::cerr << reader.status() << "\n";
    return 1;
  }
  std::ifstream in(prefix + ".expected");
  std::string name, hex;
  int n = 0, bad = 0;
  while (in >> name >> hex) {
    ++n;
    TensorProto proto;
    Tensor want, got;
    const Status s = reader.Lookup(name, &got);
    if (!proto.ParseFromString(absl::HexStringToBytes(hex)) || !want.FromProto(proto) || !s.ok() ||
        !SameBits(want, got)) {
      std::cerr << prefix << ": " << name << " differs " << s << "\n";
      ++bad;
    }
  }
  if (n == 0 || bad > 0) return 1;
  std::cout << prefix << ": minitf reads all " << n << " tensors TF wrote, bit for bit\n";
  return 0;
}

}  // namespace
}  // namespace tensorflow

int main(int argc, char** argv) {
  if (argc == 3 && std::string(argv[1]) == "--read") return tensorflow::Read(argv[2]);
  if (argc != 2) {
    std::cerr << "usage: write_checkpoint <dir> | write_checkpoint --read <prefix>\n";
    return 2;
  }
  return tensorflow::Main(argv[1]);
}
