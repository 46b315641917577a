// Where a random kernel's Philox generator comes from, as TF: a stateful kernel's stream
// (TF's GuardedPhiloxRandom: key = seed, counter = {0, 0, seed2}; both 0: random seeds, once
// per kernel) from which each Compute reserves the blocks it uses; a stateless kernel's
// generator derived from its seed input (TF's GenerateKey).
#ifndef MINITF_OPS_RANDOM_INTERNAL_PHILOX_STREAMS_H_
#define MINITF_OPS_RANDOM_INTERNAL_PHILOX_STREAMS_H_

#include <cstdint>

#include "framework/mutex.h"
#include "framework/op_kernel.h"
#include "framework/philox_random.h"

namespace tensorflow {
namespace random_internal {

class GuardedPhilox {
 public:
  // Reads the kernel's `seed` and `seed2` attrs.
  Status Init(OpKernelConstruction* ctx);
  // The stream as it is now; the stream itself moves `blocks` blocks ahead.
  random::PhiloxRandom ReserveBlocks(uint64_t blocks);
  // As ReserveBlocks, for `samples` 32-bit samples (four per block).
  random::PhiloxRandom ReserveSamples32(uint64_t samples) {
    return ReserveBlocks((samples + 3) / 4);
  }

 private:
  mutex mu_;
  random::PhiloxRandom generator_;
};

// "seed must have shape [2], not [3]" unless `seed` has shape [2].
Status CheckSeedShape(const Tensor& seed);
// The generator of a stateless op's `seed` input (int32 sign-extended, or int64): one Philox
// block of the seeds under a fixed key gives the key and the counter's high words. TF's
// "Invalid seed type: uint32" for the unsigned seeds StatelessRandomUniformFullInt's OpDef
// admits.
Status StatelessGenerator(const Tensor& seed, random::PhiloxRandom* out);

}  // namespace random_internal
}  // namespace tensorflow

#endif  // MINITF_OPS_RANDOM_INTERNAL_PHILOX_STREAMS_H_
