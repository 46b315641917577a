// minitf: TensorFlow's tensorflow::strings::StrCat family. In TF 2.21 these are Abseil's
// (absl::AlphaNum formats floats with %g's six digits), so minitf forwards to Abseil too:
//
//   strings::StrCat("x:", 3, " ", 2.5f);        // "x:3 2.5"
//   strings::StrAppend(&s, strings::Hex(255));  // appends "ff"
#ifndef MINITF_FRAMEWORK_STRCAT_H_
#define MINITF_FRAMEWORK_STRCAT_H_

#include "absl/strings/str_cat.h"

namespace tensorflow {
namespace strings {

using absl::AlphaNum;
using absl::Hex;
using absl::kNoPad;
using absl::kZeroPad10;
using absl::kZeroPad11;
using absl::kZeroPad12;
using absl::kZeroPad13;
using absl::kZeroPad14;
using absl::kZeroPad15;
using absl::kZeroPad16;
using absl::kZeroPad2;
using absl::kZeroPad3;
using absl::kZeroPad4;
using absl::kZeroPad5;
using absl::kZeroPad6;
using absl::kZeroPad7;
using absl::kZeroPad8;
using absl::kZeroPad9;
using absl::PadSpec;
using absl::StrAppend;
using absl::StrCat;

}  // namespace strings
}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_STRCAT_H_
