// Forwarding header: TensorFlow's include path for minitf's framework/test_benchmark.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_PLATFORM_TEST_BENCHMARK_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_PLATFORM_TEST_BENCHMARK_H_

#include "framework/test_benchmark.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_PLATFORM_TEST_BENCHMARK_H_
