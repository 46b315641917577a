// CPU kernels of the segment reductions (segment_ops.cc) with TF 2.21's bits and errors.
//  - Unsorted ops: every data row, in order, folded into its segment's row, which starts at the
//    reduction's identity (Max: the type's lowest finite value, Min: its highest); negative ids
//    drop their rows; on a tie or NaN the later row wins (std::max(row, acc)).
//  - Sorted ops: a one-row segment is copied; longer ones are reduced column by column as TF's
//    Eigen reducers do on AVX: columns of whole 8-float (4-double) packets by the packet
//    reducer (Max/Min keep the accumulator on a tie or NaN, and 16 or more rows are folded
//    into four interleaved accumulators, Mean excepted), the last columns by the scalar one.
//    Gaps between ids are 0 (1 for Prod).
#include <algorithm>
#include <limits>
#include <type_traits>
#include <vector>

#include "framework/internal/wrapping.h"
#include "framework/op_kernel.h"
#include "ops/math/internal/tf_packet_math.h"

namespace tensorflow {
namespace {

enum class Reduce { kSum, kProd, kMax, kMin, kMean };

template <typename T>
constexpr bool kIsFloat = !std::is_integral<T>::value;

template <typename T, Reduce R>
T Identity() {
  if constexpr (R == Reduce::kProd) return T(1);
  if constexpr (R == Reduce::kSum || R == Reduce::kMean) return T(0);
  if constexpr (R == Reduce::kMax) {
    return kIsFloat<T> ? T(-std::numeric_limits<float>::infinity()) : Eigen::NumTraits<T>::lowest();
  }
  if constexpr (R == Reduce::kMin) {
    return kIsFloat<T> ? T(std::numeric_limits<float>::infinity()) : Eigen::NumTraits<T>::highest();
  }
}

// x86's NaN rule for acc + x and acc * x: the accumulator's NaN when both are NaN (the compiler
// may order the operands either way).
template <typename T>
T AccumulatorNanFirst(T acc, T x, T result) {
  if constexpr (kIsFloat<T> && !Eigen::NumTraits<T>::IsComplex) {
    if (Eigen::numext::isnan(result) && Eigen::numext::isnan(acc) && Eigen::numext::isnan(x)) {
      return acc;
    }
  }
  return result;
}

// The scalar reducer, acc = op(x, acc): on a tie or NaN the new element wins.
template <Reduce R, typename T>
T ScalarStep(T acc, T x) {
  if constexpr (R == Reduce::kSum || R == Reduce::kMean) {
    return AccumulatorNanFirst(acc, x, internal::WrappingAdd(acc, x));
  }
  if constexpr (R == Reduce::kProd) {
    return AccumulatorNanFirst(acc, x, internal::WrappingMul(acc, x));
  }
  if constexpr (R == Reduce::kMax) return x < acc ? acc : x;
  if constexpr (R == Reduce::kMin) return acc < x ? acc : x;
}
// The packet reducer, acc = pmax(acc, x) (maxps(x, acc)): on a tie or NaN the accumulator wins.
template <Reduce R, typename T>
T PacketStep(T acc, T x) {
  if constexpr (R == Reduce::kMax) return x > acc ? x : acc;
  if constexpr (R == Reduce::kMin) return x < acc ? x : acc;
  if constexpr (R != Reduce::kMax && R != Reduce::kMin) return ScalarStep<R>(acc, x);
}

template <typename T>
T DivideByCount(T sum, int64_t n) {
  const T count = static_cast<T>(n);
  if constexpr (std::is_integral<T>::value) {
    if (count == T(-1)) return internal::WrappingNeg(sum);
  }
  return sum / count;
}

// Reduces rows [0, n) of a segment (row stride `width`) into out[0, width).
template <typename T, Reduce R>
void ReduceSegment(const T* x, int64_t n, int64_t width, T* out, std::vector<T>* scratch) {
  if (n == 1) {
    std::copy(x, x + width, out);
    return;
  }
  const int64_t packet = kIsFloat<T> ? packet_math::kPacketSize<T> : 1;
  const int64_t packed = width - width % packet;
  const T init = Identity<T, R>();
  const bool unroll = R != Reduce::kMean && n >= 16;
  // Packet columns: four accumulators over the first n - n % 4 rows when unrolled.
  if (packed > 0) {
    const int lanes = unroll ? 4 : 1;
    const int64_t rows = unroll ? n - n % 4 : n;
    scratch->assign(static_cast<size_t>(lanes * packed), init);
    T* acc = scratch->data();
    for (int64_t j = 0; j < rows; ++j) {
      T* a = acc + (j % lanes) * packed;
      const T* row = x + j * width;
      for (int64_t c = 0; c < packed; ++c) a[c] = PacketStep<R>(a[c], row[c]);
    }
    for (int k = 1; k < lanes; ++k) {
      for (int64_t c = 0; c < packed; ++c) acc[c] = PacketStep<R>(acc[c], acc[k * packed + c]);
    }
    for (int64_t j = rows; j < n; ++j) {
      for (int64_t c = 0; c < packed; ++c) acc[c] = PacketStep<R>(acc[c], x[j * width + c]);
    }
    std::copy(acc, acc + packed, out);
  }
  std::fill(out + packed, out + width, init);
  for (int64_t j = 0; j < n; ++j) {
    for (int64_t c = packed; c < width; ++c) out[c] = ScalarStep<R>(out[c], x[j * width + c]);
  }
  if constexpr (R == Reduce::kMean) {
    for (int64_t c = 0; c < width; ++c) out[c] = DivideByCount(out[c], n);
  }
}

template <typename T, typename Index, Reduce R>
class SortedSegmentOp : public OpKernel {
 public:
  explicit SortedSegmentOp(OpKernelConstruction* ctx) : OpKernel(ctx) {}
  void Compute(OpKernelContext* ctx) override {
    const Tensor& data = ctx->input(0);
    const Tensor& ids_t = ctx->input(1);
    OP_REQUIRES(ctx, data.dims() >= 1, errors::InvalidArgument("input must be at least rank 1"));
    OP_REQUIRES(ctx, ids_t.dims() == 1, errors::InvalidArgument("segment_ids should be a vector."));
    const int64_t n = ids_t.NumElements();
    OP_REQUIRES(
        ctx, n == data.dim_size(0),
        errors::InvalidArgument("segment_ids should be the same size as dimension 0 of input."));
    const Index* ids = ids_t.flat<Index>().data();
    const Index rows = n > 0 ? internal::WrappingAdd(ids[n - 1], Index(1)) : Index(0);
    OP_REQUIRES(ctx, rows >= 0, errors::InvalidArgument("segment ids must be >= 0"));
    TensorShape shape = data.shape();
    OP_REQUIRES_OK(ctx, shape.SetDimWithStatus(0, rows));
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, shape, &out));
    if (n == 0) return;
    OP_REQUIRES(ctx, rows > 0, errors::InvalidArgument("segment ids must be >= 0"));
    const int64_t width = data.NumElements() / n;
    const T* x = data.flat<T>().data();
    T* z = out->flat<T>().data();
    const T gap = R == Reduce::kProd ? T(1) : T(0);
    std::vector<T> scratch;
    int64_t filled = 0;  // rows of the output written so far
    for (int64_t start = 0; start < n;) {
      const Index id = ids[start];
      int64_t end = start + 1;
      while (end < n && ids[end] == id) ++end;
      OP_REQUIRES(ctx, end == n || id < ids[end],
                  errors::InvalidArgument("segment ids are not increasing"));
      OP_REQUIRES(ctx, id >= 0 && id < rows,
                  errors::InvalidArgument("Segment id ", static_cast<int64_t>(id),
                                          " out of range [0, ", static_cast<int64_t>(rows),
                                          "), possibly because 'segment_ids' input is not "
                                          "sorted."));
      if constexpr (R == Reduce::kMean && std::is_integral<T>::value) {
        // TF divides by zero here (the count wraps to 0 in T) and crashes.
        OP_REQUIRES(ctx, static_cast<T>(end - start) != T(0),
                    errors::InvalidArgument("Segment id ", static_cast<int64_t>(id), " has ",
                                            end - start, " rows, a count of 0 in ",
                                            DataTypeString(DataTypeToEnum<T>::v())));
      }
      const int64_t row = static_cast<int64_t>(id);
      std::fill(z + filled * width, z + row * width, gap);
      ReduceSegment<T, R>(x + start * width, end - start, width, z + row * width, &scratch);
      filled = row + 1;
      start = end;
    }
  }
};

