// A TF C++ image pipeline on TF's core Session: a picture is encoded to PNG and JPEG and written
// with WriteFile, read back with ReadFile, decoded (PNG at 8 and 16 bits, JPEG at two ratios and
// both DCT methods), resized, cropped with CropAndResize, scored, and the boxes picked with TopK
// and NonMaxSuppression V2-V5 (and per class: CombinedNonMaxSuppression; over overlaps), rescored
// with ScatterNdNonAliasingAdd and rescaled with ScaleAndTranslate; then a BMP (DecodeBmp,
// DecodeImage to float), each decoder on other formats, corrupt and truncated files, and bad
// thresholds. Built against TensorFlow 2.21 and against minitf, the two outputs must be identical:
// pixels and bytes' checksums print as integers, floats as hex.
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "tensorflow/cc/framework/scope.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/graph.pb.h"
#include "tensorflow/core/framework/tensor.h"
#include "tensorflow/core/public/session.h"

using namespace tensorflow;  // NOLINT

namespace {

void Print(const char* what, const Status& s) {
  std::printf("%s: %s [%s]\n", what, absl::StatusCodeToString(s.code()).c_str(),
              std::string(s.message()).substr(0, std::string(s.message()).find('\n')).c_str());
}

// Values as integers or hex floats; strings as their length and a byte checksum.
void PrintTensor(const std::string& name, const Tensor& t) {
  std::printf("%s %s %s:", name.c_str(), DataTypeString(t.dtype()).c_str(),
              t.shape().DebugString().c_str());
  for (int64_t i = 0; i < t.NumElements(); ++i) {
    switch (t.dtype()) {
      case DT_FLOAT:
        std::printf(" %a", t.flat<float>()(i));
        break;
      case DT_UINT8:
        std::printf(" %d", t.flat<uint8_t>()(i));
        break;
      case DT_UINT16:
        std::printf(" %d", t.flat<uint16_t>()(i));
        break;
      case DT_INT32:
        std::printf(" %d", t.flat<int32_t>()(i));
        break;
      case DT_STRING: {
        const std::string& s = t.flat<tstring>()(i);
        unsigned sum = 0;
        for (unsigned char c : s) sum = sum * 31 + c;
        std::printf(" len=%zu sum=%u", s.size(), sum);
        break;
      }
      default:
        std::printf(" ?");
    }
  }
  std::printf("\n");
}

// A 24-bit bottom-up BMP of 3x5 pixels (rows padded to 16 bytes).
std::string Bmp() {
  std::string out(54 + 16 * 3, '\0');
  auto put = [&](size_t at, uint32_t v, int n) {
    for (int i = 0; i < n; ++i) out[at + i] = static_cast<char>((v >> (8 * i)) & 0xff);
  };
  out[0] = 'B';
  out[1] = 'M';
  put(2, static_cast<uint32_t>(out.size()), 4);
  put(10, 54, 4);
  put(14, 40, 4);
  put(18, 5, 4);
  put(22, 3, 4);
  put(26, 1, 2);
  put(28, 24, 2);
  for (size_t i = 54; i < out.size(); ++i) out[i] = static_cast<char>(i * 37);
  return out;
}

Tensor Picture() {
  Tensor image(DT_UINT8, TensorShape({24, 20, 3}));
  auto px = image.tensor<uint8_t, 3>();
  for (int y = 0; y < 24; ++y) {
    for (int x = 0; x < 20; ++x) {
      const float a = std::exp(-((y - 7.f) * (y - 7.f) + (x - 6.f) * (x - 6.f)) / 12.f);
      const float b = std::exp(-((y - 16.f) * (y - 16.f) + (x - 14.f) * (x - 14.f)) / 16.f);
      for (int c = 0; c < 3; ++c) {
        px(y, x, c) = static_cast<uint8_t>(10 + 180 * a + (140 + 35 * c) * b + ((x * 7 + y) % 5));
      }
    }
  }
  return image;
}

GraphDef BuildPipeline(const std::string& dir) {
  Scope root = Scope::NewRootScope();
  auto picture = ops::Const(root.WithOpName("picture"), Input::Initializer(Picture()));
  auto png = ops::EncodePng(root.WithOpName("png"), picture);
  auto jpeg = ops::EncodeJpeg(root.WithOpName("jpeg"), picture, ops::EncodeJpeg::Quality(90));
  auto write_png = ops::WriteFile(root.WithOpName("write_png"), dir + "/a.png", png);
  auto write_jpeg = ops::WriteFile(root.WithOpName("write_jpeg"), dir + "/sub/a.jpg", jpeg);
  auto read_png = ops::ReadFile(root.WithOpName("read_png"), dir + "/a.png");
  auto read_jpeg = ops::ReadFile(root.WithOpName("read_jpeg"), dir + "/sub/a.jpg");
  ops::DecodePng(root.WithOpName("png8"), read_png, ops::DecodePng::Channels(1));
  ops::DecodePng(root.WithOpName("png16"), read_png, ops::DecodePng::Channels(4).Dtype(DT_UINT16));
  auto pixels = ops::DecodeJpeg(root.WithOpName("jpeg1"), read_jpeg);
  ops::DecodeJpeg(root.WithOpName("jpeg2"), read_jpeg,
                  ops::DecodeJpeg::Ratio(2).DctMethod("INTEGER_ACCURATE").Channels(1));
  ops::DecodeJpeg(root.WithOpName("jpeg_plain"), read_jpeg, ops::DecodeJpeg::FancyUpscaling(false));
  auto image =
      ops::ResizeBilinear(root.WithOpName("image"),
                          ops::ExpandDims(root, ops::Cast(root, pixels, DT_FLOAT), 0), {32, 32});
  auto boxes = ops::Const(root.WithOpName("boxes"), {{0.1f, 0.1f, 0.5f, 0.5f},
                                                     {0.15f, 0.12f, 0.55f, 0.5f},
                                                     {0.5f, 0.5f, 0.9f, 0.9f},
                                                     {0.0f, 0.6f, 0.3f, 0.95f},
                                                     {0.55f, 0.45f, 0.95f, 0.85f}});
  auto crops = ops::CropAndResize(root.WithOpName("crops"), image, boxes, {0, 0, 0, 0, 0}, {6, 6});
  // The score of a box: its crop's centre pixel (no reduction: a sum's order is TF's Eigen's).
  auto centre = ops::Slice(root, crops, {0, 3, 3, 0}, {-1, 1, 1, 1});
  auto scores = ops::Reshape(root.WithOpName("scores"), centre, {-1});
  ops::TopK(root.WithOpName("top"), scores, 3);
  ops::TopK(root.WithOpName("top_unsorted"), scores, 4, ops::TopK::Sorted(false));
  ops::NonMaxSuppressionV2(root.WithOpName("nms2"), boxes, scores, 3, 0.4f);
  ops::NonMaxSuppressionV3(root.WithOpName("nms3"), boxes, scores, 5, 0.3f, 0.2f);
  ops::NonMaxSuppressionV4(root.WithOpName("nms4"), boxes, scores, 4, 0.3f, 0.2f,
                           ops::NonMaxSuppressionV4::PadToMaxOutputSize(true));
  ops::NonMaxSuppressionV5(root.WithOpName("nms5"), boxes, scores, 5, 0.5f, 0.0f, 0.3f);
  // Per class (the score and half of it), then across classes; NMS over given overlaps.
  const Output half_scores = ops::Mul(root, scores, 0.5f);
  const Output both_scores = ops::Stack(root, {Output(scores), half_scores}, ops::Stack::Axis(1));
  auto class_scores = ops::ExpandDims(root, both_scores, 0);
  ops::CombinedNonMaxSuppression(root.WithOpName("combined"),
                                 ops::Reshape(root, boxes, {1, 5, 1, 4}), class_scores, 2, 4, 0.4f,
                                 0.0f);
  ops::NonMaxSuppressionWithOverlaps(root.WithOpName("nms_overlaps"),
                                     ops::Const(root, {{1.0f, 0.7f, 0.1f, 0.0f, 0.2f},
                                                       {0.7f, 1.0f, 0.3f, 0.1f, 0.6f},
                                                       {0.1f, 0.3f, 1.0f, 0.5f, 0.4f},
                                                       {0.0f, 0.1f, 0.5f, 1.0f, 0.2f},
                                                       {0.2f, 0.6f, 0.4f, 0.2f, 1.0f}}),
                                     scores, 4, 0.45f, 0.0f);
  // A bonus to two boxes' scores; the image scaled and shifted with two sampling kernels.
  ops::ScatterNdNonAliasingAdd(root.WithOpName("bonus"), scores, {{1}, {3}}, {0.5f, 0.25f});
  ops::ScaleAndTranslate(root.WithOpName("scaled"), image, {20, 24}, {0.625f, 0.75f}, {0.5f, -1.0f},
                         ops::ScaleAndTranslate::KernelType("keyscubic"));
  ops::ScaleAndTranslate(root.WithOpName("scaled_aa"), image, {12, 12}, {0.375f, 0.375f},
                         {0.0f, 0.0f});
  auto bytes = ops::Placeholder(root.WithOpName("bytes"), DT_STRING);
  ops::DecodePng(root.WithOpName("any_png"), bytes);
  ops::DecodeJpeg(root.WithOpName("any_jpeg"), bytes);
  ops::DecodeJpeg(root.WithOpName("recover"), bytes, ops::DecodeJpeg::TryRecoverTruncated(true));
  ops::DecodeBmp(root.WithOpName("any_bmp"), bytes, ops::DecodeBmp::Channels(4));
  ops::DecodeGif(root.WithOpName("any_gif"), bytes);
  ops::DecodeImage(root.WithOpName("any_image"), bytes,
                   ops::DecodeImage::Dtype(DT_FLOAT).ExpandAnimations(false));
  ops::ReadFile(root.WithOpName("read_missing"), dir + "/missing.png");
  auto iou = ops::Placeholder(root.WithOpName("iou"), DT_FLOAT);
  ops::NonMaxSuppressionV3(root.WithOpName("nms_bad"), boxes, scores, 3, iou, 0.0f);
  (void)write_png;
  (void)write_jpeg;
  GraphDef graph_def;
  TF_CHECK_OK(root.ToGraphDef(&graph_def));
  return graph_def;
}

}  // namespace

