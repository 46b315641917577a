// minitf: the integer and string names of TF's tensorflow/core/platform/types.h and
// stringpiece.h, without the DataType machinery of framework/types.h, for the light platform
// headers (env.h, path.h, stringprintf.h, command_line_flags.h) that TF programs expect to
// bring them; framework/types.h includes it.
//
//   int32 steps = 10;  uint64 size = 0;  StringPiece name = "model.pb";
#ifndef MINITF_FRAMEWORK_PLATFORM_TYPES_H_
#define MINITF_FRAMEWORK_PLATFORM_TYPES_H_

#include <cstdint>
#include <string>

#include "absl/strings/string_view.h"

namespace tensorflow {

typedef int8_t int8;
typedef int16_t int16;
typedef int32_t int32;
typedef int64_t int64;
typedef uint8_t uint8;
typedef uint16_t uint16;
typedef uint32_t uint32;
typedef uint64_t uint64;
typedef absl::string_view StringPiece;
typedef std::string string;

}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_PLATFORM_TYPES_H_
