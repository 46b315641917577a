// The windowed ops (Conv2D and its backprops, MaxPool, AvgPool and their gradients) and the
// batched products through the C++ API: TF 2.21's error codes and texts for bad inputs, from the
// kernels (fed placeholders) and from the shape functions (graph construction), each checked
// against live TF with its Eigen CPU kernels (TF_ENABLE_ONEDNN_OPTS=0). Values are checked
// against TF in cwise_golden_test.cc (tests/golden/conv.pb).
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tensorflow/cc/client/client_session.h"
#include "tensorflow/cc/ops/nn_ops_internal.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/tensor_testutil.h"
#include "tensorflow/core/lib/core/status_test_util.h"
#include "tests/ops/session_errors.h"

namespace tensorflow {
namespace {

using namespace ops;  // NOLINT

using test_ops::ExpectShapeError;

using Inputs = std::vector<Output>;
using Build = std::function<Output(const Scope&, const Inputs&)>;

// Builds a graph with `build` on one placeholder per value and runs it with the values fed,
// expecting `code` and a message starting with `text` from whichever stage fails first, as in
// TF: graph construction (the shape functions, which check attrs even when shapes are unknown)
// or the kernel.
void ExpectError(const std::vector<Tensor>& values, const Build& build, error::Code code,
                 const std::string& text) {
  Scope root = Scope::NewRootScope();
  Inputs in;
  ClientSession::FeedType feeds;
  for (const Tensor& v : values) {
    auto p = Placeholder(root, v.dtype());
    in.push_back(p);
    feeds.emplace(p, v);
  }
  const Output y = build(root, in);
  Status s = root.status();
  if (s.ok()) {
    ClientSession session(root);
    std::vector<Tensor> out;
    s = session.Run(feeds, {y}, &out);
  }
  EXPECT_EQ(s.code(), code) << s;
  EXPECT_EQ(s.message().substr(0, text.size()), text) << s;
}

Tensor Ones(const TensorShape& shape) {
  Tensor t(DT_FLOAT, shape);
  t.flat<float>().setConstant(1.f);
  return t;
}

Output P(const Scope& s, PartialTensorShape shape = PartialTensorShape()) {
  return Placeholder(s, DT_FLOAT, Placeholder::Shape(shape));
}

constexpr error::Code kInvalid = error::INVALID_ARGUMENT;
constexpr error::Code kUnimplemented = error::UNIMPLEMENTED;

TEST(ConvPoolTest, Conv2DErrorsAreTFs) {
  const Tensor x = Ones({1, 5, 5, 2}), f = Ones({3, 3, 2, 4});
  auto conv = [](gtl::ArraySlice<int> strides, const char* padding,
                 Conv2D::Attrs attrs = Conv2D::Attrs()) -> Build {
    std::vector<int> st(strides.begin(), strides.end());
    return [st, padding, attrs](const Scope& s, const Inputs& in) -> Output {
      return Conv2D(s, in[0], in[1], st, padding, attrs);
    };
  };
  ExpectError({x, f}, conv({1, 1, 1}, "VALID"), kInvalid,
              "Conv2D on data format NHWC requires the stride attribute to contain 4 values, but "
              "got: 3");
  ExpectError(
      {x, f}, conv({2, 1, 1, 1}, "VALID"), kUnimplemented,
      "Current implementation does not yet support strides in the batch and depth dimensions.");
  ExpectError({x, f}, conv({1, 0, 1, 1}, "VALID"), kInvalid, "Stride must be > 0, but got 0");
  ExpectError({x, f}, conv({1, 1, 1, 1}, "VALID", Conv2D::Dilations({2, 1, 1, 1})), kUnimplemented,
              "Current implementation does not yet support dilations in the batch and depth "
              "dimensions.");
  ExpectError({x, f}, conv({1, 1, 1, 1}, "VALID", Conv2D::Dilations({1, 0, 1, 1})), kInvalid,
              "Dilation rate must be >= 1, but got 0");
  ExpectError({x, f}, conv({1, 1, 1, 1}, "EXPLICIT", Conv2D::ExplicitPaddings({0, 0, 1, 1})),
              kInvalid, "explicit_paddings attribute must contain 8 values, but got: 4");
  ExpectError({x, f},
              conv({1, 1, 1, 1}, "EXPLICIT", Conv2D::ExplicitPaddings({0, 0, 1, -1, 1, 1, 0, 0})),
              kInvalid, "All elements of explicit_paddings must be nonnegative");
  ExpectError(
      {x, f}, conv({1, 1, 1, 1}, "EXPLICIT", Conv2D::ExplicitPaddings({1, 0, 1, 1, 1, 1, 0, 0})),
      kInvalid, "Nonzero explicit padding in the batch or depth dimensions is not supported");
  ExpectError({x, f},
              conv({1, 1, 1, 1}, "VALID", Conv2D::ExplicitPaddings({0, 0, 1, 1, 1, 1, 0, 0})),
              kInvalid,
              "explicit_paddings attribute must be empty if the padding attribute is not EXPLICIT");
  ExpectError({Ones({5, 5, 2}), f}, conv({1, 1, 1, 1}, "VALID"), kInvalid,
              "convolution input must be 4-dimensional: [5,5,2]");
  ExpectError({x, Ones({3, 2, 4})}, conv({1, 1, 1, 1}, "VALID"), kInvalid,
              "convolution filter must be 4-dimensional: [3,2,4]");
  ExpectError({x, Ones({3, 3, 3, 4})}, conv({1, 1, 1, 1}, "VALID"), kInvalid,
              "input depth must be evenly divisible by filter depth: 2 vs 3");
  ExpectError({x, Ones({3, 3, 0, 4})}, conv({1, 1, 1, 1}, "VALID"), kInvalid,
              "filter depth must be stricly positive, got 0");
  ExpectError({x, Ones({7, 3, 2, 4})}, conv({1, 1, 1, 1}, "VALID"), kInvalid,
              "Computed output size would be negative: -1 [input_size: 5, "
              "effective_filter_size: 7, stride: 1]");
  ExpectError({x, Ones({0, 3, 2, 4})}, conv({1, 1, 1, 1}, "VALID"), kInvalid,
              "filter must not have zero elements (i.e. all dimensions must be non-zero)");
  ExpectError({Ones({1, 2, 5, 5}), f}, conv({1, 1, 1, 1}, "VALID", Conv2D::DataFormat("NCHW")),
              kUnimplemented,
              "The Conv2D op currently only supports the NHWC tensor format on the CPU. The op "
              "was given the format: NCHW");
}

TEST(ConvPoolTest, Conv2DBackpropErrorsAreTFs) {
  const Tensor f = Ones({3, 3, 2, 4}), dy = Ones({1, 3, 3, 4}), x = Ones({1, 5, 5, 2});
  auto input = [](Conv2DBackpropInput::Attrs attrs = {}, const char* padding = "VALID",
                  std::vector<int> strides = {1, 1, 1, 1}) -> Build {
    return [attrs, padding, strides](const Scope& s, const Inputs& in) -> Output {
      return Conv2DBackpropInput(s, in[0], in[1], in[2], strides, padding, attrs);
    };
  };
  auto sizes = [](std::initializer_list<int32_t> v) { return test::AsTensor<int32_t>(v); };
  ExpectError({sizes({1, 6, 5, 2}), f, dy}, input(), kInvalid,
              "Conv2DCustomBackpropInput: Size of out_backprop doesn't match computed: actual = "
              "3, computed = 4 spatial_dim: 1 input: 6 filter: 3 output: 3 stride: 1 dilation: 1");
  ExpectError({sizes({5, 5, 2}), f, dy}, input(), kInvalid,
              "Conv2DBackpropInput requires input_sizes to contain 4 values or 2 values, but got: "
              "3");
  ExpectError({sizes({1, 5, 5, 3}), f, dy}, input(), kInvalid,
              "Conv2DCustomBackpropInput: input depth must be evenly divisible by filter depth");
  ExpectError({sizes({1, 5, 5, 2}), f, Ones({1, 3, 3, 5})}, input(), kInvalid,
              "Conv2DCustomBackpropInput: filter and out_backprop must have the same out_depth");
  ExpectError({sizes({2, 5, 5, 2}), f, dy}, input(), kInvalid,
              "Conv2DCustomBackpropInput: input and out_backprop must have the same batch size. "
              "Input batch: 2, outbackprop batch: 1, batch_dim: 0");
  ExpectError({sizes({1, 5, 5, 4}), f, dy}, input(), kInvalid,
              "Gradients for grouped convolutions are not supported on CPU. Please file a feature "
              "request if you run into this issue. Computed input depth 4 doesn't match filter "
              "input depth 2");
  ExpectError({sizes({1, 5, 5, 2}), f, Ones({1, 5, 5, 4})},
              input(Conv2DBackpropInput::Dilations({1, 2, 2, 1}), "SAME"), kInvalid,
              "Current CPU implementations do not yet support dilation rates larger than 1.");
  ExpectError({sizes({1, 2, 5, 5}), f, Ones({1, 4, 3, 3})},
              input(Conv2DBackpropInput::DataFormat("NCHW")), kInvalid,
              "Conv2DCustomBackpropInputOp only supports NHWC.");
  ExpectError({sizes({1, -5, 5, 2}), f, dy}, input(), kInvalid, "Dimension -5 must be >= 0");
  ExpectError({sizes({1, 5, 5, 2}), f, dy}, input({}, "VALID", {1, 0, 1, 1}), kInvalid,
              "Row and column strides should be larger than 0.");
  const Build filter = [](const Scope& s, const Inputs& in) -> Output {
    return Conv2DBackpropFilter(s, in[0], in[1], in[2], {1, 1, 1, 1}, "VALID");
  };
  ExpectError({x, sizes({2, 3, 2, 4}), dy}, filter, kInvalid,
              "Conv2DCustomBackpropFilter: Size of out_backprop doesn't match computed: actual = "
              "3, computed = 4 spatial_dim: 1 input: 5 filter: 2 output: 3 stride: 1 dilation: 1");
  ExpectError({x, sizes({3, 2, 4}), dy}, filter, kInvalid,
              "Conv2DCustomBackpropFilter: filter must be 4-dimensional");
  ExpectError({Ones({5, 5, 2}), sizes({3, 3, 2, 4}), dy}, filter, kInvalid,
              "Conv2DCustomBackpropFilter: input must be 4-dimensional");
  ExpectError({x, sizes({3, 3, 3, 4}), dy}, filter, kInvalid,
              "Conv2DCustomBackpropFilter: input depth must be evenly divisible by filter depth");
  ExpectError({x, sizes({3, 3, 2, 5}), dy}, filter, kInvalid,
              "Conv2DCustomBackpropFilter: filter and out_backprop must have the same out_depth");
  ExpectError({x, sizes({3, -3, 2, 4}), dy}, filter, kInvalid, "Dimension -3 must be >= 0");
}

TEST(ConvPoolTest, PoolErrorsAreTFs) {
  const Tensor x = Ones({1, 5, 5, 2});
  auto max_pool = [](std::vector<int> ksize, std::vector<int> strides, const char* padding,
                     MaxPool::Attrs attrs = {}) -> Build {
    return [=](const Scope& s, const Inputs& in) -> Output {
      return MaxPool(s, in[0], ksize, strides, padding, attrs);
    };
  };
  auto avg_pool = [](std::vector<int> ksize, std::vector<int> strides, const char* padding,
                     AvgPool::Attrs attrs = {}) -> Build {
    return [=](const Scope& s, const Inputs& in) -> Output {
      return AvgPool(s, in[0], ksize, strides, padding, attrs);
    };
  };
  ExpectError({x}, max_pool({2, 2, 2, 1}, {1, 2, 2, 1}, "SAME"), kUnimplemented,
              "Pooling is not yet supported on the batch dimension.");
  ExpectError({x}, max_pool({1, 0, 2, 1}, {1, 2, 2, 1}, "SAME"), kInvalid,
              "Sliding window ksize must be positive. The specified or inferred ksize is: "
              "1,0,2,1");
  ExpectError({x}, max_pool({1, 2, 2, 1}, {1, 0, 2, 1}, "SAME"), kInvalid,
              "Stride must be > 0, but got 0");
  ExpectError({Ones({5, 5, 2})}, max_pool({1, 2, 2, 1}, {1, 2, 2, 1}, "SAME"), kInvalid,
              "tensor_in_shape must have 2 spatial dimensions. 3 0");
  ExpectError({x}, max_pool({1, 2, 2, 1, 1}, {1, 2, 2, 1}, "SAME"), kInvalid,
              "MaxPool requires the ksize attribute to contain 4 values, but got: 5");
  ExpectError({x}, max_pool({1, 2, 2, 1}, {1, 2, 2, 1, 1}, "SAME"), kInvalid,
              "MaxPool requires the stride attribute to contain 4 values, but got: 5");
  ExpectError({Ones({1, 2, 5, 5})},
              max_pool({1, 1, 2, 2}, {1, 1, 2, 2}, "SAME", MaxPool::DataFormat("NCHW")), kInvalid,
              "Default MaxPoolingOp only supports NHWC on device type CPU");
  ExpectError({x},
              max_pool({1, 2, 2, 1}, {1, 2, 2, 1}, "EXPLICIT",
                       MaxPool::ExplicitPaddings({0, 0, 2, 2, 1, 1, 0, 0})),
              kInvalid, "Top padding 2 needs to be smaller than the window size 2");
  ExpectError({Ones({1, 2, 2, 3})}, max_pool({1, 1, 1, 2}, {1, 1, 1, 2}, "VALID"), kUnimplemented,
              "Depthwise max pooling requires the depth window to evenly divide the input depth");
  ExpectError({Ones({1, 2, 2, 4})}, max_pool({1, 1, 1, 2}, {1, 1, 1, 1}, "VALID"), kUnimplemented,
              "Depthwise max pooling requires the depth window to equal the depth stride");
  ExpectError({Ones({1, 2, 2, 4})}, max_pool({1, 2, 1, 2}, {1, 1, 1, 2}, "VALID"), kUnimplemented,
              "MaxPooling supports exactly one of pooling across depth or pooling across "
              "width/height.");
  ExpectError({x}, avg_pool({1, 1, 1, 2}, {1, 1, 1, 2}, "VALID"), kUnimplemented,
              "Non-spatial pooling is not yet supported. Volunteers? :)");
  ExpectError({Ones({1, 2, 5, 5})},
              avg_pool({1, 1, 2, 2}, {1, 1, 2, 2}, "SAME", AvgPool::DataFormat("NCHW")), kInvalid,
              "Default AvgPoolingOp only supports NHWC on device type CPU");
  ExpectError({x}, avg_pool({2, 2, 2, 1}, {1, 2, 2, 1}, "SAME"), kUnimplemented,
              "Pooling is not yet supported on the batch dimension.");

  // MaxPoolV2 and MaxPoolGradV2 read ksize and strides from inputs (texts from live TF).
  const Build max_v2 = [](const Scope& s, const Inputs& in) -> Output {
    return MaxPoolV2(s, in[0], in[1], in[2], "SAME");
  };
  auto i32 = [](std::vector<int32_t> v) { return test::AsTensor<int32_t>(v); };
  ExpectError({x, i32({1, 2, 2}), i32({1, 2, 2, 1})}, max_v2, kInvalid,
              "Sliding window ksize field must specify 4 dimensions");
  ExpectError({x, i32({1, 2, 2, 1}), i32({1, 2, 2})}, max_v2, kInvalid,
              "Sliding window stride field must specify 4 dimensions");
  ExpectError({x, i32({2, 2, 2, 1}), i32({1, 2, 2, 1})}, max_v2, kUnimplemented,
              "Pooling is not yet supported on the batch dimension.");
  ExpectError({x, i32({1, 0, 2, 1}), i32({1, 2, 2, 1})}, max_v2, kInvalid,
              "Sliding window ksize must be positive.");
  ExpectError({x, i32({1, 2, 2, 1}), i32({1, 0, 2, 1})}, max_v2, kInvalid,
              "Stride must be > 0, but got 0");
  const Build max_grad_v2 = [](const Scope& s, const Inputs& in) -> Output {
    return MaxPoolGradV2(s, in[0], in[1], in[2], in[3], in[4], "SAME");
  };
  ExpectError({x, Ones({1, 3, 3, 2}), Ones({1, 3, 3, 2}), i32({1, 2, 2, 1}), i32({1, 2, 2})},
              max_grad_v2, kInvalid, "Sliding window strides field must specify 4 dimensions");
  ExpectError({x, Ones({1, 3, 3, 2}), Ones({1, 4, 3, 2}), i32({1, 2, 2, 1}), i32({1, 2, 2, 1})},
              max_grad_v2, kInvalid, "Expected grad shape to be [1,3,3,2], but got [1,4,3,2]");

  auto max_grad = [](const char* format) -> Build {
    return [format](const Scope& s, const Inputs& in) -> Output {
      const std::vector<int> window = std::string(format) == "NCHW" ? std::vector<int>{1, 1, 2, 2}
                                                                    : std::vector<int>{1, 2, 2, 1};
      return ops::internal::MaxPoolGrad(s, in[0], in[1], in[2], window, window, "SAME",
                                        ops::internal::MaxPoolGrad::DataFormat(format));
    };
  };
  const Tensor y = Ones({1, 3, 3, 2});
  ExpectError({x, y, Ones({1, 4, 3, 2})}, max_grad("NHWC"), kInvalid,
              "Expected grad shape to be [1,3,3,2], but got [1,4,3,2]");
  ExpectError({x, Ones({1, 4, 3, 2}), y}, max_grad("NHWC"), kInvalid,
              "Expected orig_output shape to be [1,3,3,2], but got [1,4,3,2]");
  ExpectError({Ones({5, 5, 2}), y, y}, max_grad("NHWC"), kInvalid,
              "tensor_in must be 4-dimensional");
  ExpectError({x, y, y}, max_grad("NCHW"), kInvalid,
              "Default MaxPoolingGradOp only supports NHWC on device type CPU");
  const Build avg_grad = [](const Scope& s, const Inputs& in) -> Output {
    return ops::internal::AvgPoolGrad(s, in[0], in[1], {1, 2, 2, 1}, {1, 2, 2, 1}, "SAME");
  };
  ExpectError({test::AsTensor<int32_t>({1, 5, 5}), y}, avg_grad, kInvalid,
              "out_backprop must be 1-dimensional and 4 elements");
  ExpectError({test::AsTensor<int32_t>({1, 5, 5, 2}), Ones({1, 4, 3, 2})}, avg_grad, kInvalid,
              "index * stride must be less than or equal to input size");
  ExpectError({test::AsTensor<int32_t>({1, -3, 3, 2}), Ones({1, 3, 3, 1})}, avg_grad, kInvalid,
              "Expected a non-negative size, got -3");
  // An output no memory can hold (4 TiB here) is TF's ResourceExhausted, not an abort.
  ExpectError({test::AsTensor<int32_t>({1, 1 << 20, 1 << 20, 1}), Ones({1, 1, 1, 1})}, avg_grad,
              error::RESOURCE_EXHAUSTED,
              "OOM when allocating tensor with shape[1,1048576,1048576,1] and type float on "
              "/job:localhost/replica:0/task:0/device:CPU:0 by allocator cpu");
}

TEST(ConvPoolTest, FractionalPoolErrorsAreTFs) {
  auto max_pool = [](std::vector<float> ratio, FractionalMaxPool::Attrs attrs = {}) -> Build {
    return [=](const Scope& s, const Inputs& in) -> Output {
      return FractionalMaxPool(s, in[0], ratio, attrs).output;
    };
  };
  auto avg_pool = [](std::vector<float> ratio) -> Build {
    return [=](const Scope& s, const Inputs& in) -> Output {
      return FractionalAvgPool(s, in[0], ratio).output;
    };
  };
  const Tensor x = Ones({1, 5, 5, 2});
  ExpectError({x}, max_pool({1, 0.5f, 1.5f, 1}), kInvalid,
              "pooling_ratio cannot be smaller than 1, got: 0.5");
  ExpectError({x}, max_pool({2, 1.5f, 1.5f, 1}), kUnimplemented,
              "Fractional max pooling is not yet supported on the batch nor channel dimension.");
  ExpectError({x}, avg_pool({1, 1.5f, 1.5f, 2}), kUnimplemented,
              "Fractional average pooling is not yet supported on the batch nor channel "
              "dimension.");
  ExpectError({x}, max_pool({1, 1.5f, 1.5f, 1}, FractionalMaxPool::Seed(3)), kInvalid,
              "Both seed and seed2 should be 0 if deterministic is false.");
  ExpectError({Ones({5, 5, 2})}, max_pool({1, 1.5f, 1.5f, 1}), kInvalid,
              "tensor_in must be 4-dimensional");
  ExpectError({Ones({1, 5, 1, 2})}, avg_pool({1, 1.5f, 1.5f, 1}), kInvalid,
              "Pooling ratio is higher than input dimension size for dimension 2. Input dim "
              "size: 1 pooling ratio: 1.5");
  ExpectShapeError(
      [](const Scope& s) {
        FractionalMaxPool(s, Const(s, Ones({2, 10, 10, 3})), {1, 0.5f, -1, 1});
      },
      "Size computed for dim 2 is negative: -10");
  const Build avg_grad = [](const Scope& s, const Inputs& in) -> Output {
    return ops::internal::FractionalAvgPoolGrad(s, in[0], in[1], in[2], in[3]);
  };
  auto i64 = [](std::vector<int64_t> v) { return test::AsTensor<int64_t>(v); };
  ExpectError({i64({1, 4, 4}), Ones({1, 2, 2, 1}), i64({0, 2, 4}), i64({0, 2, 4})}, avg_grad,
              kInvalid, "original input tensor shape must be1-dimensional and 4 elements");
  ExpectError({i64({1, 4, 4, 1}), Ones({1, 2, 2, 1}), i64({0, 2}), i64({0, 2, 4})}, avg_grad,
              kInvalid,
              "Given out_backprop shape [1,2,2,1], row_seq_tensor must have at least 3 elements, "
              "but got 2");
  ExpectError({i64({1, 4, 4, 1}), Ones({1, 2, 2, 1}), i64({-1, 0, 2}), i64({0, 2, 4})}, avg_grad,
              kInvalid, "Row sequence tensor values must not be negative, got -1  0  2");
  // The input shape is data: a size no memory holds is TF's ResourceExhausted, not an abort.
  ExpectError({i64({1, 1 << 20, 1 << 20, 1}), Ones({1, 2, 2, 1}), i64({0, 2, 4}), i64({0, 2, 4})},
              avg_grad, error::RESOURCE_EXHAUSTED,
              "OOM when allocating tensor with shape[1,1048576,1048576,1] and type double");
}

TEST(ConvPoolTest, LrnErrorsAreTFs) {
  const Build lrn = [](const Scope& s, const Inputs& in) -> Output { return LRN(s, in[0]); };
  ExpectError({Ones({2, 2, 3})}, lrn, kInvalid, "in must be 4-dimensional");
  ExpectError(
      {Ones({1, 2, 2, 3})},
      [](const Scope& s, const Inputs& in) -> Output {
        return LRN(s, in[0], LRN::DepthRadius(-1));
      },
      kInvalid, "depth_radius = -1 larger than int max");
  const Build grad = [](const Scope& s, const Inputs& in) -> Output {
    return ops::internal::LRNGrad(s, in[0], in[1], in[2]);
  };
  ExpectError({Ones({1, 2, 2, 3}), Ones({1, 2, 2, 3}), Ones({1, 2, 3})}, grad, kInvalid,
              "input_grads, input_image, and out_image should have the same shape");
  ExpectError({Ones({1, 2, 2, 3}), Ones({1, 2, 3, 3}), Ones({1, 2, 2, 3})}, grad, kInvalid,
              "input_grads, input_image, and out_image should have the same shape");
}

// A radius past the depth on TF's running-sum path (depth > 384, beta 0.5) is the whole depth:
// TF allocates depth + 2 * radius elements for it; minitf neither allocates nor differs.
TEST(ConvPoolTest, LrnHugeRadiusIsTheWholeDepth) {
  Scope root = Scope::NewRootScope();
  Tensor x(DT_FLOAT, {1, 1, 2, 400});
  for (int64_t i = 0; i < x.NumElements(); ++i) x.flat<float>()(i) = 0.01f * (i % 37);
  auto huge = LRN(root, Const(root, x), LRN::DepthRadius(2147483000));
  auto whole = LRN(root, Const(root, x), LRN::DepthRadius(400));
  ClientSession session(root);
  std::vector<Tensor> out;
  TF_ASSERT_OK(session.Run({huge, whole}, &out));
  test::ExpectTensorEqual<float>(out[0], out[1]);
}

TEST(ConvPoolTest, Pool3DErrorsAreTFs) {
  auto max3d = [](std::vector<int> ksize, std::vector<int> strides,
                  MaxPool3D::Attrs attrs = {}) -> Build {
    return [=](const Scope& s, const Inputs& in) -> Output {
      return MaxPool3D(s, in[0], ksize, strides, "VALID", attrs);
    };
  };
  const Tensor x = Ones({1, 3, 3, 3, 2});
  ExpectError({x}, max3d({1, 2, 2, 2, 1}, {1, 1, 1, 1, 1}, MaxPool3D::DataFormat("NCDHW")),
              kInvalid, "Default Pooling3DOp only supports NDHWC on device type CPU");
  ExpectError({x}, max3d({1, 0, 2, 2, 1}, {1, 1, 1, 1, 1}), kInvalid,
              "Sliding window ksize field must have non-negative dimensions");
  ExpectError({x}, max3d({2, 2, 2, 2, 1}, {1, 1, 1, 1, 1}), kUnimplemented,
              "Pooling is not yet supported on the batch dimension.");
  ExpectError({x}, max3d({1, 2, 2, 2, 2}, {1, 1, 1, 1, 1}), kUnimplemented,
              "Pooling is not yet supported on the depth dimension.");
  ExpectError({Ones({1, 3, 3, 2})}, max3d({1, 2, 2, 2, 1}, {1, 1, 1, 1, 1}), kInvalid,
              "tensor_in must be 5-dimensional");
  ExpectShapeError(
      [](const Scope& s) {
        AvgPool3D(s, Const(s, Ones({1, 3, 3, 3, 2})), {1, 2, 2, 2, 1}, {1, 1, 1, 1, 1, 1}, "SAME");
      },
      "Pool3D ops require the stride attribute to contain 5 values, but got: 6");
  const Build avg_grad = [](const Scope& s, const Inputs& in) -> Output {
    return AvgPool3DGrad(s, in[0], in[1], {1, 2, 2, 2, 1}, {1, 1, 1, 1, 1}, "VALID");
  };
  ExpectError({test::AsTensor<int32_t>({1, 3, 3, 3}), Ones({1, 2, 2, 2, 2})}, avg_grad, kInvalid,
              "tensor_in must be 1-dimensional and 5 elements");
  ExpectError({test::AsTensor<int32_t>({1, 3, 3, 3, 2}), Ones({1, 2, 2, 2, 3})}, avg_grad, kInvalid,
              "Expected last dimension of tensor_in_shape and out_backprop to match, got 2 and 3");
}

TEST(ConvPoolTest, BatchMatMulErrorsAreTFs) {
  const Build v2 = [](const Scope& s, const Inputs& in) -> Output {
    return BatchMatMulV2(s, in[0], in[1]);
  };
  const Build v1 = [](const Scope& s, const Inputs& in) -> Output {
    return BatchMatMul(s, in[0], in[1]);
  };
  ExpectError({Ones({2, 3, 4}), Ones({3, 4, 2})}, v2, kInvalid,
              "In[0] and In[1] must have compatible batch dimensions: [2,3,4] vs. [3,4,2]");
  ExpectError({Ones({2, 3, 4}), Ones({2, 5, 2})}, v2, kInvalid,
              "Matrix size-incompatible: In[0]: [2,3,4], In[1]: [2,5,2]");
  ExpectError({Ones({4}), Ones({4, 2})}, v2, kInvalid, "In[0] ndims must be >= 2: 1");
  ExpectError({Ones({2, 3, 4}), Ones({1, 4, 2})}, v1, kInvalid,
              "In[0].dim(0) and In[1].dim(0) must be the same: [2,3,4] vs [1,4,2]");
  ExpectError({Ones({2, 3, 4}), Ones({4, 2})}, v1, kInvalid,
              "In[0] and In[1] has different ndims: [2,3,4] vs. [4,2]");
  ExpectError({Ones({4}), Ones({4})}, v1, kInvalid, "In[0] and In[1] ndims must be >= 2: 1");
}

TEST(ConvPoolTest, ShapeFunctionErrorsAreTFs) {
  auto conv = [](const Scope& r, PartialTensorShape xs, PartialTensorShape fs,
                 gtl::ArraySlice<int> strides, const char* padding,
                 Conv2D::Attrs attrs = Conv2D::Attrs()) {
    (void)Conv2D(r, P(r, xs), P(r, fs), strides, padding, attrs);
  };
  ExpectShapeError(
      [&](const Scope& r) {
        conv(r, {5, 5, 2}, {3, 3, 2, 4}, {1, 1, 1, 1}, "VALID");
      },
      "Shape must be rank 4 but is rank 3");
  ExpectShapeError(
      [&](const Scope& r) {
        conv(r, {1, 5, 5, 2}, {3, 3, 2, 4}, {1, 1, 1}, "VALID");
      },
      "Conv2D on data format NHWC requires the stride attribute to contain 4 values, but got: 3");
  ExpectShapeError(
      [&](const Scope& r) {
        conv(r, {1, 5, 5, 2}, {3, 3, 2, 4}, {1, 1, 1, 1}, "VALID", Conv2D::Dilations({1, 1, 1}));
      },
      "Conv2D requires the dilation attribute to contain 4 values, but got: 3");
  ExpectShapeError(
      [&](const Scope& r) {
        conv(r, {1, 5, 5, 2}, {3, 3, 3, 4}, {1, 1, 1, 1}, "VALID");
      },
      "Depth of input (2) is not a multiple of input depth of filter (3)");
  ExpectShapeError(
      [&](const Scope& r) {
        conv(r, {1, 5, 5, 2}, {3, 3, 0, 4}, {1, 1, 1, 1}, "VALID");
      },
      "Depth of filter must not be 0");
  ExpectShapeError(
      [&](const Scope& r) {
        conv(r, {1, 5, 5, 4}, {3, 3, 2, 5}, {1, 1, 1, 1}, "VALID");
      },
      "Depth of output (5) is not a multiple of the number of groups (2)");
  ExpectShapeError(
      [&](const Scope& r) {
        conv(r, {1, 5, 5, 2}, {7, 3, 2, 4}, {1, 1, 1, 1}, "VALID");
      },
      "Negative dimension size caused by subtracting 7 from 5");
  ExpectShapeError(
      [&](const Scope& r) {
        conv(r, {1, 5, 5, 2}, {9, 3, 2, 4}, {1, 1, 1, 1}, "EXPLICIT",
             Conv2D::ExplicitPaddings({0, 0, 1, 1, 0, 0, 0, 0}));
      },
      "Negative dimension size caused by subtracting 9 from 7");
  ExpectShapeError(
      [&](const Scope& r) {
        conv(r, {1, 5, 5, 2}, {3, 3, 2, 4}, {1, 0, 1, 1}, "VALID");
      },
      "Stride must be > 0, but got 0");
  ExpectShapeError(
      [&](const Scope& r) {
        conv(r, {1, 5, 5, 2}, {3, 3, 2, 4}, {1, 1, 1, 1}, "VALID", Conv2D::Dilations({1, 0, 1, 1}));
      },
      "Dilation rate must be >= 1, but got 0");
  ExpectShapeError(
      [](const Scope& r) {
        (void)Conv2DBackpropInput(r, Const(r, {1, 5, 5}), P(r, {3, 3, 2, 4}), P(r, {1, 3, 3, 4}),
                                  {1, 1, 1, 1}, "VALID");
      },
      "Conv2DBackpropInput requires input_sizes to contain 4 values or 2 values, but got: 3");
  ExpectShapeError(
      [](const Scope& r) {
        (void)Conv2DBackpropFilter(r, P(r, {1, 5, 5, 2}), Const(r, {3, 2, 4}), P(r, {1, 3, 3, 4}),
                                   {1, 1, 1, 1}, "VALID");
      },
      "Shape must be rank 4 but is rank 3");
  ExpectShapeError(
      [](const Scope& r) {
        (void)MaxPool(r, P(r, {1, 5, 5, 2}), {1, 2, 2, 1, 1}, {1, 2, 2, 1}, "SAME");
      },
      "MaxPool requires the ksize attribute to contain 4 values, but got: 5");
  ExpectShapeError(
      [](const Scope& r) {
        (void)AvgPool(r, P(r, {1, 5, 5, 2}), {1, 2, 2, 1}, {1, 2, 2, 1, 1}, "SAME");
      },
      "AvgPool requires the stride attribute to contain 4 values, but got: 5");
  ExpectShapeError(
      [](const Scope& r) {
        (void)MaxPool(r, P(r, {1, 5, 5, 2}), {1, 6, 2, 1}, {1, 1, 1, 1}, "VALID");
      },
      "Negative dimension size caused by subtracting 6 from 5");
  ExpectShapeError(
      [](const Scope& r) {
        (void)BatchMatMulV2(r, P(r, {2, 3, 4}), P(r, {3, 4, 2}));
      },
      "Dimensions must be equal, but are 2 and 3");
  ExpectShapeError(
      [](const Scope& r) {
        (void)BatchMatMulV2(r, P(r, {2, 3, 4}), P(r, {2, 5, 2}));
      },
      "Dimensions must be equal, but are 4 and 5");
  ExpectShapeError(
      [](const Scope& r) {
        (void)BatchMatMulV2(r, P(r, {4}), P(r, {4, 2}));
      },
      "Shape must be at least rank 2 but is rank 1");
  ExpectShapeError(
      [](const Scope& r) {
        (void)BatchMatMul(r, P(r, {2, 3, 4}), P(r, {1, 4, 2}));
      },
      "Dimension 0 in both shapes must be equal, but are 2 and 1. Shapes are [2] and "
      "[1].");
  ExpectShapeError(
      [](const Scope& r) {
        (void)BatchMatMul(r, P(r, {2, 3, 4}), P(r, {4, 2}));
      },
      "Shapes must be equal rank, but are 1 and 0");
}

// Shapes at graph time, as TF infers them.
TEST(ConvPoolTest, InferredShapesAreTFs) {
  Scope r = Scope::NewRootScope();
  auto shape_of = [](const Output& o) { return o.node()->output_shape(o.index()).DebugString(); };
  EXPECT_EQ(shape_of(Conv2D(r, P(r, {1, 5, 5, 2}), P(r, {3, 3, 2, 4}), {1, 2, 2, 1}, "SAME")),
            "[1,3,3,4]");
  EXPECT_EQ(shape_of(Conv2D(r, P(r, {-1, -1, 5, 2}), P(r, {3, 3, 2, 4}), {1, 2, 2, 1}, "VALID")),
            "[?,?,2,4]");
  EXPECT_EQ(shape_of(Conv2D(r, P(r, {1, 9, 9, 2}), P(r, {3, 3, 2, 4}), {1, 1, 1, 1}, "VALID",
                            Conv2D::Dilations({1, 2, 3, 1}))),
            "[1,5,3,4]");
  EXPECT_EQ(shape_of(Conv2D(r, P(r, {1, 2, 5, 5}), P(r, {3, 3, 2, 4}), {1, 1, 1, 1}, "VALID",
                            Conv2D::DataFormat("NCHW"))),
            "[1,4,3,3]");
  EXPECT_EQ(shape_of(Conv2DBackpropInput(r, Const(r, {5, 5}), P(r, {3, 3, 2, 4}),
                                         P(r, {1, 3, 3, 4}), {1, 1, 1, 1}, "VALID")),
            "[1,5,5,2]");
  EXPECT_EQ(
      shape_of(Conv2DBackpropInput(r, Placeholder(r, DT_INT32, Placeholder::Shape({4})),
                                   P(r, {3, 3, 2, 4}), P(r, {1, 3, 3, 4}), {1, 1, 1, 1}, "VALID")),
      "[1,?,?,?]");
  EXPECT_EQ(shape_of(MaxPool(r, P(r, {1, 5, 5, 3}), {1, 1, 1, 2}, {1, 1, 1, 2}, "VALID")),
            "[1,5,5,1]");
  EXPECT_EQ(shape_of(AvgPool(r, P(r, {1, 5, 5, 2}), {1, 2, 2, 1}, {1, 2, 2, 1}, "SAME")),
            "[1,3,3,2]");
  EXPECT_EQ(shape_of(BatchMatMulV2(r, P(r, {2, 1, 3, 4}), P(r, {5, 4, 2}))), "[2,5,3,2]");
  EXPECT_EQ(shape_of(BatchMatMulV2(r, P(r, {2, 4, 3}), P(r, {2, 2, 4}),
                                   BatchMatMulV2::AdjX(true).AdjY(true))),
            "[2,3,2]");
  TF_EXPECT_OK(r.status());
}

// Convolutions big enough to be split over threads (several pixel tiles and filter-gradient
// pixel groups, strides, SAME and VALID) give the same bits at 1, 2 and 4 threads.
TEST(ConvPoolTest, ConvolutionsAgreeAcrossThreadCounts) {
  Scope root = Scope::NewRootScope();
  auto values = [](TensorShape shape, float step) {
    Tensor t(DT_FLOAT, shape);
    for (int64_t k = 0; k < t.NumElements(); ++k) t.flat<float>()(k) = std::sin(step * k + 0.3f);
    return t;
  };
  auto x = Const(root, Input::Initializer(values({4, 20, 19, 32}, 0.37f)));
  auto f = Const(root, Input::Initializer(values({3, 3, 32, 40}, 0.11f)));
  auto dy_same = Const(root, Input::Initializer(values({4, 20, 19, 40}, 0.23f)));
  auto dy_strided = Const(root, Input::Initializer(values({4, 9, 9, 40}, 0.29f)));
  const std::vector<int> s1 = {1, 1, 1, 1}, s2 = {1, 2, 2, 1};
  const Input sizes_x(test::AsTensor<int32_t>({4, 20, 19, 32}));
  const Input sizes_f(test::AsTensor<int32_t>({3, 3, 32, 40}));
  std::vector<Output> fetches = {Conv2D(root, x, f, s1, "SAME"),
                                 Conv2D(root, x, f, s2, "VALID"),
                                 Conv2DBackpropInput(root, sizes_x, f, dy_same, s1, "SAME"),
                                 Conv2DBackpropInput(root, sizes_x, f, dy_strided, s2, "VALID"),
                                 Conv2DBackpropFilter(root, x, sizes_f, dy_same, s1, "SAME"),
                                 Conv2DBackpropFilter(root, x, sizes_f, dy_strided, s2, "VALID")};
  TF_ASSERT_OK(root.status());
  std::vector<std::vector<Tensor>> results;
  for (int threads : {1, 2, 4}) {
    SessionOptions options;
    options.config.set_intra_op_parallelism_threads(threads);
    ClientSession session(root, options);
    results.emplace_back();
    TF_ASSERT_OK(session.Run(fetches, &results.back()));
  }
  for (size_t r = 1; r < results.size(); ++r) {
    for (size_t k = 0; k < fetches.size(); ++k) {
      EXPECT_EQ(results[0][k].tensor_data(), results[r][k].tensor_data()) << k;
    }
  }
}

}  // namespace
}  // namespace tensorflow

