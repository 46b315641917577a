// CPU kernel of TopKV2 with TF 2.21's checks, texts and orders, row by row:
//  - k == 1: the row's maximum (scanned in order, as TF's Eigen reduction for non-NaN rows) and
//    the first column holding it;
//  - k == number of columns: the indices sorted by value, descending (std::sort), then each run
//    of equal values put back in increasing index order;
//  - otherwise TF's gtl::TopN over the column indices with the comparator "greater value, or
//    equal and lower index": sorted, the heap sorted; unsorted, the heap's own order, which is
//    what TF returns for sorted=false.
#include <algorithm>
#include <limits>
#include <numeric>
#include <vector>

#include "framework/op_kernel.h"

namespace tensorflow {
namespace {

// TF's gtl::TopN with its state machine for our use (pushes only, then one read): elements
// gather unordered until there are limit + 1, then become a heap that keeps the best `limit`.
template <typename Cmp>
std::vector<int32_t> TopNIndices(int32_t limit, int64_t count, const Cmp& cmp, bool sorted) {
  std::vector<int32_t> elements;
  elements.reserve(std::min<int64_t>(count, limit + int64_t{1}));
  bool heap = false;
  for (int32_t v = 0; v < count; ++v) {
    if (!heap) {
      elements.push_back(v);
      if (static_cast<int64_t>(elements.size()) == limit + int64_t{1}) {
        std::make_heap(elements.begin(), elements.end(), cmp);
        std::pop_heap(elements.begin(), elements.end(), cmp);
        elements.pop_back();
        heap = true;
      }
    } else if (cmp(v, elements.front())) {
      std::pop_heap(elements.begin(), elements.end(), cmp);
      elements.back() = v;
      std::push_heap(elements.begin(), elements.end(), cmp);
    }
  }
  if (sorted) {
    if (heap) {
      std::sort_heap(elements.begin(), elements.end(), cmp);
    } else {
      std::sort(elements.begin(), elements.end(), cmp);
    }
  }
  return elements;
}

// The column indices of one row's top k, in TF's order.
template <typename T>
std::vector<int32_t> RowTopK(const T* row, int64_t cols, int k, bool sorted) {
  if (k == 1) {
    T best = row[0];
    for (int64_t c = 1; c < cols; ++c) best = best < row[c] ? row[c] : best;
    int32_t at = 0;
    for (int64_t c = 0; c < cols; ++c) {
      if (row[c] == best) {
        at = static_cast<int32_t>(c);
        break;
      }
    }
    return {at};
  }
  if (k == cols) {
    std::vector<int32_t> idx(cols);
    std::iota(idx.begin(), idx.end(), 0);
    std::sort(idx.begin(), idx.end(), [row](int32_t a, int32_t b) { return row[b] < row[a]; });
    for (auto run = idx.begin(); run != idx.end();) {
      auto end = run + 1;
      if (end == idx.end()) break;
      if (row[*run] == row[*end]) {
        while (++end != idx.end() && row[*run] == row[*end]) {
        }
        std::sort(run, end);
      }
      run = end;
    }
    return idx;
  }
  const auto stable = [row](int32_t a, int32_t b) {
    if (row[b] < row[a]) return true;
    if (row[b] > row[a]) return false;
    return a < b;
  };
  return TopNIndices(k, cols, stable, sorted);
}

template <typename T, typename Tidx>
class TopKOp : public OpKernel {
 public:
  explicit TopKOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, ctx->GetAttr("sorted", &sorted_));
  }

  void Compute(OpKernelContext* ctx) override {
    const Tensor& k_in = ctx->input(1);
    OP_REQUIRES(
        ctx, k_in.dims() == 0,
        errors::InvalidArgument("k must be scalar, got shape ", k_in.shape().DebugString()));
    // TF reads k as an int: a 64-bit k keeps its low 32 bits.
    const int k = static_cast<int>(tensor::IntValues(k_in)[0]);
    OP_REQUIRES(ctx, k >= 0, errors::InvalidArgument("Need k >= 0, got ", k));
    const Tensor& input = ctx->input(0);
    OP_REQUIRES(
        ctx, input.dims() >= 1,
        errors::InvalidArgument("input must be >= 1-D, got shape ", input.shape().DebugString()));
    const int64_t cols = input.dim_size(input.dims() - 1);
    OP_REQUIRES(
        ctx, cols >= k,
        errors::InvalidArgument("input must have at least k columns. Had ", cols, ", needed ", k));
    const int64_t rows = cols == 0 ? 0 : input.NumElements() / cols;
    constexpr int64_t kMaxIndex = std::numeric_limits<Tidx>::max();
    OP_REQUIRES(ctx, rows <= kMaxIndex,
                errors::InvalidArgument("First dimension of flattened input must be <= ", kMaxIndex,
                                        ", got ", rows));
    OP_REQUIRES(ctx, cols <= kMaxIndex,
                errors::InvalidArgument(
                    "Second dimension of flattened input must be <= ", kMaxIndex, ", got ", cols));
    TensorShape shape = input.shape();
    shape.set_dim(input.dims() - 1, k);
    Tensor* values = nullptr;
    Tensor* indices = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, shape, &values));
    OP_REQUIRES_OK(ctx, ctx->allocate_output(1, shape, &indices));
    if (k == 0 || rows == 0) return;
    const T* in = input.flat<T>().data();
    T* v = values->flat<T>().data();
    Tidx* ix = indices->flat<Tidx>().data();
    ctx->ParallelFor(rows, std::max<int64_t>(1, 8192 / (cols + 1)), [&](int64_t s, int64_t e) {
      for (int64_t r = s; r < e; ++r) {
        const T* row = in + r * cols;
        const std::vector<int32_t> top = RowTopK(row, cols, k, sorted_);
        for (int i = 0; i < k; ++i) {
          ix[r * k + i] = static_cast<Tidx>(top[i]);
          v[r * k + i] = row[top[i]];
        }
      }
    });
  }

 private:
  bool sorted_ = true;
};

#define MINITF_REGISTER_TOPK_INDEX(T, Tidx)                       \
  REGISTER_KERNEL_BUILDER(Name("TopKV2")                          \
                              .Device(DEVICE_CPU)                 \
                              .TypeConstraint<T>("T")             \
                              .TypeConstraint<Tidx>("index_type") \
                              .HostMemory("k"),                   \
                          (TopKOp<T, Tidx>));
#define MINITF_REGISTER_TOPK(T)          \
  MINITF_REGISTER_TOPK_INDEX(T, int16_t) \
  MINITF_REGISTER_TOPK_INDEX(T, int32_t) \
  MINITF_REGISTER_TOPK_INDEX(T, int64_t)
MINITF_REGISTER_TOPK(float)
MINITF_REGISTER_TOPK(double)
MINITF_REGISTER_TOPK(int32_t)
MINITF_REGISTER_TOPK(uint8_t)
MINITF_REGISTER_TOPK(int16_t)
MINITF_REGISTER_TOPK(int8_t)
MINITF_REGISTER_TOPK(int64_t)
MINITF_REGISTER_TOPK(Eigen::bfloat16)
MINITF_REGISTER_TOPK(uint16_t)
MINITF_REGISTER_TOPK(Eigen::half)
MINITF_REGISTER_TOPK(uint32_t)
MINITF_REGISTER_TOPK(uint64_t)
#undef MINITF_REGISTER_TOPK
#undef MINITF_REGISTER_TOPK_INDEX

}  // namespace
}  // namespace tensorflow
