// The CropAndResize family through a session (Release), at 1 and 2 threads:
//   BM_CropAndResizeGradBoxes   64 boxes of 7x7, depth 256, on a [2, 32, 32, 256] image
//   BM_CropAndResize            the same crops, forward
//   BM_CropAndResizeGradImage   the same, gradient w.r.t. the image
//   BM_CopyFloor                one memcpy of the grads/crops bytes (the least any of them does)
// TensorFlow's side: bench/tf_crop_and_resize_bench.py (same shapes and seed-free inputs).
//
//   build/bench/crop_and_resize_bench --benchmark_min_time=0.5
#include <benchmark/benchmark.h>

#include <cstring>
#include <vector>

#include "tensorflow/cc/client/client_session.h"
#include "tensorflow/cc/ops/standard_ops.h"

namespace tensorflow {
namespace {

constexpr int kBoxes = 64, kCrop = 7, kDepth = 256, kBatch = 2, kSize = 32;

Tensor Pattern(TensorShape shape, float scale) {
  Tensor t(DT_FLOAT, shape);
  auto f = t.flat<float>();
  uint32_t s = 2463534242u;
  for (int64_t i = 0; i < f.size(); ++i) {
    s ^= s << 13;
    s ^= s >> 17;
    s ^= s << 5;
    f(i) = scale * (static_cast<float>(s >> 8) * (1.0f / 16777216.0f) - 0.5f);
  }
  return t;
}

struct Inputs {
  Tensor image = Pattern(TensorShape({kBatch, kSize, kSize, kDepth}), 2.f);
  Tensor grads = Pattern(TensorShape({kBoxes, kCrop, kCrop, kDepth}), 1.f);
  Tensor boxes{DT_FLOAT, TensorShape({kBoxes, 4})};
  Tensor box_ind{DT_INT32, TensorShape({kBoxes})};
  Inputs() {
    Tensor r = Pattern(TensorShape({kBoxes, 4}), 1.f);
    for (int b = 0; b < kBoxes; ++b) {
      const float a = 0.5f + r.matrix<float>()(b, 0), c = 0.5f + r.matrix<float>()(b, 1);
      boxes.matrix<float>()(b, 0) = 0.4f * a;
      boxes.matrix<float>()(b, 1) = 0.4f * c;
      boxes.matrix<float>()(b, 2) = 0.55f + 0.4f * (0.5f + r.matrix<float>()(b, 2));
      boxes.matrix<float>()(b, 3) = 0.55f + 0.4f * (0.5f + r.matrix<float>()(b, 3));
      box_ind.flat<int32_t>()(b) = b % kBatch;
    }
  }
};

SessionOptions Threads(int n) {
  SessionOptions options;
  options.config.set_intra_op_parallelism_threads(n);
  options.config.set_inter_op_parallelism_threads(n);
  return options;
}

void BM_CropAndResizeGradBoxes(benchmark::State& state) {
  Inputs in;
  Scope root = Scope::NewRootScope();
  auto g = ops::Placeholder(root, DT_FLOAT);
  auto image = ops::Placeholder(root, DT_FLOAT);
  auto op = ops::CropAndResizeGradBoxes(root, g, image, in.boxes, in.box_ind);
  ClientSession session(root, Threads(state.range(0)));
  std::vector<Tensor> out;
  for (auto _ : state) TF_CHECK_OK(session.Run({{g, in.grads}, {image, in.image}}, {op}, &out));
}
BENCHMARK(BM_CropAndResizeGradBoxes)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMicrosecond);

void BM_CropAndResize(benchmark::State& state) {
  Inputs in;
  Scope root = Scope::NewRootScope();
  auto image = ops::Placeholder(root, DT_FLOAT);
  auto op = ops::CropAndResize(root, image, in.boxes, in.box_ind, {kCrop, kCrop});
  ClientSession session(root, Threads(state.range(0)));
  std::vector<Tensor> out;
  for (auto _ : state) TF_CHECK_OK(session.Run({{image, in.image}}, {op}, &out));
}
BENCHMARK(BM_CropAndResize)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMicrosecond);

void BM_CropAndResizeGradImage(benchmark::State& state) {
  Inputs in;
  Scope root = Scope::NewRootScope();
  auto g = ops::Placeholder(root, DT_FLOAT);
  auto op = ops::CropAndResizeGradImage(root, g, in.boxes, in.box_ind,
                                        {kBatch, kSize, kSize, kDepth}, DT_FLOAT);
  ClientSession session(root, Threads(state.range(0)));
  std::vector<Tensor> out;
  for (auto _ : state) TF_CHECK_OK(session.Run({{g, in.grads}}, {op}, &out));
}
BENCHMARK(BM_CropAndResizeGradImage)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMicrosecond);

void BM_CopyFloor(benchmark::State& state) {
  Inputs in;
  Tensor dst(DT_FLOAT, in.grads.shape());
  for (auto _ : state) {
    std::memcpy(dst.data(), in.grads.data(), in.grads.TotalBytes());
    benchmark::DoNotOptimize(dst.data());
  }
}
BENCHMARK(BM_CopyFloor)->UseRealTime()->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace tensorflow

BENCHMARK_MAIN();
