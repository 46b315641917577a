#include "framework/status.h"

namespace tensorflow {
namespace internal {

std::string CheckOkMessage(const char* expr_text, const Status& s) {
  return absl::StrCat("Non-OK-status: ", expr_text, " status: ", s.ToString());
}

}  // namespace internal
}  // namespace tensorflow