int main() {
  char dir_template[] = "/tmp/image_pipeline_XXXXXX";
  const std::string dir = mkdtemp(dir_template);
  std::unique_ptr<Session> session(NewSession(SessionOptions()));
  TF_CHECK_OK(session->Create(BuildPipeline(dir)));
  std::vector<Tensor> out;
  TF_CHECK_OK(session->Run({}, {"png", "jpeg"}, {"write_png", "write_jpeg"}, &out));
  PrintTensor("png", out[0]);
  PrintTensor("jpeg", out[1]);
  const std::string png_bytes = out[0].scalar<tstring>()();
  const std::string jpeg_bytes = out[1].scalar<tstring>()();
  const std::vector<std::string> fetches = {
      "png8",       "png16",      "jpeg1",      "jpeg2",          "jpeg_plain",
      "scores",     "top:0",      "top:1",      "top_unsorted:0", "top_unsorted:1",
      "nms2",       "nms3",       "nms4:0",     "nms4:1",         "nms5:0",
      "nms5:1",     "nms5:2",     "bonus",      "scaled",         "scaled_aa",
      "combined:0", "combined:1", "combined:2", "combined:3",     "nms_overlaps"};
  TF_CHECK_OK(session->Run({}, fetches, {}, &out));
  for (size_t i = 0; i < fetches.size(); ++i) PrintTensor(fetches[i], out[i]);

  // Each decoder reads the other's format; corrupt, truncated and foreign bytes fail cleanly.
  auto run = [&](const std::string& what, const std::string& data, const std::string& fetch) {
    Tensor t(DT_STRING, TensorShape({}));
    t.scalar<tstring>()() = data;
    const Status s = session->Run({{"bytes", t}}, {fetch}, {}, &out);
    if (s.ok()) {
      PrintTensor(what, out[0]);
    } else {
      Print(what.c_str(), s);
    }
  };
  run("png as jpeg", png_bytes, "any_jpeg");
  run("jpeg as png", jpeg_bytes, "any_png");
  run("empty", "", "any_png");
  run("text", "not an image", "any_png");
  run("png cut", png_bytes.substr(0, png_bytes.size() / 2), "any_png");
  run("png header only", png_bytes.substr(0, 30), "any_png");
  run("jpeg cut", jpeg_bytes.substr(0, jpeg_bytes.size() - 30), "any_jpeg");
  run("jpeg cut recovered", jpeg_bytes.substr(0, jpeg_bytes.size() - 30), "recover");
  std::string flipped = png_bytes;
  flipped[flipped.size() / 2] ^= 0x40;
  run("png flipped", flipped, "any_png");
  const std::string bmp = Bmp();
  run("bmp", bmp, "any_bmp");
  run("bmp as float", bmp, "any_image");
  run("bmp cut", bmp.substr(0, bmp.size() - 4), "any_bmp");
  run("bmp via png", bmp, "any_png");
  run("png via gif", png_bytes, "any_gif");
  run("png as float", png_bytes, "any_image");
  run("jpeg via bmp", jpeg_bytes, "any_bmp");
  for (float v : {1.5f, -0.1f}) {
    // Allocated, not Tensor(v): TF 2.21's NMS kernel CHECK-fails on an inline scalar.
    Tensor iou(DT_FLOAT, TensorShape({}));
    iou.scalar<float>()() = v;
    Print("iou", session->Run({{"iou", iou}}, {"nms_bad"}, {}, &out));
  }
  // The path (a fresh temporary directory) is in the text: the code only.
  const Status missing = session->Run({}, {"read_missing"}, {}, &out);
  std::printf("missing file: %s\n", absl::StatusCodeToString(missing.code()).c_str());
  return 0;
}
