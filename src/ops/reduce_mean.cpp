// ReduceMean, versions 1, 11, 13, 18. Versions 1 to 13 take the axes as an attribute, 18 as an
// optional input with noop_with_empty_axes; 11 states the axes' range [-r, r - 1] (accepted by every
// version here), 13 adds bfloat16.
//
// The mean is the sum over the reduced axes divided by their element count. Floats sum in float32
// (float16, bfloat16 and float32) or float64, as onnxruntime does; integers sum in their own width,
// wrapping, and divide truncating toward zero, as onnxruntime does (ONNX's reference, numpy.mean with
// the input's dtype, wraps the same way). A mean over no elements is NaN for floats (0 / 0) and 0 for
// integers.
#include <algorithm>
#include <cstring>
#include <string>

#include "core/half.h"
#include "kernels/convert_half.h"
#include "kernels/reduce_sum.h"
#include "ops/families.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

// Dims merged into groups that are all reduced or all kept, dims of 1 dropped: the positions of some
// groups (outermost first) as input offsets, in order.
struct Group {
  size_t extent;
  size_t stride;  // elements of the input
  bool reduced;
};

class Odometer {
 public:
  explicit Odometer(std::vector<Group> groups) : groups_(std::move(groups)), index_(groups_.size(), 0) {}
  size_t offset() const { return offset_; }
  // Moves to the next position; false (back at the first) after the last.
  bool next() {
    for (size_t g = groups_.size(); g-- > 0;) {
      offset_ += groups_[g].stride;
      if (++index_[g] < groups_[g].extent) return true;
      offset_ -= groups_[g].stride * groups_[g].extent;
      index_[g] = 0;
    }
    return false;
  }

 private:
  std::vector<Group> groups_;
  std::vector<size_t> index_;
  size_t offset_ = 0;
};

// The loops of one element type T behind untyped pointers, so that one traversal (below) serves every
// type: sums accumulate in Acc (float32 for halves and float32, float64, and the unsigned integer of T's
// width for integers, which wraps alike for signed ones); then each mean is made from its sum.
struct MeanLoops {
  size_t acc_size;  // bytes of an Acc
  bool in_place;    // T's sums fit where its means go (Acc has T's size): no separate buffer
  void (*add_rows)(void* acc, const void* x, size_t n);  // acc[i] += x[i], i < n
  void (*add_sum)(void* total, const void* x, size_t n);  // *total += x[0] + ... + x[n - 1]
  void (*finish)(const void* sums, void* y, size_t n, size_t count);  // y[i] = sums[i] / count
};

template <typename T> struct AccOf { using type = T; };
template <> struct AccOf<Float16> { using type = float; };
template <> struct AccOf<BFloat16> { using type = float; };
template <> struct AccOf<int32_t> { using type = uint32_t; };
template <> struct AccOf<int64_t> { using type = uint64_t; };

template <typename T>
constexpr bool kIsHalf = std::is_same_v<T, Float16> || std::is_same_v<T, BFloat16>;

// The summing loops of a type as its Acc reads it: one instantiation for int32 and uint32 alike.
template <typename T>
using SumsAs = std::conditional_t<kIsHalf<T>, T, typename AccOf<T>::type>;

template <typename S, typename Acc = typename AccOf<S>::type>
void add_rows(void* acc, const void* x, size_t n) {
  if constexpr (kIsHalf<S>) {  // widened a block at a time
    float block[kernels::kHalfBlock];
    for (size_t i = 0; i < n; i += kernels::kHalfBlock) {
      const size_t m = std::min(kernels::kHalfBlock, n - i);
      kernels::half_to_f32(static_cast<const S*>(x) + i, block, m);
      kernels::add_row(static_cast<float*>(acc) + i, block, m);
    }
  } else {
    kernels::add_row(static_cast<Acc*>(acc), static_cast<const Acc*>(x), n);
  }
}

template <typename S, typename Acc = typename AccOf<S>::type>
void add_sum(void* total, const void* x, size_t n) {
  if constexpr (kIsHalf<S>) {
    float block[kernels::kHalfBlock];
    for (size_t i = 0; i < n; i += kernels::kHalfBlock) {
      const size_t m = std::min(kernels::kHalfBlock, n - i);
      kernels::half_to_f32(static_cast<const S*>(x) + i, block, m);
      *static_cast<float*>(total) += kernels::sum(block, m);
    }
  } else {
    *static_cast<Acc*>(total) += kernels::sum(static_cast<const Acc*>(x), n);
  }
}