namespace tensorflow {
namespace {

// A window far larger than the image (SAME padding accepts any ksize) covers the whole image:
// every output's gradient goes to the image's first maximum (TF 2.21's Eigen kernels,
// TF_ENABLE_ONEDNN_OPTS=0, give these values; its oneDNN MaxPool fails to create a primitive).
// The kernel's per-window tables are sized by what a window can cover, not by the ksize asked
// for (2^60 taps here).
TEST(PoolGradTest, HugeWindowsCoverTheImage) {
  Scope root = Scope::NewRootScope();
  const int huge = 1 << 30;
  auto x = ops::Const(root, Input::Initializer(test::AsTensor<float>({1, 4, 2, 3}, {1, 2, 2, 1})));
  auto y = ops::MaxPool(root, x, {1, huge, huge, 1}, {1, 1, 1, 1}, "SAME");
  auto g = ops::Const(root, Input::Initializer(test::AsTensor<float>({1, 2, 4, 8}, {1, 2, 2, 1})));
  auto dx = ops::internal::MaxPoolGrad(root, x, y, g, {1, huge, huge, 1}, {1, 1, 1, 1}, "SAME");
  ClientSession session(root);
  std::vector<Tensor> out;
  TF_ASSERT_OK(session.Run({y, dx}, &out));
  test::ExpectTensorEqual<float>(out[0], test::AsTensor<float>({4, 4, 4, 4}, {1, 2, 2, 1}));
  test::ExpectTensorEqual<float>(out[1], test::AsTensor<float>({0, 15, 0, 0}, {1, 2, 2, 1}));
}

}  // namespace
}  // namespace tensorflow
