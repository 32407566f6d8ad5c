// AveragePool, versions 1, 7, 10, 11, 19, 22, and GlobalAveragePool, versions 1 and 22 (AveragePool
// with a window of the input's spatial shape). The windows are PoolGeometry's (ops/pool_plan.h, on
// ops/pool_geometry.h's formulas; a version that lacks an attribute uses its default: dilations 1,
// ceil_mode 0, count_include_pad 0; VALID as written there also for version 11, whose text is
// inconsistent); the kernels (kernels/avgpool_*) only loop over the per-axis tables it builds.
// A window wholly in the padding averages nothing: 0 / divisor, which is +0 with count_include_pad and
// 0 / 0 (NaN) without, as the kernels give for such windows inside the box.
#include "ops/average_pool.h"

#include <cstdint>
#include <optional>
#include <string>

#include "kernels/avgpool.h"
#include "ops/families.h"
#include "ops/pool_plan.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

// The average of a window with no tap inside the input, 0 / divisor, as the bits of an element of
// `type`: +0 (no bit set) where the padding counts, else 0 / 0, the quiet NaN.
uint64_t empty_window_average(DType type, bool count_include_pad) {
  if (count_include_pad) return 0;
  switch (type) {
    case DType::kFloat64: return 0x7ff8000000000000;
    case DType::kFloat16: return 0x7e00;
    case DType::kBFloat16: return 0x7fc0;
    default: return 0x7fc00000;  // float32
  }
}

// Pools x with the windows of `geometry` into output 0.
Status pool(const PoolGeometry& geometry, const Tensor& x, Outputs& outputs) {
  const PoolOutput y = {x.dtype(), empty_window_average(x.dtype(), geometry.count_include_pad())};
  const auto workspace_size = [&x](const kernels::AvgPoolPlan& plan) { return kernels::avgpool_workspace_size(plan, x.dtype()); };
  return run_pool(geometry, x, {&y, 1}, outputs, workspace_size,
                  [&x](const kernels::AvgPoolPlan& plan, size_t planes, void* ws, std::span<Tensor*> ys) {
                    const auto run = [&](auto element) __attribute__((always_inline)) {
                      using T = decltype(element);
                      kernels::avgpool(plan, planes, x.data<T>(), ys[0]->data<T>(), ws);
                    };
                    // The schema allows no other type.
                    visit_dtype<float, double, Float16, BFloat16>(x.dtype(), run);
                  });
}

class AveragePoolKernel final : public Kernel {
 public:
  explicit AveragePoolKernel(PoolGeometry geometry) : geometry_(std::move(geometry)) {}

  Status compute(const Inputs& inputs, Outputs& outputs) const override { return pool(geometry_, *inputs[0], outputs); }

 private:
  PoolGeometry geometry_;
};

// GlobalAveragePool: AveragePool with a window of each input's spatial shape.
class GlobalAveragePoolKernel final : public Kernel {
 public:
  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    return pool(PoolGeometry::global(inputs[0]->dims()), *inputs[0], outputs);
  }
};

Result<std::unique_ptr<Kernel>> make_global_average_pool(int /*version*/, const Attributes& /*attrs*/) {
  return std::unique_ptr<Kernel>(new GlobalAveragePoolKernel());
}

// From this version the average may count the padding (count_include_pad).
constexpr int kCountsPaddingFrom = 7;

// AveragePool-1: auto_pad, kernel_shape, pads, strides; 7 adds count_include_pad, 10 ceil_mode, 11
// rewrites the shape text only, 19 adds dilations, 22 bfloat16 (the schema's type list).
Result<PoolGeometry> average_pool_geometry(int version, const Attributes& attrs) {
  return PoolGeometry::parse(attrs, {.dilations = version >= 19, .ceil_mode = version >= 10}, version >= kCountsPaddingFrom);
}

Result<std::unique_ptr<Kernel>> make_average_pool(int version, const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(PoolGeometry geometry, average_pool_geometry(version, attrs));
  return std::unique_ptr<Kernel>(new AveragePoolKernel(std::move(geometry)));
}

constexpr auto kAttributes7 = with(kPoolAttributes1, AttributeSpec{"count_include_pad", AttrKind::kFlag, "0"});
constexpr auto kAttributes10 = with(kAttributes7, kCeilMode);
constexpr auto kAttributes19 = with(kAttributes10, kPoolDilations);

// 7 adds count_include_pad, 10 ceil_mode, 11 rewrites the shape text only, 19 adds dilations, 22 bfloat16.
constexpr OpVersion kAveragePoolVersions[] = {{.since_version = 1, .types = type_t<kFloatTypes>, .attributes = kPoolAttributes1},
                                              {.since_version = 7, .types = type_t<kFloatTypes>, .attributes = kAttributes7},
                                              {.since_version = 10, .types = type_t<kFloatTypes>, .attributes = kAttributes10},
                                              {.since_version = 11, .types = type_t<kFloatTypes>, .attributes = kAttributes10},
                                              {.since_version = 19, .types = type_t<kFloatTypes>, .attributes = kAttributes19},
                                              {.since_version = 22, .types = type_t<kFloatTypesBf16>, .attributes = kAttributes19}};

// 22 adds bfloat16.
constexpr OpVersion kGlobalAveragePoolVersions[] = {{.since_version = 1, .types = type_t<kFloatTypes>, .attributes = {}},
                                                    {.since_version = 22, .types = type_t<kFloatTypesBf16>, .attributes = {}}};

}  // namespace

std::optional<AveragePoolWindow> average_pool_window(const PreparedOp& pool, const Attributes& attrs) {
  const int version = pool.version().since_version;
  if (&pool.schema() != &kAveragePoolSchema || version < kCountsPaddingFrom) return std::nullopt;
  Result<PoolGeometry> geometry = average_pool_geometry(version, attrs);
  if (!geometry.ok()) return std::nullopt;
  return AveragePoolWindow{geometry.value().window(), geometry.value().count_include_pad()};
}

Result<PreparedOp> average_pool_counting_pads(const PreparedOp& pool, const Attributes& attrs, const std::vector<int64_t>& pads) {
  Attributes counting = attrs;
  counting.set("pads", AttributeValue::Ints(pads));
  counting.set("count_include_pad", AttributeValue::Int(1));
  return PreparedOp::create(pool.schema().name, pool.version().since_version, counting);
}

constexpr OpSchema kAveragePoolSchema{.name = "AveragePool",
                                      .inputs = kUnaryInputs,
                                      .outputs = kUnaryOutputs,
                                      .versions = kAveragePoolVersions,
                                      .make_kernel = make_average_pool,
                                      .independent_planes = true};

constexpr OpSchema kGlobalAveragePoolSchema{.name = "GlobalAveragePool",
                                            .inputs = kUnaryInputs,
                                            .outputs = kUnaryOutputs,
                                            .versions = kGlobalAveragePoolVersions,
                                            .make_kernel = make_global_average_pool,
                                            .independent_planes = true};

}  // namespace ow
