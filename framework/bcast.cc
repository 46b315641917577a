#include "framework/bcast.h"

#include <algorithm>

#include "absl/strings/str_join.h"
#include "framework/errors.h"

namespace tensorflow {

namespace {
// Dimension i (counted from the right) of dims, or 1 past its rank.
int64_t DimFromRight(absl::Span<const int64_t> dims, size_t i) {
  return i < dims.size() ? dims[dims.size() - 1 - i] : 1;
}
}  // namespace

bool BroadcastDims(absl::Span<const int64_t> x, absl::Span<const int64_t> y,
                   std::vector<int64_t>* out) {
  const size_t rank = std::max(x.size(), y.size());
  out->assign(rank, 1);
  for (size_t i = 0; i < rank; ++i) {
    const int64_t a = DimFromRight(x, i), b = DimFromRight(y, i);
    int64_t d;
    if (a == b || b == 1) {
      d = a;
    } else if (a == 1) {
      d = b;
    } else {
      return false;
    }
    (*out)[rank - 1 - i] = d;
  }
  return true;
}

std::vector<int64_t> BroadcastStrides(absl::Span<const int64_t> in, absl::Span<const int64_t> out) {
  std::vector<int64_t> strides(out.size(), 0);
  int64_t stride = 1;
  for (size_t i = 0; i < in.size(); ++i) {
    const size_t o = out.size() - 1 - i;
    const int64_t d = in[in.size() - 1 - i];
    strides[o] = (d == 1 && out[o] != 1) ? 0 : stride;
    stride *= d;
  }
  return strides;
}

void BroadcastReduceAxes(absl::Span<const int64_t> x, absl::Span<const int64_t> y,
                         std::vector<int64_t>* rx, std::vector<int64_t>* ry) {
  const size_t rank = std::max(x.size(), y.size());
  rx->clear();
  ry->clear();
  for (size_t o = 0; o < rank; ++o) {
    const size_t from_right = rank - 1 - o;
    if (DimFromRight(x, from_right) == 1) rx->push_back(static_cast<int64_t>(o));
    if (DimFromRight(y, from_right) == 1) ry->push_back(static_cast<int64_t>(o));
  }
}

Status BroadcastPartialShapes(const PartialTensorShape& x, const PartialTensorShape& y,
                              PartialTensorShape* out) {
  if (x.unknown_rank() || y.unknown_rank()) {
    *out = PartialTensorShape();
    return OkStatus();
  }
  const int rank = std::max(x.dims(), y.dims());
  std::vector<int64_t> dims(rank);
  for (int i = 0; i < rank; ++i) {
    const int64_t a = i < x.dims() ? x.dim_size(x.dims() - 1 - i) : 1;
    const int64_t b = i < y.dims() ? y.dim_size(y.dims() - 1 - i) : 1;
    int64_t d;
    if (a == 1) {
      d = b;
    } else if (b == 1) {
      d = a;
    } else if (a == -1 || b == -1) {
      d = a == -1 ? b : a;  // a known size > 1 wins; both unknown stays unknown
    } else if (a == b) {
      d = a;
    } else {
      return errors::InvalidArgument("Dimensions must be equal, but are ", a, " and ", b);
    }
    dims[rank - 1 - i] = d;
  }
  return PartialTensorShape::BuildPartialTensorShape(dims, out);
}

std::string DimsString(absl::Span<const int64_t> dims) {
  return absl::StrCat("[", absl::StrJoin(dims, ","), "]");
}

}  // namespace tensorflow
