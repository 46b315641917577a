// The reordering, diagonal, block and value-dependent array ops through the C++ API: TF 2.21's
// error codes and texts for bad inputs, each recorded from live TF (eager raw ops, the same
// CPU kernels). Values are checked against TF in cwise_golden_test.cc (tests/golden/array.pb).
#include <algorithm>
#include <initializer_list>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tensorflow/cc/client/client_session.h"
#include "tensorflow/cc/ops/array_ops_internal.h"
#include "tensorflow/cc/ops/manip_ops.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/lib/core/status_test_util.h"
#include "tests/ops/session_errors.h"

namespace tensorflow {
namespace {

using namespace ops;  // NOLINT

using test_ops::ExpectError;

Tensor I64(std::initializer_list<int64_t> v) {
  Tensor t(DT_INT64, {static_cast<int64_t>(v.size())});
  std::copy(v.begin(), v.end(), t.flat<int64_t>().data());
  return t;
}

Tensor Zeros(DataType dt, const TensorShape& shape) {
  Tensor t(dt, shape);
  if (dt == DT_FLOAT) t.flat<float>().setZero();
  if (dt == DT_INT32) t.flat<int32_t>().setZero();
  if (dt == DT_INT64) t.flat<int64_t>().setZero();
  return t;
}

TEST(ReorderOpsTest, DiagonalErrors) {
  Scope root = Scope::NewRootScope();
  auto x = Placeholder(root, DT_FLOAT);
  auto lo = Placeholder(root, DT_INT64);
  auto hi = Placeholder(root, DT_INT64);
  ExpectError(root, {{x, 1.0f}}, Diag(root, x), "Input must be at least rank 1, got 0");
  ExpectError(root, {{x, Zeros(DT_FLOAT, {2, 3, 2})}}, DiagPart(root, x),
              "The rank of the tensor should be" + std::string(42, ' ') +
                  "even and positive, got shape [2,3,2]");
  ExpectError(root, {{x, Zeros(DT_FLOAT, {2, 3})}}, DiagPart(root, x),
              "Invalid shape [2,3]: dimensions 0 and 1 do not match.");
  ExpectError(root, {{x, 1.0f}}, MatrixDiag(root, x),
              "diagonal must be at least 1-dim, received shape: []");
  ExpectError(root, {{x, Zeros(DT_FLOAT, {3})}}, MatrixDiagPart(root, x),
              "input must be at least 2-dim, received shape: [3]");
  auto band = MatrixBandPart(root, x, lo, hi);
  ExpectError(root, {{x, Zeros(DT_FLOAT, {3})}, {lo, int64_t{1}}, {hi, int64_t{1}}}, band,
              "input must be at least 2-dim, received shape: [3]");
  ExpectError(root, {{x, Zeros(DT_FLOAT, {2, 3})}, {lo, int64_t{5}}, {hi, int64_t{1}}}, band,
              "num_lower must be negative or less or equal to number of rows (2) got: 5");
  ExpectError(root, {{x, Zeros(DT_FLOAT, {2, 3})}, {lo, int64_t{1}}, {hi, I64({1})}}, band,
              "num_upper must be scalar, got shape [1]");
}

TEST(ReorderOpsTest, MirrorPadErrors) {
  Scope root = Scope::NewRootScope();
  auto x = Placeholder(root, DT_FLOAT);
  auto p = Placeholder(root, DT_INT32);
  auto reflect = MirrorPad(root, x, p, "REFLECT");
  auto symmetric = MirrorPad(root, x, p, "SYMMETRIC");
  const Tensor x23 = Zeros(DT_FLOAT, {2, 3});
  ExpectError(root, {{x, x23}, {p, {{2, 0}, {0, 0}}}}, reflect,
              "paddings must be less than the dimension size: 2, 0 not less than 2");
  ExpectError(root, {{x, x23}, {p, {{3, 0}, {0, 0}}}}, symmetric,
              "paddings must be no greater than the dimension size: 3, 0 greater than 2");
  ExpectError(root, {{x, x23}, {p, {{-1, 0}, {0, 0}}}}, symmetric,
              "paddings must be non-negative: -1 0");
  ExpectError(root, {{x, x23}, {p, {{1, 0}}}}, symmetric,
              "The first dimension of paddings must be the rank of inputs[1,2], [2,3]");
  ExpectError(root, {{x, Zeros(DT_FLOAT, {1, 1, 1, 1, 1, 1})}, {p, Zeros(DT_INT32, {6, 2})}},
              symmetric, "inputs rank not in [0,5]: 6", error::UNIMPLEMENTED);
  auto grad_reflect = ops::internal::MirrorPadGrad(root, x, p, "REFLECT");
  auto grad_symmetric = ops::internal::MirrorPadGrad(root, x, p, "SYMMETRIC");
  const Tensor x56 = Zeros(DT_FLOAT, {5, 6});
  ExpectError(root, {{x, x56}, {p, {{2, 1}, {0, 0}}}}, grad_reflect,
              "paddings must be less than the output dimension size: 2, 1 not less than 2");
  ExpectError(root, {{x, x56}, {p, {{3, 1}, {0, 0}}}}, grad_symmetric,
              "paddings must be no greater than the output dimension size: 3, 1 greater than 1");
  ExpectError(root, {{x, x56}, {p, {{-1, 0}, {0, 0}}}}, grad_reflect,
              "Paddings must be non-negative: -1, 0");
  ExpectError(root, {{x, x56}, {p, {{3, 3}, {0, 0}}}}, grad_reflect,
              "Total paddings must be less than the input dimension size: 6 was not less than 5");
  ExpectError(root, {{x, x56}, {p, {{1, 0}}}}, grad_reflect,
              "The first dimension of paddings must be the rank of inputs[1,2] [5,6]");
}

TEST(ReorderOpsTest, ReverseSequenceRollPartitionErrors) {
  Scope root = Scope::NewRootScope();
  auto x = Placeholder(root, DT_FLOAT);
  auto lengths = Placeholder(root, DT_INT64);
  const Tensor x23 = Zeros(DT_FLOAT, {2, 3});
  auto seq1 = ReverseSequence(root, x, lengths, 1);
  ExpectError(root, {{x, x23}, {lengths, I64({1, 2, 3})}}, seq1,
              "Length of seq_lengths != input.dims(0), (3 vs. 2)");
  ExpectError(root, {{x, x23}, {lengths, I64({1, 4})}}, seq1, "seq_lens(1) > input.dims(1)");
  ExpectError(root, {{x, x23}, {lengths, I64({1, -1})}}, seq1, "seq_lens(1) < 0");
  ExpectError(root, {{x, x23}, {lengths, I64({1, 1})}}, ReverseSequence(root, x, lengths, 0),
              "batch_dim == seq_dim == 0");
  ExpectError(root, {{x, x23}, {lengths, I64({1, 1})}},
              ReverseSequence(root, x, lengths, 1, ReverseSequence::BatchDim(-1)),
              "Invalid batch_dim -1");

  auto shift = Placeholder(root, DT_INT32);
  auto axis = Placeholder(root, DT_INT32);
  auto roll = Roll(root, x, shift, axis);
  ExpectError(root, {{x, 1.0f}, {shift, 1}, {axis, 0}}, roll, "input must be 1-D or higher");
  ExpectError(root, {{x, x23}, {shift, 1}, {axis, 2}}, roll, "axis 2 is out of range");
  ExpectError(root, {{x, x23}, {shift, {1, 2}}, {axis, {0}}}, roll,
              "shift and axis must have the same size");
  ExpectError(root, {{x, x23}, {shift, {{1}}}, {axis, {{1}}}}, roll,
              "shift must be a scalar or a 1-D vector. Found: [1,1]");

  auto parts = Placeholder(root, DT_INT32);
  auto partition = DynamicPartition(root, x, parts, 2);
  ExpectError(root, {{x, Zeros(DT_FLOAT, {3})}, {parts, {0, 2, 1}}}, partition.outputs[0],
              "partitions[1] = 2 is not in [0, 2)");
  ExpectError(root, {{x, Zeros(DT_FLOAT, {3})}, {parts, {0, 1}}}, partition.outputs[0],
              "data.shape must start with partitions.shape, got data.shape = [3], "
              "partitions.shape = [2]");
  ExpectError(root, {{x, x23}}, Unique(root, x).y, "unique expects a 1D vector.");
  ExpectError(root, {{x, {NAN, INFINITY}}}, CheckNumerics(root, x, "msg"),
              "msg : Tensor had Inf and NaN values");
}

TEST(ReorderOpsTest, BlockShapeFunctionErrors) {
  Scope root = Scope::NewRootScope();
  auto x = Placeholder(root, DT_FLOAT);
  auto any = Placeholder(root, DT_INT32);
  SpaceToBatchND(root, x, any, any);
  EXPECT_EQ(root.status().code(), error::INVALID_ARGUMENT);
  // TF's text, with its "?" for shapes of unknown rank.
  EXPECT_EQ(root.status().message(),
            "block_shape must have rank 1. for '{{node SpaceToBatchND}} = "
            "SpaceToBatchND[T=DT_FLOAT, Tblock_shape=DT_INT32, Tpaddings=DT_INT32](Placeholder, "
            "Placeholder_1, Placeholder_1)' with input shapes: ?, ?, ?.");
}

TEST(ReorderOpsTest, BlockErrors) {
  Scope root = Scope::NewRootScope();
  auto x = Placeholder(root, DT_FLOAT);
  // block_shape's length must be known when the graph is built (TF's shape function).
  auto block = Placeholder(root, DT_INT32, Placeholder::Shape({2}));
  auto pads = Placeholder(root, DT_INT32);
  const Tensor x23 = Zeros(DT_FLOAT, {2, 3});
  ExpectError(root, {{x, x23}, {pads, Zeros(DT_INT32, {2, 2})}}, SpaceToBatch(root, x, pads, 2),
              "Input rank should be: 4instead of: 2");
  ExpectError(root, {{x, x23}, {pads, Zeros(DT_INT32, {2, 2})}}, BatchToSpace(root, x, pads, 2),
              "Input rank should be: 4instead of: 2");
  auto s2b = SpaceToBatchND(root, x, block, pads);
  const Tensor x1441 = Zeros(DT_FLOAT, {1, 4, 4, 1});
  ExpectError(root, {{x, x1441}, {block, {2, 0}}, {pads, Zeros(DT_INT32, {2, 2})}}, s2b,
              "All values in block_shape must be positive, got value, 0 at index 1.");
  ExpectError(
      root, {{x, Zeros(DT_FLOAT, {1, 3, 4, 1})}, {block, {2, 2}}, {pads, Zeros(DT_INT32, {2, 2})}},
      s2b, "padded_shape[0]=3 is not divisible by block_shape[0]=2");
  ExpectError(root, {{x, x1441}, {block, {2, 2}}, {pads, {{-2, 0}, {0, 0}}}}, s2b,
              "Paddings must be non-negative");
  auto b2s = BatchToSpaceND(root, x, block, pads);
  ExpectError(
      root, {{x, Zeros(DT_FLOAT, {3, 2, 2, 1})}, {block, {2, 2}}, {pads, Zeros(DT_INT32, {2, 2})}},
      b2s, "Input batch dimension (3) is not divisible by product of block sizes (4)");
  const Tensor x4221 = Zeros(DT_FLOAT, {4, 2, 2, 1});
  ExpectError(root, {{x, x4221}, {block, {2, 2}}, {pads, {{3, 2}, {0, 0}}}}, b2s,
              "cropped_shape[0]=-1 must be non-negative");
  ExpectError(root, {{x, x4221}, {block, {2, 2}}, {pads, {{-1, 0}, {0, 0}}}}, b2s,
              "Crops must be non-negative");
  // BatchToSpaceND checks only the blocks' product; two negative sizes fail at the cropped
  // shape.
  ExpectError(root, {{x, x4221}, {block, {2, -2}}, {pads, Zeros(DT_INT32, {2, 2})}}, b2s,
              "Product of block sizes must be positive, got -4");
  ExpectError(root, {{x, x4221}, {block, {-2, -2}}, {pads, Zeros(DT_INT32, {2, 2})}}, b2s,
              "cropped_shape[0]=-4 must be non-negative");
  ExpectError(root, {{x, Zeros(DT_FLOAT, {1, 3, 4, 1})}}, SpaceToDepth(root, x, 2),
              "Image width 4 and height 3 should be divisible by block_size: 2");
  ExpectError(root, {{x, x23}}, SpaceToDepth(root, x, 2), "Input rank should be 4 instead of 2");
  ExpectError(root, {{x, Zeros(DT_FLOAT, {1, 2, 2, 3})}}, DepthToSpace(root, x, 2),
              "Input depth dimension 3 should be divisible by: 4");
  ExpectError(root, {{x, x23}}, DepthToSpace(root, x, 2), "Input rank should be: 4 instead of: 2");
  // NCHW: TF registers these kernels for NHWC only, so no kernel matches.
  std::vector<Tensor> unused;
  const Status nchw = ClientSession(root).Run(
      {{x, Zeros(DT_FLOAT, {1, 4, 2, 2})}},
      {SpaceToDepth(root, x, 2, SpaceToDepth::DataFormat("NCHW"))}, &unused);
  EXPECT_EQ(nchw.code(), error::NOT_FOUND) << nchw;
  EXPECT_NE(nchw.message().find("data_format in [\"NHWC\"]"), std::string::npos) << nchw;
}

}  // namespace
}  // namespace tensorflow
