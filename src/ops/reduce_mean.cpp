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

// How a type sums: in Acc, its elements read as Acc (halves are widened into a block first).
template <typename T> struct Sums { using Acc = T; };
template <> struct Sums<Float16> { using Acc = float; };
template <> struct Sums<BFloat16> { using Acc = float; };
template <> struct Sums<int32_t> { using Acc = uint32_t; };
template <> struct Sums<int64_t> { using Acc = uint64_t; };

template <typename T>
constexpr bool kIsHalf = std::is_same_v<T, Float16> || std::is_same_v<T, BFloat16>;

// acc[0..n) += x[0..n) as Acc.
template <typename T, typename Acc = typename Sums<T>::Acc>
void add_row(Acc* acc, const T* x, size_t n) {
  if constexpr (kIsHalf<T>) {
    float block[kernels::kHalfBlock];
    for (size_t i = 0; i < n; i += kernels::kHalfBlock) {
      const size_t m = std::min(kernels::kHalfBlock, n - i);
      kernels::half_to_f32(x + i, block, m);
      kernels::add_row(acc + i, block, m);
    }
  } else {
    kernels::add_row(acc, reinterpret_cast<const Acc*>(x), n);
  }
}

template <typename T, typename Acc = typename Sums<T>::Acc>
Acc sum(const T* x, size_t n) {
  if constexpr (kIsHalf<T>) {
    float block[kernels::kHalfBlock];
    float total = 0;
    for (size_t i = 0; i < n; i += kernels::kHalfBlock) {
      const size_t m = std::min(kernels::kHalfBlock, n - i);
      kernels::half_to_f32(x + i, block, m);
      total += kernels::sum(block, m);
    }
    return total;
  } else {
    return kernels::sum(reinterpret_cast<const Acc*>(x), n);
  }
}

// sum / count as a T.
template <typename T, typename Acc = typename Sums<T>::Acc>
T mean(Acc sum, size_t count) {
  if constexpr (kIsHalf<T>) {
    return half_from_f32<T>(sum / static_cast<float>(count));
  } else if constexpr (std::is_floating_point_v<T>) {
    return sum / static_cast<T>(count);
  } else {
    if (count == 0) return 0;
    if constexpr (std::is_signed_v<T>) return static_cast<T>(static_cast<int64_t>(static_cast<T>(sum)) / static_cast<int64_t>(count));
    else return static_cast<T>(sum / count);
  }
}

