// CPU kernels of the CropAndResize family, computing exactly what TF 2.21's CPU kernels compute
// (crop_and_resize_op.cc; SEED_OPS.md §A.9-A.12 and §B): float32 coordinates in TF's order,
// the double arithmetic TF's `0.5` literal brings for a crop size of 1, and GradBoxes' ratio-
// first scale. Parallel only where the result cannot change: over boxes for the forward op and
// GradBoxes (each box has its own outputs), over output rows for GradImage (every pixel still
// adds its boxes in order 0..N-1, TF's deterministic order).
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "framework/op_kernel.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#include <xmmintrin.h>
#endif

namespace tensorflow {
namespace {

// One output pixel of the bilinear crop of a float image: o[d] = t + (b - t) * y_lerp, with
// t and b the x-lerps of the top and bottom corners (TF's expression, element by element, no
// FMA: the same bits at every vector width). Compiled for AVX-512, AVX2 and the baseline, one
// picked per CPU (BilinearPixelFor): the depth loop is most of the forward op. (Not GCC's
// target_clones: its ifunc resolver runs before ThreadSanitizer's runtime is up and crashes.)
using BilinearPixelFn = void (*)(const float*, const float*, const float*, const float*, float,
                                 float, int64_t, float*);
// The loop itself, for every image type (each pixel value converted to float first, as TF).
template <typename T>
inline __attribute__((always_inline)) void BilinearPixelLoop(
    const T* __restrict tl, const T* __restrict tr, const T* __restrict bl, const T* __restrict br,
    float x_lerp, float y_lerp, int64_t depth, float* __restrict o) {
  for (int64_t d = 0; d < depth; ++d) {
    const float ftl = static_cast<float>(tl[d]), ftr = static_cast<float>(tr[d]);
    const float fbl = static_cast<float>(bl[d]), fbr = static_cast<float>(br[d]);
    const float t = ftl + (ftr - ftl) * x_lerp;
    const float b = fbl + (fbr - fbl) * x_lerp;
    o[d] = t + (b - t) * y_lerp;
  }
}
#define MINITF_BILINEAR_PIXEL(name, attributes)                                            \
  attributes void name(const float* tl, const float* tr, const float* bl, const float* br, \
                       float x_lerp, float y_lerp, int64_t depth, float* o) {              \
    BilinearPixelLoop(tl, tr, bl, br, x_lerp, y_lerp, depth, o);                           \
  }
MINITF_BILINEAR_PIXEL(BilinearPixel, )
#if defined(__x86_64__)
MINITF_BILINEAR_PIXEL(BilinearPixelAvx2, __attribute__((target("avx2"))))
MINITF_BILINEAR_PIXEL(BilinearPixelAvx512, __attribute__((target("avx512f"))))
#endif
#undef MINITF_BILINEAR_PIXEL

BilinearPixelFn BilinearPixelFor() {
#if defined(__x86_64__)
  static const BilinearPixelFn fn = __builtin_cpu_supports("avx512f") ? BilinearPixelAvx512
                                    : __builtin_cpu_supports("avx2")  ? BilinearPixelAvx2
                                                                      : BilinearPixel;
  return fn;
#else
  return BilinearPixel;
#endif
}

// Boxes [num_boxes, 4] and box_ind [num_boxes]. Unlike TF, ranks are checked even when both
// are empty (TF skips them there and later aborts on a wrong rank).
Status ParseBoxes(const Tensor& boxes, const Tensor& box_index, int64_t* num_boxes) {
  if (boxes.dims() != 2) {
    return errors::InvalidArgument("boxes must be 2-D", boxes.shape().DebugString());
  }
  *num_boxes = boxes.dim_size(0);
  if (boxes.dim_size(1) != 4) return errors::InvalidArgument("boxes must have 4 columns");
  if (box_index.dims() != 1) {
    return errors::InvalidArgument("box_index must be 1-D", box_index.shape().DebugString());
  }
  if (box_index.dim_size(0) != *num_boxes) {
    return errors::InvalidArgument("box_index has incompatible shape");
  }
  return OkStatus();
}

Status CheckBoxIndices(const Tensor& box_index, int64_t batch) {
  auto ind = box_index.flat<int32_t>();
  for (int64_t b = 0; b < ind.size(); ++b) {
    if (ind(b) < 0 || ind(b) >= batch) {
      return errors::OutOfRange("box_index has values outside [0, batch_size)");
    }
  }
  return OkStatus();
}

// TF checks this in the forward op only; non-finite boxes crash TF's gradients.
Status CheckFiniteBoxes(const Tensor& boxes) {
  auto v = boxes.flat<float>();
  for (int64_t i = 0; i < v.size(); ++i) {
    if (!std::isfinite(v(i))) {
      return errors::InvalidArgument("Boxes contains at least one element that is not finite");
    }
  }
  return OkStatus();
}

Status ParseMethod(OpKernelConstruction* ctx, bool allow_nearest, bool* nearest) {
  std::string method;
  TF_RETURN_IF_ERROR(ctx->GetAttr("method", &method));
  if (method == "bilinear" || (allow_nearest && method == "nearest")) {
    *nearest = method == "nearest";
    return OkStatus();
  }
  return allow_nearest ? errors::InvalidArgument("method must be 'bilinear' or 'nearest'", method)
                       : errors::InvalidArgument("method must be 'bilinear'", method);
}

// Output shapes are checked for size before anything is allocated: absurd crop or image sizes
// are InvalidArgument, never an allocation attempt.
constexpr int64_t kMaxOutputElements = int64_t{1} << 36;

Status BuildOutputShape(std::initializer_list<int64_t> dims, TensorShape* shape) {
  TF_RETURN_IF_ERROR(TensorShape::BuildTensorShape(std::vector<int64_t>(dims), shape));
  if (shape->num_elements() > kMaxOutputElements) {
    return errors::InvalidArgument("Output shape ", shape->DebugString(), " is too large (",
                                   shape->num_elements(), " elements)");
  }
  return OkStatus();
}

// Forward and GradImage: scale = (y2 - y1) * (H - 1) / (crop - 1).
inline float ForwardScale(float lo, float hi, int size, int crop) {
  return crop > 1 ? (hi - lo) * (size - 1) / (crop - 1) : 0;
}
// The sample coordinate; with crop == 1 the centre, computed in double as TF's 0.5 literal does.
inline float SampleCoord(float lo, float hi, int size, int crop, int i, float scale) {
  return crop > 1 ? lo * (size - 1) + i * scale : static_cast<float>(0.5 * (lo + hi) * (size - 1));
}

// The pixel index of a sample coordinate that passed TF's [0, size - 1] test, by `round`ing
// (std::floor, std::ceil or std::round). For images of more than 2^24 rows or columns that float
// test lets `size` itself through (size - 1 rounds up to it) and TF reads or writes one row past
// the image; minitf keeps the index on the last pixel there and is TF's index everywhere else.
template <float (*round)(float)>
inline int PixelIndex(float coord, int size) {
  return static_cast<int>(std::min<int64_t>(static_cast<int64_t>(round(coord)), size - 1));
}
// TF's test that a sample coordinate lies in the image, [0, size - 1], except that NaN is
// outside: finite box corners whose difference overflows give 0 * inf = NaN for the first sample,
// which TF lets through and converts to the index INT_MIN (an out-of-bounds access).
inline bool Inside(float coord, int size) { return coord >= 0 && coord <= size - 1; }
inline float Floor(float v) { return std::floor(v); }
inline float Ceil(float v) { return std::ceil(v); }
inline float Round(float v) { return std::round(v); }

// One bilinear sample point of a box: its crop position, the four source pixels, the weights.
struct Sample {
  int y, x;
  int top, bottom, left, right;
  float y_lerp, x_lerp;
};

// The samples of a box along one axis (its rows or its columns): the coordinate, TF's inside
// test, and for those inside the two pixel indexes and the weight. The same for every row of
// a box, so computed once per box rather than once per point.
struct AxisSample {
  float coord;
  bool inside;
  int lo, hi;  // floor and ceil pixel indexes (inside only)
  float lerp;  // coord - lo
};
void AxisSamples(float lo, float hi, int size, int crop, float scale,
                 std::vector<AxisSample>* out) {
  out->resize(crop);
  for (int i = 0; i < crop; ++i) {
    AxisSample& a = (*out)[i];
    a.coord = SampleCoord(lo, hi, size, crop, i, scale);
    a.inside = Inside(a.coord, size);
    if (!a.inside) continue;
    a.lo = PixelIndex<Floor>(a.coord, size);
    a.hi = PixelIndex<Ceil>(a.coord, size);
    a.lerp = a.coord - a.lo;
  }
}

// Calls fn(sample, in_y, in_x) for every sample of a box that lies inside the image (TF's
// inclusive test [0, H-1] x [0, W-1]; a NaN coordinate is outside, see Inside), in TF's (y, x)
// order. `hs` and `ws` are the op's own scales (the gradients of boxes compute theirs
// differently from the forward op).
template <typename F>
void ForEachSample(float y1, float x1, float y2, float x2, int H, int W, int ch, int cw, float hs,
                   float ws, F fn) {
  std::vector<AxisSample> xs;
  AxisSamples(x1, x2, W, cw, ws, &xs);
  Sample s;
  for (s.y = 0; s.y < ch; ++s.y) {
    const float in_y = SampleCoord(y1, y2, H, ch, s.y, hs);
    if (!Inside(in_y, H)) continue;
    s.top = PixelIndex<Floor>(in_y, H);
    s.bottom = PixelIndex<Ceil>(in_y, H);
    s.y_lerp = in_y - s.top;
    for (s.x = 0; s.x < cw; ++s.x) {
      const AxisSample& a = xs[s.x];
      if (!a.inside) continue;
      s.left = a.lo;
      s.right = a.hi;
      s.x_lerp = a.lerp;
      fn(s, in_y, a.coord);
    }
  }
}

template <typename T>
class CropAndResizeOp : public OpKernel {
 public:
  explicit CropAndResizeOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, ParseMethod(ctx, true, &nearest_));
    OP_REQUIRES_OK(ctx, ctx->GetAttr("extrapolation_value", &extrapolation_value_));
  }

