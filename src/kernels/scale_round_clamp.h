// A chain of float32 elementwise operations by scalars in one pass, as a graph fuses them
// (onnx/graph_optimizer.h):
//   y[i] = Min(Max(round(x[i] * scale + offset), lo), hi)   (x[i] / scale where `divide`)
// Each stage computes what its operator's kernel does, with the same instructions (Mul, Div, Add;
// Floor, Ceil, Round; Max, Min by a scalar, kernels/min_max_ops.h), rounding after each as they do,
// so the pass gives the chain's result bit for bit. A stage the chain lacks keeps its neutral value,
// which gives back its input: x * 1, x + -0 (x + +0 would turn -0 into +0), no rounding, Max by -inf,
// Min by +inf. Without scale and offset the pass does no arithmetic at all: x * 1 + -0 would make a
// signalling NaN quiet, which Max and Min by a scalar (selects) do not.
#pragma once

#include <cmath>
#include <cstddef>
#include <optional>

#include "kernels/rounding.h"

namespace ow::kernels {

struct ScaleRoundClamp {
  bool arithmetic = false;  // whether the chain has a scale or an offset
  float scale = 1.0f;
  bool divide = false;
  float offset = -0.0f;
  std::optional<RoundingMode> rounding;
  float lo = -INFINITY, hi = INFINITY;  // never NaN (Max and Min by NaN are NaN everywhere: not fused)
};

// y may be x.
void scale_round_clamp(const ScaleRoundClamp& chain, const float* x, float* y, size_t n);

}  // namespace ow::kernels
