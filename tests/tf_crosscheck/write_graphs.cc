// Writes graphs built with minitf's Scope API for TensorFlow to import and run
// (check_graphs.py; the case format: case_writer.h). The expected values of these cases are
// the tensors this program put into its Consts or feeds, or values worked out here by hand, so
// the check needs no minitf executor; the training cases (training_graphs.cc) expect what
// minitf's session computed.
#include <cmath>
#include <fstream>
#include <functional>
#include <iostream>
#include <string>
#include <vector>

#include "tensorflow/cc/framework/gradients.h"
#include "tensorflow/cc/framework/scope.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/graph.pb.h"
#include "tensorflow/core/framework/tensor.h"
#include "tests/tf_crosscheck/case_writer.h"

namespace tensorflow {
namespace {

// Consts of every dtype (scalars, matrices, empty), each through an Identity.
void EveryDtype(const std::string& dir) {
  Scope root = Scope::NewRootScope();
  CaseWriter w(dir, "every_dtype");
  std::vector<Tensor> values = {
      Filled<float>(DT_FLOAT, {2, 3}, [](int64_t i) { return 0.1f * i - 0.25f; }),
      Filled<float>(DT_FLOAT, {}, [](int64_t) { return -0.f; }),
      Filled<float>(DT_FLOAT, {3},
                    [](int64_t i) { return i == 0   ? NAN
                                           : i == 1 ? INFINITY
                                                    : 1e-40f; }),
      Filled<double>(DT_DOUBLE, {2, 2}, [](int64_t i) { return 1.0 / (i + 3); }),
      Filled<int32_t>(DT_INT32, {4},
                      [](int64_t i) { return static_cast<int32_t>(i * 1000003 - 7); }),
      Filled<int64_t>(DT_INT64, {2}, [](int64_t i) { return (int64_t{1} << 40) * (i + 1); }),
      Filled<uint8_t>(DT_UINT8, {3}, [](int64_t i) { return static_cast<uint8_t>(250 + i); }),
      Filled<int8_t>(DT_INT8, {3}, [](int64_t i) { return static_cast<int8_t>(-128 + i); }),
      Filled<int16_t>(DT_INT16, {2}, [](int64_t i) { return static_cast<int16_t>(-30000 + i); }),
      Filled<uint16_t>(DT_UINT16, {2}, [](int64_t i) { return static_cast<uint16_t>(65535 - i); }),
      Filled<uint32_t>(DT_UINT32, {2},
                       [](int64_t i) { return static_cast<uint32_t>(4000000000u + i); }),
      Filled<uint64_t>(DT_UINT64, {2}, [](int64_t i) { return ~uint64_t{0} - i; }),
      Filled<bool>(DT_BOOL, {2, 2}, [](int64_t i) { return i % 3 == 0; }),
      Filled<tstring>(DT_STRING, {3},
                      [](int64_t i) { return std::string(i * 70, 'a' + i) + "\n"; }),
      Filled<Eigen::half>(DT_HALF, {3}, [](int64_t i) { return Eigen::half(0.1f * (i + 1)); }),
      Filled<Eigen::bfloat16>(DT_BFLOAT16, {3},
                              [](int64_t i) { return Eigen::bfloat16(1.1f * (i + 1)); }),
      Filled<complex64>(DT_COMPLEX64, {2}, [](int64_t i) { return complex64(i, -0.5f * i); }),
      Filled<complex128>(DT_COMPLEX128, {1}, [](int64_t) { return complex128(1.0 / 3, 2); }),
      Tensor(DT_FLOAT, TensorShape({0, 3})),
      Tensor(DT_INT32, TensorShape({2, 0})),
  };
  for (const Tensor& v : values) {
    auto c = ops::Const(root, Input::Initializer(v));
    auto id = ops::Identity(root, c);
    w.Fetch(id, v);
  }
  // Literal typing: int -> int32, 2.0 -> double, strings, nested lists.
  w.Fetch(ops::Identity(root, {{1, 2}, {3, 4}}), test_value<int32_t>({1, 2, 3, 4}, {2, 2}));
  w.Fetch(ops::Identity(root, 2.5), Tensor(2.5));
  w.Fetch(ops::Identity(root, "hello world!"), Tensor("hello world!"));
  w.Fetch(ops::Const(root, 7, {2, 2}), test_value<int32_t>({7, 7, 7, 7}, {2, 2}));
  w.Fetch(ops::Const<float>(root, {{3, 2}, {-1, 0}}), test_value<float>({3, 2, -1, 0}, {2, 2}));
  TF_CHECK_OK(root.status());
  w.Write(root);
}

// Placeholders (fed), PlaceholderWithDefault (fed and not), NoOp with control deps, names
// under sub-scopes, devices and colocation.
void FeedsAndControl(const std::string& dir) {
  Scope root = Scope::NewRootScope();
  CaseWriter w(dir, "feeds_and_control");
  auto x = ops::Placeholder(root.WithOpName("x"), DT_FLOAT, ops::Placeholder::Shape({2, 2}));
  auto n = ops::Placeholder(root.WithOpName("n"), DT_INT64);
  Scope layer = root.NewSubScope("layer");
  auto y = ops::Identity(layer.WithDevice("/cpu:0"), x);
  auto y2 = ops::Identity(layer.ColocateWith(y.operation), y);
  auto d =
      ops::PlaceholderWithDefault(root.WithOpName("d"), {1.5f, 2.5f}, PartialTensorShape({-1}));
  auto d_fed =
      ops::PlaceholderWithDefault(root.WithOpName("d_fed"), {0, 0}, PartialTensorShape({2}));
  auto done =
      ops::NoOp(root.WithOpName("done").WithControlDependencies({y2.operation, d.operation}));
  auto after = ops::Identity(root.WithOpName("after").WithControlDependencies({done.operation}), n);
  TF_CHECK_OK(root.status());
  Tensor xv = test_value<float>({1, -2, 3.5f, 1e30f}, {2, 2});
  Tensor nv = Tensor(int64_t{-42});
  Tensor dv = test_value<int32_t>({5, 6}, {2});
  w.Feed(x, xv);
  w.Feed(n, nv);
  w.Feed(d_fed, dv);
  w.Fetch(y2, xv);
  w.Fetch(d, test_value<float>({1.5f, 2.5f}, {2}));
  w.Fetch(d_fed, dv);
  w.Fetch(after, nv);
  w.Target(done.operation);
  w.Write(root);
}

// Gradient graphs built by AddSymbolicGradients: TF must import and run them (minitf's own
// Sum/Mean gradient structure included) and get the values calculus gives; the inputs are
// chosen so that every value is exact in float.
void Gradients(const std::string& dir) {
  Scope root = Scope::NewRootScope();
  CaseWriter w(dir, "gradients");
  auto x = ops::Placeholder(root.WithOpName("x"), DT_FLOAT, ops::Placeholder::Shape({2, 3}));
  auto u = ops::Placeholder(root.WithOpName("u"), DT_FLOAT);  // unknown rank
  auto axes = ops::Placeholder(root.WithOpName("axes"), DT_INT32);
  auto v = ops::Placeholder(root.WithOpName("v"), DT_FLOAT, ops::Placeholder::Shape({3, 1}));
  auto row = ops::Placeholder(root.WithOpName("row"), DT_FLOAT, ops::Placeholder::Shape({3}));
  auto wm = ops::Placeholder(root.WithOpName("wm"), DT_FLOAT, ops::Placeholder::Shape({3, 2}));

  auto mean_sq = ops::Mean(root, ops::Square(root, x), {0, 1});
  auto sum_u = ops::Sum(root, u, axes);
  auto bcast = ops::Sum(root, ops::BroadcastTo(root, v, {2, 3, 4}), {0, 1, 2});
  auto scaled = ops::Sum(root, ops::Mul(root, ops::Sub(root, x, row), row), {0, 1});
  auto product = ops::MatMul(root, x, wm);
  std::vector<Output> g_mean, g_u, g_v, g_row, g_mm;
  TF_CHECK_OK(AddSymbolicGradients(root, {mean_sq}, {x}, &g_mean));
  TF_CHECK_OK(AddSymbolicGradients(root, {sum_u}, {u}, &g_u));
  TF_CHECK_OK(AddSymbolicGradients(root, {bcast}, {v}, &g_v));
  TF_CHECK_OK(AddSymbolicGradients(root, {scaled}, {x, row}, &g_row));
  TF_CHECK_OK(AddSymbolicGradients(root, {product}, {x, wm}, &g_mm));
  TF_CHECK_OK(root.status());

  const std::vector<float> xs = {1, -2, 3.5f, 0.25f, 5, -6}, rows = {2, -1, 0.5f};
  const std::vector<float> ws = {1, 2, -1, 0.5f, 3, -2};
  w.Feed(x, test_value<float>(xs, {2, 3}));
  w.Feed(u, test_value<float>(xs, {2, 3}));
  w.Feed(axes, test_value<int32_t>({1}, {1}));
  w.Feed(v, test_value<float>({1, 2, 3}, {3, 1}));
  w.Feed(row, test_value<float>(rows, {3}));
  w.Feed(wm, test_value<float>(ws, {3, 2}));
  std::vector<float> d_mean, d_x, d_row(3, 0), d_xm, d_wm(6, 0);
  for (int i = 0; i < 6; ++i) {
    d_mean.push_back((1.0f / 6.0f) * (2.0f * xs[i]));
    d_x.push_back(rows[i % 3]);
    d_row[i % 3] += xs[i] - 2.0f * rows[i % 3];  // d/dr (x - r) r = x - 2r
  }
  for (int r = 0; r < 2; ++r) {
    for (int k = 0; k < 3; ++k) d_xm.push_back(ws[2 * k] + ws[2 * k + 1]);
  }
  for (int k = 0; k < 3; ++k) {
    for (int c = 0; c < 2; ++c) d_wm[2 * k + c] = xs[k] + xs[3 + k];
  }
  w.Fetch(g_mean[0], test_value<float>(d_mean, {2, 3}));
  w.Fetch(g_u[0], test_value<float>(std::vector<float>(6, 1.0f), {2, 3}));
  w.Fetch(g_v[0], test_value<float>({8, 8, 8}, {3, 1}));
  w.Fetch(g_row[0], test_value<float>(d_x, {2, 3}));
  w.Fetch(g_row[1], test_value<float>(d_row, {3}));
  w.Fetch(g_mm[0], test_value<float>(d_xm, {2, 3}));
  w.Fetch(g_mm[1], test_value<float>(d_wm, {3, 2}));
  w.Write(root);
}

}  // namespace
}  // namespace tensorflow

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: write_crosscheck_graphs <output dir>\n";
    return 2;
  }
  tensorflow::EveryDtype(argv[1]);
  tensorflow::FeedsAndControl(argv[1]);
  tensorflow::Gradients(argv[1]);
  tensorflow::TrainingCases(argv[1]);
  return 0;
}