// sum / count as a T: floats divide (0 / 0 is NaN), integers divide truncating toward zero, a mean of
// nothing 0.
template <typename T, typename Acc = typename AccOf<T>::type>
void finish(const void* sums, void* y, size_t n, size_t count) {
  const auto* s = static_cast<const Acc*>(sums);
  T* out = static_cast<T*>(y);
  for (size_t i = 0; i < n; ++i) {
    if constexpr (kIsHalf<T>) out[i] = half_from_f32<T>(s[i] / static_cast<float>(count));
    else if constexpr (std::is_floating_point_v<T>) out[i] = s[i] / static_cast<T>(count);
    else if constexpr (std::is_signed_v<T>) out[i] = count ? static_cast<T>(static_cast<int64_t>(static_cast<T>(s[i])) / static_cast<int64_t>(count)) : 0;
    else out[i] = count ? static_cast<T>(s[i] / count) : 0;
  }
}

template <typename T>
constexpr MeanLoops kMeanLoops = {sizeof(typename AccOf<T>::type), !kIsHalf<T>, add_rows<SumsAs<T>>, add_sum<SumsAs<T>>, finish<T>};

// Adds x (laid out as `groups`; of `element_size` bytes) into `sums`, one Acc per output element in
// order. x is not empty.
void reduce_sums(const std::vector<Group>& groups, const MeanLoops& loops, size_t element_size, const unsigned char* x,
                 unsigned char* sums) {
  std::vector<Group> kept_groups, reduced_groups;
  for (size_t g = 0; g + 1 < groups.size(); ++g) (groups[g].reduced ? reduced_groups : kept_groups).push_back(groups[g]);
  const bool inner_reduced = !groups.empty() && groups.back().reduced;
  const size_t inner = groups.empty() ? 1 : groups.back().extent;
  Odometer at(std::move(kept_groups));
  // Each output element (the innermost group reduced: sums of runs) or row of them (kept: rows added),
  // over the positions of the other reduced groups.
  for (unsigned char* s = sums;; s += (inner_reduced ? 1 : inner) * loops.acc_size) {
    Odometer from(reduced_groups);
    do {
      const unsigned char* p = x + (at.offset() + from.offset()) * element_size;
      if (inner_reduced) loops.add_sum(s, p, inner);
      else loops.add_rows(s, p, inner);
    } while (from.next());
    if (!at.next()) break;
  }
}

class ReduceMeanKernel final : public Kernel {
 public:
  ReduceMeanKernel(int version, std::vector<int64_t> axes, bool keepdims, bool noop_with_empty_axes)
      : version_(version), axes_(std::move(axes)), keepdims_(keepdims), noop_with_empty_axes_(noop_with_empty_axes) {}

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor& x = *inputs[0];
    const size_t rank = x.rank();
    std::vector<int64_t> axes = axes_;
    const char* source = "attribute 'axes'";
    if (version_ >= 18) {
      source = "input 'axes'";
      const Tensor* a = inputs.size() > 1 ? inputs[1] : nullptr;
      if (a && a->rank() != 1) return InvalidArgument("input 'axes' must be 1-D, got shape " + dims_to_string(a->dims()));
      if (a) axes.assign(a->data<int64_t>(), a->data<int64_t>() + a->size());
    }
    std::vector<uint8_t> reduced(rank, axes.empty() && !noop_with_empty_axes_);
    for (int64_t a : axes) {
      const auto r = static_cast<int64_t>(rank);
      if (a < -r || a >= r)
        return InvalidArgument(std::string(source) + " has " + std::to_string(a) + ", out of range for input data of rank " + std::to_string(rank) +
                               " (accepted: [" + std::to_string(-r) + ", " + std::to_string(r - 1) + "])");
      const auto axis = static_cast<size_t>(a < 0 ? a + r : a);
      if (reduced[axis]) return InvalidArgument(std::string(source) + " names axis " + std::to_string(axis) + " twice: " + dims_to_string(axes));
      reduced[axis] = true;
    }
    Dims y_dims;
    size_t count = 1;
    for (size_t d = 0; d < rank; ++d) {
      if (reduced[d]) count *= static_cast<size_t>(x.dims()[d]);
      if (!reduced[d] || keepdims_) y_dims.push_back(reduced[d] ? 1 : x.dims()[d]);
    }
    // Innermost first, then reversed.
    std::vector<Group> groups;
    for (size_t d = rank, stride = 1; d-- > 0; stride *= static_cast<size_t>(x.dims()[d])) {
      const auto extent = static_cast<size_t>(x.dims()[d]);
      if (extent == 1) continue;
      if (!groups.empty() && groups.back().reduced == static_cast<bool>(reduced[d])) groups.back().extent *= extent;
      else groups.push_back({extent, stride, static_cast<bool>(reduced[d])});
    }
    std::reverse(groups.begin(), groups.end());
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, x.dtype(), std::move(y_dims), y));
    if (y->size() == 0) return Status::Ok();
    const MeanLoops* loops = nullptr;
    visit_dtype<float, double, Float16, BFloat16, int32_t, int64_t, uint32_t, uint64_t>(
        x.dtype(), [&](auto element) __attribute__((always_inline)) { loops = &kMeanLoops<decltype(element)>; });
    if (!loops) return Unsupported(std::string("type ") + dtype_name(x.dtype()));  // excluded by the schema
    // The sums go where the means will (halves: a float32 buffer beside), then become the means.
    Tensor buffer;
    if (!loops->in_place) {
      OW_ASSIGN_OR_RETURN(buffer, Tensor::allocate(DType::kFloat32, {static_cast<int64_t>(y->size())}));
    }
    auto* sums = static_cast<unsigned char*>(loops->in_place ? y->raw_data() : buffer.raw_data());
    std::fill_n(sums, y->size() * loops->acc_size, 0);  // all bits 0: +0 of every Acc (and the sum of nothing)
    if (x.size() != 0) reduce_sums(groups, *loops, dtype_size(x.dtype()), static_cast<const unsigned char*>(x.raw_data()), sums);
    loops->finish(sums, y->raw_data(), y->size(), count);
    return Status::Ok();
  }

 private:
  int version_;
  std::vector<int64_t> axes_;  // versions 1 to 13
  bool keepdims_;
  bool noop_with_empty_axes_;  // version 18
};

