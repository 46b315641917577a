// The case files write_crosscheck_graphs writes for check_graphs.py: <dir>/<case>.graph.pb and
// <case>.manifest, whose lines are, in order, "feed <tensor> <file>", "run <node> <times>" (a
// target run that many times, in line order, before anything is fetched), "fetch <tensor>
// <file>" (the value TF must produce, a TensorProto) or "target <node>" (run after the
// fetches).
#ifndef MINITF_TESTS_TF_CROSSCHECK_CASE_WRITER_H_
#define MINITF_TESTS_TF_CROSSCHECK_CASE_WRITER_H_

#include <fstream>
#include <functional>
#include <iostream>
#include <string>
#include <vector>

#include "tensorflow/cc/framework/ops.h"
#include "tensorflow/cc/framework/scope.h"
#include "tensorflow/core/framework/graph.pb.h"
#include "tensorflow/core/framework/tensor.h"

namespace tensorflow {

class CaseWriter {
 public:
  CaseWriter(std::string dir, std::string name) : dir_(std::move(dir)), name_(std::move(name)) {}

  void Feed(const Output& o, const Tensor& t) { Add("feed", o.name(), t); }
  void Fetch(const Output& o, const Tensor& expected) { Add("fetch", o.name(), expected); }
  void Target(const Operation& op) { manifest_ += "target " + op.node()->name() + "\n"; }
  void Run(const Operation& op, int times) {
    manifest_ += "run " + op.node()->name() + " " + std::to_string(times) + "\n";
  }

  void Write(const Scope& root) {
    GraphDef def;
    TF_CHECK_OK(root.ToGraphDef(&def));
    std::ofstream(dir_ + "/" + name_ + ".graph.pb", std::ios::binary) << def.SerializeAsString();
    std::ofstream(dir_ + "/" + name_ + ".manifest") << manifest_;
    std::cout << name_ << ": " << def.node_size() << " nodes\n";
  }

 private:
  void Add(const std::string& kind, const std::string& tensor, const Tensor& t) {
    const std::string file = name_ + "." + std::to_string(count_++) + ".tensor.pb";
    TensorProto proto;
    // numpy's reader takes strings from string_val only.
    if (t.dtype() == DT_STRING) {
      t.AsProtoField(&proto);
    } else {
      t.AsProtoTensorContent(&proto);
    }
    std::ofstream(dir_ + "/" + file, std::ios::binary) << proto.SerializeAsString();
    manifest_ += kind + " " + tensor + " " + file + "\n";
  }

  std::string dir_, name_, manifest_;
  int count_ = 0;
};

template <typename T>
Tensor Filled(DataType dt, TensorShape shape, std::function<T(int64_t)> f) {
  Tensor t(dt, shape);
  for (int64_t i = 0; i < t.NumElements(); ++i) t.flat<T>()(i) = f(i);
  return t;
}

template <typename T>
Tensor test_value(std::vector<T> values, TensorShape shape) {
  Tensor t(DataTypeToEnum<T>::value, shape);
  for (size_t i = 0; i < values.size(); ++i) t.flat<T>()(i) = values[i];
  return t;
}

// The training programs (training_graphs.cc): variables, random initializers, optimizers,
// many steps; their expected values are minitf's own, which TF must reproduce bit for bit.
void TrainingCases(const std::string& dir);

}  // namespace tensorflow

#endif  // MINITF_TESTS_TF_CROSSCHECK_CASE_WRITER_H_
