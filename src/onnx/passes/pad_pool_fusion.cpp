// Pad + AveragePool fusion (passes.h).
#include <algorithm>

#include "kernels/avgpool.h"
#include "onnx/passes/common.h"
#include "onnx/passes/passes.h"
#include "ops/average_pool.h"
#include "ops/pad.h"

namespace ow::onnx {

// A Pad of constant zeros on the spatial axes (pads known, non-negative) whose output only an
// AveragePool reads, fused into the pooling's pads. Zeros padded by Pad count in the average; the
// pooling's own padding counts only with count_include_pad, which the fused pooling sets: so only
// where the pooling counts its padding already, or has none. Not for auto_pad, whose padding follows
// the padded size. Where the pooling's kernels may sum a window in another order
// (kernels::avgpool_may_split_sum), not fused; where it depends on the input's shape (Step::PadPool),
// run unfused then. The fused step takes the pooling's place.
void fuse_pad_pool(StepGraph& g) {
  for (size_t s = 0; s < g.steps.size(); ++s) {
    if (!g.index.alive(s)) continue;
    Step& pad = g.steps[s];
    if (!pad.is_node() || pad.outputs.size() != 1 || pad.outputs[0] == kNoValue || pad.inputs.empty() || pad.inputs[0] == kNoValue) continue;
    const size_t padded = pad.outputs[0];
    const size_t r = g.index.sole_reader(padded);
    if (r == kNoStep || !g.steps[r].is_node() || g.steps[r].inputs[0] != padded) continue;
    Step& pool = g.steps[r];
    const Attributes& attrs = node_attributes(g, pool);
    const std::optional<AveragePoolWindow> window = average_pool_window(pool.op, attrs);
    if (!window || window->window.auto_pad() != AutoPad::kNotSet) continue;
    const WindowAttributes& w = window->window;
    const std::vector<int64_t>& q = w.pads();
    if ((!window->counts_padding && !all_zero(q)) || kernels::avgpool_may_split_sum(w.kernel().back(), w.dilations().back())) continue;
    // Pads Pad refuses are not fused, so that it still does.
    const size_t spatial = w.spatial_axes(), rank = spatial + 2;
    const std::optional<Inputs> known = known_inputs(g, pad, 1);
    if (!known) continue;
    const std::optional<std::vector<int64_t>> zeros =
        zero_pads(pad.op, node_attributes(g, pad), rank, input_or_null(*known, 1), input_or_null(*known, 2), input_or_null(*known, 3));
    if (!zeros) continue;
    const std::vector<int64_t>& p = *zeros;
    if (p[0] != 0 || p[1] != 0 || p[rank] != 0 || p[rank + 1] != 0 || std::any_of(p.begin(), p.end(), [](int64_t v) { return v < 0; }))
      continue;
    std::vector<int64_t> fused(2 * spatial), extent(spatial);
    for (size_t i = 0; i < spatial; ++i) {
      fused[i] = q[i] + p[2 + i];
      fused[spatial + i] = q[spatial + i] + p[rank + 2 + i];
      extent[i] = (w.kernel()[i] - 1) * w.dilations()[i] + 1;
    }
    auto op = average_pool_counting_pads(pool.op, attrs, fused);
    if (!op.ok()) continue;
    g.index.detach(r);
    pool.work = Step::PadPool{pad.op, pool.op, p, q, std::move(extent), w.strides(), w.ceil_mode()};
    pool.op = op.take();
    pool.inputs = pad.inputs;  // the fused pooling reads the first; the unfused Pad all
    pool.nodes.insert(pool.nodes.begin(), pad.nodes.begin(), pad.nodes.end());
    g.index.erase(s);
    g.index.attach(r);
  }
}

}  // namespace ow::onnx
