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
#include "tests/ops/golden_harness.h"
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

// Runs `decode` on every `step`-th prefix of each file: each gives an image or a clean
// InvalidArgument, never a crash.
void ExpectTruncationsFailCleanly(const Scope& root, const Output& contents, const Output& decode,
                                  const std::vector<std::string>& files, size_t step) {
  ClientSession session(root);
  std::vector<Tensor> out;
  for (const std::string& file : files) {
    for (size_t n = 1; n < file.size(); n += step) {
      const Status s = session.Run({{contents, file.substr(0, n)}}, {decode}, &out);
      if (!s.ok()) {
        EXPECT_EQ(s.code(), error::INVALID_ARGUMENT) << s;
      }
    }
  }
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
  ExpectTruncationsFailCleanly(root, contents, decode_png, {png, jpeg}, 7);
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
  // An APP0 segment running past the end of a 21-byte file: TF 2.21's recovery feeds libjpeg
  // the same bytes forever (its wheel hangs); minitf stops after a bounded number of refills.
  // (Checked on 12,000 mutated JPEGs: TF's pixels on the 11,960 TF decodes or refuses, an
  // InvalidArgument on the 40 it hangs on.)
  const std::string looping(
      "\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00\xff", 21);
  const Status s = session.Run({{contents, looping}}, {recover}, &out);
  EXPECT_EQ(s.code(), error::INVALID_ARGUMENT) << s;
}

// A 24-bit bottom-up BMP of h x w pixels (rows padded to 4 bytes).
std::string Bmp(int32_t h, int32_t w) {
  const int32_t row = (w * 3 + 3) / 4 * 4;
  std::string out(54 + row * h, '\0');
  auto put = [&](size_t at, int64_t v, int n) {
    for (int i = 0; i < n; ++i) out[at + i] = static_cast<char>((v >> (8 * i)) & 0xff);
  };
  out[0] = 'B';
  out[1] = 'M';
  put(2, out.size(), 4);
  put(10, 54, 4);
  put(14, 40, 4);
  put(18, w, 4);
  put(22, h, 4);
  put(26, 1, 2);
  put(28, 24, 2);
  for (size_t i = 54; i < out.size(); ++i) out[i] = static_cast<char>(i * 7);
  return out;
}

// The first input of the golden file's first case of `op` (a file written by Pillow).
std::string GoldenInput(const std::string& op, int skip = 0) {
  const GraphDef golden = golden::Load("image_io.pb");
  for (const NodeDef& node : golden.node()) {
    if (node.op() != op || skip-- > 0) continue;
    Tensor t;
    TF_CHECK_OK(GetNodeAttr(AttrSlice(node), "input_0", &t));
    return t.scalar<tstring>()();
  }
  return "";
}

TEST(ImageIoTest, GifAndBmpErrorsAreTFs) {
  const std::string bmp = Bmp(5, 7);
  const std::string gif = GoldenInput("DecodeGif"), animated = GoldenInput("DecodeGif", 1);
  const std::string png = Encoded(Pixels(4, 4, 3), false);
  Scope root = Scope::NewRootScope();
  auto contents = Placeholder(root, DT_STRING);
  auto decode_bmp = DecodeBmp(root, contents);
  auto decode_gif = DecodeGif(root, contents);
  auto decode_png = DecodePng(root, contents);
  EXPECT_EQ(ShapeOf(decode_gif), "[?,?,?,3]");
  EXPECT_EQ(ShapeOf(DecodeImage(root, contents)), "<unknown>");
  EXPECT_EQ(ShapeOf(DecodeImage(root, contents, DecodeImage::ExpandAnimations(false))), "[?,?,?]");
  ExpectError(root, {{contents, bmp.substr(0, 20)}}, decode_bmp,
              "Incomplete bmp content, requires at least 32 bytes to find the header size, "
              "width, height, and bpp, got 20 bytes");
  ExpectError(root, {{contents, bmp.substr(0, bmp.size() - 3)}}, decode_bmp,
              "Input size should match (header_size + row_size * abs_height) but they differ "
              "by -3");
  std::string bad = bmp;
  bad[28] = 16;
  ExpectError(root, {{contents, bad}}, decode_bmp,
              "Number of channels inherent in the image must be 1, 3 or 4, was 2");
  ExpectError(root, {{contents, Bmp(5, 0)}}, decode_bmp, "Width must be positive");
  ExpectError(root, {{contents, Bmp(0, 7)}}, decode_bmp, "Height must be nonzero");
  ExpectError(root, {{contents, bmp}}, DecodeBmp(root, contents, DecodeBmp::Channels(1)),
              "`channels` must be 0, 3 or 4 for BMP, but got 1");
  ExpectError(root, {{contents, bmp}}, decode_png,
              "Trying to decode BMP format using a wrong op. Use `decode_bmp` or "
              "`decode_image` instead. Op used: DecodePng");
  ExpectError(root, {{contents, png}}, decode_bmp,
              "Trying to decode PNG format using DecodeBmp op. Use `decode_png` or "
              "`decode_image` instead.");
  ExpectError(root, {{contents, gif}}, decode_bmp,
              "Trying to decode GIF format using DecodeBmp op. Use `decode_gif` or "
              "`decode_image` instead.");
  ExpectError(root, {{contents, animated}}, decode_png,
              "Got 3 frames, but animated gifs can only be decoded by tf.io.decode_gif or "
              "tf.io.decode_image");
  ExpectError(root, {{contents, gif}}, DecodeImage(root, contents, DecodeImage::Channels(1)),
              "channels must be 0 or 3 for GIF, got 1");
  ExpectError(root, {{contents, animated.substr(0, 10)}}, decode_gif,
              "Invalid GIF data (size 10), failed to open gif file: No screen descriptor "
              "detected");
  ExpectError(root, {{contents, "GIF89a" + std::string(30, '\x01')}}, decode_gif,
              "Invalid GIF data (size 36), failed to slurp gif file: Wrong record type detected");
  // Every truncation of a GIF and a BMP fails cleanly or decodes (TF keeps the frames read).
  ExpectTruncationsFailCleanly(root, contents, DecodeImage(root, contents), {animated, bmp}, 5);
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
