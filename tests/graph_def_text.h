// Test helper: GraphDefs written as text protos, shared by the framework and runtime tests.
#ifndef MINITF_TESTS_GRAPH_DEF_TEXT_H_
#define MINITF_TESTS_GRAPH_DEF_TEXT_H_

#include <string>

#include "google/protobuf/text_format.h"
#include "gtest/gtest.h"
#include "tensorflow/core/framework/graph.pb.h"

namespace tensorflow {
namespace test {

// The GraphDef `text` spells (a test failure if it does not parse).
inline GraphDef ParseGraphDef(const std::string& text) {
  GraphDef g;
  EXPECT_TRUE(google::protobuf::TextFormat::ParseFromString(text, &g)) << text;
  return g;
}

// a = 2.0 (Const), p = Placeholder(float), b = a * p.
inline constexpr char kMulGraph[] = R"(
node { name: "a" op: "Const" attr { key: "dtype" value { type: DT_FLOAT } }
       attr { key: "value" value { tensor { dtype: DT_FLOAT tensor_shape {} float_val: 2 } } } }
node { name: "p" op: "Placeholder" attr { key: "dtype" value { type: DT_FLOAT } } }
node { name: "b" op: "Mul" input: "a" input: "p" attr { key: "T" value { type: DT_FLOAT } } })";

}  // namespace test
}  // namespace tensorflow

#endif  // MINITF_TESTS_GRAPH_DEF_TEXT_H_
