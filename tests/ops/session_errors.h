// Test helpers for the op tests that check TF's error texts: a kernel's through a ClientSession,
// a shape function's through the Scope.
#ifndef MINITF_TESTS_OPS_SESSION_ERRORS_H_
#define MINITF_TESTS_OPS_SESSION_ERRORS_H_

#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tensorflow/cc/client/client_session.h"

namespace tensorflow {
namespace test_ops {

// Runs `fetch` with `feeds` twice (the session must stay usable): each time the error must have
// `code` and TF's kernel text `text`, then only the node context a session adds
// ("\n\t [[{{node ...}}]]").
inline void ExpectError(const Scope& root, const ClientSession::FeedType& feeds,
                        const Output& fetch, const std::string& text,
                        error::Code code = error::INVALID_ARGUMENT) {
  ASSERT_TRUE(root.status().ok()) << root.status().message();
  ClientSession session(root);
  std::vector<Tensor> out;
  for (int run = 0; run < 2; ++run) {
    const Status s = session.Run(feeds, {fetch}, &out);
    EXPECT_EQ(s.code(), code) << s;
    const std::string message(s.message());
    EXPECT_EQ(message.substr(0, message.find('\n')), text);
  }
}

// Builds a node with `build` on a fresh scope and expects its shape function to refuse it with
// InvalidArgument starting with `text`.
template <typename Build>
void ExpectShapeError(Build build, const std::string& text) {
  Scope root = Scope::NewRootScope();
  build(root);
  EXPECT_EQ(root.status().code(), error::INVALID_ARGUMENT) << root.status();
  EXPECT_EQ(root.status().message().substr(0, text.size()), text) << root.status();
}

}  // namespace test_ops
}  // namespace tensorflow

#endif  // MINITF_TESTS_OPS_SESSION_ERRORS_H_
