// Split, versions 1, 2, 11, 13 and 18: the input cut along `axis` into consecutive parts, one output
// each. The parts' lengths come from `split` (version 1: the attribute or an optional input of T; 2 and
// 11: the attribute; 13 and 18: an optional int64 input), each at least 0 and summing to the axis;
// version 18's `num_outputs` instead cuts parts of ceil(dim / num_outputs), the last one smaller. With
// neither, the node's outputs share the axis equally (an error where it does not divide), as ONNX
// states; ops.* is a node of options.outputCount outputs (default one). 11 states negative axes
// (accepted in every version, as onnxruntime does); 13 adds bfloat16. Each part is a strided copy
// (kernels/strided.h), or in a session a view of the input where the parts are contiguous in it
// (contiguous_parts).
#include <string>
#include <type_traits>

#include "core/half.h"
#include "kernels/strided.h"
#include "ops/families.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

class SplitKernel final : public Kernel {
 public:
  SplitKernel(int version, int64_t axis, std::vector<int64_t> split, bool has_split, int64_t num_outputs)
      : version_(version), axis_(axis), split_(std::move(split)), has_split_(has_split), num_outputs_(num_outputs) {}

  void set_output_count(size_t count) override { wanted_ = count; }

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor& x = *inputs[0];
    OW_ASSIGN_OR_RETURN(const size_t axis, checked_axis(x));
    const int64_t dim = x.dims()[axis];
    OW_ASSIGN_OR_RETURN(const std::vector<int64_t> lengths, checked_part_lengths(inputs, dim));

