// One op's trial case for the fuzzers: a GraphDef with the op, built from its OpDef with
// chosen attrs (edge values among them), and a Placeholder per input fed a chosen tensor
// (ranks, sizes, dtypes the op allows, NaN/inf/huge/negative values). The choices come from a
// function: tests/ops/op_fuzz_test.cc draws them from a seeded generator, the libFuzzer
// harness tests/fuzz/op_fuzzer.cc from its input bytes.
#ifndef MINITF_TESTS_FUZZ_OP_CASE_MAKER_H_
#define MINITF_TESTS_FUZZ_OP_CASE_MAKER_H_

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "tensorflow/core/framework/graph.pb.h"
#include "tensorflow/core/framework/op.h"
#include "tensorflow/core/framework/tensor.h"
#include "tensorflow/core/public/session.h"

namespace tensorflow {
namespace fuzzing {

// Ops whose runs write files or read them by name.
inline const std::set<std::string> kOpsTouchingFiles = {
    "SaveV2", "RestoreV2", "MergeV2Checkpoints", "ReadFile",   "WriteFile",
    "Save",   "Restore",   "RestoreSlice",       "SaveSlices", "MatchingFiles"};

class OpCaseMaker {
 public:
  // `next` gives the choices: a seeded generator's numbers, or a fuzzer's bytes.
  explicit OpCaseMaker(std::function<uint64_t()> next) : next_(std::move(next)) {}

  // One trial of `op_def`: a GraphDef with a Placeholder per input, and the feeds.
  bool Make(const OpDef& op_def, GraphDef* graph,
            std::vector<std::pair<std::string, Tensor>>* feeds, int* num_outputs) {
    NodeDef node;
    node.set_name("op");
    node.set_op(op_def.name());
    for (const auto& attr : op_def.attr()) {
      AttrValue v;
      if (!RandomAttr(attr, op_def, &v)) return false;
      (*node.mutable_attr())[attr.name()] = v;
    }
    auto arg_types = [&](const OpDef::ArgDef& arg, std::vector<DataType>* types) {
      if (arg.is_ref()) return false;
      int count = 1;
      if (!arg.number_attr().empty())
        count = static_cast<int>(node.attr().at(arg.number_attr()).i());
      if (!arg.type_list_attr().empty()) {
        for (int t : node.attr().at(arg.type_list_attr()).list().type()) {
          types->push_back(static_cast<DataType>(t));
        }
        return true;
      }
      DataType dt = arg.type();
      if (!arg.type_attr().empty()) dt = node.attr().at(arg.type_attr()).type();
      for (int i = 0; i < count; ++i) types->push_back(dt);
      return true;
    };
    int input = 0;
    for (const auto& arg : op_def.input_arg()) {
      std::vector<DataType> types;
      if (!arg_types(arg, &types)) return false;
      for (DataType dt : types) {
        if (dt == DT_RESOURCE || !DataTypeIsSupported(dt)) return false;
        const std::string name = absl::StrCat("in", input++);
        NodeDef* p = graph->add_node();
        p->set_name(name);
        p->set_op("Placeholder");
        (*p->mutable_attr())["dtype"].set_type(dt);
        node.add_input(name);
        feeds->emplace_back(name + ":0", RandomTensor(dt));
      }
    }
    *num_outputs = 0;
    for (const auto& arg : op_def.output_arg()) {
      std::vector<DataType> types;
      if (!arg_types(arg, &types)) return false;
      *num_outputs += static_cast<int>(types.size());
    }
    *graph->add_node() = node;
    return true;
  }

 private:
  size_t Pick(size_t n) { return static_cast<size_t>(next_() % n); }

  int64_t RandomInt(int64_t minimum) {
    static const int64_t kEdges[] = {
        0, 1, 2, 3, 4, -1, -2, 7, 100, 255, 2147483647, -2147483648, int64_t{1} << 33, -7, 5, 6};
    const int64_t v = kEdges[Pick(16)];
    return std::max(v, minimum);
  }

  DataType RandomType(const OpDef::AttrDef& attr) {
    if (attr.has_allowed_values() && attr.allowed_values().list().type_size() > 0) {
      const auto& types = attr.allowed_values().list().type();
      return static_cast<DataType>(types[static_cast<int>(Pick(types.size()))]);
    }
    static const DataType kTypes[] = {DT_FLOAT, DT_INT32, DT_INT64, DT_DOUBLE,
                                      DT_UINT8, DT_BOOL,  DT_HALF,  DT_STRING};
    return kTypes[Pick(8)];
  }

