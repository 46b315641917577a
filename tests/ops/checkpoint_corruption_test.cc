// Corrupted checkpoints (ops/io's reader): every bit of TF's small checkpoint flipped,
// truncations, random damage to the larger one, and hand-built index entries that lie about
// lengths, offsets, shards, shapes and dtypes. Each read fails cleanly (DataLoss, OutOfRange,
// NotFound, Unimplemented; TF's texts where TF has them) or returns TF's exact values; none
// crashes or allocates from an unchecked number (this file also runs under ASan).
#include <cstdio>
#include <string>
#include <vector>

#include "framework/internal/crc32c.h"
#include "gtest/gtest.h"
#include "ops/io/internal/table.h"
#include "tensorflow/core/lib/core/status_test_util.h"
#include "tensorflow/core/protobuf/tensor_bundle.pb.h"
#include "tensorflow/core/util/tensor_bundle/naming.h"
#include "tensorflow/core/util/tensor_bundle/tensor_bundle.h"
#include "tests/ops/checkpoint_test_util.h"

namespace tensorflow {
namespace {

using namespace checkpoint_test;  // NOLINT

// ---------------------------------------------------------------------------------------------
// Corruption: never a crash, never a silent wrong value.

// Copies the golden `small` checkpoint to a fresh prefix, with the index and data files
// passed through `index_fn` and `data_fn`.
template <typename IndexFn, typename DataFn>
std::string CorruptCopy(IndexFn index_fn, DataFn data_fn) {
  static int counter = 0;
  static const std::string dir = TempDir();
  const std::string prefix = dir + "/c" + std::to_string(counter++);
  WriteFile(MetaFilename(prefix), index_fn(ReadFile(MetaFilename(kGolden + "small"))));
  WriteFile(DataFilename(prefix, 0, 1), data_fn(ReadFile(DataFilename(kGolden + "small", 0, 1))));
  return prefix;
}
std::string Same(std::string s) { return s; }

// Reads every tensor of the `small` set; the first error, or OK when all match TF's values.
Status ReadAllOfSmall(const std::string& prefix) {
  static const auto expected = GoldenExpected("small");
  BundleReader reader(prefix);
  TF_RETURN_IF_ERROR(reader.status());
  for (const auto& [key, t] : expected) {
    Tensor restored;
    TF_RETURN_IF_ERROR(reader.Lookup(key, &restored));
    ExpectSameBits(t, restored, "an OK read must give TF's values: " + key);
  }
  return OkStatus();
}

TEST(CheckpointCorruptionTest, DataFlipsGiveTFsTexts) {
  auto flip = [](size_t pos) {
    return [pos](std::string s) {
      s[pos] ^= 1;
      return s;
    };
  };
  // Texts and numbers recorded from TF 2.21 restoring these same corrupted files.
  std::string p = CorruptCopy(Same, flip(0));
  Status s = ReadAllOfSmall(p);
  EXPECT_EQ(s.code(), error::DATA_LOSS);
  EXPECT_EQ(s.message(), "TensorBundle at " + p +
                             " shard 0 (8 bytes): Checksum does not match: stored 683723185 vs. "
                             "calculated on the restored bytes 1643951254");
  p = CorruptCopy(Same, flip(8));
  EXPECT_EQ(ReadAllOfSmall(p).message(),
            "TensorBundle at " + p +
                " shard 0 (8 bytes): Checksum does not match: stored 1466709475 vs. calculated "
                "on the restored bytes 508577988");
  s = ReadAllOfSmall(CorruptCopy(Same, flip(17)));
  EXPECT_EQ(s.code(), error::DATA_LOSS);
  EXPECT_EQ(s.message(),
            "The length checksum does not match: expected 3272991356 but actual is 508577988");
  EXPECT_EQ(ReadAllOfSmall(CorruptCopy(Same, flip(19))).message(),
            "The length checksum does not match: expected 3264602748 but actual is 3272991356");
  p = CorruptCopy(Same, flip(22));
  EXPECT_EQ(ReadAllOfSmall(p).message(),
            "TensorBundle at " + p +
                " shard 0 (9 bytes): Checksum does not match: stored 2734612138 vs. calculated "
                "on the restored bytes 129977556");
  s = ReadAllOfSmall(CorruptCopy(Same, [](std::string d) { return d.substr(0, 4); }));
  EXPECT_EQ(s.code(), error::OUT_OF_RANGE);
  EXPECT_EQ(s.message(), "Read less bytes than requested");
  // Every bit of every data byte.
  const size_t data_size = ReadFile(DataFilename(kGolden + "small", 0, 1)).size();
  for (size_t i = 0; i < data_size; ++i) {
    for (int bit = 0; bit < 8; ++bit) {
      const Status st = ReadAllOfSmall(CorruptCopy(Same, [i, bit](std::string d) {
        d[i] ^= static_cast<char>(1 << bit);
        return d;
      }));
      EXPECT_EQ(st.code(), error::DATA_LOSS) << "byte " << i << " bit " << bit << ": " << st;
    }
  }
  p = CorruptCopy(Same, Same);
  std::remove(DataFilename(p, 0, 1).c_str());
  s = ReadAllOfSmall(p);
  EXPECT_EQ(s.code(), error::NOT_FOUND);
  EXPECT_EQ(s.message(), DataFilename(p, 0, 1) + "; No such file or directory");
}

TEST(CheckpointCorruptionTest, IndexTruncationsAndFlipsFailCleanly) {
  const std::string index = ReadFile(MetaFilename(kGolden + "small"));
  Status s = ReadAllOfSmall(CorruptCopy([](const std::string&) { return std::string(); }, Same));
  EXPECT_EQ(s.message(), "file is too short to be an sstable");
  for (size_t n = 1; n < index.size(); ++n) {
    s = ReadAllOfSmall(CorruptCopy([n](const std::string& f) { return f.substr(0, n); }, Same));
    EXPECT_EQ(s.code(), error::DATA_LOSS) << n;
  }
  s = ReadAllOfSmall(CorruptCopy([](std::string f) { return f.substr(0, 100); }, Same));
  EXPECT_EQ(s.message(), "not an sstable (bad magic number)");
  s = ReadAllOfSmall(CorruptCopy(
      [](std::string f) {
        f[12] ^= 1;
        return f;
      },
      Same));
  EXPECT_NE(s.message().find("Perhaps the file is corrupt or was produced by a newer version of "
                             "TensorFlow with format changes (failed to seek to header entry): "
                             "block checksum mismatch"),
            absl::string_view::npos)
      << s;
  for (size_t i = 0; i < index.size(); ++i) {
    for (int bit = 0; bit < 8; ++bit) {
      s = ReadAllOfSmall(CorruptCopy(
          [i, bit](std::string f) {
            f[i] ^= static_cast<char>(1 << bit);
            return f;
          },
          Same));
      // OK only in the footer's metaindex handle and padding, which nothing reads
      // (ExpectSameBits then demands TF's values); everywhere else DataLoss.
      if (s.ok()) {
        EXPECT_GE(i, index.size() - table::kFooterSize) << i;
        EXPECT_LT(i, index.size() - 8) << i;
      } else {
        EXPECT_EQ(s.code(), error::DATA_LOSS) << i << ": " << s;
      }
    }
  }
}

// Random damage (a fixed seed) to the larger TF checkpoint: overwritten bytes, truncations and
// appended garbage in either file. Every read either fails or gives TF's exact values.
TEST(CheckpointCorruptionTest, RandomDamageToTFsCheckpointFailsOrReadsExactly) {
  const auto expected = GoldenExpected("all");
  const std::string index = ReadFile(MetaFilename(kGolden + "all"));
  const std::string data = ReadFile(DataFilename(kGolden + "all", 0, 1));
  const std::string prefix = TempDir() + "/all";
  uint64_t state = 88172645463325252ull;
  auto next = [&state]() {  // xorshift64
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  };
  int failures = 0;
  for (int trial = 0; trial < 600; ++trial) {
    std::string idx = index, dat = data;
    std::string& victim = (trial % 2 == 0) ? idx : dat;
    switch (next() % 3) {
      case 0:
        for (int k = 0; k < 1 + static_cast<int>(next() % 4); ++k) {
          victim[next() % victim.size()] = static_cast<char>(next());
        }
        break;
      case 1:
        victim.resize(next() % victim.size());
        break;
      default:
        victim += std::string(1 + next() % 64, static_cast<char>(next()));
        break;
    }
    WriteFile(MetaFilename(prefix), idx);
    WriteFile(DataFilename(prefix, 0, 1), dat);
    BundleReader reader(prefix);
    Status s = reader.status();
    for (size_t i = 0; s.ok() && i < expected.size(); ++i) {
      Tensor t;
      s = reader.Lookup(expected[i].first, &t);
      if (s.ok()) ExpectSameBits(expected[i].second, t, "trial " + std::to_string(trial));
    }
    failures += !s.ok();
  }
  EXPECT_GT(failures, 300);  // appended bytes and some footer-padding changes are harmless
}

// A checkpoint whose index is built here, with entries that lie.
std::string LyingCheckpoint(const BundleEntryProto& entry, const std::string& data,
                            const std::string& footer_override = "") {
  static int counter = 0;
  static const std::string dir = TempDir();
  const std::string prefix = dir + "/lie" + std::to_string(counter++);
  BundleHeaderProto header;
  header.set_num_shards(1);
  header.mutable_version()->set_producer(1);
  table::TableBuilder builder;
  builder.Add("", header.SerializeAsString());
  builder.Add("t", entry.SerializeAsString());
  std::string file;
  EXPECT_TRUE(builder.Finish(&file).ok());
  if (!footer_override.empty()) {
    file.replace(file.size() - table::kFooterSize, footer_override.size(), footer_override);
  }
  WriteFile(MetaFilename(prefix), file);
  WriteFile(DataFilename(prefix, 0, 1), data);
  return prefix;
}

Status LookupT(const std::string& prefix) {
  BundleReader reader(prefix);
  TF_RETURN_IF_ERROR(reader.status());
  Tensor t;
  return reader.Lookup("t", &t);
}

TEST(CheckpointCorruptionTest, LyingLengthsNeverSizeAnAllocation) {
  const std::string data(64, '\x01');
  BundleEntryProto entry;
  entry.set_dtype(DT_FLOAT);
  entry.mutable_shape()->add_dim()->set_size(int64_t{1} << 38);  // 2^40 bytes
  entry.set_size(int64_t{1} << 40);
  Status s = LookupT(LyingCheckpoint(entry, data));
  EXPECT_EQ(s.code(), error::OUT_OF_RANGE) << s;
  entry.set_size(16);  // disagrees with the shape
  s = LookupT(LyingCheckpoint(entry, data));
  EXPECT_EQ(s.code(), error::DATA_LOSS) << s;
  EXPECT_EQ(s.message(), "Invalid size in bundle entry: key t; stored size 16; expected size " +
                             std::to_string(int64_t{1} << 40));
  // Strings: 2^38 elements in 2^40 bytes of a 64-byte file, in 16 bytes; a length varint
  // claiming 2^62 bytes.
  entry.set_dtype(DT_STRING);
  entry.set_size(int64_t{1} << 40);
  EXPECT_EQ(LookupT(LyingCheckpoint(entry, data)).code(), error::OUT_OF_RANGE);
  entry.set_size(16);
  EXPECT_EQ(LookupT(LyingCheckpoint(entry, data)).code(), error::DATA_LOSS);
  entry.mutable_shape()->mutable_dim(0)->set_size(1);
  entry.set_size(14);
  std::string huge;
  table::PutVarint64(&huge, uint64_t{1} << 62);
  table::PutFixed32(&huge, 0);
  huge.resize(14, 'x');
  EXPECT_EQ(LookupT(LyingCheckpoint(entry, huge)).code(), error::DATA_LOSS);
  // An over-long varint.
  entry.set_size(16);
  EXPECT_EQ(LookupT(LyingCheckpoint(entry, std::string(16, '\xff'))).code(), error::DATA_LOSS);
  // Offsets and shards out of range; bad shapes and dtypes; a sliced entry.
  entry.set_dtype(DT_FLOAT);
  entry.set_size(4);
  entry.set_offset(int64_t{1} << 62);
  EXPECT_EQ(LookupT(LyingCheckpoint(entry, data)).code(), error::OUT_OF_RANGE);
  entry.set_offset(-8);
  EXPECT_EQ(LookupT(LyingCheckpoint(entry, data)).code(), error::DATA_LOSS);
  entry.set_offset(0);
  entry.set_shard_id(3);
  EXPECT_EQ(LookupT(LyingCheckpoint(entry, data)).code(), error::DATA_LOSS);
  entry.set_shard_id(0);
  entry.mutable_shape()->mutable_dim(0)->set_size(-5);
  EXPECT_EQ(LookupT(LyingCheckpoint(entry, data)).code(), error::DATA_LOSS);
  entry.mutable_shape()->mutable_dim(0)->set_size(int64_t{1} << 62);
  entry.mutable_shape()->add_dim()->set_size(int64_t{1} << 62);  // overflowing element count
  EXPECT_EQ(LookupT(LyingCheckpoint(entry, data)).code(), error::DATA_LOSS);
  entry.mutable_shape()->Clear();
  entry.set_dtype(static_cast<DataType>(12345));
  EXPECT_EQ(LookupT(LyingCheckpoint(entry, data)).code(), error::DATA_LOSS);
  entry.set_dtype(DT_RESOURCE);
  EXPECT_EQ(LookupT(LyingCheckpoint(entry, data)).code(), error::DATA_LOSS);
  entry.set_dtype(DT_FLOAT);
  entry.add_slices();
  EXPECT_EQ(LookupT(LyingCheckpoint(entry, data)).code(), error::UNIMPLEMENTED);
  // Block handles that point past the file, or are not varints at all.
  entry.clear_slices();
  std::string handles;
  table::PutVarint64(&handles, 0);
  table::PutVarint64(&handles, 8);
  table::PutVarint64(&handles, uint64_t{1} << 60);
  table::PutVarint64(&handles, 1000);
  EXPECT_EQ(LookupT(LyingCheckpoint(entry, data, handles)).code(), error::DATA_LOSS);
  EXPECT_EQ(LookupT(LyingCheckpoint(entry, data, std::string(40, '\xff'))).code(),
            error::DATA_LOSS);
  // The same entry, told the truth, reads.
  entry.set_size(4);
  entry.set_crc32c(crc32c::Mask(crc32c::Value(data.data(), 4)));
  TF_EXPECT_OK(LookupT(LyingCheckpoint(entry, data)));
}

}  // namespace
}  // namespace tensorflow
