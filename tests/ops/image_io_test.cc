// The image codecs through the C++ API: round trips, inferred shapes, and TF 2.21's codes and
// texts (recorded from live TF) for bad attrs, bad shapes, and corrupt, truncated or foreign
// files, which must fail cleanly, never crash. Pixels and bytes against TF:
// cwise_golden_test.cc (tests/golden/image_io.pb).
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tensorflow/cc/client/client_session.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/tensor_testutil.h"
#include "tensorflow/core/lib/core/status_test_util.h"
#include "tests/ops/session_errors.h"

namespace tensorflow {
namespace {

using namespace ops;  // NOLINT

// The shape inferred for `o` at graph construction.
std::string ShapeOf(const Output& o) { return o.node()->output_shape(o.index()).DebugString(); }

using test_ops::ExpectError;

Tensor Pixels(int64_t h, int64_t w, int64_t c) {
  Tensor t(DT_UINT8, {h, w, c});
  for (int64_t i = 0; i < t.NumElements(); ++i) t.flat<uint8_t>()(i) = static_cast<uint8_t>(i);
  return t;
}

// Encodes `image` with `encode` and returns the bytes.
std::string Encoded(const Tensor& image, bool jpeg) {
  Scope root = Scope::NewRootScope();
  Output bytes = jpeg ? Output(EncodeJpeg(root, image)) : Output(EncodePng(root, image));
  ClientSession session(root);
  std::vector<Tensor> out;
  TF_CHECK_OK(session.Run({bytes}, &out));
  return out[0].scalar<tstring>()();
}

TEST(ImageIoTest, PngRoundTripsAndDecodersShareFormats) {
  const Tensor image = Pixels(4, 5, 3);
  Scope root = Scope::NewRootScope();
  auto png = EncodePng(root, image);
  auto back = DecodePng(root, png);
  auto gray = DecodePng(root, png, DecodePng::Channels(1));
  auto wide = DecodePng(root, png, DecodePng::Channels(4).Dtype(DT_UINT16));
  auto via_jpeg_op = DecodeJpeg(root, png);  // TF's kernel reads the magic bytes
  TF_ASSERT_OK(root.status());
  EXPECT_EQ(ShapeOf(gray), "[?,?,1]");
  EXPECT_EQ(ShapeOf(back), "[?,?,?]");
  ClientSession session(root);
  std::vector<Tensor> out;
  TF_ASSERT_OK(session.Run({back, gray, wide, via_jpeg_op}, &out));
  test::ExpectTensorEqual<uint8_t>(out[0], image);
  EXPECT_EQ(out[1].shape(), TensorShape({4, 5, 1}));
  EXPECT_EQ(out[2].shape(), TensorShape({4, 5, 4}));
  EXPECT_EQ(out[2].flat<uint16_t>()(1), 257);    // 8 bits to 16: v * 257
  EXPECT_EQ(out[2].flat<uint16_t>()(3), 65535);  // the added alpha
  test::ExpectTensorEqual<uint8_t>(out[3], image);
}

TEST(ImageIoTest, BatchedEncodePng) {
  Scope root = Scope::NewRootScope();
  Tensor batch(DT_UINT8, {2, 3, 4, 5, 1});
  batch.flat<uint8_t>().setConstant(7);
  auto png = EncodePng(root, batch);
  TF_ASSERT_OK(root.status());
  EXPECT_EQ(ShapeOf(png), "[2,3]");
  ClientSession session(root);
  std::vector<Tensor> out;
  TF_ASSERT_OK(session.Run({png}, &out));
  EXPECT_EQ(out[0].shape(), TensorShape({2, 3}));
}

TEST(ImageIoTest, DecodeErrorsAreTFs) {
  const std::string png = Encoded(Pixels(4, 4, 3), false);
  const std::string jpeg = Encoded(Pixels(16, 16, 3), true);
  Scope root = Scope::NewRootScope();
  auto contents = Placeholder(root, DT_STRING);
  auto decode_png = DecodePng(root, contents);
  auto decode_jpeg = DecodeJpeg(root, contents);
  auto four = DecodeJpeg(root, contents, DecodeJpeg::Channels(4));
  ExpectError(root, {{contents, ""}}, decode_png, "Input is empty.");
  ExpectError(root, {{contents, "hello"}}, decode_png,
              "Unknown image file format. One of JPEG, JPEG XL, PNG, GIF, BMP, WebP required.");
  ExpectError(root, {{contents, test::AsTensor<tstring>({png})}}, decode_png,
              "`contents` must be scalar but got shape[1]");
  ExpectError(root, {{contents, std::string("\x89PNG\r\n\x1a\nxxxx")}}, decode_png,
              "Invalid PNG. Failed to initialize decoder.");
  ExpectError(root, {{contents, png.substr(0, 40)}}, decode_png,
              "Invalid PNG. Failed to initialize decoder.");
  ExpectError(root, {{contents, png.substr(0, png.size() - 20)}}, decode_png,
              "Invalid PNG data, size " + std::to_string(png.size() - 20));
  // A corrupted IDAT (its CRC fails).
  std::string bad = png;
  bad[bad.size() - 20] ^= 0x55;
  ExpectError(root, {{contents, bad}}, decode_png,
              "Invalid PNG data, size " + std::to_string(bad.size()));
  ExpectError(root, {{contents, std::string("\xff\xd8\xffhello")}}, decode_jpeg,
              "jpeg::Uncompress failed. Invalid JPEG data or crop window.");
  ExpectError(root, {{contents, jpeg.substr(0, jpeg.size() - 20)}}, decode_jpeg,
              "jpeg::Uncompress failed. Invalid JPEG data or crop window.");
  ExpectError(root, {{contents, jpeg}}, four, "JPEG does not support 4 channels");
  ExpectError(root, {{contents, png}}, DecodePng(root, contents, DecodePng::Channels(2)),
              "`channels` must be 0, 1, 3 or 4 but got 2");
  ExpectError(root, {{contents, jpeg}}, DecodeJpeg(root, contents, DecodeJpeg::Ratio(3)),
              "ratio must be 1, 2, 4, or 8, got 3");
  ExpectError(root, {{contents, jpeg}}, DecodeJpeg(root, contents, DecodeJpeg::DctMethod("X")),
              "dct_method must be one of {'', 'INTEGER_FAST', 'INTEGER_ACCURATE'}");
  // Every truncation of a PNG and a JPEG fails cleanly or decodes; none crashes.
  ClientSession session(root);
  std::vector<Tensor> out;
  for (const std::string& file : {png, jpeg}) {
    for (size_t n = 1; n < file.size(); n += 7) {
      const Status s = session.Run({{contents, file.substr(0, n)}}, {decode_png}, &out);
      if (!s.ok()) {
        EXPECT_EQ(s.code(), error::INVALID_ARGUMENT) << s;
      }
    }
  }
}

TEST(ImageIoTest, TruncatedJpegRecovery) {
  const std::string jpeg = Encoded(Pixels(32, 32, 3), true);
  Scope root = Scope::NewRootScope();
  auto contents = Placeholder(root, DT_STRING);
  auto recover = DecodeJpeg(root, contents, DecodeJpeg::TryRecoverTruncated(true));
  ClientSession session(root);
  std::vector<Tensor> out;
  TF_ASSERT_OK(session.Run({{contents, jpeg.substr(0, jpeg.size() - 10)}}, {recover}, &out));
  EXPECT_EQ(out[0].shape(), TensorShape({32, 32, 3}));
}

TEST(ImageIoTest, EncodeErrorsAreTFs) {
  Scope root = Scope::NewRootScope();
  auto image = Placeholder(root, DT_UINT8);
  auto png = EncodePng(root, image);
  auto jpeg = EncodeJpeg(root, image);
  ExpectError(root, {{image, Tensor(DT_UINT8, {4, 4, 5})}}, png,
              "image must have 1, 2, 3, or 4 channels, got 5");
  ExpectError(root, {{image, Tensor(DT_UINT8, {4, 4})}}, png,
              "images must be at least rank 3[4,4]");
  ExpectError(root, {{image, Tensor(DT_UINT8, {0, 4, 3})}}, png,
              "PNG encoding failed at the following flattened batch indices: 0", error::INTERNAL);
  ExpectError(root, {{image, Tensor(DT_UINT8, {0, 4, 3})}}, jpeg, "JPEG encoding failed",
              error::INTERNAL);
  ExpectError(root, {{image, Tensor(DT_UINT8, {4, 4, 2})}}, jpeg,
              "image must have 1 or 3 channels, got [4,4,2]");
  ExpectError(root, {{image, Tensor(DT_UINT8, {4, 4, 3})}},
              EncodeJpeg(root, image, EncodeJpeg::Format("grayscale")),
              "format grayscale expects 1 channels, got [4,4,3]");
  ExpectError(root, {{image, Tensor(DT_UINT8, {4, 4, 3})}},
              EncodeJpeg(root, image, EncodeJpeg::Quality(101)),
              "quality must be in [0,100], got 101");
  ExpectError(root, {{image, Tensor(DT_UINT8, {4, 4, 3})}},
              EncodePng(root, image, EncodePng::Compression(10)),
              "compression should be in [-1,9], got 10");
}

}  // namespace
}  // namespace tensorflow
