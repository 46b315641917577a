// minitf: FakeInput, the made-up inputs of kernel tests (TF's
// tensorflow/core/framework/fake_input.h). Passed to NodeDefBuilder::Input, it fills the next
// input arg from source nodes named "a", "b", ... (one letter per arg position), with the
// dtype given, the arg's own, or the one its type attr already has (or defaults to); a list
// arg gets N sources, N given or read from its number attr.
//
//   NodeDefBuilder("op", "AddN").Input(FakeInput(3, DT_FLOAT))      // inputs a, a:1, a:2
//   NodeDefBuilder("op", "Identity").Attr("T", DT_INT32).Input(FakeInput())
#ifndef MINITF_FRAMEWORK_FAKE_INPUT_H_
#define MINITF_FRAMEWORK_FAKE_INPUT_H_

#include <initializer_list>

#include "framework/node_def_builder.h"
#include "framework/types.h"

namespace tensorflow {

// Everything inferred from the op and the attrs set so far.
FakeInputFunctor FakeInput();
// A single input of `dt` (the arg's ref-ness is not added), or N of `dt` for a list arg.
FakeInputFunctor FakeInput(DataType dt);
// A list of `n` inputs of the inferred type.
FakeInputFunctor FakeInput(int n);
FakeInputFunctor FakeInput(int n, DataType dt);
// A list with these types.
FakeInputFunctor FakeInput(DataTypeSlice dts);
inline FakeInputFunctor FakeInput(std::initializer_list<DataType> dts) {
  return FakeInput(DataTypeSlice(dts));
}

}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_FAKE_INPUT_H_
