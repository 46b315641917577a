// See internal/philox_streams.h.
#include "ops/random/internal/philox_streams.h"

#include "framework/errors.h"
#include "framework/random.h"

namespace tensorflow {
namespace random_internal {

Status GuardedPhilox::Init(OpKernelConstruction* ctx) {
  int64_t seed = 0, seed2 = 0;
  TF_RETURN_IF_ERROR(ctx->GetAttr("seed", &seed));
  TF_RETURN_IF_ERROR(ctx->GetAttr("seed2", &seed2));
  uint64_t lo = static_cast<uint64_t>(seed), hi = static_cast<uint64_t>(seed2);
  if (lo == 0 && hi == 0) {
    lo = random::New64();
    hi = random::New64();
  }
  generator_ = random::PhiloxRandom(lo, hi);
  return OkStatus();
}

random::PhiloxRandom GuardedPhilox::ReserveBlocks(uint64_t blocks) {
  mutex_lock lock(mu_);
  random::PhiloxRandom reserved = generator_;
  generator_.Skip(blocks);
  return reserved;
}

Status CheckSeedShape(const Tensor& seed) {
  if (seed.dims() != 1 || seed.dim_size(0) != 2) {
    return errors::InvalidArgument("seed must have shape [2], not ", seed.shape().DebugString());
  }
  return OkStatus();
}

Status StatelessGenerator(const Tensor& seed, random::PhiloxRandom* out) {
  TF_RETURN_IF_ERROR(CheckSeedShape(seed));
  uint64_t s[2];
  for (int i = 0; i < 2; ++i) {
    switch (seed.dtype()) {
      case DT_INT32:
        s[i] = static_cast<uint64_t>(static_cast<int64_t>(seed.flat<int32_t>()(i)));
        break;
      case DT_INT64:
        s[i] = static_cast<uint64_t>(seed.flat<int64_t>()(i));
        break;
      default:
        return errors::InvalidArgument("Invalid seed type: ", DataTypeString(seed.dtype()));
    }
  }
  random::PhiloxRandom::ResultType counter;
  counter[0] = static_cast<uint32_t>(s[0]);
  counter[1] = static_cast<uint32_t>(s[0] >> 32);
  counter[2] = static_cast<uint32_t>(s[1]);
  counter[3] = static_cast<uint32_t>(s[1] >> 32);
  random::PhiloxRandom::Key mix_key;
  mix_key[0] = 0x3ec8f720;
  mix_key[1] = 0x02461e29;
  const random::PhiloxRandom::ResultType mix = random::PhiloxRandom(counter, mix_key)();
  random::PhiloxRandom::Key key;
  key[0] = mix[0];
  key[1] = mix[1];
  random::PhiloxRandom::ResultType start;
  start[2] = mix[2];
  start[3] = mix[3];
  *out = random::PhiloxRandom(start, key);
  return OkStatus();
}

}  // namespace random_internal
}  // namespace tensorflow
