// minitf: command-line flags as TF's tools parse them (tensorflow/core/util/command_line_flags.h).
//
//   int32 steps = 100;
//   std::string model;
//   std::vector<Flag> flag_list = {Flag("steps", &steps, "training steps"),
//                                  Flag("model", &model, "the model's path")};
//   const std::string usage = Flags::Usage(argv[0], flag_list);
//   if (!Flags::Parse(&argc, argv, flag_list)) { LOG(ERROR) << usage; return 2; }
//
// "--name=value" sets a flag ("--name" alone, or "=true"/"=FALSE"/"=1"/"=0", for a bool); a
// known flag with a bad value makes Parse return false (and logs TF's "Couldn't interpret value
// <v> for flag <name>."). Unknown arguments stay in argv (in order, after argv[0]), and so does
// everything from "--" on. Not thread-safe: the flags write to their variables.
#ifndef MINITF_FRAMEWORK_COMMAND_LINE_FLAGS_H_
#define MINITF_FRAMEWORK_COMMAND_LINE_FLAGS_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "framework/platform_types.h"

namespace tensorflow {

class Flag {
 public:
  Flag(const char* name, int32_t* dst, const std::string& usage_text, bool* dst_updated = nullptr);
  Flag(const char* name, int64_t* dst, const std::string& usage_text, bool* dst_updated = nullptr);
  Flag(const char* name, bool* dst, const std::string& usage_text, bool* dst_updated = nullptr);
  Flag(const char* name, std::string* dst, const std::string& usage_text,
       bool* dst_updated = nullptr);
  Flag(const char* name, float* dst, const std::string& usage_text, bool* dst_updated = nullptr);
  // Hook forms: `hook` gets the parsed value and says whether it is acceptable.
  Flag(const char* name, std::function<bool(int32_t)> int32_hook, int32_t default_value_for_display,
       const std::string& usage_text);
  Flag(const char* name, std::function<bool(int64_t)> int64_hook, int64_t default_value_for_display,
       const std::string& usage_text);
  Flag(const char* name, std::function<bool(float)> float_hook, float default_value_for_display,
       const std::string& usage_text);
  Flag(const char* name, std::function<bool(bool)> bool_hook, bool default_value_for_display,
       const std::string& usage_text);
  Flag(const char* name, std::function<bool(std::string)> string_hook,
       std::string default_value_for_display, const std::string& usage_text);

 private:
  friend class Flags;
  enum Type { TYPE_INT32, TYPE_INT64, TYPE_BOOL, TYPE_STRING, TYPE_FLOAT };

  // Whether `arg` is this flag; `*value_ok` says whether its value parsed and was accepted.
  bool Parse(absl::string_view arg, bool* value_ok) const;

  std::string name_;
  Type type_;
  std::function<bool(int32_t)> int32_hook_;
  int32_t int32_default_ = 0;
  std::function<bool(int64_t)> int64_hook_;
  int64_t int64_default_ = 0;
  std::function<bool(float)> float_hook_;
  float float_default_ = 0;
  std::function<bool(bool)> bool_hook_;
  bool bool_default_ = false;
  std::function<bool(std::string)> string_hook_;
  std::string string_default_;
  std::string usage_text_;
};

class Flags {
 public:
  // Parses argv[1..] against `flag_list` up to a "--", moving the arguments it did not
  // recognize down to argv[1..] (argv[*argc] becomes null). False when a value was bad or a
  // hook refused it, and when the first argument left is "--help".
  static bool Parse(int* argc, char** argv, const std::vector<Flag>& flag_list);
  // Every element is a candidate (no program name, "--" or "--help" rule); `flags` keeps the
  // ones not recognized.
  static bool Parse(std::vector<std::string>& flags, const std::vector<Flag>& flag_list);
  // "usage: <cmdline>\nFlags:\n" and one line per flag with its default, type and text.
  static std::string Usage(const std::string& cmdline, const std::vector<Flag>& flag_list);

 private:
  // Whether `arg` is one of `flag_list`; a bad value clears `*ok`.
  static bool ParseOne(absl::string_view arg, const std::vector<Flag>& flag_list, bool* ok);
};

}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_COMMAND_LINE_FLAGS_H_