template <typename T, typename Index, Reduce R>
class UnsortedSegmentOp : public OpKernel {
 public:
  explicit UnsortedSegmentOp(OpKernelConstruction* ctx) : OpKernel(ctx) {}
  void Compute(OpKernelContext* ctx) override {
    const Tensor& data = ctx->input(0);
    const Tensor& ids_t = ctx->input(1);
    const Tensor& num_t = ctx->input(2);
    OP_REQUIRES(ctx, num_t.dims() == 0,
                errors::InvalidArgument("num_segments should be a scalar, not shape ",
                                        num_t.shape().DebugString()));
    OP_REQUIRES(ctx, TensorShapeUtils::StartsWith(data.shape(), ids_t.shape()),
                errors::InvalidArgument(
                    "data.shape = ", data.shape().DebugString(),
                    " does not start with segment_ids.shape = ", ids_t.shape().DebugString()));
    // num_segments is read in the ids' type, as TF's kernel does.
    const int64_t num = static_cast<Index>(tensor::IntValues(num_t)[0]);
    OP_REQUIRES(ctx, num >= 0,
                errors::InvalidArgument("Input num_segments == ", num, " must not be negative."));
    TensorShape shape;
    OP_REQUIRES_OK(ctx, shape.AddDimWithStatus(num));
    for (int d = ids_t.dims(); d < data.dims(); ++d) {
      OP_REQUIRES_OK(ctx, shape.AddDimWithStatus(data.dim_size(d)));
    }
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, shape, &out));
    T* z = out->flat<T>().data();
    const T init = R == Reduce::kMax   ? Eigen::NumTraits<T>::lowest()
                   : R == Reduce::kMin ? Eigen::NumTraits<T>::highest()
                                       : Identity<T, R>();
    std::fill(z, z + out->NumElements(), init);
    if (data.NumElements() == 0) return;
    const Index* ids = ids_t.flat<Index>().data();
    const int64_t n = ids_t.NumElements();
    for (int64_t i = 0; i < n; ++i) {
      OP_REQUIRES(
          ctx, ids[i] < num,
          errors::InvalidArgument("segment_ids", SliceDebugString(ids_t.shape(), i), " = ",
                                  static_cast<int64_t>(ids[i]), " is out of range [0, ", num, ")"));
    }
    const int64_t width = data.NumElements() / n;
    const T* x = data.flat<T>().data();
    for (int64_t i = 0; i < n; ++i) {
      if (ids[i] < 0) continue;
      T* row = z + static_cast<int64_t>(ids[i]) * width;
      const T* in = x + i * width;
      for (int64_t k = 0; k < width; ++k) row[k] = ScalarStep<R>(row[k], in[k]);
    }
  }
};