  void Compute(OpKernelContext* ctx) override {
    const Tensor& image = ctx->input(0);
    const Tensor& boxes = ctx->input(1);
    const Tensor& box_index = ctx->input(2);
    const Tensor& crop_size = ctx->input(3);
    OP_REQUIRES(ctx, image.dims() == 4,
                errors::InvalidArgument("input image must be 4-D", image.shape().DebugString()));
    const int64_t batch = image.dim_size(0), height = image.dim_size(1);
    const int64_t width = image.dim_size(2), depth = image.dim_size(3);
    OP_REQUIRES(ctx, height > 0 && width > 0,
                errors::InvalidArgument("image dimensions must be positive"));
    OP_REQUIRES(ctx, boxes.dims() == 2,
                errors::InvalidArgument("boxes must be 2-D, got: ", boxes.shape().DebugString()));
    OP_REQUIRES(ctx, box_index.dims() == 1,
                errors::InvalidArgument("box_indices must be rank 1 but is shape ",
                                        box_index.shape().DebugString()));
    int64_t num_boxes;
    OP_REQUIRES_OK(ctx, ParseBoxes(boxes, box_index, &num_boxes));
    OP_REQUIRES(ctx, crop_size.dims() == 1,
                errors::InvalidArgument("crop_size must be 1-D", crop_size.shape().DebugString()));
    OP_REQUIRES(ctx, crop_size.dim_size(0) == 2,
                errors::InvalidArgument("crop_size must have two elements",
                                        crop_size.shape().DebugString()));
    const int64_t crop_height = crop_size.flat<int32_t>()(0);
    const int64_t crop_width = crop_size.flat<int32_t>()(1);
    OP_REQUIRES(ctx, crop_height > 0 && crop_width > 0,
                errors::InvalidArgument("crop dimensions must be positive"));
    TensorShape shape;
    OP_REQUIRES_OK(ctx, BuildOutputShape({num_boxes, crop_height, crop_width, depth}, &shape));
    OP_REQUIRES(
        ctx, height < std::numeric_limits<int>::max() && width < std::numeric_limits<int>::max(),
        errors::InvalidArgument("image dimensions are too large: ", image.shape().DebugString()));
    Tensor* crops;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, shape, &crops));
    OP_REQUIRES_OK(ctx, CheckBoxIndices(box_index, batch));
    OP_REQUIRES_OK(ctx, CheckFiniteBoxes(boxes));
    if (shape.num_elements() == 0) return;

    const T* img = image.flat<T>().data();
    auto bx = boxes.matrix<float>();
    auto ind = box_index.flat<int32_t>();
    float* out = crops->flat<float>().data();
    const int H = static_cast<int>(height), W = static_cast<int>(width);
    const int ch = static_cast<int>(crop_height), cw = static_cast<int>(crop_width);
    const float extrapolation = extrapolation_value_;
    const bool nearest = nearest_;
    const int64_t per_box = crop_height * crop_width * std::max<int64_t>(depth, 1);
    // Pixel (b, y, x) of the image starts at ((b * H + y) * W + x) * depth.
    auto pixel = [&](int32_t b, int y, int x) {
      return img + ((int64_t{b} * H + y) * W + x) * depth;
    };
    const BilinearPixelFn bilinear_pixel = BilinearPixelFor();
    ctx->ParallelFor(num_boxes, std::max<int64_t>(1, 16384 / per_box), [&](int64_t b0, int64_t b1) {
      std::vector<AxisSample> xs;
      for (int64_t b = b0; b < b1; ++b) {
        const float y1 = bx(b, 0), x1 = bx(b, 1), y2 = bx(b, 2), x2 = bx(b, 3);
        const int32_t bi = ind(b);
        const float hs = ForwardScale(y1, y2, H, ch), ws = ForwardScale(x1, x2, W, cw);
        AxisSamples(x1, x2, W, cw, ws, &xs);
        for (int y = 0; y < ch; ++y) {
          float* row = out + ((b * ch + y) * cw) * depth;
          const float in_y = SampleCoord(y1, y2, H, ch, y, hs);
          if (!Inside(in_y, H)) {
            std::fill(row, row + cw * depth, extrapolation);
            continue;
          }
          const int top = PixelIndex<Floor>(in_y, H);
          const int bottom = PixelIndex<Ceil>(in_y, H);
          const float y_lerp = in_y - top;
          for (int x = 0; x < cw; ++x) {
            float* o = row + x * depth;
            const AxisSample& a = xs[x];
            if (!a.inside) {
              std::fill(o, o + depth, extrapolation);
              continue;
            }
            if (nearest) {
              const T* p = pixel(bi, PixelIndex<Round>(in_y, H), PixelIndex<Round>(a.coord, W));
              for (int64_t d = 0; d < depth; ++d) o[d] = static_cast<float>(p[d]);
              continue;
            }
            const int left = a.lo, right = a.hi;
            const float x_lerp = a.lerp;
            const T* ptl = pixel(bi, top, left);
            const T* ptr = pixel(bi, top, right);
            const T* pbl = pixel(bi, bottom, left);
            const T* pbr = pixel(bi, bottom, right);
            if constexpr (std::is_same<T, float>::value) {
              bilinear_pixel(ptl, ptr, pbl, pbr, x_lerp, y_lerp, depth, o);
            } else {
              BilinearPixelLoop(ptl, ptr, pbl, pbr, x_lerp, y_lerp, depth, o);
            }
          }
        }
      }
    });
  }

 private:
  bool nearest_ = false;
  float extrapolation_value_ = 0;
};

