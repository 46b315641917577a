// minitf internal: where tensor buffers come from. Every buffer is kTensorAlignment-aligned
// and counted in tensor_stats (framework/tensor.h) while it lives. Buffers of 1 MiB and more
// go back to a size-keyed cache (up to 512 MiB) when freed and serve the next allocation of
// the same rounded size, as TF's BFC allocator keeps memory: a fresh multi-megabyte
// allocation is a fresh mmap, whose page faults cost more than the kernels that fill it.
#ifndef MINITF_FRAMEWORK_INTERNAL_TENSOR_MEMORY_H_
#define MINITF_FRAMEWORK_INTERNAL_TENSOR_MEMORY_H_

#include <cstddef>
#include <cstdint>

namespace tensorflow {
namespace tensor_memory {

// `bytes` of aligned storage (uninitialized), or nullptr when the system has none.
void* Allocate(size_t bytes);
// Returns storage from Allocate(bytes).
void Free(void* p, size_t bytes);

// Test hook (fault injection): the n-th Allocate from now (1: the next one) returns nullptr as
// if the memory were exhausted; 0 turns it off. Process-wide.
void FailNthAllocationForTest(int64_t n);

}  // namespace tensor_memory
}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_INTERNAL_TENSOR_MEMORY_H_
