// ArgMax and ArgMin: the index along an axis of the largest or smallest element. The input is `outer`
// blocks of `axis` x `inner` elements; y[o * inner + i] is the k < axis of the extreme
// x[(o * axis + k) * inner + i]. Ties go to the first k, or with `last` to the last. NaN is chosen over
// every number (the first NaN, or the last with `last`), as ONNX's reference (numpy.argmax) chooses;
// -0 and +0 tie. float16 and bfloat16 compare as float32. axis > 0.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/dtype.h"

namespace ow::kernels {

// False (nothing written) for a type the runtime lacks.
bool arg_extreme(DType t, bool max, bool last, const void* x, size_t outer, size_t axis, size_t inner, int64_t* y);

}  // namespace ow::kernels