  bool RandomAttr(const OpDef::AttrDef& attr, const OpDef& op_def, AttrValue* v) {
    const std::string& type = attr.type();
    if (type == "type") {
      v->set_type(RandomType(attr));
    } else if (type == "int") {
      // Input counts stay small (huge ones are the GraphDef tests' business).
      bool is_count = false;
      for (const auto& arg : op_def.input_arg()) is_count |= arg.number_attr() == attr.name();
      for (const auto& arg : op_def.output_arg()) is_count |= arg.number_attr() == attr.name();
      const int64_t minimum = attr.has_minimum() ? attr.minimum() : INT64_MIN;
      v->set_i(is_count ? std::max<int64_t>(minimum, 1 + static_cast<int64_t>(Pick(3)))
                        : RandomInt(minimum));
    } else if (type == "float") {
      static const float kFloats[] = {0.f,
                                      1.f,
                                      -1.f,
                                      0.5f,
                                      1e30f,
                                      -1e30f,
                                      std::numeric_limits<float>::quiet_NaN(),
                                      std::numeric_limits<float>::infinity()};
      v->set_f(kFloats[Pick(8)]);
    } else if (type == "bool") {
      v->set_b(Pick(2) == 1);
    } else if (type == "string") {
      if (attr.has_allowed_values() && attr.allowed_values().list().s_size() > 0 && Pick(8) != 0) {
        const auto& s = attr.allowed_values().list().s();
        v->set_s(s[static_cast<int>(Pick(s.size()))]);
      } else {
        static const char* kStrings[] = {"",     "SAME",     "VALID",   "NHWC",
                                         "NCHW", "bilinear", "nearest", "garbage"};
        v->set_s(kStrings[Pick(8)]);
      }
    } else if (type == "shape") {
      TensorShapeProto* s = v->mutable_shape();
      if (Pick(4) == 0) {
        s->set_unknown_rank(true);
      } else {
        for (size_t d = Pick(4); d > 0; --d) s->add_dim()->set_size(Pick(3) == 0 ? -1 : Pick(5));
      }
    } else if (type == "list(int)") {
      auto* list = v->mutable_list();
      for (size_t n = Pick(6); n > 0; --n) list->add_i(RandomInt(INT64_MIN));
    } else if (type == "list(float)") {
      auto* list = v->mutable_list();
      for (size_t n = Pick(4); n > 0; --n) list->add_f(static_cast<float>(Pick(5)) - 1.f);
    } else if (type == "list(type)") {
      auto* list = v->mutable_list();
      const int64_t minimum = attr.has_minimum() ? attr.minimum() : 0;
      for (int64_t n = std::max<int64_t>(minimum, 1 + static_cast<int64_t>(Pick(3))); n > 0; --n) {
        list->add_type(RandomType(attr));
      }
    } else if (type == "list(shape)") {
      auto* list = v->mutable_list();
      for (size_t n = Pick(3); n > 0; --n) list->add_shape()->add_dim()->set_size(Pick(4));
    } else if (type == "list(string)") {
      auto* list = v->mutable_list();
      for (size_t n = Pick(3); n > 0; --n) list->add_s("x");
    } else if (type == "tensor") {
      RandomTensor(DT_FLOAT).AsProtoTensorContent(v->mutable_tensor());
    } else {
      return false;  // func and the like
    }
    return true;
  }

