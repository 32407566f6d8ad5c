// AveragePool, versions 1, 7, 10, 11, 19, 22, and GlobalAveragePool, versions 1 and 22 (AveragePool
// with a window of the input's spatial shape). PoolGeometry is the one place that reads the window
// attributes of every version, checks them, and resolves padding and the output shape for an input;
// the kernels (kernels/avgpool_*) only loop over the per-axis tables it builds.
//
// Only the outputs whose windows reach into the input are planned and pooled: along each axis they are
// one run (the box), and the windows before and after it lie wholly in the padding. Those average
// nothing: 0 / divisor, which is +0 with count_include_pad and 0 / 0 (NaN) without, as the kernels give
// for such windows inside the box. Of the box, only the windows partly outside the input need a table
// (those inside it are o * stride + origin): so the tables follow the window's extent over the stride
// and the workspace the input, not the padding. A one-element input with pads [0, 165e6] pools one
// output and fills the rest.
//
// Every version uses the formulas of ops/pool_geometry.h (a version that lacks an attribute uses its
// default: dilations 1, ceil_mode 0, count_include_pad 0; VALID as written there also for version 11,
// whose text is inconsistent).
// The divisor counts the window's taps inside the input, or with count_include_pad inside the input
// plus its padding (explicit or computed by SAME); taps in a ceil_mode overhang past the end padding
// never count.
#include <algorithm>
#include <cstdint>
#include <string>

#include "kernels/avgpool.h"
#include "ops/families.h"
#include "ops/pool_geometry.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

// Padding and output size along one spatial axis. Outputs [reaching_begin, reaching_end) have windows
// that reach into the input (their span overlaps it; with dilations their taps may still miss it), and
// among them [full_begin, full_end) windows inside it (every tap).
struct AxisWindow : AxisPadding {
  int64_t reaching_begin = 0;
  int64_t reaching_end = 0;
  int64_t full_begin = 0;
  int64_t full_end = 0;

  // The outputs that take a table entry: those that reach into the input without being inside it.
  int64_t partial() const { return reaching_end - reaching_begin - (full_end - full_begin); }
};

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

// The window attributes of one AveragePool node, checked, and what they mean for an input shape.
class PoolGeometry {
 public:
  static Result<PoolGeometry> parse(int version, const Attributes& attrs) {
    PoolGeometry g;
    // AveragePool-1: auto_pad, kernel_shape, pads, strides; 10 adds ceil_mode, 11 rewrites the shape
    // text only, 19 adds dilations, 22 bfloat16 (the schema's type list).
    OW_ASSIGN_OR_RETURN(g.window_, WindowAttributes::parse(attrs, {.dilations = version >= 19, .ceil_mode = version >= 10}));
    // AveragePool-7 adds count_include_pad.
    if (version >= 7) {
      OW_ASSIGN_OR_RETURN(g.count_include_pad_, flag_attribute(attrs, "count_include_pad"));
    }
    return g;
  }

  // GlobalAveragePool's window for an input of shape x_dims (rank 3 or more): each spatial axis whole.
  // An axis of size 0 gives windows with no taps, which average to NaN as AveragePool's do.
  static PoolGeometry global(const Dims& x_dims) {
    PoolGeometry g;
    g.window_ = WindowAttributes::whole(x_dims.size() > 2 ? Dims(x_dims.begin() + 2, x_dims.end()) : Dims{});
    return g;
  }

  // Padding and output size of every spatial axis of an input of shape x_dims.
  Result<std::vector<AxisWindow>> resolve(const Dims& x_dims) const {
    OW_ASSIGN_OR_RETURN(std::vector<AxisPadding> axes, window_.resolve(x_dims));
    std::vector<AxisWindow> windows;
    for (size_t i = 0; i < axes.size(); ++i) windows.push_back(window(i, x_dims[i + 2], axes[i]));
    return windows;
  }

  bool count_include_pad() const { return count_include_pad_; }

  // Bytes of the kernels' tables for `windows`: an index and two counts per partial output on each axis.
  static uint64_t table_bytes(const std::vector<AxisWindow>& windows) {
    uint64_t entries = 0;
    for (const AxisWindow& w : windows) entries += static_cast<uint64_t>(w.partial());
    return entries * (sizeof(size_t) + 2 * sizeof(uint32_t));
  }