// The reduction of x (laid out as `groups`, `reduced` marking each) into y, `count` elements per mean.
// `row` is a workspace of the innermost group's extent in Acc, for halves whose innermost group is kept.
template <typename T>
void reduce_mean(const std::vector<Group>& groups, const std::vector<bool>& reduced, size_t count, const T* x, T* y, void* row) {
  using Acc = typename Sums<T>::Acc;
  std::vector<Group> kept_groups, reduced_groups;
  const bool inner_reduced = !groups.empty() && reduced.back();
  const size_t inner = groups.empty() ? 1 : groups.back().extent;
  for (size_t g = 0; g + 1 < groups.size(); ++g) (reduced[g] ? reduced_groups : kept_groups).push_back(groups[g]);
  Odometer outputs(std::move(kept_groups));
  if (inner_reduced) {
    // Each mean: the sums of the innermost runs over the positions of the other reduced groups.
    size_t o = 0;
    do {
      Odometer runs(reduced_groups);
      Acc total = 0;
      do total += sum(x + outputs.offset() + runs.offset(), inner);
      while (runs.next());
      y[o++] = mean<T>(total, count);
    } while (outputs.next());
    return;
  }
  // Each output row: the input rows at the positions of the reduced groups, added.
  size_t o = 0;
  do {
    Acc* acc = kIsHalf<T> ? static_cast<Acc*>(row) : reinterpret_cast<Acc*>(y + o);
    std::fill_n(acc, inner, Acc(0));
    Odometer rows(reduced_groups);
    do add_row(acc, x + outputs.offset() + rows.offset(), inner);
    while (rows.next());
    for (size_t i = 0; i < inner; ++i) y[o + i] = mean<T>(acc[i], count);
    o += inner;
  } while (outputs.next());
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
    std::vector<bool> reduced(rank, axes.empty() && !noop_with_empty_axes_);
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
    std::vector<Group> groups;
    std::vector<bool> group_reduced;
    size_t count = 1, stride = 1;
    for (size_t d = rank; d-- > 0;) {
      const auto extent = static_cast<size_t>(x.dims()[d]);
      if (reduced[d]) count *= extent;
      if (!reduced[d] || keepdims_) y_dims.insert(y_dims.begin(), reduced[d] ? 1 : x.dims()[d]);
      if (extent != 1) {
        if (!groups.empty() && group_reduced.front() == reduced[d]) groups.front().extent *= extent;
        else {
          groups.insert(groups.begin(), Group{extent, stride});
          group_reduced.insert(group_reduced.begin(), reduced[d]);
        }
      }
      stride *= extent;
    }
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, x.dtype(), std::move(y_dims), y));
    if (y->size() == 0) return Status::Ok();
    if (x.size() == 0) {  // every mean is over no elements
      groups.clear();
      group_reduced.clear();
    }
    // Halves whose innermost group is kept add rows in float32 beside the output.
    const bool half = x.dtype() == DType::kFloat16 || x.dtype() == DType::kBFloat16;
    const size_t row_elements = half && !groups.empty() && !group_reduced.back() ? groups.back().extent : 0;
    OW_ASSIGN_OR_RETURN(Tensor row, Tensor::allocate(DType::kFloat32, {static_cast<int64_t>(row_elements)}));
    const auto run = [&](auto element) __attribute__((always_inline)) {
      using T = decltype(element);
      if (x.size() == 0) {
        std::fill_n(y->data<T>(), y->size(), mean<T>(typename Sums<T>::Acc(0), 0));
        return;
      }
      reduce_mean(groups, group_reduced, count, x.data<T>(), y->data<T>(), row.raw_data());
    };
    if (!visit_dtype<float, double, Float16, BFloat16, int32_t, int64_t, uint32_t, uint64_t>(x.dtype(), run))
      return Unsupported(std::string("type ") + dtype_name(x.dtype()));  // excluded by the schema
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

const std::vector<DType> kReduceTypes = {DType::kFloat64, DType::kFloat32, DType::kFloat16, DType::kInt32,
                                         DType::kInt64,   DType::kUint32,  DType::kUint64};

}  // namespace

// 1 and 11 (the axes' range stated) take the axes as an attribute, 13 adds bfloat16, 18 takes the
// axes as an input and adds noop_with_empty_axes.
const OpSchema& reduce_mean_schema() {
  static const std::vector<Param> kInputs1 = {{"data", "T"}};
  static const OpSchema schema{
      .name = "ReduceMean",
      .inputs = {{"data", "T"}, {"axes", "tensor(int64)", Param::Arity::kOptional}},
      .outputs = {{"reduced", "T"}},
      .versions = {{.since_version = 1, .types = type_t(kReduceTypes), .attributes = {"axes", "keepdims"}, .inputs = kInputs1},
                   {.since_version = 11, .types = type_t(kReduceTypes), .attributes = {"axes", "keepdims"}, .inputs = kInputs1},
                   {.since_version = 13, .types = type_t(with(kReduceTypes, {DType::kBFloat16})), .attributes = {"axes", "keepdims"}, .inputs = kInputs1},
                   {.since_version = 18,
                    .types = {{"T", with(kReduceTypes, {DType::kBFloat16})}, {"tensor(int64)", {DType::kInt64}}},
                    .attributes = {"keepdims", "noop_with_empty_axes"}}},
      .make_kernel = make_reduce_mean};
  return schema;
}

}  // namespace ow