  Tensor RandomTensor(DataType dt) {
    TensorShape shape;
    const size_t rank = Pick(5);
    if (rank >= 2 && Pick(8) == 0) {
      // Empty, with huge sizes elsewhere: no elements, but sizes that overflow products.
      static const int64_t kHuge[] = {2147483647, int64_t{1} << 40, int64_t{1} << 31};
      for (size_t d = 0; d < rank; ++d) shape.AddDim(d == 0 ? 0 : kHuge[Pick(3)] >> (8 * d));
    } else {
      for (size_t d = 0; d < rank; ++d) {
        shape.AddDim(Pick(10) == 0 ? static_cast<int64_t>(Pick(40))
                                   : static_cast<int64_t>(Pick(5)));
      }
    }
    Tensor t(dt, shape);
    const int64_t n = t.NumElements();
    static const double kValues[] = {0,
                                     1,
                                     -1,
                                     2,
                                     3,
                                     0.5,
                                     -0.25,
                                     1e30,
                                     -1e30,
                                     std::numeric_limits<double>::quiet_NaN(),
                                     std::numeric_limits<double>::infinity(),
                                     2147483647.0,
                                     -2147483648.0,
                                     4,
                                     5,
                                     100};
    for (int64_t i = 0; i < n; ++i) {
      const double v = Pick(3) == 0 ? kValues[Pick(16)] : static_cast<double>(Pick(6)) - 1;
      switch (dt) {
        case DT_FLOAT:
          t.flat<float>()(i) = static_cast<float>(v);
          break;
        case DT_DOUBLE:
          t.flat<double>()(i) = v;
          break;
        case DT_HALF:
          t.flat<Eigen::half>()(i) = Eigen::half(static_cast<float>(v));
          break;
        case DT_BFLOAT16:
          t.flat<bfloat16>()(i) = bfloat16(static_cast<float>(v));
          break;
        case DT_BOOL:
          t.flat<bool>()(i) = v > 0;
          break;
        case DT_STRING:
          t.flat<tstring>()(i) = std::string(Pick(4), static_cast<char>('a' + Pick(3)));
          break;
        case DT_COMPLEX64:
          t.flat<complex64>()(i) = complex64(static_cast<float>(v), 1.f);
          break;
        case DT_COMPLEX128:
          t.flat<complex128>()(i) = complex128(v, -1.0);
          break;
        default: {
          // Integers: the value clamped into the type's range (NaN -> 0).
          const double clamped = std::isnan(v) ? 0 : std::max(-9.2e18, std::min(9.2e18, v));
          const auto iv = static_cast<int64_t>(clamped);
          switch (dt) {
            case DT_INT32:
              t.flat<int32>()(i) = static_cast<int32>(
                  std::max<int64_t>(INT32_MIN, std::min<int64_t>(INT32_MAX, iv)));
              break;
            case DT_INT64:
              t.flat<int64_t>()(i) = iv;
              break;
            case DT_UINT8:
              t.flat<uint8>()(i) = static_cast<uint8>(iv);
              break;
            case DT_INT8:
              t.flat<int8>()(i) = static_cast<int8>(iv);
              break;
            case DT_INT16:
              t.flat<int16>()(i) = static_cast<int16>(iv);
              break;
            case DT_UINT16:
              t.flat<uint16>()(i) = static_cast<uint16>(iv);
              break;
            case DT_UINT32:
              t.flat<uint32>()(i) = static_cast<uint32>(iv);
              break;
            case DT_UINT64:
              t.flat<uint64>()(i) = static_cast<uint64>(iv);
              break;
            default:
              break;  // left zero
          }
        }
      }
    }
    return t;
  }

  std::function<uint64_t()> next_;
};

// Runs a case OpCaseMaker::Make built, in a one-thread session with a 2 s deadline, fetching
// every output (or running the op as a target when it has none). `*ran` says whether the
// graph was created and run; the Status is the Run's (any Status is fine for the fuzzers).
inline Status RunOpCase(const GraphDef& graph,
                        const std::vector<std::pair<std::string, Tensor>>& feeds, int num_outputs,
                        bool* ran) {
  *ran = false;
  SessionOptions options;
  options.config.set_inter_op_parallelism_threads(1);
  std::unique_ptr<Session> session(NewSession(options));
  if (!session->Create(graph).ok()) return OkStatus();
  std::vector<std::string> fetches;
  for (int o = 0; o < num_outputs; ++o) fetches.push_back(absl::StrCat("op:", o));
  RunOptions run_options;
  run_options.set_timeout_in_ms(2000);
  std::vector<Tensor> outputs;
  *ran = true;
  return session->Run(
      run_options, feeds, fetches,
      num_outputs == 0 ? std::vector<std::string>{"op"} : std::vector<std::string>{}, &outputs,
      nullptr);
}

}  // namespace fuzzing
}  // namespace tensorflow

#endif  // MINITF_TESTS_FUZZ_OP_CASE_MAKER_H_