  // The kernels' plan of the reaching outputs (some on every axis) of an input of shape x_dims, resolved
  // as `windows`, with its tables in `tables` (of table_bytes(windows), allocated by the caller).
  kernels::AvgPoolPlan plan(const Dims& x_dims, const std::vector<AxisWindow>& windows, Tensor& tables) const {
    kernels::AvgPoolPlan plan;
    plan.input_plane = plan.output_plane = 1;
    size_t entries = 0;
    for (const AxisWindow& w : windows) entries += static_cast<size_t>(w.partial());
    // Every index first (size_t, the widest), then every count: each array stays aligned.
    auto* first = tables.data<size_t>();
    auto* counts = reinterpret_cast<uint32_t*>(first + entries);
    for (size_t i = 0; i < windows.size(); ++i) {
      const int64_t in = x_dims[i + 2], k = window_.kernel()[i], s = window_.strides()[i], d = window_.dilations()[i];
      const AxisWindow& w = windows[i];
      kernels::AvgPoolAxis ax;
      ax.input_size = static_cast<size_t>(in);
      ax.output_size = static_cast<size_t>(w.reaching_end - w.reaching_begin);
      ax.stride = static_cast<size_t>(s);
      ax.dilation = static_cast<size_t>(d);
      ax.kernel = static_cast<size_t>(k);
      // Planned output o is output reaching_begin + o, whose window starts at o * s + origin. The
      // origin is -pad_begin, or past it but at most s - e, where the window before the first
      // reaching one ends before 0.
      const int64_t origin = w.reaching_begin * s - w.pad_begin;
      ax.full_origin = static_cast<ptrdiff_t>(origin);
      ax.full_begin = static_cast<size_t>(w.full_begin - w.reaching_begin);
      ax.full_end = static_cast<size_t>(w.full_end - w.reaching_begin);
      ax.first = first;
      ax.taps = counts;
      ax.divisor = counts + entries;
      first += w.partial();
      counts += w.partial();
      // The windows partly outside the input, in table order.
      for (size_t e = 0; e < static_cast<size_t>(w.partial()); ++e) {
        const size_t o = e < ax.full_begin ? e : e + (ax.full_end - ax.full_begin);
        // Taps are at start + t * d for t < k; start >= -pad_begin always.
        const int64_t start = static_cast<int64_t>(o) * s + origin;
        const int64_t lo = start >= 0 ? 0 : ceil_div(-start, d);
        const int64_t hi = start < in ? std::min(k, floor_div(in - 1 - start, d) + 1) : 0;
        const int64_t taps = std::max<int64_t>(0, hi - lo);
        const int64_t padded_end = in + w.pad_end;
        const int64_t padded_taps = start < padded_end ? std::min(k, ceil_div(padded_end - start, d)) : 0;
        ax.first[e] = taps ? static_cast<size_t>(start + lo * d) : 0;
        ax.taps[e] = static_cast<uint32_t>(taps);
        ax.divisor[e] = static_cast<uint32_t>(count_include_pad_ ? padded_taps : taps);
      }
      plan.input_plane *= ax.input_size;
      plan.output_plane *= ax.output_size;
      plan.axes.push_back(std::move(ax));
    }
    // Trailing axes whose one window is the whole axis (global pooling) average one contiguous block:
    // as one axis, the kernels sum it in a single pass rather than row by row.
    auto whole = [](const kernels::AvgPoolAxis& ax) { return ax.output_size == 1 && ax.full_end == 1 && ax.kernel == ax.input_size; };
    while (plan.axes.size() >= 2 && whole(plan.axes.back()) && whole(plan.axes[plan.axes.size() - 2])) {
      const size_t inner = plan.axes.back().input_size;
      plan.axes.pop_back();
      kernels::AvgPoolAxis& ax = plan.axes.back();
      ax.input_size = ax.kernel = ax.input_size * inner;
      ax.stride = ax.dilation = 1;
    }
    return plan;
  }

 private:
  // The outputs of spatial axis i, of input size `in` and padding `p`, that reach into the input.
  AxisWindow window(size_t i, int64_t in, const AxisPadding& p) const {
    const int64_t s = window_.strides()[i];
    const int64_t extent = (window_.kernel()[i] - 1) * window_.dilations()[i] + 1;
    AxisWindow w;
    static_cast<AxisPadding&>(w) = p;
    // The first window that reaches the input ends at or after 0; the last starts before in.
    w.reaching_begin = std::max<int64_t>(0, ceil_div(w.pad_begin - extent + 1, s));
    w.reaching_end = std::min(w.output, floor_div(in - 1 + w.pad_begin, s) + 1);
    if (in == 0 || w.reaching_end <= w.reaching_begin) w.reaching_begin = w.reaching_end = 0;
    // The first window inside the input starts at or after 0; the last ends before in.
    w.full_begin = ceil_div(w.pad_begin, s);
    w.full_end = std::min(w.output, floor_div(in - extent + w.pad_begin, s) + 1);
    // (None where the input is empty, though GlobalAveragePool's window of extent 0 would fit.)
    if (w.full_end <= w.full_begin || in == 0) w.full_begin = w.full_end = w.reaching_begin;
    return w;
  }

  WindowAttributes window_;
  bool count_include_pad_ = false;
};

