// GraphDefs are untrusted input: mutated GraphDefs (bytes flipped, inserted, deleted, varints
// made huge, truncated) are parsed, imported into a Session and run. Every one must end in a
// Status — never a crash, an abort or a hang (ASan/UBSan run this too). The mutations are
// seeded (MINITF_MUTATION_SEED), so a failure reproduces; MINITF_MUTATIONS sets how many (default
// 4000 per seed graph; half of them byte edits, half structural ones: attrs, inputs, ops, Const
// values).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "tensorflow/cc/framework/scope.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/tensor_testutil.h"
#include "tensorflow/core/lib/core/status_test_util.h"
#include "tensorflow/core/public/session.h"
#include "tests/graph_def_text.h"

namespace tensorflow {
namespace {

unsigned MutationSeed() {
  const char* env = std::getenv("MINITF_MUTATION_SEED");
  return env != nullptr ? static_cast<unsigned>(std::strtoul(env, nullptr, 10)) : 20261205u;
}

int Mutations() {
  const char* env = std::getenv("MINITF_MUTATIONS");
  return env != nullptr && std::atoi(env) > 0 ? std::atoi(env) : 4000;
}

// Valid graphs touching the ops whose attrs and inputs size things: number attrs, index
// inputs, shapes from tensors, Const values, the seed ops.
std::vector<GraphDef> SeedGraphs() {
  std::vector<GraphDef> seeds;
  seeds.push_back(test::ParseGraphDef(test::kMulGraph));
  Scope root = Scope::NewRootScope();
  auto x = ops::Const(root.WithOpName("x"), {{1.f, 2.f, 3.f}, {4.f, 5.f, 6.f}});
  auto sum = ops::AddN(root.WithOpName("sum"), {Output(x), Output(x), Output(x)});
  auto cat = ops::Concat(root.WithOpName("cat"), {Output(x), Output(sum)}, 0);
  auto gathered = ops::GatherV2(root.WithOpName("gather"), cat, {3, 0, 1}, 0);
  auto reshaped = ops::Reshape(root.WithOpName("reshape"), gathered, {9, 1});
  auto sliced = ops::StridedSlice(root.WithOpName("slice"), reshaped, {1, 0}, {7, 1}, {2, 1});
  auto tiled = ops::Tile(root.WithOpName("tile"), sliced, {2, 3});
  auto filled = ops::Fill(root.WithOpName("fill"), {2, 2}, 0.5f);
  auto onehot = ops::OneHot(root.WithOpName("onehot"), {0, 2}, 3, 1.f, 0.f);
  auto fq = ops::FakeQuantWithMinMaxVarsGradient(root.WithOpName("fq"), tiled, tiled, -1.f, 3.f);
  auto image = ops::Const(root.WithOpName("image"), 1.f, TensorShape({1, 4, 4, 1}));
  auto crops =
      ops::CropAndResize(root.WithOpName("crops"), image, {{0.f, 0.f, 1.f, 1.f}}, {0}, {3, 2});
  auto gb =
      ops::CropAndResizeGradBoxes(root.WithOpName("gb"), crops, image, {{0.f, 0.f, 1.f, 1.f}}, {0});
  auto split = ops::Split(root.WithOpName("split"), 0, filled, 2);
  auto mm = ops::MatMul(root.WithOpName("mm"), split[0], filled);
  (void)fq;
  (void)gb;
  (void)onehot;
  (void)mm;
  GraphDef g;
  TF_CHECK_OK(root.ToGraphDef(&g));
  seeds.push_back(g);
  return seeds;
}

// One mutation of `bytes`, chosen by `rng`.
std::string Mutate(std::string bytes, std::mt19937* rng) {
  if (bytes.empty()) return bytes;
  auto pick = [&](size_t n) { return static_cast<size_t>((*rng)() % n); };
  const int edits = 1 + static_cast<int>(pick(3));
  for (int e = 0; e < edits && !bytes.empty(); ++e) {
    const size_t at = pick(bytes.size());
    switch (pick(6)) {
      case 0:  // flip bits
        bytes[at] = static_cast<char>(bytes[at] ^ (1 << pick(8)));
        break;
      case 1:  // a random byte
        bytes[at] = static_cast<char>(pick(256));
        break;
      case 2:  // insert
        bytes.insert(at, 1, static_cast<char>(pick(256)));
        break;
      case 3:  // delete
        bytes.erase(at, 1 + pick(4));
        break;
      case 4: {  // a huge varint where a small one was (sizes, dims, attrs)
        static const char* kHuge[] = {"\xff\xff\xff\xff\x0f", "\x80\x80\x80\x80\x80\x01",
                                      "\xfe\xff\xff\xff\xff\xff\xff\xff\xff\x01",
                                      "\x02\x80\x80\x80\x10"};
        bytes.replace(at, 1, kHuge[pick(4)]);
        break;
      }
      default:  // truncate
        bytes.resize(at);
        break;
    }
  }
  return bytes;
}

// A structural mutation: a node's attr, input or Const value changed to an edge value.
void MutateStructure(GraphDef* g, std::mt19937* rng) {
  if (g->node_size() == 0) return;
  auto pick = [&](size_t n) { return static_cast<size_t>((*rng)() % n); };
  static const int64_t kInts[] = {0,
                                  -1,
                                  1,
                                  2,
                                  3,
                                  255,
                                  65536,
                                  2147483647,
                                  4294967298,
                                  int64_t{1} << 40,
                                  int64_t{1} << 62,
                                  INT64_MIN,
                                  INT64_MAX};
  NodeDef* n = g->mutable_node(static_cast<int>(pick(g->node_size())));
  switch (pick(4)) {
    case 0: {  // an input renamed, dropped, duplicated or made a control input
      if (n->input_size() == 0) break;
      const int k = static_cast<int>(pick(n->input_size()));
      const std::string other = g->node(static_cast<int>(pick(g->node_size()))).name();
      const std::string choices[] = {
          other,       other + ":1", other + ":-1",     other + ":99999999999",
          "^" + other, "",           n->input(k) + ":0"};
      if (pick(4) == 0) {
        n->add_input(choices[pick(7)]);
      } else if (pick(4) == 0) {
        n->mutable_input()->erase(n->mutable_input()->begin() + k);
      } else {
        n->set_input(k, choices[pick(7)]);
      }
      break;
    }
    case 1: {  // the op changed to another node's op
      n->set_op(g->node(static_cast<int>(pick(g->node_size()))).op());
      break;
    }
    default: {  // an attr value
      if (n->attr().empty()) break;
      std::vector<std::string> keys;  // sorted: protobuf maps iterate in a random order
      for (const auto& [key, value] : n->attr()) keys.push_back(key);
      std::sort(keys.begin(), keys.end());
      AttrValue& v = (*n->mutable_attr())[keys[pick(keys.size())]];
      if (v.has_tensor()) {
        TensorProto* t = v.mutable_tensor();
        switch (pick(4)) {
          case 0:
            if (t->tensor_shape().dim_size() > 0) {
              t->mutable_tensor_shape()->mutable_dim(0)->set_size(kInts[pick(13)]);
            } else {
              t->mutable_tensor_shape()->add_dim()->set_size(kInts[pick(13)]);
            }
            break;
          case 1:
            t->set_dtype(static_cast<DataType>(pick(30)));
            break;
          case 2:
            t->mutable_tensor_content()->resize(pick(64));
            break;
          default:
            t->add_int_val(static_cast<int32_t>(kInts[pick(13)]));
            break;
        }
      } else if (v.value_case() == AttrValue::kI) {
        v.set_i(kInts[pick(13)]);
      } else if (v.value_case() == AttrValue::kType) {
        v.set_type(static_cast<DataType>(pick(30)));
      } else if (v.value_case() == AttrValue::kShape && v.shape().dim_size() > 0) {
        v.mutable_shape()->mutable_dim(0)->set_size(kInts[pick(13)]);
      } else if (v.value_case() == AttrValue::kList && v.list().i_size() > 0) {
        v.mutable_list()->set_i(0, kInts[pick(13)]);
      } else {
        v.set_i(kInts[pick(13)]);  // the wrong kind of value
      }
      break;
    }
  }
}

TEST(GraphDefMutation, MutatedGraphsEndInAStatus) {
  // Huge but allocatable claims must fail as ResourceExhausted, not exhaust the machine.
  tensor_stats::SetLimit(int64_t{256} << 20);
  const int mutations = Mutations();
  int parsed = 0, created = 0, ran = 0;
  for (const GraphDef& seed : SeedGraphs()) {
    std::string bytes;
    ASSERT_TRUE(seed.SerializeToString(&bytes));
    std::vector<std::string> names;
    for (const NodeDef& n : seed.node()) names.push_back(n.name());
    std::mt19937 rng(MutationSeed());
    for (int i = 0; i < mutations; ++i) {
      GraphDef g;
      if (i % 2 == 0) {
        g = seed;
        for (int k = 1 + static_cast<int>(rng() % 3); k > 0; --k) MutateStructure(&g, &rng);
      } else if (!g.ParseFromString(Mutate(bytes, &rng))) {
        continue;
      }
      ++parsed;
      // An exception escaping would end a real program: reported with its reproducer.
      try {
        SessionOptions options;
        options.config.set_inter_op_parallelism_threads(1);
        std::unique_ptr<Session> session(NewSession(options));
        if (!session->Create(g).ok()) continue;
        ++created;
        RunOptions run_options;
        run_options.set_timeout_in_ms(2000);
        for (const NodeDef& n : g.node()) {
          std::vector<Tensor> out;
          Status s = session->Run(run_options, {}, {}, {n.name()}, &out, nullptr);
          ran += s.ok();
        }
      } catch (const std::exception& e) {
        ADD_FAILURE() << "mutation " << i << ": " << e.what() << "\n" << g.DebugString();
      }
    }
  }
  tensor_stats::SetLimit(0);
  // The mutations reach every stage: some fail to parse, some to import, some run.
  EXPECT_GT(parsed, 0);
  EXPECT_GT(created, 0);
  EXPECT_GT(ran, 0);
  std::printf("mutations: %d per seed; parsed %d, imported %d, node runs OK %d\n", mutations,
              parsed, created, ran);
}

}  // namespace
}  // namespace tensorflow
