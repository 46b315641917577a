// Checkpoints (ops/io): CRC32C against published vectors; the leveldb table over several
// blocks; every dtype through BundleWriter/BundleReader and through SaveV2/RestoreV2 and
// MergeV2Checkpoints in sessions; TF-written checkpoints (tests/golden/checkpoints,
// generate_checkpoints.py) read bit for bit and rewritten byte for byte; TF's error texts
// (recorded from TF 2.21 in eager). Corrupted files: checkpoint_corruption_test.cc.
#include <sys/stat.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "framework/internal/crc32c.h"
#include "gtest/gtest.h"
#include "ops/io/internal/table.h"
#include "tensorflow/cc/client/client_session.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/tensor_testutil.h"
#include "tensorflow/core/lib/core/status_test_util.h"
#include "tensorflow/core/util/tensor_bundle/naming.h"
#include "tensorflow/core/util/tensor_bundle/tensor_bundle.h"
#include "tests/ops/checkpoint_test_util.h"

namespace tensorflow {
namespace {

using namespace checkpoint_test;  // NOLINT

Tensor Strings(const std::vector<std::string>& v) { return test::AsTensor<tstring>(v); }

// One tensor of every dtype minitf has, with awkward values.
std::vector<std::pair<std::string, Tensor>> EveryDtype() {
  std::vector<std::pair<std::string, Tensor>> t;
  t.emplace_back("f32", test::AsTensor<float>({1.5f, -0.f, 3e38f, 1e-45f}, {2, 2}));
  t.emplace_back("f64", test::AsTensor<double>({3.141592653589793, -1e-310}));
  t.emplace_back("f16", test::AsTensor<Eigen::half>({Eigen::half(0.5f), Eigen::half(-65504.f)}));
  t.emplace_back("bf16", test::AsTensor<Eigen::bfloat16>({Eigen::bfloat16(1.f)}, {1, 1}));
  t.emplace_back("i8", test::AsTensor<int8_t>({-128, 127}));
  t.emplace_back("i16", test::AsTensor<int16_t>({-32768, 7}));
  t.emplace_back("i32", Tensor(int32_t{-7}));
  t.emplace_back("i64", test::AsTensor<int64_t>({int64_t{1} << 62, -1}));
  t.emplace_back("u8", test::AsTensor<uint8_t>({0, 255, 1}));
  t.emplace_back("u16", test::AsTensor<uint16_t>({65535}));
  t.emplace_back("u32", test::AsTensor<uint32_t>({4294967295u, 0}));
  t.emplace_back("u64", test::AsTensor<uint64_t>({~uint64_t{0}}));
  t.emplace_back("bool", test::AsTensor<bool>({true, false, true}));
  t.emplace_back("c64", test::AsTensor<complex64>({complex64(1, -2)}));
  t.emplace_back("c128", test::AsTensor<complex128>({complex128(-0.5, 1e300)}));
  t.emplace_back(
      "str", test::AsTensor<tstring>({"", "a", std::string(300, 'x'), std::string("\0\xff", 2)}));
  t.emplace_back("str_scalar", Tensor(tstring("scalar")));
  t.emplace_back("empty_f32", Tensor(DT_FLOAT, TensorShape({0, 3})));
  t.emplace_back("empty_str", Tensor(DT_STRING, TensorShape({2, 0})));
  return t;
}

// ---------------------------------------------------------------------------------------------

TEST(Crc32cTest, KnownVectors) {
  // The check value of CRC-32C, and RFC 3720 (iSCSI) appendix B.4's vectors.
  EXPECT_EQ(crc32c::Value("123456789", 9), 0xE3069283u);
  EXPECT_EQ(crc32c::Value("", 0), 0u);
  std::string zeros(32, '\0'), ones(32, '\xff'), up(32, '\0'), down(32, '\0');
  for (int i = 0; i < 32; ++i) {
    up[i] = static_cast<char>(i);
    down[i] = static_cast<char>(31 - i);
  }
  EXPECT_EQ(crc32c::Value(zeros.data(), 32), 0x8A9136AAu);
  EXPECT_EQ(crc32c::Value(ones.data(), 32), 0x62A8AB43u);
  EXPECT_EQ(crc32c::Value(up.data(), 32), 0x46DD794Eu);
  EXPECT_EQ(crc32c::Value(down.data(), 32), 0x113FDB5Cu);
  // Extend in any split equals the whole.
  const std::string text = "The quick brown fox jumps over the lazy dog, twice over again.";
  for (size_t split = 0; split <= text.size(); ++split) {
    EXPECT_EQ(
        crc32c::Extend(crc32c::Value(text.data(), split), text.data() + split, text.size() - split),
        crc32c::Value(text.data(), text.size()));
  }
  const uint32_t crc = crc32c::Value("foo", 3);
  EXPECT_NE(crc32c::Mask(crc), crc);
  EXPECT_NE(crc32c::Mask(crc32c::Mask(crc)), crc);
  EXPECT_EQ(crc32c::Unmask(crc32c::Mask(crc)), crc);
  EXPECT_EQ(crc32c::Unmask(crc32c::Unmask(crc32c::Mask(crc32c::Mask(crc)))), crc);
}

TEST(TableTest, ManyBlocksRoundTripAndEveryFlipIsCaughtOrHarmless) {
  table::Options options;
  options.block_size = 256;  // many data blocks
  table::TableBuilder builder(options);
  std::vector<std::pair<std::string, std::string>> kv;
  for (int i = 0; i < 200; ++i) {
    char key[32];
    std::snprintf(key, sizeof(key), "layer_%03d/kernel", i);
    kv.emplace_back(key, std::string(i % 17, static_cast<char>('a' + i % 26)));
    builder.Add(kv.back().first, kv.back().second);
  }
  std::string file;
  TF_ASSERT_OK(builder.Finish(&file));
  std::vector<std::pair<std::string, std::string>> parsed;
  TF_ASSERT_OK(table::ParseTable(file, &parsed));
  EXPECT_EQ(parsed, kv);
  for (size_t i = 0; i < file.size(); i += 7) {
    std::string bad = file;
    bad[i] ^= 0x20;
    const Status s = table::ParseTable(bad, &parsed);
    if (s.ok()) {
      EXPECT_EQ(parsed, kv) << "flip at " << i;  // only the footer's padding is unchecked
      EXPECT_GE(i, file.size() - table::kFooterSize) << "flip at " << i;
    } else {
      EXPECT_EQ(s.code(), error::DATA_LOSS) << s;
    }
  }
  table::TableBuilder unordered;
  unordered.Add("b", "");
  unordered.Add("a", "");
  EXPECT_EQ(unordered.Finish(&file).code(), error::INVALID_ARGUMENT);
}

TEST(TensorBundleTest, NamingIsTFs) {
  EXPECT_EQ(MetaFilename("/a/b"), "/a/b.index");
  EXPECT_EQ(DataFilename("/a/b", 0, 1), "/a/b.data-00000-of-00001");
  EXPECT_EQ(DataFilename("p", 12, 345678), "p.data-00012-of-345678");
}

TEST(TensorBundleTest, EveryDtypeRoundTrips) {
  const std::string prefix = TempDir() + "/model";
  const auto tensors = EveryDtype();
  {
    BundleWriter writer(nullptr, prefix);
    TF_ASSERT_OK(writer.status());
    for (const auto& [name, t] : tensors) TF_ASSERT_OK(writer.Add(name, t));
    EXPECT_EQ(writer.Add("f32", tensors[0].second).message(), "Adding duplicate key: f32");
    EXPECT_EQ(writer.Finish().message(), "Adding duplicate key: f32");  // sticky
  }
  struct stat st;
  EXPECT_NE(::stat(MetaFilename(prefix).c_str(), &st), 0);  // nothing left behind
  {
    BundleWriter writer(prefix);
    for (const auto& [name, t] : tensors) TF_ASSERT_OK(writer.Add(name, t));
    TF_ASSERT_OK(writer.Finish());
  }
  BundleReader reader(nullptr, prefix);
  TF_ASSERT_OK(reader.status());
  EXPECT_EQ(reader.num_shards(), 1);
  for (const auto& [name, t] : tensors) {
    EXPECT_TRUE(reader.Contains(name));
    DataType dtype;
    TensorShape shape;
    TF_ASSERT_OK(reader.LookupDtypeAndShape(name, &dtype, &shape));
    EXPECT_EQ(dtype, t.dtype());
    EXPECT_EQ(shape, t.shape());
    Tensor restored;
    TF_ASSERT_OK(reader.Lookup(name, &restored));
    ExpectSameBits(t, restored, name);
  }
  EXPECT_FALSE(reader.Contains("nope"));
  Tensor unused;
  const Status missing = reader.Lookup("nope", &unused);
  EXPECT_EQ(missing.code(), error::NOT_FOUND);
  EXPECT_EQ(missing.message(), "Key nope not found in checkpoint");
  // Iteration: the header entry, then the keys in order.
  std::vector<std::string> keys;
  for (reader.Seek(kHeaderEntryKey); reader.Valid(); reader.Next()) {
    keys.emplace_back(reader.key());
  }
  ASSERT_EQ(keys.size(), tensors.size() + 1);
  EXPECT_EQ(keys[0], "");
  EXPECT_TRUE(std::is_sorted(keys.begin(), keys.end()));
}

TEST(TensorBundleTest, MissingFolderIsTFsNotFound) {
  BundleWriter writer(nullptr, "/tmp/minitf_no_such_dir_4711/sub/ck");
  EXPECT_EQ(writer.status().code(), error::NOT_FOUND);
  EXPECT_EQ(writer.status().message(),
            "/tmp/minitf_no_such_dir_4711/sub; No such file or directory");
}

// Each golden checkpoint's tensors, in SaveV2's order, from its .expected file.
TEST(TensorBundleTest, ReadsTFsCheckpointsBitForBitAndWritesTheSameBytes) {
  for (const std::string name : {"all", "small"}) {
    const auto expected = GoldenExpected(name);
    ASSERT_GE(expected.size(), 3u) << name;
    BundleReader reader(nullptr, kGolden + name);
    TF_ASSERT_OK(reader.status());
    const std::string prefix = TempDir() + "/" + name;
    BundleWriter writer(nullptr, prefix);
    for (const auto& [key, t] : expected) {
      Tensor restored;
      TF_ASSERT_OK(reader.Lookup(key, &restored));
      ExpectSameBits(t, restored, name + ":" + key);
      TF_ASSERT_OK(writer.Add(key, restored));
    }
    TF_ASSERT_OK(writer.Finish());
    // minitf's files are TF's, byte for byte: index (table layout, protos, checksums) and data.
    EXPECT_EQ(ReadFile(MetaFilename(prefix)), ReadFile(MetaFilename(kGolden + name))) << name;
    EXPECT_EQ(ReadFile(DataFilename(prefix, 0, 1)), ReadFile(DataFilename(kGolden + name, 0, 1)))
        << name;
  }
}

// ---------------------------------------------------------------------------------------------
// The ops in a session.

TEST(CheckpointOpsTest, SaveV2ThenRestoreV2EveryDtype) {
  const std::string prefix = TempDir() + "/session_ckpt";
  const auto tensors = EveryDtype();
  Scope root = Scope::NewRootScope();
  std::vector<std::string> names;
  std::vector<Input> values;
  DataTypeVector dtypes;
  for (const auto& [name, t] : tensors) {
    names.push_back(name);
    values.emplace_back(ops::Const(root, t));
    dtypes.push_back(t.dtype());
  }
  const std::vector<std::string> specs(names.size(), "");
  auto save = ops::SaveV2(root, prefix, Strings(names), Strings(specs), InputList(values));
  auto restore =
      ops::RestoreV2(root.WithOpName("restore"), prefix, Strings(names), Strings(specs), dtypes);
  TF_ASSERT_OK(root.status());
  ClientSession session(root);
  TF_ASSERT_OK(session.Run({}, {}, {save}, nullptr));
  std::vector<Tensor> out;
  TF_ASSERT_OK(session.Run(restore.tensors, &out));
  ASSERT_EQ(out.size(), tensors.size());
  for (size_t i = 0; i < out.size(); ++i) ExpectSameBits(tensors[i].second, out[i], names[i]);
}

TEST(CheckpointOpsTest, RestoreV2ReadsTFsCheckpoint) {
  const auto expected = GoldenExpected("all");
  Scope root = Scope::NewRootScope();
  std::vector<std::string> names;
  DataTypeVector dtypes;
  for (const auto& [key, t] : expected) {
    names.push_back(key);
    dtypes.push_back(t.dtype());
  }
  auto restore = ops::RestoreV2(root, kGolden + "all", Strings(names),
                                Strings(std::vector<std::string>(names.size(), "")), dtypes);
  ClientSession session(root);
  std::vector<Tensor> out;
  TF_ASSERT_OK(session.Run(restore.tensors, &out));
  for (size_t i = 0; i < out.size(); ++i) ExpectSameBits(expected[i].second, out[i], names[i]);
}

TEST(CheckpointOpsTest, MergeV2CheckpointsRenumbersShards) {
  const std::string dir = TempDir();
  const std::vector<std::string> parts = {dir + "/tmp0/part", dir + "/tmp1/part"};
  ::mkdir((dir + "/tmp0").c_str(), 0700);
  ::mkdir((dir + "/tmp1").c_str(), 0700);
  {
    BundleWriter w0(parts[0]), w1(parts[1]);
    TF_ASSERT_OK(w0.Add("x", test::AsTensor<float>({1.f, 2.f})));
    TF_ASSERT_OK(w1.Add("y", Tensor(tstring("why"))));
    TF_ASSERT_OK(w0.Finish());
    TF_ASSERT_OK(w1.Finish());
  }
  Scope root = Scope::NewRootScope();
  auto merge = ops::MergeV2Checkpoints(root, Strings(parts), dir + "/model");
  ClientSession session(root);
  TF_ASSERT_OK(session.Run({}, {}, {merge}, nullptr));
  struct stat st;
  EXPECT_EQ(::stat(DataFilename(dir + "/model", 1, 2).c_str(), &st), 0);
  EXPECT_NE(::stat((dir + "/tmp0").c_str(), &st), 0);  // emptied and deleted
  BundleReader reader(dir + "/model");
  TF_ASSERT_OK(reader.status());
  EXPECT_EQ(reader.num_shards(), 2);
  Tensor x, y;
  TF_ASSERT_OK(reader.Lookup("x", &x));
  TF_ASSERT_OK(reader.Lookup("y", &y));
  test::ExpectTensorEqual<float>(x, test::AsTensor<float>({1.f, 2.f}));
  EXPECT_EQ(y.scalar<tstring>()(), "why");
  // TF's texts: a duplicate key, a missing prefix.
  const std::vector<tstring> twice = {kGolden + "small", kGolden + "small"};
  EXPECT_EQ(MergeBundles(nullptr, twice, dir + "/m2").message(),
            "Duplicate tensor keyed by a encountered, when merging prefix: " + kGolden + "small");
  const std::vector<tstring> missing = {dir + "/nonexist"};
  EXPECT_EQ(MergeBundles(nullptr, missing, dir + "/m3").message(),
            "allow_missing_files was set to false and " + dir + "/nonexist did not exist." +
                "NOT_FOUND: " + dir + "/nonexist not found");
}

// Runs `op` and expects `code` and TF's text (the part before the node context).
void ExpectRunError(const Scope& root, const Operation& op, error::Code code,
                    const std::string& text) {
  ASSERT_TRUE(root.status().ok()) << root.status();
  ClientSession session(root);
  const Status s = session.Run({}, {}, {op}, nullptr);
  EXPECT_EQ(s.code(), code) << s;
  const std::string message(s.message());
  EXPECT_EQ(message.substr(0, message.find('\n')), text);
}

TEST(CheckpointOpsTest, ErrorsAreTFs) {
  const std::string small = kGolden + "small";
  const std::string dir = TempDir();
  {
    Scope root = Scope::NewRootScope();
    auto r = ops::RestoreV2(root, small, {"zz"}, {""}, {DT_FLOAT});
    ExpectRunError(root, r.operation, error::NOT_FOUND, "Key zz not found in checkpoint");
  }
  {
    Scope root = Scope::NewRootScope();
    auto r = ops::RestoreV2(root, small, {"a"}, {""}, {DT_FLOAT});
    ExpectRunError(root, r.operation, error::INVALID_ARGUMENT,
                   "tensor_name = a; expected dtype float does not equal original dtype int64");
  }
  {
    Scope root = Scope::NewRootScope();
    auto r = ops::RestoreV2(root, dir + "/nonexist", {"a"}, {""}, {DT_INT64});
    ExpectRunError(root, r.operation, error::NOT_FOUND,
                   "Unsuccessful TensorSliceReader constructor: Failed to find any matching "
                   "files for " +
                       dir + "/nonexist");
  }
  {
    Scope root = Scope::NewRootScope();
    auto names = ops::Placeholder(root, DT_STRING);
    auto specs = ops::Placeholder(root, DT_STRING);
    auto r = ops::RestoreV2(root, small, names, specs, {DT_FLOAT});
    ClientSession session(root);
    std::vector<Tensor> out;
    Status s = session.Run({{names, {"a", "b"}}, {specs, {""}}}, r.tensors, &out);
    EXPECT_EQ(std::string(s.message()).substr(0, s.message().find('\n')),
              "Got 2 tensor names, but 1 expected dtypes.");
    s = session.Run({{names, {"a"}}, {specs, {"", ""}}}, r.tensors, &out);
    EXPECT_EQ(std::string(s.message()).substr(0, s.message().find('\n')),
              "tensor_names and shape_and_slices have different number of elements: 1 vs. 2");
    s = session.Run({{names, {"a"}}, {specs, {"2 0,1"}}}, r.tensors, &out);
    EXPECT_EQ(s.code(), error::UNIMPLEMENTED) << s;
  }
  {
    Scope root = Scope::NewRootScope();
    auto prefix = ops::Placeholder(root, DT_STRING);
    auto names = ops::Placeholder(root, DT_STRING);
    auto specs = ops::Placeholder(root, DT_STRING);
    auto save = ops::SaveV2(root, prefix, names, specs, {ops::Const(root, 1.f)});
    ClientSession session(root);
    const std::string p = dir + "/x";
    auto run = [&](const Tensor& pre, const Tensor& n, const Tensor& sp) {
      const Status s = session.Run({{prefix, pre}, {names, n}, {specs, sp}}, {}, {save}, nullptr);
      return std::string(s.message()).substr(0, s.message().find('\n'));
    };
    EXPECT_EQ(run(test::AsTensor<tstring>({p}), test::AsTensor<tstring>({"a", "b"}),
                  test::AsTensor<tstring>({"", ""})),
              "Got 2 tensor names but 1 tensors.");
    EXPECT_EQ(run(test::AsTensor<tstring>({p, p}), test::AsTensor<tstring>({"a"}),
                  test::AsTensor<tstring>({""})),
              "Input prefix should have a single element, got 2 instead.");
    EXPECT_EQ(run(Tensor(tstring(p)), test::AsTensor<tstring>({"a"}, {1, 1}),
                  test::AsTensor<tstring>({""})),
              "Input tensor_names and shape_and_slices should be an 1-D tensors, got [1,1] and "
              "[1] instead.");
    EXPECT_EQ(
        run(Tensor(tstring(p)), test::AsTensor<tstring>({"a"}), test::AsTensor<tstring>({"", ""})),
        "tensor_names and shape_and_slices have different number of elements: 1 vs. 2");
    EXPECT_EQ(run(Tensor(tstring(dir + "/no/such")), test::AsTensor<tstring>({"a"}),
                  test::AsTensor<tstring>({""})),
              dir + "/no; No such file or directory");
  }
  {
    // Shape functions, as TF's.
    Scope root = Scope::NewRootScope();
    ops::SaveV2(root, Strings({"p", "q"}), {"a"}, {""}, {ops::Const(root, 1.f)});
    EXPECT_FALSE(root.status().ok());
    EXPECT_NE(std::string(root.status().message()).find("Shape must be rank 0 but is rank 1"),
              std::string::npos)
        << root.status();
    Scope root2 = Scope::NewRootScope();
    ops::SaveV2(root2, "p", {"a", "b"}, {"", ""}, {ops::Const(root2, 1.f)});
    EXPECT_NE(std::string(root2.status().message()).find("Dimension must be 1 but is 2"),
              std::string::npos)
        << root2.status();
  }
}

}  // namespace
}  // namespace tensorflow
