// minitf: TF's resource manager (tensorflow/core/framework/resource_mgr.h), the per-session
// store of state that outlives a Run: variables now, other resources later. A resource is a
// ResourceBase (reference counted, core::RefCounted) kept under (container, type, name); the
// default container is "localhost", as TF's.
//
//   LegacyVar* var;
//   TF_RETURN_IF_ERROR(rm->LookupOrCreate<LegacyVar>(
//       rm->default_container(), "v", &var, [](LegacyVar** v) {
//         *v = new LegacyVar(DT_FLOAT);
//         return OkStatus();
//       }));
//   core::ScopedUnref unref(var);   // Lookup* hand the caller one reference
//
// Thread-safe. Destroying the manager drops its references (resources die with the session).
#ifndef MINITF_FRAMEWORK_RESOURCE_MGR_H_
#define MINITF_FRAMEWORK_RESOURCE_MGR_H_

#include <atomic>
#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <tuple>
#include <typeindex>
#include <typeinfo>

#include "framework/errors.h"
#include "framework/status.h"

namespace tensorflow {
namespace core {

// TF's RefCounted: one reference at construction; the last Unref deletes.
class RefCounted {
 public:
  RefCounted() = default;
  RefCounted(const RefCounted&) = delete;
  RefCounted& operator=(const RefCounted&) = delete;

  void Ref() const { refs_.fetch_add(1, std::memory_order_relaxed); }
  // True when this call deleted the object.
  bool Unref() const {
    if (refs_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
      delete this;
      return true;
    }
    return false;
  }
  bool RefCountIsOne() const { return refs_.load(std::memory_order_acquire) == 1; }

 protected:
  virtual ~RefCounted() = default;

 private:
  mutable std::atomic<int64_t> refs_{1};
};

// Unrefs its object when it goes out of scope.
class ScopedUnref {
 public:
  explicit ScopedUnref(const RefCounted* o) : obj_(o) {}
  ~ScopedUnref() {
    if (obj_ != nullptr) obj_->Unref();
  }
  ScopedUnref(const ScopedUnref&) = delete;
  ScopedUnref& operator=(const ScopedUnref&) = delete;

 private:
  const RefCounted* obj_;
};

}  // namespace core

class ResourceBase : public core::RefCounted {
 public:
  virtual std::string DebugString() const = 0;
  virtual int64_t MemoryUsed() const { return 0; }
};

class ResourceMgr {
 public:
  ResourceMgr() : ResourceMgr("localhost") {}
  explicit ResourceMgr(const std::string& default_container)
      : default_container_(default_container) {}
  ~ResourceMgr() { Clear(); }
  ResourceMgr(const ResourceMgr&) = delete;
  ResourceMgr& operator=(const ResourceMgr&) = delete;

  const std::string& default_container() const { return default_container_; }

  // Adds `resource` (its one reference moves to the manager, even on failure).
  // AlreadyExists when (container, T, name) is taken.
  template <typename T>
  Status Create(const std::string& container, const std::string& name, T* resource) {
    std::lock_guard<std::mutex> lock(mu_);
    return InsertLocked(container, typeid(T), name, resource);
  }

  // The resource, with one reference for the caller; NotFound when absent.
  template <typename T>
  Status Lookup(const std::string& container, const std::string& name, T** resource) const {
    std::lock_guard<std::mutex> lock(mu_);
    ResourceBase* found = FindLocked(container, typeid(T), name);
    if (found == nullptr) return NotFoundErrorLocked(container, typeid(T), name);
    found->Ref();
    *resource = static_cast<T*>(found);
    return OkStatus();
  }

  // Lookup, or creator() then Create, atomically; one reference for the caller.
  template <typename T>
  Status LookupOrCreate(const std::string& container, const std::string& name, T** resource,
                        std::function<Status(T**)> creator) {
    std::lock_guard<std::mutex> lock(mu_);
    if (ResourceBase* found = FindLocked(container, typeid(T), name)) {
      found->Ref();
      *resource = static_cast<T*>(found);
      return OkStatus();
    }
    T* created = nullptr;
    TF_RETURN_IF_ERROR(creator(&created));
    if (created == nullptr) return errors::Internal("LookupOrCreate: creator made nothing");
    created->Ref();  // one for the manager, one for the caller
    TF_RETURN_IF_ERROR(InsertLocked(container, typeid(T), name, created));
    *resource = created;
    return OkStatus();
  }

  template <typename T>
  Status Delete(const std::string& container, const std::string& name) {
    return DoDelete(container, typeid(T), name);
  }

  // Drops every resource of `container`.
  Status Cleanup(const std::string& container);
  // Drops every resource.
  void Clear();

 private:
  using Key = std::tuple<std::string, std::type_index, std::string>;

  Status InsertLocked(const std::string& container, const std::type_info& type,
                      const std::string& name, ResourceBase* resource);
  ResourceBase* FindLocked(const std::string& container, const std::type_info& type,
                           const std::string& name) const;
  Status DoDelete(const std::string& container, const std::type_info& type,
                  const std::string& name);
  // TF's texts: "Container c does not exist. (Could not find resource: c/name)" while nothing
  // was ever created in `container`, else "Resource c/name/<type> does not exist.".
  Status NotFoundErrorLocked(const std::string& container, const std::type_info& type,
                             const std::string& name) const;

  const std::string default_container_;
  mutable std::mutex mu_;
  std::map<Key, ResourceBase*> resources_;
  std::set<std::string> containers_;  // made by a Create, until Cleanup or Clear
};

}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_RESOURCE_MGR_H_
