#include "framework/allocator.h"

#include <cstdlib>

namespace tensorflow {

Allocator::~Allocator() = default;

namespace {

class CpuAllocator final : public Allocator {
 public:
  std::string Name() override { return "cpu"; }
  void* AllocateRaw(size_t alignment, size_t num_bytes) override {
    if (alignment < sizeof(void*)) alignment = sizeof(void*);
    // aligned_alloc wants a size that is a multiple of the alignment.
    const size_t rounded = (num_bytes + alignment - 1) / alignment * alignment;
    if (rounded < num_bytes) return nullptr;
    return std::aligned_alloc(alignment, rounded == 0 ? alignment : rounded);
  }
  void DeallocateRaw(void* ptr) override { std::free(ptr); }
};

}  // namespace

Allocator* cpu_allocator(int /*numa_node*/) {
  static CpuAllocator* const allocator = new CpuAllocator;
  return allocator;
}

}  // namespace tensorflow
