// Tensor buffer memory: the live/peak byte counts behind tensor_stats and the large-buffer
// cache (framework/internal/tensor_memory.h).
#include "framework/internal/tensor_memory.h"

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <mutex>

#include <unistd.h>

#include "framework/tensor.h"

namespace tensorflow {

namespace {
// Bytes held by live tensor buffers, and the most ever held at once (see tensor_stats).
std::atomic<int64_t> g_live_bytes{0};
std::atomic<int64_t> g_peak_bytes{0};

void CountPeak(int64_t now) {
  int64_t peak = g_peak_bytes.load(std::memory_order_relaxed);
  while (now > peak && !g_peak_bytes.compare_exchange_weak(peak, now, std::memory_order_relaxed)) {
  }
}

// The default limit: the machine's physical memory, or MINITF_TENSOR_MEMORY_LIMIT (bytes).
int64_t DefaultLimit() {
  if (const char* env = std::getenv("MINITF_TENSOR_MEMORY_LIMIT")) {
    char* end = nullptr;
    const long long v = std::strtoll(env, &end, 10);
    if (end != env && *end == '\0' && v > 0) return v;
  }
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  return pages > 0 && page > 0 ? static_cast<int64_t>(pages) * page : INT64_MAX;
}

std::atomic<int64_t>& LimitBytes() {
  static std::atomic<int64_t> limit{DefaultLimit()};
  return limit;
}
}  // namespace

namespace tensor_stats {
int64_t Limit() { return LimitBytes().load(std::memory_order_relaxed); }
void SetLimit(int64_t bytes) {
  LimitBytes().store(bytes > 0 ? bytes : DefaultLimit(), std::memory_order_relaxed);
}
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

namespace {
std::atomic<int64_t> g_fail_countdown{0};  // FailNthAllocationForTest
}  // namespace

void FailNthAllocationForTest(int64_t n) { g_fail_countdown.store(n, std::memory_order_relaxed); }

void* Allocate(size_t bytes) {
  if (g_fail_countdown.load(std::memory_order_relaxed) > 0 &&
      g_fail_countdown.fetch_sub(1, std::memory_order_relaxed) == 1) {
    return nullptr;
  }
  // Reserve the bytes against the limit first, so that concurrent allocations cannot pass it
  // together.
  if (bytes > static_cast<size_t>(INT64_MAX)) return nullptr;
  const auto n = static_cast<int64_t>(bytes);
  const int64_t now = g_live_bytes.fetch_add(n, std::memory_order_relaxed) + n;
  void* p = now <= tensor_stats::Limit() ? AllocateBytes(bytes) : nullptr;
  if (p == nullptr) {
    g_live_bytes.fetch_sub(n, std::memory_order_relaxed);
    return nullptr;
  }
  CountPeak(now);
  return p;
}

void Free(void* p, size_t bytes) {
  FreeBytes(p, bytes);
  g_live_bytes.fetch_sub(static_cast<int64_t>(bytes), std::memory_order_relaxed);
}

}  // namespace tensor_memory

}  // namespace tensorflow
