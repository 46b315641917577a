// Ops that exercise every shape the wrapper generator writes (tools/op_gen): inferred, required
// and defaulted attrs of every kind, list defaults, renames, aliases, a C++ keyword, list inputs
// and outputs, several outputs, no output, a hidden op. Registered only in the generator test's
// binaries; their wrappers are generated at build time into the build tree.
#include "tensorflow/core/framework/op.h"

namespace tensorflow {
namespace {

Status UnknownOutputs(shape_inference::InferenceContext* c) {
  for (int i = 0; i < c->num_outputs(); ++i) c->set_output(i, PartialTensorShape());
  return OkStatus();
}

REGISTER_OP("MinitfTestEveryAttr")
    .Input("x: T")
    .Input("values: N * T")
    .Input("mixed: Tlist")
    .Output("y: T")
    .Output("parts: num_parts * float")
    .Output("z: out_type")
    .Attr("T: {float, double}")
    .Attr("N: int >= 1")
    .Attr("Tlist: list(type) >= 0")
    .Attr("num_parts: int >= 0")
    .Attr("out_type: type")
    .Attr("ksize: list(int)")
    .Attr("strides: list(int) = [1, 2, 3, 4]")
    .Attr("padding: {'SAME', 'VALID'} = 'SAME'")
    .Attr("rate: float = 0.25")
    .Attr("ceiling: float = inf")
    .Attr("offset: int = -3")
    .Attr("flag: bool = true")
    .Attr("dtypes: list(type) = [DT_INT32, DT_FLOAT]")
    .Attr("shape: shape = [2, 3]")
    .Attr("names: list(string) = ['a', 'b']")
    .Attr("none: list(int) = []")
    .Attr("default: int = 7")
    .SetShapeFn(UnknownOutputs)
    .Summary("Exercises the generator.")
    .ArgDoc("x", "The first input, renamed `input` in C++.")
    .CcHeader("minitf_test_ops")
    .CcName("EveryAttr")
    .CcAlias("EveryAttrAlias")
    .CcRename("x", "input");

REGISTER_OP("MinitfTestSplit")
    .Input("value: float")
    .Output("output: num * float")
    .Attr("num: int >= 1")
    .SetShapeFn(UnknownOutputs)
    .Summary("One list output.")
    .CcHeader("minitf_test_ops");

REGISTER_OP("MinitfTestSink")
    .Input("x: float")
    .SetShapeFn(shape_inference::NoOutputs)
    .Summary("No output.")
    .CcHeader("minitf_test_ops");

REGISTER_OP("MinitfTestHidden")
    .Input("x: float")
    .Output("y: float")
    .SetShapeFn(shape_inference::UnchangedShape)
    .Summary("A hidden op.")
    .CcHeader("minitf_test_ops")
    .CcHidden();

}  // namespace
}  // namespace tensorflow
