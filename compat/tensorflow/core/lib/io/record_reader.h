// Forwarding header: TensorFlow's include path for minitf's framework/record_reader.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_LIB_IO_RECORD_READER_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_LIB_IO_RECORD_READER_H_

#include "framework/record_reader.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_LIB_IO_RECORD_READER_H_
