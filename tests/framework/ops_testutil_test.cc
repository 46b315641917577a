// TF's kernel-test harness: NodeDefBuilder, FakeInput and OpsTestBase, as TF's own kernel
// tests (fake_quant_ops_test.cc, crop_and_resize_op_test.cc) use them. Expected values come
// from TF's published test vectors (spec/SEED_OPS.md C.1, C.4) and TF's error texts.
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "gtest/gtest.h"
#include "ops/state/internal/resource_var.h"
#include "tensorflow/core/common_runtime/device_factory.h"
#include "tensorflow/core/framework/fake_input.h"
#include "tensorflow/core/framework/node_def_builder.h"
#include "tensorflow/core/framework/register_types.h"
#include "tensorflow/core/framework/tensor_testutil.h"
#include "tensorflow/core/kernels/ops_testutil.h"
#include "tensorflow/core/kernels/ops_util.h"
#include "tensorflow/core/lib/core/status_test_util.h"

namespace tensorflow {
namespace {

std::vector<std::string> Inputs(const NodeDef& def) {
  return std::vector<std::string>(def.input().begin(), def.input().end());
}

TEST(NodeDefBuilderTest, NamesInputsAndAddsDefaults) {
  NodeDef def;
  TF_ASSERT_OK(NodeDefBuilder("n", "FakeQuantWithMinMaxVars")
                   .Input(FakeInput(DT_FLOAT))
                   .Input("mn", 0, DT_FLOAT)
                   .Input(NodeDefBuilder::NodeOut("mx", 2, DT_FLOAT))
                   .ControlInput("c")
                   .Device("/cpu:0")
                   .Attr("num_bits", 4)
                   .Finalize(&def));
  EXPECT_EQ(def.name(), "n");
  EXPECT_EQ(def.op(), "FakeQuantWithMinMaxVars");
  EXPECT_EQ(def.device(), "/cpu:0");
  EXPECT_EQ(Inputs(def), (std::vector<std::string>{"a", "mn", "mx:2", "^c"}));
  EXPECT_EQ(def.attr().at("num_bits").i(), 4);
  EXPECT_FALSE(def.attr().at("narrow_range").b());  // the op's default
}

TEST(NodeDefBuilderTest, InfersTypeAndLengthAttrs) {
  NodeDef add_n;
  TF_ASSERT_OK(NodeDefBuilder("s", "AddN").Input(FakeInput(3, DT_INT32)).Finalize(&add_n));
  EXPECT_EQ(Inputs(add_n), (std::vector<std::string>{"a", "a:1", "a:2"}));
  EXPECT_EQ(add_n.attr().at("N").i(), 3);
  EXPECT_EQ(add_n.attr().at("T").type(), DT_INT32);

  NodeDef identity_n;
  TF_ASSERT_OK(NodeDefBuilder("i", "IdentityN")
                   .Input(FakeInput({DT_FLOAT, DT_INT64}))
                   .Finalize(&identity_n));
  ASSERT_EQ(identity_n.attr().at("T").list().type_size(), 2);
  EXPECT_EQ(identity_n.attr().at("T").list().type(1), DT_INT64);

  // FakeInput() reads a type attr set before it; the second input is named "b".
  NodeDef add;
  TF_ASSERT_OK(NodeDefBuilder("a", "Add")
                   .Attr("T", DT_INT64)
                   .Input(FakeInput())
                   .Input(FakeInput())
                   .Finalize(&add));
  EXPECT_EQ(Inputs(add), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(add.attr().at("T").type(), DT_INT64);
}

TEST(NodeDefBuilderTest, ErrorsInTfsWords) {
  NodeDef def;
  Status s = NodeDefBuilder("n", "FakeQuantWithMinMaxVars")
                 .Input(FakeInput(DT_INT32))
                 .Input(FakeInput(DT_FLOAT))
                 .Input(FakeInput(DT_FLOAT))
                 .Finalize(&def);
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_TRUE(absl::StrContains(s.message(),
                                "Input 'inputs' passed int32 expected float while building "
                                "NodeDef 'n' using Op<name=FakeQuantWithMinMaxVars;"))
      << s;

  s = NodeDefBuilder("n", "FakeQuantWithMinMaxVars").Input(FakeInput(DT_FLOAT)).Finalize(&def);
  EXPECT_TRUE(absl::StrContains(s.message(), "1 inputs specified of 3 inputs in Op")) << s;

  s = NodeDefBuilder("n", "Identity")
          .Input(FakeInput(DT_FLOAT))
          .Input(FakeInput(DT_FLOAT))
          .Finalize(&def);
  EXPECT_TRUE(absl::StrContains(s.message(), "More Input() calls than the 1 input_args")) << s;

  s = NodeDefBuilder("n", "Add")
          .Input(FakeInput(DT_FLOAT))
          .Input(FakeInput(DT_INT32))
          .Finalize(&def);
  EXPECT_TRUE(absl::StrContains(s.message(), "Inconsistent values for attr 'T'")) << s;

  s = NodeDefBuilder("n", "Identity").Input(FakeInput()).Finalize(&def);
  EXPECT_TRUE(absl::StrContains(s.message(), "Could not infer type for input 'input'")) << s;

  s = NodeDefBuilder("n", "Identity").Input(FakeInput(2, DT_FLOAT)).Finalize(&def);
  EXPECT_TRUE(
      absl::StrContains(s.message(), "List provided to input 'input' when single Tensor expected"))
      << s;

  s = NodeDefBuilder("n", "NoSuchOpAnywhere").Finalize(&def);
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_TRUE(absl::StrContains(s.message(), "Op type not registered 'NoSuchOpAnywhere'")) << s;

  // Several errors are listed together.
  s = NodeDefBuilder("n", "Add").Input("", 0, DT_FLOAT).Input("^x", 0, DT_INT32).Finalize(&def);
  EXPECT_TRUE(absl::StrContains(s.message(), "3 errors while building NodeDef 'n'")) << s;
  EXPECT_TRUE(absl::StrContains(s.message(), "Empty input node name")) << s;
  EXPECT_TRUE(absl::StrContains(s.message(), "Non-control input starting with ^: ^x")) << s;
}

class OpsTestBaseTest : public OpsTestBase {};

// TF's FakeQuantWithMinMaxVarsGradient vector (8 bits, regular range, [-0.125, 63.625]):
// -0.26 is below the nudged range, 63.6 above; -0.25 and 63.5 sit on its ends and are in.
TEST_F(OpsTestBaseTest, RunsAKernelWithSeveralOutputs) {
  TF_ASSERT_OK(NodeDefBuilder("op", "FakeQuantWithMinMaxVarsGradient")
                   .Attr("narrow_range", false)
                   .Input(FakeInput(DT_FLOAT))
                   .Input(FakeInput(DT_FLOAT))
                   .Input(FakeInput(DT_FLOAT))
                   .Input(FakeInput(DT_FLOAT))
                   .Finalize(node_def()));
  TF_ASSERT_OK(InitOp());
  AddInput<float>(TensorShape({2, 3}), [](int i) { return static_cast<float>(i + 1); });
  AddInputFromArray<float>(TensorShape({2, 3}), {-0.26f, -0.25f, -0.24f, 0.0f, 63.5f, 63.6f});
  AddInputFromList<float>(TensorShape({}), {-0.125});
  AddInputFromArray<float>(TensorShape({}), {63.625f});
  TF_ASSERT_OK(RunOpKernel());

  Tensor expected(allocator(), DT_FLOAT, TensorShape({2, 3}));
  test::FillValues<float>(&expected, {0, 2, 3, 4, 5, 0});
  test::ExpectTensorEqual<float>(expected, *GetOutput(0));
  test::ExpectTensorEqual<float>(test::AsScalar<float>(1), *GetOutput(1));
  test::ExpectTensorEqual<float>(test::AsScalar<float>(6), *GetOutput(2));
  EXPECT_EQ(GetInput(0).flat<float>()(5), 6.0f);
  EXPECT_EQ(output_types().size(), 3u);
}

// TF's CropAndResize 2x2 -> 3x3 bilinear vector.
TEST_F(OpsTestBaseTest, CropAndResizeVector) {
  TF_ASSERT_OK(NodeDefBuilder("crop_and_resize_op", "CropAndResize")
                   .Input(FakeInput(DT_UINT8))
                   .Input(FakeInput(DT_FLOAT))
                   .Input(FakeInput(DT_INT32))
                   .Input(FakeInput(DT_INT32))
                   .Attr("extrapolation_value", 0.0f)
                   .Attr("method", std::string("bilinear"))
                   .Finalize(node_def()));
  TF_ASSERT_OK(InitOp());
  AddInputFromArray<uint8_t>(TensorShape({1, 2, 2, 1}), {1, 2, 3, 4});
  AddInputFromArray<float>(TensorShape({1, 4}), {0, 0, 1, 1});
  AddInputFromArray<int32_t>(TensorShape({1}), {0});
  AddInputFromArray<int32_t>(TensorShape({2}), {3, 3});
  TF_ASSERT_OK(RunOpKernel());
  Tensor expected(DT_FLOAT, TensorShape({1, 3, 3, 1}));
  test::FillValues<float>(&expected, {1, 1.5, 2, 2, 2.5, 3, 3, 3.5, 4});
  test::ExpectTensorEqual<float>(expected, *GetOutput(0));
}

TEST_F(OpsTestBaseTest, KernelErrorsComeBackFromRunOpKernel) {
  TF_ASSERT_OK(NodeDefBuilder("crop_and_resize_op", "CropAndResize")
                   .Input(FakeInput(DT_FLOAT))
                   .Input(FakeInput(DT_FLOAT))
                   .Input(FakeInput(DT_INT32))
                   .Input(FakeInput(DT_INT32))
                   .Finalize(node_def()));
  TF_ASSERT_OK(InitOp());
  AddInputFromArray<float>(TensorShape({2, 2, 1}), {1, 2, 3, 4});
  AddInputFromArray<float>(TensorShape({1, 4}), {0, 0, 1, 1});
  AddInputFromArray<int32_t>(TensorShape({1}), {0});
  AddInputFromArray<int32_t>(TensorShape({2}), {4, 4});
  const Status s = RunOpKernel();
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_TRUE(absl::StrContains(s.ToString(), "input image must be 4-D")) << s;
}

TEST_F(OpsTestBaseTest, InitOpAndRunOpKernelRefuseWhatTheyCannotRun) {
  NodeDef unknown;
  unknown.set_name("u");
  unknown.set_op("NoSuchOpAnywhere");
  set_node_def(unknown);
  EXPECT_EQ(InitOp().code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(RunOpKernel().code(), absl::StatusCode::kFailedPrecondition);

  // A NodeDef without the attrs its op requires (no defaults are added here).
  NodeDef bare;
  bare.set_name("b");
  bare.set_op("FakeQuantWithMinMaxArgs");
  bare.add_input("a");
  set_node_def(bare);
  const Status s = InitOp();
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);

  // Fewer inputs than the kernel takes.
  TF_ASSERT_OK(NodeDefBuilder("i", "Add")
                   .Input(FakeInput(DT_FLOAT))
                   .Input(FakeInput(DT_FLOAT))
                   .Finalize(node_def()));
  TF_ASSERT_OK(InitOp());
  AddInputFromArray<float>(TensorShape({1}), {1});
  EXPECT_EQ(RunOpKernel().code(), absl::StatusCode::kInvalidArgument);
}

// A reference input: Assign writes through it, and its output is that reference.
TEST_F(OpsTestBaseTest, ReferenceInputs) {
  TF_ASSERT_OK(NodeDefBuilder("assign", "Assign")
                   .Input(FakeInput(DT_FLOAT_REF))
                   .Input(FakeInput(DT_FLOAT))
                   .Finalize(node_def()));
  TF_ASSERT_OK(InitOp());
  ASSERT_EQ(input_types_[0], DT_FLOAT_REF);
  AddInputFromArray<float>(TensorShape({2}), {1, 2});
  AddInputFromArray<float>(TensorShape({2}), {5, 6});
  TF_ASSERT_OK(RunOpKernel());
  EXPECT_TRUE(mutable_input(0).is_ref());
  test::ExpectTensorEqual<float>(test::AsTensor<float>({5, 6}), *mutable_input(0).tensor);
  EXPECT_EQ(GetOutput(0), mutable_input(0).tensor);
}

TEST_F(OpsTestBaseTest, ResourceInputs) {
  TF_ASSERT_OK(NodeDefBuilder("read", "ReadVariableOp")
                   .Input(FakeInput(DT_RESOURCE))
                   .Attr("dtype", DT_FLOAT)
                   .Finalize(node_def()));
  TF_ASSERT_OK(InitOp());
  auto* var = new Var(DT_FLOAT);
  *var->tensor() = test::AsTensor<float>({3, 4});
  var->is_initialized = true;
  AddResourceInput<Var>("", "v", var);  // the device's resource manager owns it
  TF_ASSERT_OK(RunOpKernel());
  test::ExpectTensorEqual<float>(test::AsTensor<float>({3, 4}), *GetOutput(0));
  const ResourceHandle& h = mutable_input(0).tensor->scalar<ResourceHandle>()();
  EXPECT_EQ(h.name(), "v");
  EXPECT_EQ(h.container(), device_->resource_manager()->default_container());
}

// DeviceFactory has the CPU only; a test's SetDevice takes that device.
TEST_F(OpsTestBaseTest, DeviceFactoryMakesCpuDevices) {
  EXPECT_EQ(DeviceFactory::NewDevice("GPU", SessionOptions(), "/job:a/replica:0/task:0"), nullptr);
  std::unique_ptr<Device> cpu =
      DeviceFactory::NewDevice("CPU", SessionOptions(), "/job:a/replica:0/task:0");
  ASSERT_NE(cpu, nullptr);
  EXPECT_EQ(cpu->name(), "/job:a/replica:0/task:0/device:CPU:0");
  EXPECT_EQ(cpu->device_type(), "CPU");
  SetDevice(DEVICE_CPU, std::move(cpu));
  EXPECT_EQ(device_->name(), "/job:a/replica:0/task:0/device:CPU:0");
  TF_ASSERT_OK(NodeDefBuilder("n", "Neg").Input(FakeInput(DT_INT32)).Finalize(node_def()));
  TF_ASSERT_OK(InitOp());
  AddInputFromArray<int32_t>(TensorShape({2}), {3, -4});
  TF_ASSERT_OK(RunOpKernel());
  test::ExpectTensorEqual<int32_t>(test::AsTensor<int32_t>({-3, 4}), *GetOutput(0));
  std::vector<std::unique_ptr<Device>> devices;
  TF_ASSERT_OK(DeviceFactory::AddDevices(SessionOptions(), "/job:b", &devices));
  ASSERT_EQ(devices.size(), 1u);
  EXPECT_EQ(devices[0]->name(), "/job:b/device:CPU:0");
}

TEST(TensorUtilTest, ConcatJoinsAlongDimensionZero) {
  Tensor out;
  TF_ASSERT_OK(tensor::Concat(
      {test::AsTensor<int32_t>({1, 2}, {1, 2}), test::AsTensor<int32_t>({3, 4, 5, 6}, {2, 2})},
      &out));
  test::ExpectTensorEqual<int32_t>(test::AsTensor<int32_t>({1, 2, 3, 4, 5, 6}, {3, 2}), out);
  EXPECT_EQ(tensor::Concat({}, &out).code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(tensor::Concat({test::AsScalar<int32_t>(1)}, &out).code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(tensor::Concat({test::AsTensor<int32_t>({1}), test::AsTensor<float>({1})}, &out).code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(
      tensor::Concat({test::AsTensor<int32_t>({1, 2}, {1, 2}), test::AsTensor<int32_t>({1})}, &out)
          .code(),
      absl::StatusCode::kInvalidArgument);
}

// TF 2.21's type families, less the types minitf's tensors cannot hold (variant, quantized).
TEST(RegisterTypesTest, FamiliesHaveTfsMembers) {
  std::vector<DataType> real, all;
#define MINITF_ADD_REAL(T) real.push_back(DataTypeToEnum<T>::v());
#define MINITF_ADD_ALL(T) all.push_back(DataTypeToEnum<T>::v());
  TF_CALL_REAL_NUMBER_TYPES(MINITF_ADD_REAL)
  TF_CALL_ALL_TYPES(MINITF_ADD_ALL)
#undef MINITF_ADD_REAL
#undef MINITF_ADD_ALL
  EXPECT_EQ(real,
            (std::vector<DataType>{DT_UINT64, DT_INT64, DT_UINT32, DT_UINT16, DT_INT16, DT_UINT8,
                                   DT_INT8, DT_INT32, DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE}));
  // Real numbers, two complex types, bool, string, resource.
  EXPECT_EQ(all.size(), 17u);
  EXPECT_EQ(all.back(), DT_RESOURCE);
}

TEST(OpsUtilTest, StridesAndAlignment) {
  auto strides = ComputeStride<int64_t>(TensorShape({2, 3, 4}));
  EXPECT_EQ(std::vector<int64_t>(strides.begin(), strides.end()), (std::vector<int64_t>{12, 4, 1}));
  EXPECT_TRUE(IsInnerDimsSizeAligned<float>(TensorShape({2, 16})));  // 64-byte rows
  EXPECT_FALSE(IsInnerDimsSizeAligned<float>(TensorShape({2, 3})));
  EXPECT_FALSE(IsInnerDimsSizeAligned<float>(TensorShape({0, 16})));
  EXPECT_TRUE(IsDim0SliceAligned<float>(TensorShape({64}), 16, 32));
  EXPECT_FALSE(IsDim0SliceAligned<float>(TensorShape({64}), 1, 32));
}

}  // namespace
}  // namespace tensorflow
