// minitf: graph::SetDefaultDevice (TF's tensorflow/core/graph/default_device.h).
//
//   graph::SetDefaultDevice("/cpu:0", &graph_def);   // every node that names no device
#ifndef MINITF_FRAMEWORK_DEFAULT_DEVICE_H_
#define MINITF_FRAMEWORK_DEFAULT_DEVICE_H_

#include <string>

#include "tensorflow/core/framework/graph.pb.h"

namespace tensorflow {
namespace graph {

// Sets `device` on each node of `graph_def` whose device is empty.
inline void SetDefaultDevice(const std::string& device, GraphDef* graph_def) {
  for (NodeDef& node : *graph_def->mutable_node()) {
    if (node.device().empty()) node.set_device(device);
  }
}

}  // namespace graph
}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_DEFAULT_DEVICE_H_