template <typename T>
class CropAndResizeGradImageOp : public OpKernel {
 public:
  explicit CropAndResizeGradImageOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, ParseMethod(ctx, true, &nearest_));
  }

  void Compute(OpKernelContext* ctx) override {
    const Tensor& grads = ctx->input(0);
    const Tensor& boxes = ctx->input(1);
    const Tensor& box_index = ctx->input(2);
    const Tensor& image_size = ctx->input(3);
    OP_REQUIRES(ctx, grads.dims() == 4,
                errors::InvalidArgument("grads image must be 4-D", grads.shape().DebugString()));
    const int64_t crop_height = grads.dim_size(1), crop_width = grads.dim_size(2);
    OP_REQUIRES(ctx, crop_height > 0 && crop_width > 0,
                errors::InvalidArgument("grads dimensions must be positive"));
    int64_t num_boxes;
    OP_REQUIRES_OK(ctx, ParseBoxes(boxes, box_index, &num_boxes));
    OP_REQUIRES(ctx, grads.dim_size(0) == num_boxes,
                errors::InvalidArgument("boxes and grads have incompatible shape"));
    OP_REQUIRES(
        ctx, image_size.dims() == 1,
        errors::InvalidArgument("image_size must be 1-D", image_size.shape().DebugString()));
    OP_REQUIRES(ctx, image_size.dim_size(0) == 4,
                errors::InvalidArgument("image_size must have 4 elements",
                                        image_size.shape().DebugString()));
    auto size = image_size.flat<int32_t>();
    const int64_t batch = size(0), height = size(1), width = size(2), depth = size(3);
    OP_REQUIRES(ctx, height > 0 && width > 0,
                errors::InvalidArgument("image dimensions must be positive"));
    OP_REQUIRES(ctx, grads.dim_size(3) == depth,
                errors::InvalidArgument("image_size and grads are incompatible"));
    TensorShape shape;
    OP_REQUIRES_OK(ctx, BuildOutputShape({batch, height, width, depth}, &shape));
    OP_REQUIRES_OK(ctx, CheckFiniteBoxes(boxes));
    Tensor* output;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, shape, &output));
    OP_REQUIRES_OK(ctx, CheckBoxIndices(box_index, batch));
    T* raw = output->flat<T>().data();
    if (depth == 0) return;

    const float* g = grads.flat<float>().data();
    auto bx = boxes.matrix<float>();
    auto ind = box_index.flat<int32_t>();
    const int H = static_cast<int>(height), W = static_cast<int>(width);
    const int ch = static_cast<int>(crop_height), cw = static_cast<int>(crop_width);
    const bool nearest = nearest_;
    // Every pixel adds its updates in box order 0..N-1 (TF's deterministic order), so the
    // result does not depend on who adds them. The output rows (image, y) are split between
    // threads, by the work they take (zero fill plus updates); each thread zero-fills its own
    // rows (their pages are first touched there) and walks every box, applying only the
    // updates that land in its rows.
    const int64_t rows = batch * height;
    const int64_t row_elems = width * depth;
    auto for_each_update = [&](int64_t b, auto&& fn) {  // fn(row, sample, in_y, in_x)
      const float y1 = bx(b, 0), x1 = bx(b, 1), y2 = bx(b, 2), x2 = bx(b, 3);
      const float hs = ForwardScale(y1, y2, H, ch), ws = ForwardScale(x1, x2, W, cw);
      ForEachSample(y1, x1, y2, x2, H, W, ch, cw, hs, ws, fn);
    };
    auto run_rows = [&](int64_t r0, int64_t r1) {
      std::fill(raw + r0 * row_elems, raw + r1 * row_elems, T(0));
      for (int64_t b = 0; b < num_boxes; ++b) {
        const int64_t first_row = int64_t{ind(b)} * H;
        if (first_row + H <= r0 || first_row >= r1) continue;
        const float* gb = g + b * ch * cw * depth;
        for_each_update(b, [&](const Sample& p, float in_y, float in_x) {
          const float* gr = gb + (p.y * cw + p.x) * depth;
          if (nearest) {
            const int64_t row = first_row + PixelIndex<Round>(in_y, H);
            if (row < r0 || row >= r1) return;
            T* px = raw + row * row_elems + int64_t{PixelIndex<Round>(in_x, W)} * depth;
            for (int64_t d = 0; d < depth; ++d) px[d] += static_cast<T>(gr[d]);
            return;
          }
          // TF adds top-left, top-right, bottom-left, bottom-right for each element; a pixel
          // that is two of them (integer coordinates) gets its adds in that order here too.
          const int64_t top = first_row + p.top, bottom = first_row + p.bottom;
          if (top >= r0 && top < r1) {
            T* ptl = raw + top * row_elems + int64_t{p.left} * depth;
            T* ptr = raw + top * row_elems + int64_t{p.right} * depth;
            for (int64_t d = 0; d < depth; ++d) {
              const float dtop = (1 - p.y_lerp) * gr[d];
              ptl[d] += static_cast<T>((1 - p.x_lerp) * dtop);
              ptr[d] += static_cast<T>(p.x_lerp * dtop);
            }
          }
          if (bottom >= r0 && bottom < r1) {
            T* pbl = raw + bottom * row_elems + int64_t{p.left} * depth;
            T* pbr = raw + bottom * row_elems + int64_t{p.right} * depth;
            for (int64_t d = 0; d < depth; ++d) {
              const float dbottom = p.y_lerp * gr[d];
              pbl[d] += static_cast<T>((1 - p.x_lerp) * dbottom);
              pbr[d] += static_cast<T>(p.x_lerp * dbottom);
            }
          }
        });
      }
    };
    const int64_t updates = num_boxes * ch * cw * 4 * depth;
    if (ctx->NumThreads() <= 1 || updates + rows * row_elems < (int64_t{1} << 16) || rows < 2) {
      run_rows(0, rows);
      return;
    }
    const int64_t chunks = std::min<int64_t>(rows, 4 * ctx->NumThreads());
    std::vector<int64_t> bounds{0};  // chunk c covers rows [bounds[c], bounds[c + 1])
    // Up to a million rows, chunks of equal work; beyond, of equal rows (a weight per row
    // would take memory in proportion to an output that may be mostly rows).
    constexpr int64_t kWeighRowsUpTo = int64_t{1} << 20;
    if (rows > kWeighRowsUpTo) {
      for (int64_t c = 1; c < chunks; ++c) bounds.push_back(rows * c / chunks);
    } else {
      // Cost of each row in elements touched: its zero fill, plus depth per pixel update.
      std::vector<int64_t> cost(rows, row_elems);
      for (int64_t b = 0; b < num_boxes; ++b) {
        const int64_t first_row = int64_t{ind(b)} * H;
        for_each_update(b, [&](const Sample& p, float in_y, float) {
          if (nearest) {
            cost[first_row + PixelIndex<Round>(in_y, H)] += depth;
          } else {
            cost[first_row + p.top] += 2 * depth;
            cost[first_row + p.bottom] += 2 * depth;
          }
        });
      }
      int64_t total = 0;
      for (int64_t r = 0; r < rows; ++r) total += cost[r];
      int64_t done = 0;
      for (int64_t r = 0; r + 1 < rows; ++r) {
        done += cost[r];
        if (done * chunks >= total * static_cast<int64_t>(bounds.size())) bounds.push_back(r + 1);
      }
    }
    bounds.push_back(rows);
    ctx->ParallelFor(static_cast<int64_t>(bounds.size()) - 1, 1, [&](int64_t c0, int64_t c1) {
      for (int64_t c = c0; c < c1; ++c) run_rows(bounds[c], bounds[c + 1]);
    });
  }

 private:
  bool nearest_ = false;
};

