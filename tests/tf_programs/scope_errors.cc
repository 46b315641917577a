// Prints the status a scope ends up with after each kind of bad graph construction. Built
// against TensorFlow and minitf, the codes and messages must match.
#include <functional>
#include <iostream>
#include <string>

#include "tensorflow/cc/framework/scope.h"
#include "tensorflow/cc/ops/standard_ops.h"

using namespace tensorflow;  // NOLINT

void Case(const std::string& what, const std::function<void(const Scope&)>& build) {
  Scope root = Scope::NewRootScope();
  build(root);
  Status s = root.status();
  std::cout << what << ": " << static_cast<int>(s.code()) << " " << s.message() << "\n";
}

int main() {
  Case("pwd shape", [](const Scope& r) {
    ops::PlaceholderWithDefault(r.WithOpName("bad"), {1.f, 2.f}, PartialTensorShape({3}));
  });
  Case("pwd rank", [](const Scope& r) {
    ops::PlaceholderWithDefault(r, {{1.f, 2.f}}, PartialTensorShape({2}));
  });
  Case("composite", [](const Scope& r) { r.GetCompositeOpScopes(""); });
  Case("single use", [](const Scope& r) {
    auto cop = r.GetCompositeOpScopes("cop");
    cop.last.GetUniqueNameForOp("x");
    cop.last.GetUniqueNameForOp("x");
  });
  Case("single use name", [](const Scope& r) {
    auto cop = r.GetCompositeOpScopes("cop");
    cop.last.WithOpName("y");
  });
  Case("first error wins", [](const Scope& r) {
    r.GetCompositeOpScopes("");
    ops::PlaceholderWithDefault(r, {1.f}, PartialTensorShape({3}));
  });
  Case("ok", [](const Scope& r) { ops::Identity(r, {1, 2}); });
  return 0;
}
