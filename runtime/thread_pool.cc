// minitf: what both runtime::ThreadPool backends share (thread_pool_tbb.cc, the default, and
// thread_pool_portable.cc, which ThreadSanitizer can see through).
#include "runtime/thread_pool.h"

#if defined(__SSE__)
#include <xmmintrin.h>
#endif

namespace tensorflow {
namespace runtime {

#if defined(__SSE__)
namespace {
constexpr unsigned int kFlushToZero = 0x8000;       // MXCSR FTZ
constexpr unsigned int kDenormalsAreZero = 0x0040;  // MXCSR DAZ
}  // namespace
ScopedFlushDenormal::ScopedFlushDenormal() : saved_(_mm_getcsr()) {
  const unsigned int wanted = saved_ | kFlushToZero | kDenormalsAreZero;
  if (wanted != saved_) _mm_setcsr(wanted);
}
ScopedFlushDenormal::~ScopedFlushDenormal() {
  if (_mm_getcsr() != saved_) _mm_setcsr(saved_);
}
#else
ScopedFlushDenormal::ScopedFlushDenormal() : saved_(0) {}
ScopedFlushDenormal::~ScopedFlushDenormal() {}
#endif

}  // namespace runtime
}  // namespace tensorflow
