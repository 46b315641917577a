// Forwarding header: TensorFlow's include path for minitf's framework/record_writer.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_LIB_IO_RECORD_WRITER_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_LIB_IO_RECORD_WRITER_H_

#include "framework/record_writer.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_LIB_IO_RECORD_WRITER_H_
