// minitf: the pictures `minitf show`, `minitf dot` and `--trace` draw of a model.
//
//   std::cout << minitf::DescribeModel(model);   // signatures, then one line per node
//   std::cout << minitf::GraphToDot(model.graph());
//   std::string json = minitf::ChromeTrace(run_metadata.step_stats(), model.graph());
//
// DescribeModel prints a SavedModel's signatures as `saved_model_cli show --all` does, then
// every node in graph order as "name = Op(inputs) -> dtype shape, ..." with the shapes minitf
// infers ("?" for an unknown dimension). GraphToDot writes Graphviz: a box per node labelled
// with its name and op, a solid edge per data edge labelled with dtype and shape, a dashed one
// per control edge. ChromeTrace writes the JSON TF's timeline module writes for a step
// (chrome://tracing, Perfetto): one process per device's "Compute" lane, one complete ("X")
// event per node with its start and duration in microseconds, its thread and its inputs.
#ifndef MINITF_CLI_GRAPH_VIEWS_H_
#define MINITF_CLI_GRAPH_VIEWS_H_

#include <string>

#include "cli/model.h"
#include "framework/graph.h"
#include "tensorflow/core/framework/step_stats.pb.h"

namespace minitf {

std::string DescribeModel(const Model& model);

std::string GraphToDot(const tensorflow::Graph& graph);

std::string ChromeTrace(const tensorflow::StepStats& stats, const tensorflow::Graph& graph);

}  // namespace minitf

#endif  // MINITF_CLI_GRAPH_VIEWS_H_
