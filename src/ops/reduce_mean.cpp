// ReduceMean, versions 1, 11, 13, 18. Versions 1 to 13 take the axes as an attribute, 18 as an
// optional input with noop_with_empty_axes; 11 states the axes' range [-r, r - 1] (accepted by every
// version here), 13 adds bfloat16.
//
// The mean is the sum over the reduced axes divided by their element count. Floats sum in float32
// (float16, bfloat16 and float32) or float64, as onnxruntime does; integers sum widened, 32-bit ones in
// 64 bits and 64-bit ones in 128, so that no sum wraps, and divide truncating toward zero: the mean of
// int32 [2000000000, 2000000000] is 2000000000, as in ONNX's reference and onnxruntime. A mean over no
// elements is NaN for floats (0 / 0) and 0 for integers.
#include <algorithm>
#include <cstring>
#include <string>

#include "core/half.h"
#include "kernels/convert_half.h"
#include "kernels/reduce_sum.h"
#include "ops/families.h"
#include "ops/reduce_axes.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

// The loops of one element type T behind untyped pointers, so that one traversal (fold_groups) serves
// every type: sums accumulate in Acc (float32 for halves and float32, float64, and twice T's width for
// integers); then each mean is made from its sum.
struct MeanLoops {
  size_t acc_size;  // bytes of an Acc
  bool in_place;    // T's sums fit where its means go (Acc is T): no separate buffer
  void (*add_rows)(void* acc, const void* x, size_t n);  // acc[i] += x[i], i < n
  void (*add_sum)(void* total, const void* x, size_t n);  // *total += x[0] + ... + x[n - 1]
  void (*finish)(const void* sums, void* y, size_t n, size_t count);  // y[i] = sums[i] / count
};

template <typename T> struct AccOf { using type = T; };
template <> struct AccOf<Float16> { using type = float; };
template <> struct AccOf<BFloat16> { using type = float; };
template <> struct AccOf<int32_t> { using type = int64_t; };
template <> struct AccOf<uint32_t> { using type = uint64_t; };
template <> struct AccOf<int64_t> { using type = __int128; };
template <> struct AccOf<uint64_t> { using type = unsigned __int128; };

template <typename T>
constexpr bool kIsHalf = std::is_same_v<T, Float16> || std::is_same_v<T, BFloat16>;

template <typename T, typename Acc = typename AccOf<T>::type>
void add_rows(void* acc, const void* x, size_t n) {
  if constexpr (kIsHalf<T>) {  // widened a block at a time
    float block[kernels::kHalfBlock];
    for (size_t i = 0; i < n; i += kernels::kHalfBlock) {
      const size_t m = std::min(kernels::kHalfBlock, n - i);
      kernels::half_to_f32(static_cast<const T*>(x) + i, block, m);
      kernels::add_row(static_cast<float*>(acc) + i, block, m);
    }
  } else if constexpr (std::is_integral_v<T>) {
    kernels::widening_add_row(static_cast<Acc*>(acc), static_cast<const T*>(x), n);
  } else {
    kernels::add_row(static_cast<Acc*>(acc), static_cast<const T*>(x), n);
  }
}

template <typename T, typename Acc = typename AccOf<T>::type>
void add_sum(void* total, const void* x, size_t n) {
  if constexpr (kIsHalf<T>) {
    float block[kernels::kHalfBlock];
    for (size_t i = 0; i < n; i += kernels::kHalfBlock) {
      const size_t m = std::min(kernels::kHalfBlock, n - i);
      kernels::half_to_f32(static_cast<const T*>(x) + i, block, m);
      *static_cast<float*>(total) += kernels::sum(block, m);
    }
  } else if constexpr (std::is_integral_v<T>) {
    *static_cast<Acc*>(total) += kernels::widening_sum(static_cast<const T*>(x), n);
  } else {
    *static_cast<Acc*>(total) += kernels::sum(static_cast<const T*>(x), n);
  }
}