// GradBoxes' four sums of one box: dy1, dy2, dx1, dx2 (stored as y1, x1, y2, x2).
struct BoxSums {
  float v[4] = {0, 0, 0, 0};
  void Store(TTypes<float>::Matrix* out, int64_t b) const {
    (*out)(b, 0) = v[0];
    (*out)(b, 1) = v[2];
    (*out)(b, 2) = v[1];
    (*out)(b, 3) = v[3];
  }
};

// One sample point of GradBoxes: its four pixels, its gradient row and the weights w[k] that
// sum k multiplies its terms by. GradY/GradX are TF's float expressions for element d.
template <typename T>
struct PointTerms {
  const T *tl, *tr, *bl, *br;
  const float* grad;
  float x_lerp, y_lerp;
  float w[4];
  float GradY(int64_t d) const {
    const float ftl = static_cast<float>(tl[d]), ftr = static_cast<float>(tr[d]);
    const float fbl = static_cast<float>(bl[d]), fbr = static_cast<float>(br[d]);
    return ((1 - x_lerp) * (fbl - ftl) + x_lerp * (fbr - ftr)) * grad[d];
  }
  float GradX(int64_t d) const {
    const float ftl = static_cast<float>(tl[d]), ftr = static_cast<float>(tr[d]);
    const float fbl = static_cast<float>(bl[d]), fbr = static_cast<float>(br[d]);
    return ((1 - y_lerp) * (ftr - ftl) + y_lerp * (fbr - fbl)) * grad[d];
  }
  PointTerms Advanced(int64_t d) const {
    PointTerms t = *this;
    t.tl += d, t.tr += d, t.bl += d, t.br += d, t.grad += d;
    return t;
  }
};