#define MINITF_SEGMENT_KERNEL(NAME, KERNEL, T, Index, R)                                      \
  REGISTER_KERNEL_BUILDER(                                                                    \
      Name(NAME).Device(DEVICE_CPU).TypeConstraint<T>("T").TypeConstraint<Index>("Tindices"), \
      (KERNEL<T, Index, R>));
#define MINITF_SEGMENT_KERNELS(NAME, KERNEL, T, R)   \
  MINITF_SEGMENT_KERNEL(NAME, KERNEL, T, int32_t, R) \
  MINITF_SEGMENT_KERNEL(NAME, KERNEL, T, int64_t, R)

// TF's CPU kernels: every real type for all of them, complex for Sum, Prod and Mean.
#define MINITF_REAL_SEGMENT_KERNELS(T)                                                     \
  MINITF_SEGMENT_KERNELS("SegmentSum", SortedSegmentOp, T, Reduce::kSum)                   \
  MINITF_SEGMENT_KERNELS("SegmentProd", SortedSegmentOp, T, Reduce::kProd)                 \
  MINITF_SEGMENT_KERNELS("SegmentMean", SortedSegmentOp, T, Reduce::kMean)                 \
  MINITF_SEGMENT_KERNELS("SegmentMax", SortedSegmentOp, T, Reduce::kMax)                   \
  MINITF_SEGMENT_KERNELS("SegmentMin", SortedSegmentOp, T, Reduce::kMin)                   \
  MINITF_SEGMENT_KERNELS("UnsortedSegmentSum", UnsortedSegmentOp, T, Reduce::kSum)         \
  MINITF_SEGMENT_KERNEL("UnsortedSegmentSum", UnsortedSegmentOp, T, int16_t, Reduce::kSum) \
  MINITF_SEGMENT_KERNELS("UnsortedSegmentProd", UnsortedSegmentOp, T, Reduce::kProd)       \
  MINITF_SEGMENT_KERNELS("UnsortedSegmentMax", UnsortedSegmentOp, T, Reduce::kMax)         \
  MINITF_SEGMENT_KERNELS("UnsortedSegmentMin", UnsortedSegmentOp, T, Reduce::kMin)
