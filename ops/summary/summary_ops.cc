// Summary ops with TF 2.21's definitions and shape functions: ScalarSummary, HistogramSummary
// and MergeSummary (TF's C++ API declares them in logging_ops.h). Each outputs a serialized
// tensorflow.Summary (summary.proto), which EventsWriter writes into TensorBoard's files.
// Kernels: summary_kernels.cc. TF defines no gradient for them (kNoGradientInTf).
//
//   auto loss_summary = ops::ScalarSummary(root, std::string("loss"), loss);
//   auto w_summary = ops::HistogramSummary(root, std::string("weights"), w);
//   auto merged = ops::MergeSummary(root, {loss_summary, w_summary});
#include "framework/op.h"

namespace tensorflow {

REGISTER_OP("ScalarSummary")
    .Input("tags: string")
    .Input("values: T")
    .Output("summary: string")
    .Attr("T: realnumbertype")
    .SetShapeFn(shape_inference::ScalarShape)
    .Summary("Outputs a `Summary` protocol buffer with scalar values.")
    .Description(
        "The input `tags` and `values` must have the same shape.  The generated summary\n"
        "has a summary value for each tag-value pair in `tags` and `values`.")
    .ArgDoc("tags", "Tags for the summary.")
    .ArgDoc("values", "Same shape as `tags.  Values for the summary.")
    .ArgDoc("summary", "Scalar.  Serialized `Summary` protocol buffer.")
    .CcHeader("logging_ops");

REGISTER_OP("HistogramSummary")
    .Input("tag: string")
    .Input("values: T")
    .Output("summary: string")
    .Attr("T: realnumbertype = DT_FLOAT")
    .SetShapeFn(shape_inference::ScalarShape)
    .Summary("Outputs a `Summary` protocol buffer with a histogram.")
    .Description(
        "The generated\n"
        "[`Summary`](https://www.tensorflow.org/code/tensorflow/core/framework/summary.proto)\n"
        "has one summary value containing a histogram for `values`.\n"
        "\n"
        "This op reports an `InvalidArgument` error if any value is not finite.")
    .ArgDoc("tag", "Scalar.  Tag to use for the `Summary.Value`.")
    .ArgDoc("values", "Any shape. Values to use to build the histogram.")
    .ArgDoc("summary", "Scalar. Serialized `Summary` protocol buffer.")
    .CcHeader("logging_ops");

REGISTER_OP("MergeSummary")
    .Input("inputs: N * string")
    .Output("summary: string")
    .Attr("N : int >= 1")
    .SetShapeFn(shape_inference::ScalarShape)
    .Summary("Merges summaries.")
    .Description(
        "This op creates a\n"
        "[`Summary`](https://www.tensorflow.org/code/tensorflow/core/framework/summary.proto)\n"
        "protocol buffer that contains the union of all the values in the input\n"
        "summaries.\n"
        "\n"
        "When the Op is run, it reports an `InvalidArgument` error if multiple values\n"
        "in the summaries to merge use the same tag.")
    .ArgDoc("inputs",
            "Can be of any shape.  Each must contain serialized `Summary` protocol\n"
            "buffers.")
    .ArgDoc("summary", "Scalar. Serialized `Summary` protocol buffer.")
    .CcHeader("logging_ops");

}  // namespace tensorflow
