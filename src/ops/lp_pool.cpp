// LpPool, versions 1, 2, 11, 18, 22, and GlobalLpPool, versions 1, 2, 22 (LpPool with a window of the
// input's spatial shape): each window's p-norm, (sum |x|^p)^(1/p) over its taps inside the input (the
// padding adds nothing; a window wholly in it gives 0). The windows are PoolGeometry's (ops/pool_plan.h),
// as AveragePool's and MaxPool's: LpPool-1 takes auto_pad, kernel_shape, pads, strides, 18 adds
// ceil_mode and dilations. Version 1's p is a float (default 2), 2's an int (default 2); 22 adds
// bfloat16. float64 computes in float64, the others in float32 (float16 and bfloat16 rounded once).
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "kernels/convert_half.h"
#include "kernels/lppool.h"
#include "ops/families.h"
#include "ops/pool_plan.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

class LpPoolKernel final : public Kernel {
 public:
  LpPoolKernel(std::optional<PoolGeometry> geometry, double p) : geometry_(std::move(geometry)), p_(p) {}

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor& x = *inputs[0];
    const PoolGeometry geometry = geometry_ ? *geometry_ : PoolGeometry::global(x.dims());  // GlobalLpPool's: the whole input
    const PoolOutput y = {x.dtype(), 0};                                                     // +0, the norm of no taps
    const auto no_workspace = [](const kernels::AvgPoolPlan&) { return uint64_t{0}; };
    return run_pool(geometry, x, {&y, 1}, outputs, no_workspace,
                    [&](const kernels::AvgPoolPlan& plan, size_t planes, void*, std::span<Tensor*> ys) {
                      const auto run = [&](auto storage) __attribute__((always_inline)) {
                        using S = decltype(storage);
                        if constexpr (std::is_same_v<S, float> || std::is_same_v<S, double>) {
                          kernels::lppool(plan, planes, x.data<S>(), ys[0]->data<S>(), static_cast<S>(p_));
                        } else {  // float16, bfloat16: in float32, the box rounded once into the output
                          std::vector<float> xf(x.size()), yf(planes * plan.output_plane);
                          kernels::half_to_f32(x.data<S>(), xf.data(), xf.size());
                          kernels::lppool(plan, planes, xf.data(), yf.data(), static_cast<float>(p_));
                          kernels::f32_to_half(yf.data(), ys[0]->data<S>(), yf.size());
                        }
                      };
                      visit_dtype<float, double, Float16, BFloat16>(x.dtype(), run);  // the schema allows no other type
                    });
  }

 private:
  std::optional<PoolGeometry> geometry_;  // none: GlobalLpPool
  double p_;
};

// p: version 1's a float, later ones an int; positive.
Result<double> norm_order(int version, const Attributes& attrs) {
  double p = 2;
  if (version == 1) {
    OW_ASSIGN_OR_RETURN(p, attrs.get_float("p", 2.0));
  } else {
    OW_ASSIGN_OR_RETURN(int64_t order, attrs.get_int("p", 2));
    if (order > INT32_MAX) return InvalidArgument("attribute 'p' is too large: " + std::to_string(order));
    p = static_cast<double>(order);
  }
  if (!(p > 0)) return InvalidArgument("attribute 'p' must be positive, got " + std::to_string(p));
  return p;
}

Result<std::unique_ptr<Kernel>> make_lp_pool(int version, const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(PoolGeometry geometry, PoolGeometry::parse(attrs, {.dilations = version >= 18, .ceil_mode = version >= 18}, false));
  OW_ASSIGN_OR_RETURN(double p, norm_order(version, attrs));
  return std::unique_ptr<Kernel>(new LpPoolKernel(std::move(geometry), p));
}

Result<std::unique_ptr<Kernel>> make_global_lp_pool(int version, const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(double p, norm_order(version, attrs));
  return std::unique_ptr<Kernel>(new LpPoolKernel(std::nullopt, p));
}

constexpr AttributeSpec kFloatP{"p", AttrKind::kFloat, "2"};
constexpr AttributeSpec kIntP{"p", AttrKind::kInt, "2"};
constexpr auto kAttributes1 = with(kPoolAttributes1, kFloatP);
constexpr auto kAttributes2 = with(kPoolAttributes1, kIntP);
constexpr auto kAttributes18 = with(kAttributes2, kCeilMode, kPoolDilations);
constexpr AttributeSpec kGlobalAttributes1[] = {kFloatP};
constexpr AttributeSpec kGlobalAttributes2[] = {kIntP};

// 2 makes p an int, 11 rewrites the shape text only, 18 adds ceil_mode and dilations, 22 bfloat16.
constexpr OpVersion kLpPoolVersions[] = {{.since_version = 1, .types = type_t<kFloatTypes>, .attributes = kAttributes1},
                                         {.since_version = 2, .types = type_t<kFloatTypes>, .attributes = kAttributes2},
                                         {.since_version = 11, .types = type_t<kFloatTypes>, .attributes = kAttributes2},
                                         {.since_version = 18, .types = type_t<kFloatTypes>, .attributes = kAttributes18},
                                         {.since_version = 22, .types = type_t<kFloatTypesBf16>, .attributes = kAttributes18}};
constexpr OpVersion kGlobalLpPoolVersions[] = {{.since_version = 1, .types = type_t<kFloatTypes>, .attributes = kGlobalAttributes1},
                                               {.since_version = 2, .types = type_t<kFloatTypes>, .attributes = kGlobalAttributes2},
                                               {.since_version = 22, .types = type_t<kFloatTypesBf16>, .attributes = kGlobalAttributes2}};

}  // namespace

constexpr OpSchema kLpPoolSchema{.name = "LpPool",
                                 .inputs = kUnaryInputs,
                                 .outputs = kUnaryOutputs,
                                 .versions = kLpPoolVersions,
                                 .make_kernel = make_lp_pool,
                                 .independent_planes = true};

constexpr OpSchema kGlobalLpPoolSchema{.name = "GlobalLpPool",
                                       .inputs = kUnaryInputs,
                                       .outputs = kUnaryOutputs,
                                       .versions = kGlobalLpPoolVersions,
                                       .make_kernel = make_global_lp_pool,
                                       .independent_planes = true};

}  // namespace ow