Result<bool> flag(const Attributes& attrs, std::string_view name, int64_t fallback) {
  OW_ASSIGN_OR_RETURN(int64_t v, attrs.get_int(name, fallback));
  if (v != 0 && v != 1) return InvalidArgument("attribute '" + std::string(name) + "' must be 0 or 1, got " + std::to_string(v));
  return v == 1;
}

Result<std::unique_ptr<Kernel>> make_reduce_mean(int version, const Attributes& attrs) {
  std::vector<int64_t> axes;
  if (version < 18) {
    OW_ASSIGN_OR_RETURN(axes, attrs.get_ints("axes"));
  }
  OW_ASSIGN_OR_RETURN(bool keepdims, flag(attrs, "keepdims", 1));
  OW_ASSIGN_OR_RETURN(bool noop, flag(attrs, "noop_with_empty_axes", 0));
  return std::unique_ptr<Kernel>(new ReduceMeanKernel(version, std::move(axes), keepdims, noop));
}

constexpr std::array<DType, 7> kReduceTypes = {DType::kFloat64, DType::kFloat32, DType::kFloat16, DType::kInt32,
                                               DType::kInt64,   DType::kUint32,  DType::kUint64};
constexpr auto kReduceTypes13 = with(kReduceTypes, DType::kBFloat16);

// 1 and 11 (the axes' range stated) take the axes as an attribute, 13 adds bfloat16, 18 takes the
// axes as an input and adds noop_with_empty_axes.
constexpr Param kInputs1[] = {{"data", "T"}};
constexpr Param kInputs18[] = {{"data", "T"}, {"axes", "tensor(int64)", Param::Arity::kOptional}};
constexpr Param kOutputs[] = {{"reduced", "T"}};
constexpr std::string_view kAttributes1[] = {"axes", "keepdims"};
constexpr std::string_view kAttributes18[] = {"keepdims", "noop_with_empty_axes"};
constexpr TypeConstraint kTypes18[] = {{"T", kReduceTypes13}, {"tensor(int64)", kInt64Type}};
constexpr OpVersion kReduceMeanVersions[] = {
    {.since_version = 1, .types = type_t<kReduceTypes>, .attributes = kAttributes1, .inputs = kInputs1},
    {.since_version = 11, .types = type_t<kReduceTypes>, .attributes = kAttributes1, .inputs = kInputs1},
    {.since_version = 13, .types = type_t<kReduceTypes13>, .attributes = kAttributes1, .inputs = kInputs1},
    {.since_version = 18, .types = kTypes18, .attributes = kAttributes18}};

}  // namespace

constexpr OpSchema kReduceMeanSchema{
    .name = "ReduceMean", .inputs = kInputs18, .outputs = kOutputs, .versions = kReduceMeanVersions, .make_kernel = make_reduce_mean};

}  // namespace ow