    size_t outer = 1, inner = 1;
    for (size_t d = 0; d < axis; ++d) outer *= static_cast<size_t>(x.dims()[d]);
    for (size_t d = axis + 1; d < x.rank(); ++d) inner *= static_cast<size_t>(x.dims()[d]);
    const size_t element = dtype_size(x.dtype());
    const auto* from = static_cast<const unsigned char*>(x.raw_data());
    for (size_t j = 0; j < lengths.size(); ++j) {
      Dims dims = x.dims();
      dims[axis] = lengths[j];
      Tensor* y;
      OW_RETURN_IF_ERROR(output_tensor(outputs, j, x.dtype(), std::move(dims), y));
      const size_t row = static_cast<size_t>(lengths[j]) * inner;
      // Each of the outer blocks holds this part's row of `row` elements, `dim * inner` apart.
      if (y->size() != 0)
        kernels::strided_copy({{outer, {static_cast<ptrdiff_t>(static_cast<size_t>(dim) * inner)}}, {row, {1}}}, element, from, y->raw_data());
      from += row * element;
    }
    return Status::Ok();
  }

  // The parts are contiguous ranges of x when the axes before `axis` have one element between them
  // (or x has none).
  bool selects_parts() const override { return true; }
  Result<bool> contiguous_parts(const Inputs& inputs, std::vector<Part>& parts) const override {
    const Tensor& x = *inputs[0];
    OW_ASSIGN_OR_RETURN(const size_t axis, checked_axis(x));
    OW_ASSIGN_OR_RETURN(const std::vector<int64_t> lengths, checked_part_lengths(inputs, x.dims()[axis]));
    size_t outer = 1, inner = 1;
    for (size_t d = 0; d < axis; ++d) outer *= static_cast<size_t>(x.dims()[d]);
    for (size_t d = axis + 1; d < x.rank(); ++d) inner *= static_cast<size_t>(x.dims()[d]);
    if (outer > 1 && x.size() != 0) return false;
    parts.resize(lengths.size());
    size_t offset = 0;
    for (size_t j = 0; j < lengths.size(); ++j) {
      parts[j].offset = x.size() == 0 ? 0 : offset;
      parts[j].dims.assign(x.dims().begin(), x.dims().end());
      parts[j].dims[axis] = lengths[j];
      offset += static_cast<size_t>(lengths[j]) * inner;
    }
    return true;
  }

 private:
  Result<size_t> checked_axis(const Tensor& x) const {
    const auto r = static_cast<int64_t>(x.rank());
    if (axis_ < -r || axis_ >= r)
      return InvalidArgument("attribute 'axis' is " + std::to_string(axis_) + ", outside [" + std::to_string(-r) + ", " + std::to_string(r - 1) +
                             "] for input 'input' of shape " + dims_to_string(x.dims()));
    return static_cast<size_t>(axis_ < 0 ? axis_ + r : axis_);
  }

  // part_lengths(), and at least as many parts as the node has outputs.
  Result<std::vector<int64_t>> checked_part_lengths(const Inputs& inputs, int64_t dim) const {
    OW_ASSIGN_OR_RETURN(std::vector<int64_t> lengths, part_lengths(inputs, dim));
    if (lengths.size() < wanted_)
      return InvalidArgument("the node names " + std::to_string(wanted_) + " outputs but the split makes " + std::to_string(lengths.size()));
    return lengths;
  }

  // The parts' lengths, checked against the axis's `dim`.
  Result<std::vector<int64_t>> part_lengths(const Inputs& inputs, int64_t dim) const {
    const Tensor* split_input = inputs.size() > 1 ? inputs[1] : nullptr;
    if (split_input != nullptr) {
      if (split_input->rank() != 1)
        return InvalidArgument("input 'split' must be 1-D, got shape " + dims_to_string(split_input->dims()));
      if (version_ == 1 && has_split_) return InvalidArgument("input 'split' and attribute 'split' are both given; give one");
      if (num_outputs_ > 0) return InvalidArgument("input 'split' and attribute 'num_outputs' are both given; give one");
      OW_ASSIGN_OR_RETURN(std::vector<int64_t> lengths, input_lengths(*split_input));
      return checked_lengths(std::move(lengths), "input 'split'", dim);
    }
    if (has_split_) return checked_lengths(split_, "attribute 'split'", dim);
    if (num_outputs_ > 0) {
      // ceil(dim / n) each, the last what remains: as ONNX's reference computes it.
      const int64_t n = num_outputs_;
      const int64_t each = dim / n + (dim % n != 0 ? 1 : 0);
      if (each * (n - 1) > dim)
        return InvalidArgument("attribute 'num_outputs' is " + std::to_string(n) + " but the axis has " + std::to_string(dim) + " elements: parts of " +
                               std::to_string(each) + " leave none for the last");
      std::vector<int64_t> lengths(static_cast<size_t>(n), each);
      lengths.back() = dim - each * (n - 1);
      return lengths;
    }
    const auto n = static_cast<int64_t>(wanted_);
    if (dim % n != 0)
      return InvalidArgument("the axis has " + std::to_string(dim) + " elements, which " + std::to_string(n) +
                             " outputs cannot share equally; give 'split'" + (version_ >= 18 ? " or 'num_outputs'" : ""));
    return std::vector<int64_t>(static_cast<size_t>(n), dim / n);
  }

  // Version 1's split input is of T (a float type): whole values; 13's is int64.
  static Result<std::vector<int64_t>> input_lengths(const Tensor& t) {
    std::vector<int64_t> lengths(t.size());
    if (t.dtype() == DType::kInt64) {
      for (size_t i = 0; i < lengths.size(); ++i) lengths[i] = t.data<int64_t>()[i];
      return lengths;
    }
    Status status = Status::Ok();
    visit_dtype<float, double, Float16>(t.dtype(), [&](auto element) __attribute__((always_inline)) {
      using T = decltype(element);
      for (size_t i = 0; i < lengths.size() && status.ok(); ++i) {
        double v;
        if constexpr (std::is_same_v<T, Float16>) v = to_f32(t.data<T>()[i]);
        else v = static_cast<double>(t.data<T>()[i]);
        if (!(v >= 0 && v <= 9007199254740992.0) || v != static_cast<double>(static_cast<int64_t>(v)))
          status = InvalidArgument("input 'split' holds " + std::to_string(v) + " at position " + std::to_string(i) + "; lengths are whole numbers");
        else lengths[i] = static_cast<int64_t>(v);
      }
    });
    if (!status.ok()) return status;
    return lengths;
  }

  static Result<std::vector<int64_t>> checked_lengths(std::vector<int64_t> lengths, const char* source, int64_t dim) {
    if (lengths.empty()) return InvalidArgument(std::string(source) + " is empty; it needs one length per output");
    int64_t sum = 0;
    for (size_t i = 0; i < lengths.size(); ++i) {
      if (lengths[i] < 0 || lengths[i] > dim - sum)
        return InvalidArgument(std::string(source) + " " + dims_to_string(lengths) + (lengths[i] < 0 ? " has a negative length" : " sums to more than") +
                               " the axis's " + std::to_string(dim) + " elements");
      sum += lengths[i];
    }
    if (sum != dim)
      return InvalidArgument(std::string(source) + " " + dims_to_string(lengths) + " sums to " + std::to_string(sum) + ", not the axis's " +
                             std::to_string(dim) + " elements");
    return lengths;
  }

  int version_;
  int64_t axis_;
  std::vector<int64_t> split_;  // the attribute's, versions 1 to 11
  bool has_split_;
  int64_t num_outputs_;  // version 18's, 0 when not given
  size_t wanted_ = 1;
};