// Adds elements [from, depth) of a point to its box's sums, one element at a time in TF's
// order (the sums are four chains of float adds; their order is what gives TF's bits).
template <typename T>
void AddPointTail(const PointTerms<T>& t, BoxSums* s, int64_t from, int64_t depth) {
  for (int64_t d = from; d < depth; ++d) {
    const float gy = t.GradY(d), gx = t.GradX(d);
    s->v[0] += gy * t.w[0];
    s->v[1] += gy * t.w[1];
    s->v[2] += gx * t.w[2];
    s->v[3] += gx * t.w[3];
  }
}

#if defined(__SSE2__)
// Float images, four elements at a time: the terms are computed as vectors (the same float
// products), transposed so that each element's four terms form one vector, and added to the
// box's sums [dy1, dy2, dx1, dx2] element by element: every lane is its chain, in TF's order.
// Returns the first element not added.
inline int64_t AddPointSse(const PointTerms<float>& t, __m128* acc, int64_t depth) {
  const __m128 xl = _mm_set1_ps(t.x_lerp), xl1 = _mm_set1_ps(1 - t.x_lerp);
  const __m128 yl = _mm_set1_ps(t.y_lerp), yl1 = _mm_set1_ps(1 - t.y_lerp);
  const __m128 w0 = _mm_set1_ps(t.w[0]), w1 = _mm_set1_ps(t.w[1]);
  const __m128 w2 = _mm_set1_ps(t.w[2]), w3 = _mm_set1_ps(t.w[3]);
  __m128 a = *acc;
  int64_t d = 0;
  for (; d + 4 <= depth; d += 4) {
    const __m128 tl = _mm_loadu_ps(t.tl + d), tr = _mm_loadu_ps(t.tr + d);
    const __m128 bl = _mm_loadu_ps(t.bl + d), br = _mm_loadu_ps(t.br + d);
    const __m128 gr = _mm_loadu_ps(t.grad + d);
    const __m128 gy = _mm_mul_ps(
        _mm_add_ps(_mm_mul_ps(xl1, _mm_sub_ps(bl, tl)), _mm_mul_ps(xl, _mm_sub_ps(br, tr))), gr);
    const __m128 gx = _mm_mul_ps(
        _mm_add_ps(_mm_mul_ps(yl1, _mm_sub_ps(tr, tl)), _mm_mul_ps(yl, _mm_sub_ps(br, bl))), gr);
    __m128 r0 = _mm_mul_ps(gy, w0), r1 = _mm_mul_ps(gy, w1);
    __m128 r2 = _mm_mul_ps(gx, w2), r3 = _mm_mul_ps(gx, w3);
    _MM_TRANSPOSE4_PS(r0, r1, r2, r3);  // r_i: element d + i's [dy1, dy2, dx1, dx2] terms
    a = _mm_add_ps(a, r0);
    a = _mm_add_ps(a, r1);
    a = _mm_add_ps(a, r2);
    a = _mm_add_ps(a, r3);
  }
  *acc = a;
  return d;
}
#endif

