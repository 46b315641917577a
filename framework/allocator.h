// minitf: TF's Allocator interface and AllocatorAttributes (tensorflow/core/framework/
// allocator.h), for code that names them: kernel tests build tensors with
// `Tensor(allocator(), DT_FLOAT, shape)`, custom ops ask a device for its allocator.
//
//   Allocator* a = cpu_allocator();
//   void* p = a->AllocateRaw(Allocator::kAllocatorAlignment, 1024);
//   a->DeallocateRaw(p);
//
// minitf's tensors always live in minitf's own aligned, accounted buffers: a Tensor built
// with an allocator takes its dtype and shape and leaves the allocator unused (the only one
// there is the CPU's).
#ifndef MINITF_FRAMEWORK_ALLOCATOR_H_
#define MINITF_FRAMEWORK_ALLOCATOR_H_

#include <cstddef>
#include <cstdint>
#include <string>

namespace tensorflow {

// Where an allocation must be usable from (TF's bits; on a CPU-only build every answer is
// "the host", and the bits are kept only so code that sets and reads them works).
struct AllocatorAttributes {
  void set_on_host(bool v) { Set(1u << 0, v); }
  bool on_host() const { return (value & (1u << 0)) != 0; }
  void set_nic_compatible(bool v) { Set(1u << 1, v); }
  bool nic_compatible() const { return (value & (1u << 1)) != 0; }
  void set_gpu_compatible(bool v) { Set(1u << 2, v); }
  bool gpu_compatible() const { return (value & (1u << 2)) != 0; }
  void Merge(AllocatorAttributes other) { value |= other.value; }
  bool IsEqualOrLessRestrictiveThan(const AllocatorAttributes& other) const {
    return (value | other.value) == other.value;
  }
  bool operator==(const AllocatorAttributes& other) const { return value == other.value; }

  uint32_t value = 0;
  int32_t scope_id = 0;

 private:
  void Set(uint32_t bit, bool v) { value = v ? (value | bit) : (value & ~bit); }
};

// Options of one allocation (TF's AllocationAttributes); nothing in them changes minitf's.
struct AllocationAttributes {
  bool retry_on_failure = true;
};

class Allocator {
 public:
  // The alignment minitf's tensor buffers have (TF's EIGEN_MAX_ALIGN_BYTES on AVX-512).
  static constexpr size_t kAllocatorAlignment = 64;

  virtual ~Allocator();
  virtual std::string Name() = 0;
  // `num_bytes` aligned to `alignment` (a power of two), or null when there is no memory.
  virtual void* AllocateRaw(size_t alignment, size_t num_bytes) = 0;
  virtual void* AllocateRaw(size_t alignment, size_t num_bytes,
                            const AllocationAttributes& /*attr*/) {
    return AllocateRaw(alignment, num_bytes);
  }
  virtual void DeallocateRaw(void* ptr) = 0;
  virtual bool TracksAllocationSizes() const { return false; }
};

// The process's CPU allocator (aligned malloc).
Allocator* cpu_allocator(int numa_node = -1);

}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_ALLOCATOR_H_