// Pools x with the windows of `geometry` into output 0.
Status pool(const PoolGeometry& geometry, const Tensor& x, Outputs& outputs) {
  OW_ASSIGN_OR_RETURN(std::vector<AxisWindow> windows, geometry.resolve(x.dims()));
  Dims y_dims = {x.dims()[0], x.dims()[1]};
  for (const AxisWindow& w : windows) y_dims.push_back(w.output);
  OW_ASSIGN_OR_RETURN(size_t y_bytes, byte_count(y_dims, dtype_size(x.dtype())));
  const uint64_t table_bytes = y_bytes ? PoolGeometry::table_bytes(windows) : 0;
  // What no memory could hold is refused before it is allocated: the output and the tables before
  // either, the workspace (which the tables tell) before it.
  const auto check = [&](uint64_t workspace_bytes) {
    const uint64_t total = y_bytes + table_bytes + workspace_bytes;
    if (total <= memory_limit()) return Status::Ok();
    const char* with = workspace_bytes ? " with its window tables and workspace" : table_bytes ? " with its window tables" : "";
    return OutOfMemory("output of shape " + dims_to_string(y_dims) + " needs " + std::to_string(total) + " bytes" + with +
                       ", more than the " + std::to_string(memory_limit()) + " a call can have");
  };
  OW_RETURN_IF_ERROR(check(0));
  Tensor* y;
  OW_RETURN_IF_ERROR(output_tensor(outputs, 0, x.dtype(), y_dims, y));
  if (y_bytes == 0) return Status::Ok();
  // The box of reaching outputs, the planes as its first axis: pooled compactly at y's start (unless
  // some axis has none), then spread over y where it is not all of it.
  const size_t planes = static_cast<size_t>(x.dims()[0] * x.dims()[1]);
  std::vector<kernels::AvgPoolBoxAxis> box(windows.size() + 1);
  box[0] = {planes, 0, planes};
  bool reaching = true, spread = false;
  for (size_t i = 0; i < windows.size(); ++i) {
    const AxisWindow& w = windows[i];
    box[i + 1] = {static_cast<size_t>(w.output), static_cast<size_t>(w.reaching_begin), static_cast<size_t>(w.reaching_end)};
    reaching = reaching && w.reaching_end > w.reaching_begin;
    spread = spread || w.reaching_begin != 0 || w.reaching_end != w.output;
  }
  if (reaching) {
    // Their errors name the bytes: "cannot allocate N bytes for a tensor of shape [N]".
    OW_ASSIGN_OR_RETURN(Tensor tables, Tensor::allocate(DType::kUint8, {static_cast<int64_t>(table_bytes)}));
    const kernels::AvgPoolPlan plan = geometry.plan(x.dims(), windows, tables);
    const uint64_t workspace_bytes = kernels::avgpool_workspace_size(plan, x.dtype());
    OW_RETURN_IF_ERROR(check(workspace_bytes));
    OW_ASSIGN_OR_RETURN(Tensor workspace, Tensor::allocate(DType::kUint8, {static_cast<int64_t>(workspace_bytes)}));
    void* ws = workspace.raw_data();
    const auto run = [&](auto element) __attribute__((always_inline)) {
      using T = decltype(element);
      kernels::avgpool(plan, planes, x.data<T>(), y->data<T>(), ws);
    };
    if (!visit_dtype<float, double, Float16, BFloat16>(x.dtype(), run))
      return Unsupported(std::string("type ") + dtype_name(x.dtype()));  // excluded by the schema
  }
  if (spread)
    kernels::avgpool_spread(box, dtype_size(x.dtype()), empty_window_average(x.dtype(), geometry.count_include_pad()), y->raw_data());
  return Status::Ok();
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

Result<std::unique_ptr<Kernel>> make_average_pool(int version, const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(PoolGeometry geometry, PoolGeometry::parse(version, attrs));
  return std::unique_ptr<Kernel>(new AveragePoolKernel(std::move(geometry)));
}

constexpr std::array<std::string_view, 4> kAttributes1 = {"auto_pad", "kernel_shape", "pads", "strides"};
constexpr auto kAttributes7 = with(kAttributes1, "count_include_pad");
constexpr auto kAttributes10 = with(kAttributes7, "ceil_mode");
constexpr auto kAttributes19 = with(kAttributes10, "dilations");

// 7 adds count_include_pad, 10 ceil_mode, 11 rewrites the shape text only, 19 adds dilations, 22 bfloat16.
constexpr OpVersion kAveragePoolVersions[] = {{.since_version = 1, .types = type_t<kFloatTypes>, .attributes = kAttributes1},
                                              {.since_version = 7, .types = type_t<kFloatTypes>, .attributes = kAttributes7},
                                              {.since_version = 10, .types = type_t<kFloatTypes>, .attributes = kAttributes10},
                                              {.since_version = 11, .types = type_t<kFloatTypes>, .attributes = kAttributes10},
                                              {.since_version = 19, .types = type_t<kFloatTypes>, .attributes = kAttributes19},
                                              {.since_version = 22, .types = type_t<kFloatTypesBf16>, .attributes = kAttributes19}};

// 22 adds bfloat16.
constexpr OpVersion kGlobalAveragePoolVersions[] = {{.since_version = 1, .types = type_t<kFloatTypes>, .attributes = {}},
                                                    {.since_version = 22, .types = type_t<kFloatTypesBf16>, .attributes = {}}};

}  // namespace

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
