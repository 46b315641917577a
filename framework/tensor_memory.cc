// Tensor buffer memory: the live/peak byte counts behind tensor_stats and the large-buffer
// cache (framework/internal/tensor_memory.h).
#include "framework/internal/tensor_memory.h"

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <mutex>

#include "framework/tensor.h"

namespace tensorflow {

namespace {
// Bytes held by live tensor buffers, and the most ever held at once (see tensor_stats).
std::atomic<int64_t> g_live_bytes{0};
std::atomic<int64_t> g_peak_bytes{0};

void CountAllocation(int64_t bytes) {
  const int64_t now = g_live_bytes.fetch_add(bytes, std::memory_order_relaxed) + bytes;
  int64_t peak = g_peak_bytes.load(std::memory_order_relaxed);
  while (now > peak && !g_peak_bytes.compare_exchange_weak(peak, now, std::memory_order_relaxed)) {
  }
}
}  // namespace

namespace tensor_stats {
int64_t LiveBytes() { return g_live_bytes.load(std::memory_order_relaxed); }
int64_t PeakBytes() { return g_peak_bytes.load(std::memory_order_relaxed); }
void ResetPeak() { g_peak_bytes.store(LiveBytes(), std::memory_order_relaxed); }
}  // namespace tensor_stats

namespace {

// Large buffers kept for reuse after their tensor dies (see the header). Sizes are rounded up
// to 64 KiB; at most kCacheBytes are kept.
class LargeBufferCache {
 public:
  static constexpr size_t kMinBytes = 1 << 20;
  static constexpr size_t kRound = 64 << 10;
  static constexpr size_t kCacheBytes = size_t{512} << 20;

  static size_t RoundUp(size_t bytes) { return (bytes + kRound - 1) / kRound * kRound; }

  void* Take(size_t rounded) {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = free_.find(rounded);
    if (it == free_.end()) return nullptr;
    void* p = it->second;
    free_.erase(it);
    cached_ -= rounded;
    return p;
  }
  // Keeps `p` for reuse; false when the cache is full (the caller frees it).
  bool Give(void* p, size_t rounded) {
    std::lock_guard<std::mutex> lock(mu_);
    if (cached_ + rounded > kCacheBytes) return false;
    free_.emplace(rounded, p);
    cached_ += rounded;
    return true;
  }

 private:
  std::mutex mu_;
  std::multimap<size_t, void*> free_;
  size_t cached_ = 0;
};

LargeBufferCache* BufferCache() {
  static LargeBufferCache* cache = new LargeBufferCache;  // never destroyed: buffers may
  return cache;                                           // outlive static destruction
}

void* AllocateBytes(size_t bytes) {
  // No real request comes near: refusing here keeps the roundings below from wrapping.
  if (bytes > (SIZE_MAX >> 1)) return nullptr;
  if (bytes >= LargeBufferCache::kMinBytes) {
    const size_t rounded = LargeBufferCache::RoundUp(bytes);
    if (void* p = BufferCache()->Take(rounded)) return p;
    return std::aligned_alloc(kTensorAlignment, rounded);
  }
  const size_t rounded = (bytes + kTensorAlignment - 1) / kTensorAlignment * kTensorAlignment;
  return std::aligned_alloc(kTensorAlignment, rounded == 0 ? kTensorAlignment : rounded);
}

void FreeBytes(void* p, size_t bytes) {
  if (bytes >= LargeBufferCache::kMinBytes &&
      BufferCache()->Give(p, LargeBufferCache::RoundUp(bytes))) {
    return;
  }
  std::free(p);
}

}  // namespace

namespace tensor_memory {

void* Allocate(size_t bytes) {
  void* p = AllocateBytes(bytes);
  if (p != nullptr) CountAllocation(static_cast<int64_t>(bytes));
  return p;
}

void Free(void* p, size_t bytes) {
  FreeBytes(p, bytes);
  g_live_bytes.fetch_sub(static_cast<int64_t>(bytes), std::memory_order_relaxed);
}

}  // namespace tensor_memory

}  // namespace tensorflow
