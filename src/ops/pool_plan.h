// The plan of a pooling (AveragePool, MaxPool and their global forms) on the window geometry of
// ops/pool_geometry.h, and its run: run_pool allocates the outputs and runs a family's kernels over the
// box of outputs whose windows reach into the input.
//
// Only the outputs whose windows reach into the input are planned and pooled: along each axis they are
// one run (the box), and the windows before and after it lie wholly in the padding. Those pool nothing
// and take the family's empty value. Of the box, only the windows partly outside the input need a
// table (those inside it are o * stride + origin): so the tables follow the window's extent over the
// stride and the workspace the input, not the padding. A one-element input with pads [0, 165e6] pools
// one output and fills the rest.
//
// AveragePool's divisor counts the window's taps inside the input, or with count_include_pad inside the
// input plus its padding (explicit or computed by SAME); taps in a ceil_mode overhang past the end
// padding never count.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "core/attributes.h"
#include "core/tensor.h"
#include "kernels/avgpool.h"
#include "ops/operator.h"
#include "ops/pool_geometry.h"

namespace ow {

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

// The window attributes of one pooling node, checked, and the plan of its windows for an input shape.
class PoolGeometry {
 public:
  // The attributes `set` names, and count_include_pad where the version defines it (AveragePool-7 on).
  static Result<PoolGeometry> parse(const Attributes& attrs, WindowAttributeSet set, bool count_include_pad) {
    PoolGeometry g;
    OW_ASSIGN_OR_RETURN(g.window_, WindowAttributes::parse(attrs, set));
    if (count_include_pad) {
      OW_ASSIGN_OR_RETURN(g.count_include_pad_, flag_attribute(attrs, "count_include_pad"));
    }
    return g;
  }

  // The global form's window for an input of shape x_dims (rank 3 or more): each spatial axis whole.
  // An axis of size 0 gives windows with no taps.
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
  const WindowAttributes& window() const { return window_; }

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

// One output of a pooling: its type, and the bits of the value of a window wholly in the padding.
struct PoolOutput {
  DType type;
  uint64_t empty;
};

// What a family's kernels are given: the plan of the box, the planes, a workspace of the size its
// workspace function gave, and the outputs (the box pooled compactly at each one's start).
using PoolKernelRun = std::function<void(const kernels::AvgPoolPlan& plan, size_t planes, void* workspace, std::span<Tensor*> ys)>;
using PoolWorkspaceSize = std::function<uint64_t(const kernels::AvgPoolPlan& plan)>;

// Pools x with the windows of `geometry` into outputs 0 .. outs.size() - 1, each of x's output shape:
// refuses what no memory could hold before allocating it (the outputs and tables, then the workspace),
// runs the kernels on the box, and spreads each output's box over it, filling the rest with its empty.
Status run_pool(const PoolGeometry& geometry, const Tensor& x, std::span<const PoolOutput> outs, Outputs& outputs,
                const PoolWorkspaceSize& workspace_size, const PoolKernelRun& run);

}  // namespace ow
