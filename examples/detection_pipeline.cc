// A small detection pipeline in TF's C++ API, written the TF way: an image file is read and
// decoded, resized, a few candidate boxes are cropped and scored by a tiny scorer, the best are
// picked with TopK and NonMaxSuppression, and the kept box is refined by gradient descent
// through CropAndResize (its box gradient is CropAndResizeGradBoxes).
//
//   ReadFile -> DecodePng -> Cast -> ResizeBilinear(64x64) -> CropAndResize(boxes, 8x8)
//     -> score = mean(crop * template)  -> TopK(3), NonMaxSuppressionV5 (soft), V4 (padded)
//   refine: box -= 0.03 * d/dbox mean((CropAndResize(image, box) - reference)^2)
//
// The image is written first (EncodePng, WriteFile) so the example needs no data file: a dark
// 48x40 picture with two bright blobs.
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "tensorflow/cc/client/client_session.h"
#include "tensorflow/cc/framework/gradients.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/tensor.h"

using namespace tensorflow;  // NOLINT: as TF's own examples do

// A 48x40 RGB picture: two blobs (centres (14, 12) and (30, 28), rows then columns).
Tensor Picture() {
  Tensor image(DT_UINT8, TensorShape({48, 40, 3}));
  auto px = image.tensor<uint8_t, 3>();
  for (int y = 0; y < 48; ++y) {
    for (int x = 0; x < 40; ++x) {
      const float a = std::exp(-((y - 14.f) * (y - 14.f) + (x - 12.f) * (x - 12.f)) / 30.f);
      const float b = std::exp(-((y - 30.f) * (y - 30.f) + (x - 28.f) * (x - 28.f)) / 40.f);
      for (int c = 0; c < 3; ++c) {
        px(y, x, c) = static_cast<uint8_t>(20 + 200 * a + (150 + 30 * c) * b);
      }
    }
  }
  return image;
}

int main() {
  const std::string path = "/tmp/minitf_detection_pipeline/picture.png";
  {
    Scope root = Scope::NewRootScope();
    auto write = ops::WriteFile(root, path, ops::EncodePng(root, Picture()));
    ClientSession session(root);
    TF_CHECK_OK(session.Run({}, {}, {write}, nullptr));
  }

  Scope root = Scope::NewRootScope();
  auto file = ops::ReadFile(root.WithOpName("file"), path);
  auto pixels = ops::DecodePng(root.WithOpName("decode"), file, ops::DecodePng::Channels(3));
  auto gray = ops::Mean(root, ops::Cast(root, pixels, DT_FLOAT), {2}, ops::Mean::KeepDims(true));
  auto image = ops::Div(root.WithOpName("image"),
                        ops::ResizeBilinear(root, ops::ExpandDims(root, gray, 0), {64, 64},
                                            ops::ResizeBilinear::HalfPixelCenters(true)),
                        255.f);
  // Six candidate boxes ([y1, x1, y2, x2] in [0, 1]): two near each blob, two on background.
  auto boxes = ops::Const(root.WithOpName("boxes"), {{0.15f, 0.15f, 0.45f, 0.45f},
                                                     {0.18f, 0.2f, 0.48f, 0.5f},
                                                     {0.5f, 0.55f, 0.8f, 0.85f},
                                                     {0.45f, 0.5f, 0.75f, 0.8f},
                                                     {0.0f, 0.6f, 0.3f, 0.9f},
                                                     {0.7f, 0.0f, 1.0f, 0.3f}});
  auto crops =
      ops::CropAndResize(root.WithOpName("crops"), image, boxes, ops::Fill(root, {6}, 0), {8, 8});
  // The scorer: correlation with a centred Gaussian template.
  Tensor templ(DT_FLOAT, TensorShape({8, 8, 1}));
  for (int y = 0; y < 8; ++y) {
    for (int x = 0; x < 8; ++x) {
      templ.tensor<float, 3>()(y, x, 0) =
          std::exp(-((y - 3.5f) * (y - 3.5f) + (x - 3.5f) * (x - 3.5f)) / 8.f);
    }
  }
  auto scores = ops::Mean(root.WithOpName("scores"), ops::Mul(root, crops, templ), {1, 2, 3});
  auto top = ops::TopK(root.WithOpName("top"), scores, 3);
  auto soft =
      ops::NonMaxSuppressionV5(root.WithOpName("soft_nms"), boxes, scores, 4, 0.5f, 0.05f, 0.5f);
  auto hard = ops::NonMaxSuppressionV4(root.WithOpName("nms"), boxes, scores, 4, 0.3f, 0.05f,
                                       ops::NonMaxSuppressionV4::PadToMaxOutputSize(true));

  // Refinement: the best box moves until its crop matches a reference crop (the crop of a
  // hidden, better-centred box).
  auto hidden = ops::Const(root.WithOpName("hidden"), {{0.52f, 0.6f, 0.76f, 0.83f}});
  auto reference = ops::CropAndResize(root.WithOpName("reference"), image, hidden, {0}, {8, 8});
  auto box = ops::Placeholder(root.WithOpName("box"), DT_FLOAT, ops::Placeholder::Shape({1, 4}));
  auto crop = ops::CropAndResize(root, image, box, {0}, {8, 8});
  auto loss = ops::Mean(root.WithOpName("loss"),
                        ops::Square(root, ops::Sub(root, crop, ops::StopGradient(root, reference))),
                        {0, 1, 2, 3});
  std::vector<Output> grads;
  TF_CHECK_OK(AddSymbolicGradients(root, {loss}, {box}, &grads));
  auto step = ops::Sub(root.WithOpName("step"), box, ops::Multiply(root, grads[0], 0.03f));
  TF_CHECK_OK(root.status());

  ClientSession session(root);
  std::vector<Tensor> out;
  TF_CHECK_OK(session.Run(
      {pixels, scores, top.values, top.indices, soft.selected_indices, soft.selected_scores,
       soft.valid_outputs, hard.selected_indices, hard.valid_outputs},
      &out));
  std::printf("decoded %s\n", out[0].shape().DebugString().c_str());
  std::printf("scores: %s\n", out[1].SummarizeValue(6).c_str());
  std::printf("top-3: %s at %s\n", out[2].SummarizeValue(3).c_str(),
              out[3].SummarizeValue(3).c_str());
  std::printf("soft nms: %s (%d valid), scores %s\n", out[4].SummarizeValue(4).c_str(),
              out[6].scalar<int32_t>()(), out[5].SummarizeValue(4).c_str());
  std::printf("nms: %s (%d valid)\n", out[7].SummarizeValue(4).c_str(), out[8].scalar<int32_t>()());

  // Refine the top box for 60 steps.
  const int best = out[3].flat<int32_t>()(0);
  std::vector<Tensor> all_boxes;
  TF_CHECK_OK(session.Run({boxes}, &all_boxes));
  Tensor b(DT_FLOAT, TensorShape({1, 4}));
  for (int i = 0; i < 4; ++i) b.flat<float>()(i) = all_boxes[0].matrix<float>()(best, i);
  float first = 0, last = 0;
  for (int s = 0; s <= 60; ++s) {
    TF_CHECK_OK(session.Run({{box, b}}, {loss, step}, &out));
    last = out[0].scalar<float>()();
    if (s == 0) first = last;
    b = out[1];
  }
  std::printf("refined box %d: %s\n", best, b.SummarizeValue(4).c_str());
  std::printf("loss fell %.3gx (%.3g -> %.3g)\n", first / last, first, last);
  return 0;
}
