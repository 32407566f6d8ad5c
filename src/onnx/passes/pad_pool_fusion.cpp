// Pad + AveragePool fusion (passes.h).
#include <algorithm>

#include "kernels/avgpool.h"
#include "onnx/passes/common.h"
#include "onnx/passes/passes.h"

namespace ow::onnx {

// A Pad of constant zeros on the spatial axes (pads known, non-negative) whose output only an
// AveragePool reads, fused into the pooling's pads. Zeros padded by Pad count in the average; the
// pooling's own padding counts only with count_include_pad (version >= 7), which the fused pooling sets:
// so only where the pooling counts its padding already, or has none. Not for auto_pad, whose padding
// follows the padded size. Where the pooling's kernels may sum a window in another order
// (kernels::avgpool_may_split_sum), not fused; where it depends on the input's shape (Step::PadPool),
// run unfused then. The fused step takes the pooling's place.
void fuse_pad_pool(StepGraph& g) {
  for (size_t s = 0; s < g.steps.size(); ++s) {
    if (!g.index.alive(s)) continue;
    Step& pad = g.steps[s];
    if (!is_op(pad, "Pad") || !pad.is_node() || pad.outputs.size() != 1 || pad.outputs[0] == kNoValue || pad.inputs[0] == kNoValue) continue;
    const size_t padded = pad.outputs[0];
    const size_t r = g.index.sole_reader(padded);
    if (r == kNoStep || !is_op(g.steps[r], "AveragePool") || !g.steps[r].is_node() || g.steps[r].inputs[0] != padded) continue;
    Step& pool = g.steps[r];
    const int version = pool.op.version().since_version;
    const Attributes& attrs = g.nodes[pool.nodes.back()].attributes;
    auto kernel = attrs.get_ints("kernel_shape");
    auto auto_pad = attrs.get_string("auto_pad", "NOTSET");
    auto own = attrs.get_ints("pads");
    auto dilations = attrs.get_ints("dilations");
    auto counted = attrs.get_int("count_include_pad", 0);
    auto strides = attrs.get_ints("strides");
    auto ceil_mode = attrs.get_int("ceil_mode", 0);
    if (version < 7 || !kernel.ok() || kernel.value().empty() || !auto_pad.ok() || auto_pad.value() != "NOTSET" || !own.ok() ||
        !dilations.ok() || !counted.ok() || !strides.ok() || !ceil_mode.ok())
      continue;
    const size_t spatial = kernel.value().size(), rank = spatial + 2;
    std::vector<int64_t> q = own.take();
    if (q.empty()) q.assign(2 * spatial, 0);
    std::vector<int64_t> d = dilations.take();
    if (d.empty()) d.assign(spatial, 1);
    std::vector<int64_t> st = strides.take();
    if (st.empty()) st.assign(spatial, 1);
    if (q.size() != 2 * spatial || d.size() != spatial || st.size() != spatial || (counted.value() != 1 && !all_zero(q))) continue;
    if (kernels::avgpool_may_split_sum(kernel.value().back(), d.back())) continue;
    // Pads beyond the largest tensor's bytes Pad refuses: not fused, so that it still does.
    const std::vector<int64_t> p = zero_pads(g, pad, rank);
    if (p.size() != 2 * rank || p[0] != 0 || p[1] != 0 || p[rank] != 0 || p[rank + 1] != 0 ||
        std::any_of(p.begin(), p.end(), [](int64_t v) { return v < 0 || static_cast<uint64_t>(v) > kMaxTensorBytes; }))
      continue;
    std::vector<int64_t> fused(2 * spatial), extent(spatial);
    for (size_t i = 0; i < spatial; ++i) {
      fused[i] = q[i] + p[2 + i];
      fused[spatial + i] = q[spatial + i] + p[rank + 2 + i];
      extent[i] = (kernel.value()[i] - 1) * d[i] + 1;
    }
    Attributes fused_attrs = attrs;
    fused_attrs.set("pads", AttributeValue::Ints(fused));
    fused_attrs.set("count_include_pad", AttributeValue::Int(1));
    auto op = PreparedOp::create("AveragePool", g.opset, fused_attrs);
    if (!op.ok()) continue;
    g.index.detach(r);
    pool.work = Step::PadPool{pad.op, pool.op, p, q, std::move(extent), std::move(st), ceil_mode.value() != 0};
    pool.op = op.take();
    pool.inputs = pad.inputs;  // the fused pooling reads the first; the unfused Pad all
    pool.nodes.insert(pool.nodes.begin(), pad.nodes.begin(), pad.nodes.end());
    g.index.erase(s);
    g.index.attach(r);
  }
}

}  // namespace ow::onnx
