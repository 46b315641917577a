// minitf: TensorFlow's ResourceHandle, the element of a DT_RESOURCE tensor — which resource
// (container, name, the C++ type it was made as) a kernel should find in the session's
// ResourceMgr, with the dtypes and shapes it holds for shape inference (VarHandleOp's output):
//
//   ResourceHandle h;
//   h.set_container("localhost");
//   h.set_name("w");
//   Tensor t(DT_RESOURCE, TensorShape({}));
//   t.scalar<ResourceHandle>()() = h;
//
// Unlike TF's, it never owns the resource: resources live in the session's ResourceMgr.
#ifndef MINITF_FRAMEWORK_RESOURCE_HANDLE_H_
#define MINITF_FRAMEWORK_RESOURCE_HANDLE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "framework/status.h"
#include "framework/tensor_shape.h"
#include "framework/types.h"

namespace tensorflow {

class ResourceHandleProto;

struct DtypeAndPartialTensorShape {
  DataType dtype = DT_INVALID;
  PartialTensorShape shape;
};

class ResourceHandle {
 public:
  ResourceHandle();
  ResourceHandle(const ResourceHandleProto& proto);  // NOLINT: implicit as TF's
  ~ResourceHandle();

  const std::string& device() const { return device_; }
  void set_device(const std::string& device) { device_ = device; }
  const std::string& container() const { return container_; }
  void set_container(const std::string& container) { container_ = container; }
  const std::string& name() const { return name_; }
  void set_name(const std::string& name) { name_ = name; }
  uint64_t hash_code() const { return hash_code_; }
  void set_hash_code(uint64_t hash_code) { hash_code_ = hash_code; }
  const std::string& maybe_type_name() const { return maybe_type_name_; }
  void set_maybe_type_name(const std::string& value) { maybe_type_name_ = value; }
  const std::vector<DtypeAndPartialTensorShape>& dtypes_and_shapes() const {
    return dtypes_and_shapes_;
  }
  void set_dtypes_and_shapes(const std::vector<DtypeAndPartialTensorShape>& value) {
    dtypes_and_shapes_ = value;
  }

  void AsProto(ResourceHandleProto* proto) const;
  Status FromProto(const ResourceHandleProto& proto);
  std::string SerializeAsString() const;
  bool ParseFromString(const std::string& s);

  // "device: ... container: ... name: ... hash_code: 0x... maybe_type_name ..., dtype and
  // shapes : ..." (TF's).
  std::string DebugString() const;
  // ResourceHandle(name="w", device="...", container="localhost", type="...", dtype and
  // shapes : "...") (TF's, as tensors print it).
  std::string SummarizeValue() const;

 private:
  std::string device_;
  std::string container_;
  std::string name_;
  uint64_t hash_code_ = 0;
  std::string maybe_type_name_;
  std::vector<DtypeAndPartialTensorShape> dtypes_and_shapes_;
};

template <>
struct DataTypeToEnum<ResourceHandle> {
  static DataType v() { return DT_RESOURCE; }
  static DataType ref() { return MakeRefType(DT_RESOURCE); }
  static constexpr DataType value = DT_RESOURCE;
};
template <>
struct EnumToDataType<DT_RESOURCE> {
  typedef ResourceHandle Type;
};

}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_RESOURCE_HANDLE_H_