template <typename T>
void AddPoint(const PointTerms<T>& t, BoxSums* s, int64_t depth) {
#if defined(__SSE2__)
  if constexpr (std::is_same<T, float>::value) {
    __m128 acc = _mm_loadu_ps(s->v);
    const int64_t done = AddPointSse(t, &acc, depth);
    _mm_storeu_ps(s->v, acc);
    AddPointTail(t, s, done, depth);
    return;
  }
#endif
  AddPointTail(t, s, 0, depth);
}

// Two boxes' points at once: two independent sets of chains, so their adds overlap.
template <typename T>
void AddTwoPoints(const PointTerms<T>& ta, BoxSums* sa, const PointTerms<T>& tb, BoxSums* sb,
                  int64_t depth) {
#if defined(__SSE2__)
  if constexpr (std::is_same<T, float>::value) {
    __m128 acc_a = _mm_loadu_ps(sa->v), acc_b = _mm_loadu_ps(sb->v);
    // Four elements of each in turn: both chains are in flight at every step.
    int64_t d = 0;
    for (; d + 4 <= depth; d += 4) {
      AddPointSse(ta.Advanced(d), &acc_a, 4);
      AddPointSse(tb.Advanced(d), &acc_b, 4);
    }
    _mm_storeu_ps(sa->v, acc_a);
    _mm_storeu_ps(sb->v, acc_b);
    AddPointTail(ta, sa, d, depth);
    AddPointTail(tb, sb, d, depth);
    return;
  }
#endif
  AddPoint(ta, sa, depth);
  AddPoint(tb, sb, depth);
}

