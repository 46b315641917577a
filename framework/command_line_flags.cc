#include "framework/command_line_flags.h"

#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "framework/logging.h"
#include "framework/stringprintf.h"

namespace tensorflow {

namespace {

// A hook that stores into `dst` (and notes the update).
template <typename T>
std::function<bool(T)> Store(T* dst, bool* dst_updated) {
  return [dst, dst_updated](T value) {
    *dst = std::move(value);
    if (dst_updated != nullptr) *dst_updated = true;
    return true;
  };
}

}  // namespace

Flag::Flag(const char* name, int32_t* dst, const std::string& usage_text, bool* dst_updated)
    : Flag(name, Store(dst, dst_updated), *dst, usage_text) {}
Flag::Flag(const char* name, int64_t* dst, const std::string& usage_text, bool* dst_updated)
    : Flag(name, Store(dst, dst_updated), *dst, usage_text) {}
Flag::Flag(const char* name, bool* dst, const std::string& usage_text, bool* dst_updated)
    : Flag(name, Store(dst, dst_updated), *dst, usage_text) {}
Flag::Flag(const char* name, std::string* dst, const std::string& usage_text, bool* dst_updated)
    : Flag(name, Store(dst, dst_updated), *dst, usage_text) {}
Flag::Flag(const char* name, float* dst, const std::string& usage_text, bool* dst_updated)
    : Flag(name, Store(dst, dst_updated), *dst, usage_text) {}

Flag::Flag(const char* name, std::function<bool(int32_t)> hook, int32_t default_value,
           const std::string& usage_text)
    : name_(name),
      type_(TYPE_INT32),
      int32_hook_(std::move(hook)),
      int32_default_(default_value),
      usage_text_(usage_text) {}
Flag::Flag(const char* name, std::function<bool(int64_t)> hook, int64_t default_value,
           const std::string& usage_text)
    : name_(name),
      type_(TYPE_INT64),
      int64_hook_(std::move(hook)),
      int64_default_(default_value),
      usage_text_(usage_text) {}
Flag::Flag(const char* name, std::function<bool(float)> hook, float default_value,
           const std::string& usage_text)
    : name_(name),
      type_(TYPE_FLOAT),
      float_hook_(std::move(hook)),
      float_default_(default_value),
      usage_text_(usage_text) {}
Flag::Flag(const char* name, std::function<bool(bool)> hook, bool default_value,
           const std::string& usage_text)
    : name_(name),
      type_(TYPE_BOOL),
      bool_hook_(std::move(hook)),
      bool_default_(default_value),
      usage_text_(usage_text) {}
Flag::Flag(const char* name, std::function<bool(std::string)> hook, std::string default_value,
           const std::string& usage_text)
    : name_(name),
      type_(TYPE_STRING),
      string_hook_(std::move(hook)),
      string_default_(std::move(default_value)),
      usage_text_(usage_text) {}

bool Flag::Parse(absl::string_view arg, bool* value_ok) const {
  *value_ok = true;
  if (!absl::ConsumePrefix(&arg, "--") || !absl::ConsumePrefix(&arg, name_)) return false;
  if (type_ == TYPE_BOOL) {
    if (!arg.empty() && arg[0] != '=') return false;  // "--bx" is not "--b"
    bool value;
    if (arg.empty() || arg == "=true") {
      value = true;
    } else if (arg == "=false") {
      value = false;
    } else {
      LOG(ERROR) << "Couldn't interpret value " << arg << " for flag " << name_ << ".";
      *value_ok = false;
      return true;
    }
    *value_ok = bool_hook_(value);
    return true;
  }
  if (!absl::ConsumePrefix(&arg, "=")) return false;
  bool parsed = true;
  switch (type_) {
    case TYPE_INT32: {
      int32_t v;
      parsed = absl::SimpleAtoi(arg, &v);
      if (parsed) *value_ok = int32_hook_(v);
      break;
    }
    case TYPE_INT64: {
      int64_t v;
      parsed = absl::SimpleAtoi(arg, &v);
      if (parsed) *value_ok = int64_hook_(v);
      break;
    }
    case TYPE_FLOAT: {
      float v;
      parsed = absl::SimpleAtof(arg, &v);
      if (parsed) *value_ok = float_hook_(v);
      break;
    }
    case TYPE_STRING:
      *value_ok = string_hook_(std::string(arg));
      break;
    case TYPE_BOOL:
      break;
  }
  if (!parsed) {
    LOG(ERROR) << "Couldn't interpret value " << arg << " for flag " << name_ << ".";
    *value_ok = false;
  }
  return true;
}

bool Flags::Parse(std::vector<std::string>& flags, const std::vector<Flag>& flag_list) {
  bool result = true;
  std::vector<std::string> unknown;
  for (size_t i = 0; i < flags.size(); ++i) {
    if (flags[i] == "--") {  // the rest is the program's
      unknown.insert(unknown.end(), flags.begin() + i, flags.end());
      break;
    }
    bool matched = false;
    for (const Flag& flag : flag_list) {
      bool value_ok;
      if (flag.Parse(flags[i], &value_ok)) {
        matched = true;
        result &= value_ok;
        break;
      }
    }
    if (!matched) unknown.push_back(flags[i]);
  }
  flags = std::move(unknown);
  return result;
}

bool Flags::Parse(int* argc, char** argv, const std::vector<Flag>& flag_list) {
  if (*argc < 1) return true;
  std::vector<std::string> args(argv + 1, argv + *argc);
  const bool result = Parse(args, flag_list);
  // Compact argv in place: the kept arguments are argv's own strings, in order.
  int dst = 1;
  size_t next = 0;
  for (int src = 1; src < *argc && next < args.size(); ++src) {
    if (args[next] == argv[src]) {
      argv[dst++] = argv[src];
      ++next;
    }
  }
  if (dst < *argc) argv[dst] = nullptr;
  *argc = dst;
  return result;
}

std::string Flags::Usage(const std::string& cmdline, const std::vector<Flag>& flag_list) {
  std::string usage = absl::StrCat("usage: ", cmdline, "\n");
  if (!flag_list.empty()) usage += "Flags:\n";
  for (const Flag& flag : flag_list) {
    std::string value;
    const char* type = "";
    switch (flag.type_) {
      case Flag::TYPE_INT32:
        value = absl::StrCat(flag.int32_default_);
        type = "int32";
        break;
      case Flag::TYPE_INT64:
        value = absl::StrCat(flag.int64_default_);
        type = "int64";
        break;
      case Flag::TYPE_BOOL:
        value = flag.bool_default_ ? "true" : "false";
        type = "bool";
        break;
      case Flag::TYPE_STRING:
        value = absl::StrCat("\"", flag.string_default_, "\"");
        type = "string";
        break;
      case Flag::TYPE_FLOAT:
        value = strings::Printf("%f", flag.float_default_);
        type = "float";
        break;
    }
    const std::string flag_string = absl::StrCat("--", flag.name_, "=", value);
    strings::Appendf(&usage, "\t%-33s\t%s\t%s\n", flag_string.c_str(), type,
                     flag.usage_text_.c_str());
  }
  return usage;
}

}  // namespace tensorflow
