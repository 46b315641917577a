#include "framework/resource_handle.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "tensorflow/core/framework/resource_handle.pb.h"

namespace tensorflow {

ResourceHandle::ResourceHandle() = default;
ResourceHandle::~ResourceHandle() = default;

ResourceHandle::ResourceHandle(const ResourceHandleProto& proto) { FromProto(proto).IgnoreError(); }

void ResourceHandle::AsProto(ResourceHandleProto* proto) const {
  proto->set_device(device_);
  proto->set_container(container_);
  proto->set_name(name_);
  proto->set_hash_code(hash_code_);
  proto->set_maybe_type_name(maybe_type_name_);
  for (const auto& ds : dtypes_and_shapes_) {
    auto* out = proto->add_dtypes_and_shapes();
    out->set_dtype(ds.dtype);
    ds.shape.AsProto(out->mutable_shape());
  }
}

Status ResourceHandle::FromProto(const ResourceHandleProto& proto) {
  std::vector<DtypeAndPartialTensorShape> dtypes_and_shapes;
  for (const auto& ds : proto.dtypes_and_shapes()) {
    DtypeAndPartialTensorShape entry;
    entry.dtype = ds.dtype();
    TF_RETURN_IF_ERROR(PartialTensorShape::BuildTensorShapeBase(ds.shape(), &entry.shape));
    dtypes_and_shapes.push_back(std::move(entry));
  }
  device_ = proto.device();
  container_ = proto.container();
  name_ = proto.name();
  hash_code_ = proto.hash_code();
  maybe_type_name_ = proto.maybe_type_name();
  dtypes_and_shapes_ = std::move(dtypes_and_shapes);
  return OkStatus();
}

std::string ResourceHandle::SerializeAsString() const {
  ResourceHandleProto proto;
  AsProto(&proto);
  return proto.SerializeAsString();
}

bool ResourceHandle::ParseFromString(const std::string& s) {
  ResourceHandleProto proto;
  return proto.ParseFromString(s) && FromProto(proto).ok();
}

namespace {
std::string DtypesAndShapes(const std::vector<DtypeAndPartialTensorShape>& entries) {
  return absl::StrCat("[ ",
                      absl::StrJoin(entries, ", ",
                                    [](std::string* out, const DtypeAndPartialTensorShape& e) {
                                      absl::StrAppend(out,
                                                      "DType enum: ", static_cast<int>(e.dtype),
                                                      ", Shape: ", e.shape.DebugString());
                                    }),
                      " ]");
}
}  // namespace

std::string ResourceHandle::DebugString() const {
  return absl::StrFormat(
      "device: %s container: %s name: %s hash_code: 0x%X maybe_type_name %s, dtype and shapes : "
      "%s",
      device_, container_, name_, hash_code_, maybe_type_name_,
      DtypesAndShapes(dtypes_and_shapes_));
}

std::string ResourceHandle::SummarizeValue() const {
  return absl::StrCat("ResourceHandle(name=\"", name_, "\", device=\"", device_, "\", container=\"",
                      container_, "\", type=\"", maybe_type_name_, "\", dtype and shapes : \"",
                      DtypesAndShapes(dtypes_and_shapes_), "\")");
}

}  // namespace tensorflow
