// minitf: comparing GraphDefs as TF's tests do (tensorflow/core/util/equal_graph_def.h).
// Nodes match by name in any order; a node's op, device, attrs (internal "_" attrs ignored
// by default) and data inputs in order must agree ("x" equals "x:0"); control inputs may come
// in any order. Versions and the function library are not compared.
//
//   std::string diff;
//   EXPECT_TRUE(EqualGraphDef(actual, expected, &diff)) << diff;
//   TF_EXPECT_GRAPH_EQ(expected, actual);  // the same, printing both graphs on failure
#ifndef MINITF_FRAMEWORK_EQUAL_GRAPH_DEF_H_
#define MINITF_FRAMEWORK_EQUAL_GRAPH_DEF_H_

#include <cstdint>
#include <string>

#include "google/protobuf/repeated_ptr_field.h"
#include "tensorflow/core/framework/graph.pb.h"
#include "tensorflow/core/framework/node_def.pb.h"

namespace tensorflow {

struct EqualGraphDefOptions {
  // Skip attrs whose names start with "_".
  bool ignore_internal_attrs = true;
};

// True when the graphs are equal; otherwise false and, when `diff` is not null, the first
// difference in words.
bool EqualGraphDef(const GraphDef& actual, const GraphDef& expected, std::string* diff,
                   const EqualGraphDefOptions& options = {});
// A hash equal for graphs EqualGraphDef calls equal.
uint64_t GraphDefHash(const GraphDef& gdef, const EqualGraphDefOptions& options = {});

bool EqualRepeatedNodeDef(const google::protobuf::RepeatedPtrField<NodeDef>& actual,
                          const google::protobuf::RepeatedPtrField<NodeDef>& expected,
                          std::string* diff, const EqualGraphDefOptions& options = {});
uint64_t RepeatedNodeDefHash(const google::protobuf::RepeatedPtrField<NodeDef>& ndefs,
                             const EqualGraphDefOptions& options = {});

bool EqualNodeDef(const NodeDef& actual, const NodeDef& expected, std::string* diff,
                  const EqualGraphDefOptions& options = {});
uint64_t NodeDefHash(const NodeDef& ndef, const EqualGraphDefOptions& options = {});

// "versions = ...;\n" then one SummarizeNodeDef line per node (TF's graph_def_util.h).
std::string SummarizeGraphDef(const GraphDef& graph_def);

}  // namespace tensorflow

// GoogleTest assertion (needs gtest.h where it is used).
#define TF_EXPECT_GRAPH_EQ(expected, actual)                                  \
  do {                                                                        \
    std::string _minitf_diff;                                                 \
    EXPECT_TRUE(::tensorflow::EqualGraphDef(actual, expected, &_minitf_diff)) \
        << _minitf_diff << "\nExpected:\n"                                    \
        << ::tensorflow::SummarizeGraphDef(expected) << "\nActual:\n"         \
        << ::tensorflow::SummarizeGraphDef(actual);                           \
  } while (false)

#endif  // MINITF_FRAMEWORK_EQUAL_GRAPH_DEF_H_
