// Forwarding header: TensorFlow's include path for minitf's runtime/kernel_benchmark_testlib.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_COMMON_RUNTIME_KERNEL_BENCHMARK_TESTLIB_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_COMMON_RUNTIME_KERNEL_BENCHMARK_TESTLIB_H_

#include "runtime/kernel_benchmark_testlib.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_COMMON_RUNTIME_KERNEL_BENCHMARK_TESTLIB_H_
