// A chain of float32 elementwise operations by scalars in one pass, as a graph fuses them
// (onnx/graph_optimizer.h):
//   y[i] = Min(Max(round(x[i] * scale + offset), lo), hi)   (x[i] / scale where `divide`)
// Each stage computes what its operator's kernel does, with the same instructions (Mul, Div, Add;
// Floor, Ceil, Round; Max, Min by a scalar, kernels/min_max_ops.h), rounding after each as they do,
// so the pass gives the chain's result bit for bit. A stage the chain lacks keeps its neutral value,
// which gives back its input: x * 1, x + -0 (x + +0 would turn -0 into +0), no rounding, Max by -inf,
// Min by +inf. Without scale and offset the pass does no arithmetic at all: x * 1 + -0 would make a
// signalling NaN quiet, which Max and Min by a scalar (selects) do not.
//
// The chain may end in a mask: the value compared with a scalar, as Equal, Less, Greater, LessOrEqual
// and GreaterOrEqual compare floats (NaN orders with nothing, -0 equals +0), into bool (1 or 0); and
// the mask may then choose, per element, between the value and scalars, as Where does (moving the
// chosen bits unchanged), or as a Cast of the bool to float32 does (1 or +0).
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>

#include "kernels/rounding.h"

namespace ow::kernels {

enum class Comparison : uint8_t { kEqual, kLess, kGreater, kLessOrEqual, kGreaterOrEqual };

// What the value becomes where the mask is true (or false): itself, or `constant`.
struct Choice {
  bool value = true;
  float constant = 0.0f;
};

struct Mask {
  Comparison compare = Comparison::kGreater;
  float threshold = 0.0f;  // never NaN
  bool selects = false;    // the output is the choices' float32; else the mask's bool
  Choice when_true, when_false;
};

struct ScaleRoundClamp {
  bool arithmetic = false;  // whether the chain has a scale or an offset
  float scale = 1.0f;
  bool divide = false;
  float offset = -0.0f;
  std::optional<RoundingMode> rounding;
  float lo = -INFINITY, hi = INFINITY;  // never NaN (Max and Min by NaN are NaN everywhere: not fused)
  std::optional<Mask> mask;

  // Whether the pass writes bool (a mask that chooses nothing), else float32.
  bool writes_bool() const { return mask && !mask->selects; }
};

// y: float32, or bool where chain.writes_bool(); it may be x.
void scale_round_clamp(const ScaleRoundClamp& chain, const float* x, void* y, size_t n);

}  // namespace ow::kernels