template <typename T>
class CropAndResizeGradBoxesOp : public OpKernel {
 public:
  explicit CropAndResizeGradBoxesOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    bool nearest;
    OP_REQUIRES_OK(ctx, ParseMethod(ctx, false, &nearest));
  }

  void Compute(OpKernelContext* ctx) override {
    const Tensor& grads = ctx->input(0);
    const Tensor& image = ctx->input(1);
    const Tensor& boxes = ctx->input(2);
    const Tensor& box_index = ctx->input(3);
    OP_REQUIRES(ctx, grads.dims() == 4,
                errors::InvalidArgument("grads image must be 4-D", grads.shape().DebugString()));
    const int64_t crop_height = grads.dim_size(1), crop_width = grads.dim_size(2);
    const int64_t depth = grads.dim_size(3);
    OP_REQUIRES(ctx, crop_height > 0 && crop_width > 0,
                errors::InvalidArgument("grads dimensions must be positive"));
    OP_REQUIRES(ctx, image.dims() == 4,
                errors::InvalidArgument("input image must be 4-D", image.shape().DebugString()));
    const int64_t batch = image.dim_size(0), height = image.dim_size(1);
    const int64_t width = image.dim_size(2);
    OP_REQUIRES(ctx, height > 0 && width > 0,
                errors::InvalidArgument("image dimensions must be positive"));
    OP_REQUIRES(ctx, image.dim_size(3) == depth,
                errors::InvalidArgument("image, grads depth differ"));
    int64_t num_boxes;
    OP_REQUIRES_OK(ctx, ParseBoxes(boxes, box_index, &num_boxes));
    OP_REQUIRES(ctx, grads.dim_size(0) == num_boxes,
                errors::InvalidArgument("boxes and grads have incompatible shape"));
    OP_REQUIRES_OK(ctx, CheckFiniteBoxes(boxes));
    Tensor* output;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, TensorShape({num_boxes, 4}), &output));
    OP_REQUIRES_OK(ctx, CheckBoxIndices(box_index, batch));
    auto out = output->matrix<float>();
    if (num_boxes == 0) return;
    const float* g = grads.flat<float>().data();
    const T* img = image.flat<T>().data();
    auto bx = boxes.matrix<float>();
    auto ind = box_index.flat<int32_t>();
    const int H = static_cast<int>(height), W = static_cast<int>(width);
    const int ch = static_cast<int>(crop_height), cw = static_cast<int>(crop_width);
    const int64_t per_box = crop_height * crop_width * std::max<int64_t>(depth, 1);
    // GradBoxes scales ratio-first: (y2 - y1) * ((H - 1) / (crop - 1)).
    const float hr = ch > 1 ? static_cast<float>(H - 1) / (ch - 1) : 0;
    const float wr = cw > 1 ? static_cast<float>(W - 1) / (cw - 1) : 0;
    // The sample points of box b inside the image, in TF's (y, x) order.
    auto samples = [&](int64_t b, std::vector<PointTerms<T>>* points) {
      const float y1 = bx(b, 0), x1 = bx(b, 1), y2 = bx(b, 2), x2 = bx(b, 3);
      const float hs = ch > 1 ? (y2 - y1) * hr : 0;
      const float ws = cw > 1 ? (x2 - x1) * wr : 0;
      const T* base = img + int64_t{ind(b)} * H * W * depth;
      points->clear();
      ForEachSample(y1, x1, y2, x2, H, W, ch, cw, hs, ws, [&](const Sample& p, float, float) {
        PointTerms<T> t;
        t.tl = base + (int64_t{p.top} * W + p.left) * depth;
        t.tr = base + (int64_t{p.top} * W + p.right) * depth;
        t.bl = base + (int64_t{p.bottom} * W + p.left) * depth;
        t.br = base + (int64_t{p.bottom} * W + p.right) * depth;
        t.grad = g + ((b * ch + p.y) * cw + p.x) * depth;
        t.x_lerp = p.x_lerp;
        t.y_lerp = p.y_lerp;
        t.w[0] = H - 1 - p.y * hr;  // dy1
        t.w[1] = p.y * hr;          // dy2
        t.w[2] = W - 1 - p.x * wr;  // dx1
        t.w[3] = p.x * wr;          // dx2
        points->push_back(t);
      });
    };
    ctx->ParallelFor(num_boxes, std::max<int64_t>(2, 8192 / per_box), [&](int64_t b0, int64_t b1) {
      std::vector<PointTerms<T>> pa, pb;
      std::vector<double> wide(depth);
      int64_t b = b0;
      // Crops taller and wider than one pixel: boxes two by two (their chains overlap).
      for (; ch > 1 && cw > 1 && b + 1 < b1; b += 2) {
        samples(b, &pa);
        samples(b + 1, &pb);
        BoxSums sa, sb;
        const size_t both = std::min(pa.size(), pb.size());
        for (size_t k = 0; k < both; ++k) AddTwoPoints(pa[k], &sa, pb[k], &sb, depth);
        for (size_t k = both; k < pa.size(); ++k) AddPoint(pa[k], &sa, depth);
        for (size_t k = both; k < pb.size(); ++k) AddPoint(pb[k], &sb, depth);
        sa.Store(&out, b);
        sb.Store(&out, b + 1);
      }
      for (; b < b1; ++b) {
        samples(b, &pa);
        BoxSums s;
        for (const PointTerms<T>& t : pa) {
          if (ch > 1 && cw > 1) {
            AddPoint(t, &s, depth);
            continue;
          }
          // A crop of height or width 1: TF's 0.5 literal makes that sum's terms double, each
          // step rounded back to float.
          for (int64_t d = 0; d < depth; ++d) {
            const float gy = t.GradY(d);
            if (ch > 1) {
              s.v[0] += gy * t.w[0];
              s.v[1] += gy * t.w[1];
            } else {
              wide[d] = gy * 0.5 * (H - 1);
              s.v[0] = static_cast<float>(s.v[0] + wide[d]);
              s.v[1] = static_cast<float>(s.v[1] + wide[d]);
            }
          }
          for (int64_t d = 0; d < depth; ++d) {
            const float gx = t.GradX(d);
            if (cw > 1) {
              s.v[2] += gx * t.w[2];
              s.v[3] += gx * t.w[3];
            } else {
              wide[d] = gx * 0.5 * (W - 1);
              s.v[2] = static_cast<float>(s.v[2] + wide[d]);
              s.v[3] = static_cast<float>(s.v[3] + wide[d]);
            }
          }
        }
        s.Store(&out, b);
      }
    });
  }
};

