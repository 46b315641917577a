// Mutated image files through every decoder: the PNG, JPEG, GIF and BMP files of the golden
// data (tests/golden/image_io.pb, written by Pillow and by hand) with bytes flipped, runs
// zeroed or set to 0xff, bytes inserted or deleted, and truncated, each decoded by DecodeImage
// (both expand_animations values and every dtype) and by the format's own op. Every Run must
// end in an image or an InvalidArgument, never a crash (ASan/UBSan run it in
// tools/sanitize.sh). Seeded: MINITF_MUTATION_SEED and MINITF_MUTATIONS (per file, default 40).
// With try_recover_truncated too: on some corrupt JPEGs (a segment running past the end) TF
// 2.21's memory source makes libjpeg loop forever (its wheel hangs); minitf's bounds the refills.
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tensorflow/cc/client/client_session.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tests/ops/golden_harness.h"

namespace tensorflow {
namespace {

using namespace ops;  // NOLINT

unsigned EnvOr(const char* name, unsigned fallback) {
  const char* env = std::getenv(name);
  return env == nullptr ? fallback : static_cast<unsigned>(std::strtoul(env, nullptr, 10));
}

// One distinct file per decode case's input in the golden data.
std::vector<std::string> SeedFiles() {
  const GraphDef golden = golden::Load("image_io.pb");
  std::vector<std::string> files;
  for (const NodeDef& node : golden.node()) {
    if (node.op().rfind("Decode", 0) != 0) continue;
    Tensor t;
    TF_CHECK_OK(GetNodeAttr(AttrSlice(node), "input_0", &t));
    const std::string file = t.scalar<tstring>()();
    if (files.empty() || files.back() != file) files.push_back(file);
  }
  return files;
}

std::string Mutate(std::string file, std::mt19937* rng) {
  auto pick = [&](size_t n) { return std::uniform_int_distribution<size_t>(0, n - 1)(*rng); };
  const int edits = 1 + static_cast<int>(pick(4));
  for (int e = 0; e < edits && !file.empty(); ++e) {
    const size_t at = pick(file.size());
    switch (pick(6)) {
      case 0:
        file[at] = static_cast<char>(file[at] ^ (1 << pick(8)));
        break;
      case 1:
        file[at] = static_cast<char>(pick(256));
        break;
      case 2:
        file.replace(at, std::min<size_t>(1 + pick(16), file.size() - at), 1 + pick(16),
                     pick(2) ? '\0' : '\xff');
        break;
      case 3:
        file.insert(at, 1 + pick(8), static_cast<char>(pick(256)));
        break;
      case 4:
        file.erase(at, 1 + pick(8));
        break;
      default:
        file.resize(at);
        break;
    }
  }
  return file;
}

TEST(ImageDecodeMutation, MutatedFilesEndInAStatus) {
  const std::vector<std::string> seeds = SeedFiles();
  ASSERT_GE(seeds.size(), 40u);
  Scope root = Scope::NewRootScope();
  auto contents = Placeholder(root, DT_STRING);
  const std::vector<Output> decoders = {
      DecodeImage(root, contents),
      DecodeImage(root, contents, DecodeImage::ExpandAnimations(false).Dtype(DT_FLOAT)),
      DecodeImage(root, contents, DecodeImage::Channels(3).Dtype(DT_UINT16)),
      DecodePng(root, contents, DecodePng::Channels(4)),
      DecodeJpeg(root, contents, DecodeJpeg::FancyUpscaling(false)),
      DecodeJpeg(root, contents, DecodeJpeg::Ratio(4).DctMethod("INTEGER_ACCURATE")),
      DecodeJpeg(root, contents, DecodeJpeg::TryRecoverTruncated(true)),
      DecodeGif(root, contents),
      DecodeBmp(root, contents, DecodeBmp::Channels(4))};
  ClientSession session(root);
  std::mt19937 rng(EnvOr("MINITF_MUTATION_SEED", 20261206));
  const unsigned per_file = EnvOr("MINITF_MUTATIONS", 40);
  int ok = 0, failed = 0;
  std::vector<Tensor> out;
  for (const std::string& seed : seeds) {
    for (unsigned m = 0; m < per_file; ++m) {
      const std::string file = Mutate(seed, &rng);
      const Output& decode = decoders[m % decoders.size()];
      const Status s = session.Run({{contents, file}}, {decode}, &out);
      if (s.ok()) {
        ++ok;
      } else {
        ++failed;
        ASSERT_EQ(s.code(), error::INVALID_ARGUMENT) << s << " (" << decode.node()->name() << ")";
      }
    }
  }
  std::printf("image mutations: %zu files x %u, %d decoded, %d refused\n", seeds.size(), per_file,
              ok, failed);
}

}  // namespace
}  // namespace tensorflow