#define MINITF_COMPLEX_SEGMENT_KERNELS(T)                                                  \
  MINITF_SEGMENT_KERNELS("SegmentSum", SortedSegmentOp, T, Reduce::kSum)                   \
  MINITF_SEGMENT_KERNELS("SegmentProd", SortedSegmentOp, T, Reduce::kProd)                 \
  MINITF_SEGMENT_KERNELS("SegmentMean", SortedSegmentOp, T, Reduce::kMean)                 \
  MINITF_SEGMENT_KERNELS("UnsortedSegmentSum", UnsortedSegmentOp, T, Reduce::kSum)         \
  MINITF_SEGMENT_KERNEL("UnsortedSegmentSum", UnsortedSegmentOp, T, int16_t, Reduce::kSum) \
  MINITF_SEGMENT_KERNELS("UnsortedSegmentProd", UnsortedSegmentOp, T, Reduce::kProd)

// clang-format off
MINITF_REAL_SEGMENT_KERNELS(float) MINITF_REAL_SEGMENT_KERNELS(double)
MINITF_REAL_SEGMENT_KERNELS(Eigen::half) MINITF_REAL_SEGMENT_KERNELS(Eigen::bfloat16)
MINITF_REAL_SEGMENT_KERNELS(int8_t) MINITF_REAL_SEGMENT_KERNELS(int16_t)
MINITF_REAL_SEGMENT_KERNELS(int32_t) MINITF_REAL_SEGMENT_KERNELS(int64_t)
MINITF_REAL_SEGMENT_KERNELS(uint8_t) MINITF_REAL_SEGMENT_KERNELS(uint16_t)
MINITF_REAL_SEGMENT_KERNELS(uint32_t) MINITF_REAL_SEGMENT_KERNELS(uint64_t)
MINITF_COMPLEX_SEGMENT_KERNELS(complex64) MINITF_COMPLEX_SEGMENT_KERNELS(complex128)
// clang-format on

}  // namespace
}  // namespace tensorflow