#define MINITF_REGISTER_CROP(T)                                                            \
  REGISTER_KERNEL_BUILDER(Name("CropAndResize").Device(DEVICE_CPU).TypeConstraint<T>("T"), \
                          CropAndResizeOp<T>);                                             \
  REGISTER_KERNEL_BUILDER(                                                                 \
      Name("CropAndResizeGradBoxes").Device(DEVICE_CPU).TypeConstraint<T>("T"),            \
      CropAndResizeGradBoxesOp<T>);
MINITF_REGISTER_CROP(uint8_t)
MINITF_REGISTER_CROP(uint16_t)
MINITF_REGISTER_CROP(int8_t)
MINITF_REGISTER_CROP(int16_t)
MINITF_REGISTER_CROP(int32_t)
MINITF_REGISTER_CROP(int64_t)
MINITF_REGISTER_CROP(Eigen::half)
MINITF_REGISTER_CROP(float)
MINITF_REGISTER_CROP(double)
#undef MINITF_REGISTER_CROP

#define MINITF_REGISTER_GRAD_IMAGE(T)                                           \
  REGISTER_KERNEL_BUILDER(                                                      \
      Name("CropAndResizeGradImage").Device(DEVICE_CPU).TypeConstraint<T>("T"), \
      CropAndResizeGradImageOp<T>);
MINITF_REGISTER_GRAD_IMAGE(Eigen::half)
MINITF_REGISTER_GRAD_IMAGE(float)
MINITF_REGISTER_GRAD_IMAGE(double)
#undef MINITF_REGISTER_GRAD_IMAGE

}  // namespace
}  // namespace tensorflow