// sum / count as a T: floats divide (0 / 0 is NaN), integers divide truncating toward zero (the mean
// of T's values is one), a mean of nothing 0.
template <typename T, typename Acc = typename AccOf<T>::type>
void finish(const void* sums, void* y, size_t n, size_t count) {
  const auto* s = static_cast<const Acc*>(sums);
  T* out = static_cast<T*>(y);
  for (size_t i = 0; i < n; ++i) {
    if constexpr (kIsHalf<T>) out[i] = half_from_f32<T>(s[i] / static_cast<float>(count));
    else if constexpr (std::is_floating_point_v<T>) out[i] = s[i] / static_cast<T>(count);
    else out[i] = count ? static_cast<T>(s[i] / static_cast<Acc>(count)) : 0;
  }
}

template <typename T>
constexpr MeanLoops kMeanLoops = {sizeof(typename AccOf<T>::type), std::is_same_v<T, typename AccOf<T>::type>, add_rows<T>, add_sum<T>, finish<T>};

class ReduceMeanKernel final : public Kernel {
 public:
  explicit ReduceMeanKernel(ReduceAxes axes) : axes_(std::move(axes)) {}

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor& x = *inputs[0];
    OW_ASSIGN_OR_RETURN(ReducePlan plan, axes_.plan(inputs));
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, x.dtype(), std::move(plan.y_dims), y));
    if (y->size() == 0) return Status::Ok();
    const MeanLoops* loops = nullptr;
    visit_dtype<float, double, Float16, BFloat16, int32_t, int64_t, uint32_t, uint64_t>(
        x.dtype(), [&](auto element) __attribute__((always_inline)) { loops = &kMeanLoops<decltype(element)>; });
    if (!loops) return Unsupported(std::string("type ") + dtype_name(x.dtype()));  // excluded by the schema
    // The sums go where the means will (halves and integers: a buffer of wider sums beside), then
    // become the means.
    Tensor buffer;
    if (!loops->in_place) {
      OW_ASSIGN_OR_RETURN(buffer, Tensor::allocate(DType::kUint8, {static_cast<int64_t>(y->size() * loops->acc_size)}));
    }
    auto* sums = static_cast<unsigned char*>(loops->in_place ? y->raw_data() : buffer.raw_data());
    std::fill_n(sums, y->size() * loops->acc_size, 0);  // all bits 0: +0 of every Acc (and the sum of nothing)
    if (x.size() != 0) fold_groups(plan, {loops->acc_size, loops->add_rows, loops->add_sum}, dtype_size(x.dtype()), x.raw_data(), sums);
    loops->finish(sums, y->raw_data(), y->size(), plan.count);
    return Status::Ok();
  }

 private:
  ReduceAxes axes_;
};

Result<std::unique_ptr<Kernel>> make_reduce_mean(int version, const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(ReduceAxes axes, ReduceAxes::from_attributes(attrs, version >= 18));
  return std::unique_ptr<Kernel>(new ReduceMeanKernel(std::move(axes)));
}

// 1 and 11 (the axes' range stated) take the axes as an attribute, 13 adds bfloat16, 18 takes the
// axes as an input and adds noop_with_empty_axes.
constexpr OpVersion kReduceMeanVersions[] = {
    {.since_version = 1, .types = type_t<kReduceTypes>, .attributes = kReduceAttributes, .inputs = kReduceInputs},
    {.since_version = 11, .types = type_t<kReduceTypes>, .attributes = kReduceAttributes, .inputs = kReduceInputs},
    {.since_version = 13, .types = type_t<kReduceTypes13>, .attributes = kReduceAttributes, .inputs = kReduceInputs},
    {.since_version = 18, .types = kReduceTypesAxesInput<kReduceTypes13>, .attributes = kReduceAttributesAxesInput}};

}  // namespace

constexpr OpSchema kReduceMeanSchema{
    .name = "ReduceMean", .inputs = kReduceInputsAxesInput, .outputs = kReduceOutputs, .versions = kReduceMeanVersions, .make_kernel = make_reduce_mean};

}  // namespace ow
