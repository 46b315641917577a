#include "framework/types.h"

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace tensorflow {

namespace {
// Names of the non-reference types, indexed by enum value (TF's types.cc spelling).
const char* const kTypeNames[] = {"INVALID",
                                  "float",
                                  "double",
                                  "int32",
                                  "uint8",
                                  "int16",
                                  "int8",
                                  "string",
                                  "complex64",
                                  "int64",
                                  "bool",
                                  "qint8",
                                  "quint8",
                                  "qint32",
                                  "bfloat16",
                                  "qint16",
                                  "quint16",
                                  "uint16",
                                  "complex128",
                                  "half",
                                  "resource",
                                  "variant",
                                  "uint32",
                                  "uint64",
                                  "float8_e5m2",
                                  "float8_e4m3fn",
                                  "float8_e4m3fnuz",
                                  "float8_e4m3b11fnuz",
                                  "float8_e5m2fnuz",
                                  "int4",
                                  "uint4",
                                  "int2",
                                  "uint2",
                                  "float4_e2m1fn"};
constexpr int kNumTypeNames = sizeof(kTypeNames) / sizeof(kTypeNames[0]);
}  // namespace

std::string DataTypeString(DataType dtype) {
  // One reference level, as TF (a value from a GraphDef can be any int: no recursion on it).
  int v = static_cast<int>(dtype);
  const bool ref = IsRefType(dtype);
  if (ref) v -= kDataTypeRefOffset;
  std::string name = v >= 0 && v < kNumTypeNames ? std::string(kTypeNames[v])
                                                 : absl::StrCat("unknown dtype enum (", v, ")");
  return ref ? absl::StrCat(name, "_ref") : name;
}

bool DataTypeFromString(absl::string_view sp, DataType* dt) {
  bool ref = false;
  if (absl::EndsWith(sp, "_ref")) {
    sp.remove_suffix(4);
    ref = true;
  }
  DataType base = DT_INVALID;
  if (sp == "float32") {
    base = DT_FLOAT;
  } else if (sp == "float64") {
    base = DT_DOUBLE;
  } else if (sp == "float16") {
    base = DT_HALF;
  } else {
    for (int i = 1; i < kNumTypeNames; ++i) {
      if (sp == kTypeNames[i]) {
        base = static_cast<DataType>(i);
        break;
      }
    }
  }
  if (base == DT_INVALID) return false;
  *dt = ref ? MakeRefType(base) : base;
  return true;
}

int DataTypeSize(DataType dt) {
  switch (dt) {
#define MINITF_SIZE_CASE(T)      \
  case DataTypeToEnum<T>::value: \
    return sizeof(T);
    MINITF_CALL_NUMBER_TYPES(MINITF_SIZE_CASE)
#undef MINITF_SIZE_CASE
    case DT_QINT8:
    case DT_QUINT8:
    case DT_FLOAT8_E5M2:
    case DT_FLOAT8_E4M3FN:
    case DT_FLOAT8_E4M3FNUZ:
    case DT_FLOAT8_E4M3B11FNUZ:
    case DT_FLOAT8_E5M2FNUZ:
    case DT_INT4:
    case DT_UINT4:
    case DT_INT2:
    case DT_UINT2:
    case DT_FLOAT4_E2M1FN:
      return 1;
    case DT_QINT16:
    case DT_QUINT16:
      return 2;
    case DT_QINT32:
      return 4;
    default:
      return 0;
  }
}

bool DataTypeCanUseMemcpy(DataType dt) { return DataTypeSize(dt) > 0; }

bool DataTypeIsInteger(DataType dt) {
  switch (BaseType(dt)) {
    case DT_INT8:
    case DT_UINT8:
    case DT_INT16:
    case DT_UINT16:
    case DT_INT32:
    case DT_UINT32:
    case DT_INT64:
    case DT_UINT64:
      return true;
    default:
      return false;
  }
}

bool DataTypeIsSupported(DataType dt) {
  switch (dt) {
#define MINITF_SUPPORTED_CASE(T) case DataTypeToEnum<T>::value:
    MINITF_CALL_ALL_TYPES(MINITF_SUPPORTED_CASE)
#undef MINITF_SUPPORTED_CASE
    case DT_RESOURCE:
      return true;
    default:
      return false;
  }
}

std::string DataTypeSliceString(DataTypeSlice types) {
  return absl::StrJoin(types, ", ",
                       [](std::string* out, DataType dt) { out->append(DataTypeString(dt)); });
}

}  // namespace tensorflow
