#include "ops/io/naming.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace tensorflow {

std::string MetaFilename(absl::string_view prefix) { return absl::StrCat(prefix, ".index"); }

std::string DataFilename(absl::string_view prefix, int32_t shard_id, int32_t num_shards) {
  return absl::StrFormat("%s.data-%05d-of-%05d", prefix, shard_id, num_shards);
}

}  // namespace tensorflow
