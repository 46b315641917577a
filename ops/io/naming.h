// File names of a TensorBundle (a V2 checkpoint), as TensorFlow's tensor_bundle/naming.h
// names them:
//
//   MetaFilename("/tmp/ckpt/model")       // "/tmp/ckpt/model.index"
//   DataFilename("/tmp/ckpt/model", 0, 1) // "/tmp/ckpt/model.data-00000-of-00001"
#ifndef MINITF_OPS_IO_NAMING_H_
#define MINITF_OPS_IO_NAMING_H_

#include <cstdint>
#include <string>

#include "absl/strings/string_view.h"

namespace tensorflow {

// The index (metadata) file of the bundle at `prefix`.
std::string MetaFilename(absl::string_view prefix);
// Data shard `shard_id` of `num_shards` (both printed with at least five digits).
std::string DataFilename(absl::string_view prefix, int32_t shard_id, int32_t num_shards);

}  // namespace tensorflow

#endif  // MINITF_OPS_IO_NAMING_H_
