#include "framework/ops.h"

#include <algorithm>
#include <cstring>

namespace tensorflow {

namespace {
// A 64-bit mix (splitmix64's finalizer) for hashing node pointers with a seed.
uint64_t Mix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}
}  // namespace

Operation::Operation(Node* n) : inputs_(GetInputs(n)), node_(n) {}

Operation::Inputs Operation::GetInputs(Node* node) {
  Inputs inputs;
  if (node == nullptr) return inputs;
  inputs.resize(node->num_inputs(), {nullptr, -1});
  for (const Edge* e : node->in_edges()) {
    if (e->IsControlEdge()) continue;
    inputs[e->dst_input()] = {e->src(), e->src_output()};
  }
  return inputs;
}

Output Operation::input(int32_t i) const {
  CHECK_NOTNULL(node_);
  CHECK_GE(i, 0);
  CHECK_LT(i, node_->num_inputs());
  // Edges added after this handle was made are found by a fresh scan.
  if (i >= static_cast<int32_t>(inputs_.size()) || inputs_[i].first == nullptr) {
    for (const Edge* e : node_->in_edges()) {
      if (!e->IsControlEdge() && e->dst_input() == i) return Output(e->src(), e->src_output());
    }
  }
  return Output(inputs_[i].first, inputs_[i].second);
}

Output Operation::output(int32_t i) const {
  CHECK_NOTNULL(node_);
  CHECK_GE(i, 0);
  CHECK_LT(i, node_->num_outputs());
  return Output(node_, i);
}

uint64_t Operation::hash(int32_t index) const {
  uint64_t p = 0;
  std::memcpy(&p, &node_, sizeof(node_));  // NOLINT(bugprone-sizeof-expression): the pointer
  return Mix64(p ^ Mix64(static_cast<uint64_t>(index)));
}

std::size_t OutputHash::operator()(const Output& output) const {
  return static_cast<std::size_t>(output.hash());
}

Input::Initializer::Initializer(const std::initializer_list<Input::Initializer>& v) {
  if (v.size() < 1) {
    // An empty list is a float tensor of shape [0].
    tensor = Tensor(DT_FLOAT, TensorShape{0});
    return;
  }
  const Initializer& first = *v.begin();
  for (const auto& e : v) {
    if (!e.status.ok()) {
      status = e.status;
      return;
    }
  }
  for (const auto& e : v) {
    if (e.tensor.dtype() != first.tensor.dtype()) {
      status =
          absl::InvalidArgumentError("Initializer list components should all have the same type");
      return;
    }
    if (!e.tensor.shape().IsSameSize(first.tensor.shape())) {
      status =
          absl::InvalidArgumentError("Initializer list components should all have the same shape");
      return;
    }
  }
  TensorShape shape{static_cast<int64_t>(v.size())};
  shape.AppendShape(first.tensor.shape());
  Tensor t(first.tensor.dtype(), shape);
  if (first.tensor.dtype() == DT_STRING) {
    int64_t offset = 0;
    auto dst = t.flat<tstring>();
    for (const auto& e : v) {
      auto src = e.tensor.flat<tstring>();
      for (int64_t i = 0; i < e.tensor.NumElements(); ++i) dst(offset + i) = src(i);
      offset += e.tensor.NumElements();
    }
  } else {
    size_t offset = 0;
    for (const auto& e : v) {
      const size_t bytes = e.tensor.TotalBytes();
      if (bytes > 0) std::memcpy(static_cast<char*>(t.data()) + offset, e.tensor.data(), bytes);
      offset += bytes;
    }
  }
  tensor = t;
}

TensorProto Input::Initializer::AsTensorProto() {
  TensorProto proto;
  if (tensor.NumElements() > 1) {
    tensor.AsProtoTensorContent(&proto);
  } else {
    tensor.AsProtoField(&proto);
  }
  return proto;
}

Input::Input(const std::initializer_list<Input::Initializer>& init) {
  for (const auto& i : init) {
    if (!i.status.ok()) {
      status_ = i.status;
      return;
    }
  }
  Initializer whole(init);
  status_ = whole.status;
  tensor_ = whole.tensor;
}

}  // namespace tensorflow
