// minitf: the sessions' plan caches — a map from a Run's signature (fetches, feeds, targets)
// to its compiled plan, bounded: past `capacity` entries the least recently used is dropped
// (a Run still holding it keeps it alive through its shared_ptr). A server whose Runs vary
// their fetches keeps a flat footprint; TF's DirectSession keeps every signature's executors.
// Not thread-safe: the session's mutex guards it.
#ifndef MINITF_RUNTIME_PLAN_CACHE_H_
#define MINITF_RUNTIME_PLAN_CACHE_H_

#include <cstddef>
#include <list>
#include <memory>
#include <string>
#include <utility>

#include "absl/container/flat_hash_map.h"

namespace tensorflow {
namespace runtime {

template <typename Plan>
class PlanCache {
 public:
  explicit PlanCache(size_t capacity) : capacity_(capacity < 1 ? 1 : capacity) {}

  // The plan cached under `key` (now the most recently used), or null.
  std::shared_ptr<const Plan> Find(const std::string& key) {
    // A session running one signature over and over: its key is the front one, no hashing.
    if (!order_.empty() && order_.front().first == key) return order_.front().second;
    auto it = index_.find(key);
    if (it == index_.end()) return nullptr;
    order_.splice(order_.begin(), order_, it->second);
    return it->second->second;
  }

  // Caches `plan` under `key` (a key not cached yet), dropping the least recently used entry
  // when full.
  void Insert(const std::string& key, std::shared_ptr<const Plan> plan) {
    if (index_.size() >= capacity_) {
      index_.erase(order_.back().first);
      order_.pop_back();
    }
    order_.emplace_front(key, std::move(plan));
    index_[key] = order_.begin();
  }

  size_t size() const { return index_.size(); }

 private:
  using Entry = std::pair<std::string, std::shared_ptr<const Plan>>;
  size_t capacity_;
  std::list<Entry> order_;  // most recently used first
  absl::flat_hash_map<std::string, typename std::list<Entry>::iterator> index_;
};

}  // namespace runtime
}  // namespace tensorflow

#endif  // MINITF_RUNTIME_PLAN_CACHE_H_
