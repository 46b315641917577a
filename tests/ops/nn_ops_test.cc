// The nn family through the C++ API: TF 2.21's error texts for bad inputs (checked against
// live TF), and the class shapes a TF program uses (BiasAdd::DataFormat, ops::internal::LeakyRelu's
// alpha; values from live TF). Values are checked against TF in cwise_golden_test.cc
// (tests/golden/nn.pb).
#include <vector>

#include "gtest/gtest.h"
#include "tensorflow/cc/client/client_session.h"
#include "tensorflow/cc/ops/nn_ops_internal.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/tensor_testutil.h"
#include "tensorflow/core/lib/core/status_test_util.h"

namespace tensorflow {
namespace {

using namespace ops;  // NOLINT

Status RunWith(const Scope& root, const ClientSession::FeedType& feeds, Output fetch,
               std::vector<Tensor>* out) {
  ClientSession session(root);
  return session.Run(feeds, {fetch}, out);
}

void ExpectError(const Status& s, const std::string& text) {
  EXPECT_EQ(s.code(), error::INVALID_ARGUMENT) << s;
  EXPECT_EQ(s.message().substr(0, text.size()), text) << s;
}

TEST(NnOpsTest, ErrorsAreTFs) {
  Scope root = Scope::NewRootScope();
  auto x = Placeholder(root, DT_FLOAT);
  auto y = Placeholder(root, DT_FLOAT);
  std::vector<Tensor> out;
  Tensor f3(DT_FLOAT, {3}), f2(DT_FLOAT, {2}), f13(DT_FLOAT, {1, 3}), f234(DT_FLOAT, {2, 3, 4});
  ExpectError(RunWith(root, {{x, f3}, {y, f3}}, BiasAdd(root, x, y), &out),
              "Input tensor must be at least 2D: [3]");
  ExpectError(RunWith(root, {{x, f13}, {y, f2}}, BiasAdd(root, x, y), &out),
              "Must provide as many biases as the last dimension of the input tensor: [2] vs. "
              "[1,3]");
  ExpectError(
      RunWith(root, {{x, f234}, {y, f2}}, BiasAdd(root, x, y, BiasAdd::DataFormat("NCHW")), &out),
      "Must provide as many biases as the last dimension of the input tensor: [2] vs. "
      "[2,3,4]");
  ExpectError(RunWith(root, {{x, f13}, {y, f13}}, BiasAdd(root, x, y), &out),
              "Biases must be 1D: [1,3]");
  ExpectError(RunWith(root, {{x, f3}}, BiasAddGrad(root, x), &out),
              "Input tensor must be at least 2D: [3]");
  ExpectError(RunWith(root, {{x, f3}, {y, f2}}, ops::internal::ReluGrad(root, x, y), &out),
              "Inputs to operation ReluGrad of type ReluGrad must have the same size and "
              "shape.  Input 0: [3] != input 1: [2]");
}

TEST(NnOpsTest, CrossEntropyErrorsAreTFs) {
  Scope root = Scope::NewRootScope();
  auto x = Placeholder(root, DT_FLOAT);
  auto y = Placeholder(root, DT_FLOAT);
  auto l = Placeholder(root, DT_INT32);
  std::vector<Tensor> out;
  Tensor f23(DT_FLOAT, {2, 3}), f14(DT_FLOAT, {1, 4}), f2(DT_FLOAT, {2});
  auto sparse = [&](const Output& f, const Output& labels) {
    return SparseSoftmaxCrossEntropyWithLogits(root, f, labels).loss;
  };
  ExpectError(RunWith(root, {{x, f23}, {l, {0, 5}}}, sparse(x, l), &out),
              "Received a label value of 5 which is outside the valid range of [0, 3).  Label "
              "values: 0 5");
  ExpectError(RunWith(root, {{x, f23}, {l, {0, -1}}}, sparse(x, l), &out),
              "Received a label value of -1 which is outside the valid range of [0, 3).  Label "
              "values: 0 -1");
  ExpectError(RunWith(root, {{x, f23}, {l, {0, 1, 2}}}, sparse(x, l), &out),
              "logits and labels must have the same first dimension, got logits shape [2,3] and "
              "labels shape [3]");
  ExpectError(RunWith(root, {{x, f2}, {l, {0}}}, sparse(x, l), &out),
              "logits must be 2-D, but got shape [2]");
  ExpectError(
      RunWith(root, {{x, f23}, {y, f14}}, SoftmaxCrossEntropyWithLogits(root, x, y).loss, &out),
      "logits and labels must be broadcastable: logits_size=[2,3] labels_size=[1,4]");
}

TEST(NnOpsTest, AttrsReachTheKernels) {
  Scope root = Scope::NewRootScope();
  auto x = Const(root, {{-2.0f, 3.0f}, {4.0f, -1.0f}});
  // NCHW wants rank >= 3 at graph time (TF's shape function); the kernel takes [2, 2] too.
  auto nchw = Placeholder(root, DT_FLOAT);
  auto x3 = Reshape(root, x, {2, 2, 1});
  Tensor x22 = test::AsTensor<float>({-2, 3, 4, -1}, {2, 2});
  ClientSession session(root);
  std::vector<Tensor> out;
  TF_ASSERT_OK(
      session.Run({{nchw, x22}},
                  {ops::internal::LeakyRelu(root, x, ops::internal::LeakyRelu::Alpha(0.5f)),
                   BiasAdd(root, nchw, {10.0f, 20.0f}, BiasAdd::DataFormat("NCHW")),
                   BiasAddGrad(root, nchw, BiasAddGrad::DataFormat("NCHW")), Relu6(root, x),
                   BiasAdd(root, x3, {10.0f, 20.0f}, BiasAdd::DataFormat("NCHW"))},
                  &out));
  test::ExpectTensorEqual<float>(out[0], test::AsTensor<float>({-1, 3, 4, -0.5f}, {2, 2}));
  test::ExpectTensorEqual<float>(out[1], test::AsTensor<float>({8, 23, 14, 19}, {2, 2}));
  test::ExpectTensorEqual<float>(out[2], test::AsTensor<float>({2, 2}, {2}));
  test::ExpectTensorEqual<float>(out[3], test::AsTensor<float>({0, 3, 4, 0}, {2, 2}));
  test::ExpectTensorEqual<float>(out[4], test::AsTensor<float>({8, 23, 14, 19}, {2, 2, 1}));
}

}  // namespace
}  // namespace tensorflow