Result<std::unique_ptr<Kernel>> make_split(int version, const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(const int64_t axis, attrs.get_int("axis", 0));
  bool has_split = false;
  std::vector<int64_t> split;
  if (version < 13) {
    OW_ASSIGN_OR_RETURN(split, attrs.get_ints("split", &has_split));
  }
  int64_t num_outputs = 0;
  if (version >= 18 && attrs.has("num_outputs")) {
    OW_ASSIGN_OR_RETURN(num_outputs, attrs.get_int("num_outputs", 0));
    if (num_outputs < 1) return InvalidArgument("attribute 'num_outputs' is " + std::to_string(num_outputs) + "; it must be at least 1");
  }
  return std::unique_ptr<Kernel>(new SplitKernel(version, axis, std::move(split), has_split, num_outputs));
}

constexpr std::array<AttributeSpec, 1> kAttributes13 = {{{"axis", AttrKind::kInt, "0"}}};
constexpr auto kAttributes1 = with(kAttributes13, AttributeSpec{"split", AttrKind::kInts, "equal parts"});
constexpr auto kAttributes18 = with(kAttributes13, AttributeSpec{"num_outputs", AttrKind::kInt});
constexpr Param kInputs1[] = {{"input", "T"}, {"split", "T", Param::Arity::kOptional}};
constexpr Param kInputs2[] = {{"input", "T"}};
constexpr TypeConstraint kTypes13[] = {{"T", kAnyTypes}, {"tensor(int64)", kInt64Type}};
constexpr OpVersion kVersions[] = {
    {.since_version = 1, .types = type_t<kFloatTypes>, .attributes = kAttributes1, .inputs = kInputs1},
    {.since_version = 2, .types = type_t<kAnyTypesNoBf16>, .attributes = kAttributes1, .inputs = kInputs2},
    {.since_version = 11, .types = type_t<kAnyTypesNoBf16>, .attributes = kAttributes1, .inputs = kInputs2},
    {.since_version = 13, .types = kTypes13, .attributes = kAttributes13},
    {.since_version = 18, .types = kTypes13, .attributes = kAttributes18}};
constexpr Param kInputs[] = {{"input", "T"}, {"split", "tensor(int64)", Param::Arity::kOptional}};
constexpr Param kOutputs[] = {{"outputs", "T", Param::Arity::kVariadic}};

}  // namespace

constexpr OpSchema kSplitSchema{.name = "Split", .inputs = kInputs, .outputs = kOutputs, .versions = kVersions, .make_kernel = make_split};

}  // namespace ow
