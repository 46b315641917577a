#include "framework/command_line_flags.h"

#include <utility>

#include "absl/strings/ascii.h"
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
  // A bool may stand alone ("--verbose"); every flag else needs "=value" ("--bx" and "--b 1"
  // are not flag "b").
  if (type_ == TYPE_BOOL && arg.empty()) {
    *value_ok = bool_hook_(true);
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
    case TYPE_BOOL: {
      // "true"/"false" in any case, or "1"/"0".
      const std::string lower = absl::AsciiStrToLower(arg);
      parsed = lower == "true" || lower == "1" || lower == "false" || lower == "0";
      if (parsed) *value_ok = bool_hook_(lower == "true" || lower == "1");
      break;
    }
    case TYPE_STRING:
      *value_ok = string_hook_(std::string(arg));
      break;
  }
  if (!parsed) {
    LOG(ERROR) << "Couldn't interpret value " << arg << " for flag " << name_ << ".";
    *value_ok = false;
  }
  return true;
}

bool Flags::ParseOne(absl::string_view arg, const std::vector<Flag>& flag_list, bool* ok) {
  for (const Flag& flag : flag_list) {
    bool value_ok;
    const bool matched = flag.Parse(arg, &value_ok);
    if (!value_ok) *ok = false;
    if (matched) return true;
  }
  return false;
}

bool Flags::Parse(std::vector<std::string>& flags, const std::vector<Flag>& flag_list) {
  // As TF's: every element is a candidate (no argv[0], no "--" stop, no "--help" check).
  bool result = true;
  std::vector<std::string> unknown;
  for (std::string& arg : flags) {
    if (!ParseOne(arg, flag_list, &result)) unknown.push_back(std::move(arg));
  }
  flags = std::move(unknown);
  return result;
}

bool Flags::Parse(int* argc, char** argv, const std::vector<Flag>& flag_list) {
  bool result = true;
  int kept = 1;  // argv[0] stays; the unknown arguments move down over the parsed ones
  for (int i = 1; i < *argc; ++i) {
    if (absl::string_view(argv[i]) == "--") {  // the rest is the program's
      while (i < *argc) argv[kept++] = argv[i++];
      break;
    }
    if (!ParseOne(argv[i], flag_list, &result)) argv[kept++] = argv[i];
  }
  if (*argc >= 1) {
    argv[kept] = nullptr;
    *argc = kept;
  }
  // A leading "--help" among the unknown arguments asks for the usage text: TF returns false.
  return result && (*argc < 2 || absl::string_view(argv[1]) != "--help");
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
