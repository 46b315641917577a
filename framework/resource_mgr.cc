#include "framework/resource_mgr.h"

#include <vector>

namespace tensorflow {

Status ResourceMgr::InsertLocked(const std::string& container, const std::type_info& type,
                                 const std::string& name, ResourceBase* resource) {
  containers_.insert(container);
  auto inserted = resources_.emplace(Key(container, std::type_index(type), name), resource);
  if (!inserted.second) {
    resource->Unref();
    return errors::AlreadyExists("Resource ", container, "/", name, "/", type.name());
  }
  return OkStatus();
}

ResourceBase* ResourceMgr::FindLocked(const std::string& container, const std::type_info& type,
                                      const std::string& name) const {
  auto it = resources_.find(Key(container, std::type_index(type), name));
  return it == resources_.end() ? nullptr : it->second;
}

Status ResourceMgr::NotFoundErrorLocked(const std::string& container, const std::type_info& type,
                                        const std::string& name) const {
  if (!containers_.count(container)) {
    return errors::NotFound("Container ", container,
                            " does not exist. (Could not find resource: ", container, "/", name,
                            ")");
  }
  return errors::NotFound("Resource ", container, "/", name, "/", type.name(), " does not exist.");
}

Status ResourceMgr::DoDelete(const std::string& container, const std::type_info& type,
                             const std::string& name) {
  ResourceBase* gone = nullptr;
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = resources_.find(Key(container, std::type_index(type), name));
    if (it == resources_.end()) return NotFoundErrorLocked(container, type, name);
    gone = it->second;
    resources_.erase(it);
  }
  gone->Unref();  // outside the lock: a resource's destructor may do anything
  return OkStatus();
}

Status ResourceMgr::Cleanup(const std::string& container) {
  std::vector<ResourceBase*> gone;
  {
    std::lock_guard<std::mutex> lock(mu_);
    containers_.erase(container);
    for (auto it = resources_.begin(); it != resources_.end();) {
      if (std::get<0>(it->first) == container) {
        gone.push_back(it->second);
        it = resources_.erase(it);
      } else {
        ++it;
      }
    }
  }
  for (ResourceBase* r : gone) r->Unref();
  return OkStatus();
}

void ResourceMgr::Clear() {
  std::map<Key, ResourceBase*> gone;
  {
    std::lock_guard<std::mutex> lock(mu_);
    gone.swap(resources_);
    containers_.clear();
  }
  for (auto& entry : gone) entry.second->Unref();
}

}  // namespace tensorflow
