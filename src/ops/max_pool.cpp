// MaxPool, versions 1, 8, 10, 11, 12, 22, and GlobalMaxPool, versions 1 and 22 (MaxPool with a window
// of the input's spatial shape). The windows are AveragePool's (ops/pool_plan.h on ops/pool_geometry.h);
// the kernels (kernels/maxpool_*) loop over the same per-axis tables.
//
// The maximum ranks NaN above every number and +0 above -0 (kernels/maxpool.h), so the order of a
// window's taps never matters. A window without taps inside the input (wholly in the padding, or
// missing it with dilations) gives -inf, or the lowest integer (onnxruntime gives the lowest finite
// value for floats too), and Indices -1.
//
// Indices (from version 8, computed only where the node names it) are offsets in X: planes included,
// of the first tap in row-major window order that holds the maximum, within the plane in row-major
// order (storage_order 0) or column-major (1, the first spatial axis fastest).
#include <cstdint>
#include <string>

#include "kernels/maxpool.h"
#include "ops/families.h"
#include "ops/pool_plan.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

// The bits of the value of a window without taps, of an element of `type`.
uint64_t empty_window_max(DType type) {
  switch (type) {
    case DType::kFloat64: return 0xfff0000000000000;
    case DType::kFloat16: return 0xfc00;
    case DType::kBFloat16: return 0xff80;
    case DType::kInt8: return 0x80;
    case DType::kUint8: return 0;
    default: return 0xff800000;  // float32
  }
}

constexpr uint64_t kNoIndex = ~uint64_t{0};  // -1 as int64

class MaxPoolKernel final : public Kernel {
 public:
  MaxPoolKernel(PoolGeometry geometry, bool column_major, bool global)
      : geometry_(std::move(geometry)), column_major_(column_major), global_(global) {}

  void set_output_count(size_t count) override { indices_ = count > 1; }

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor& x = *inputs[0];
    const PoolGeometry geometry = global_ ? PoolGeometry::global(x.dims()) : geometry_;
    const PoolOutput outs[] = {{x.dtype(), empty_window_max(x.dtype())}, {DType::kInt64, kNoIndex}};
    const bool indices = indices_;
    const auto workspace_size = [&](const kernels::AvgPoolPlan& plan) { return kernels::maxpool_workspace_size(plan, x.dtype(), indices); };
    return run_pool(geometry, x, {outs, indices ? 2u : 1u}, outputs, workspace_size,
                    [&](const kernels::AvgPoolPlan& plan, size_t planes, void* ws, std::span<Tensor*> ys) {
                      int64_t* index = indices ? ys[1]->data<int64_t>() : nullptr;
                      const auto run = [&](auto element) __attribute__((always_inline)) {
                        using T = decltype(element);
                        kernels::maxpool(plan, planes, x.data<T>(), ys[0]->data<T>(), index, ws);
                      };
                      // The schema allows no other type.
                      visit_dtype<float, double, Float16, BFloat16, int8_t, uint8_t>(x.dtype(), run);
                      if (index && column_major_)
                        kernels::maxpool_indices_to_column_major({x.dims().data() + 2, x.rank() - 2}, index, planes * plan.output_plane);
                    });
  }

 private:
  PoolGeometry geometry_;
  bool column_major_;
  bool global_;
  bool indices_ = false;
};

Result<std::unique_ptr<Kernel>> make_max_pool(int version, const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(PoolGeometry geometry, PoolGeometry::parse(attrs, {.dilations = version >= 10, .ceil_mode = version >= 10}, false));
  OW_ASSIGN_OR_RETURN(int64_t storage_order, attrs.get_int("storage_order", 0));
  if (storage_order != 0 && storage_order != 1)
    return InvalidArgument("attribute 'storage_order' must be 0 (row major) or 1 (column major), got " + std::to_string(storage_order));
  return std::unique_ptr<Kernel>(new MaxPoolKernel(std::move(geometry), storage_order == 1, false));
}

Result<std::unique_ptr<Kernel>> make_global_max_pool(int /*version*/, const Attributes& /*attrs*/) {
  return std::unique_ptr<Kernel>(new MaxPoolKernel(PoolGeometry::global({}), false, true));
}

constexpr auto kAttributes8 = with(kPoolAttributes1, AttributeSpec{"storage_order", AttrKind::kFlag, "0"});
constexpr auto kAttributes10 = with(kAttributes8, kCeilMode, kPoolDilations);

inline constexpr auto kFloatAnd8Bit = with(kFloatTypes, DType::kInt8, DType::kUint8);
inline constexpr auto kFloatAnd8BitBf16 = with(kFloatAnd8Bit, DType::kBFloat16);
constexpr TypeConstraint kTypes8[] = {{"T", kFloatTypes}, {"I", kInt64Type}};
constexpr TypeConstraint kTypes12[] = {{"T", kFloatAnd8Bit}, {"I", kInt64Type}};
constexpr TypeConstraint kTypes22[] = {{"T", kFloatAnd8BitBf16}, {"I", kInt64Type}};
constexpr Param kOutputs8[] = {{"Y", "T"}, {"Indices", "I", Param::Arity::kOptional}};

// 8 adds Indices and storage_order, 10 ceil_mode and dilations, 11 rewrites the shape text only, 12 adds
// int8 and uint8, 22 bfloat16.
constexpr OpVersion kMaxPoolVersions[] = {
    {.since_version = 1, .types = type_t<kFloatTypes>, .attributes = kPoolAttributes1},
    {.since_version = 8, .types = kTypes8, .attributes = kAttributes8, .outputs = kOutputs8},
    {.since_version = 10, .types = kTypes8, .attributes = kAttributes10, .outputs = kOutputs8},
    {.since_version = 11, .types = kTypes8, .attributes = kAttributes10, .outputs = kOutputs8},
    {.since_version = 12, .types = kTypes12, .attributes = kAttributes10, .outputs = kOutputs8},
    {.since_version = 22, .types = kTypes22, .attributes = kAttributes10, .outputs = kOutputs8}};

// 22 adds bfloat16.
constexpr OpVersion kGlobalMaxPoolVersions[] = {{.since_version = 1, .types = type_t<kFloatTypes>, .attributes = {}},
                                                {.since_version = 22, .types = type_t<kFloatTypesBf16>, .attributes = {}}};

}  // namespace

constexpr OpSchema kMaxPoolSchema{.name = "MaxPool",
                                  .inputs = kUnaryInputs,
                                  .outputs = kUnaryOutputs,
                                  .versions = kMaxPoolVersions,
                                  .make_kernel = make_max_pool,
                                  .independent_planes = true};

constexpr OpSchema kGlobalMaxPoolSchema{.name = "GlobalMaxPool",
                                        .inputs = kUnaryInputs,
                                        .outputs = kUnaryOutputs,
                                        .versions = kGlobalMaxPoolVersions,
                                        .make_kernel = make_global_max_pool,
                                        .independent_planes = true};

}  // namespace ow
