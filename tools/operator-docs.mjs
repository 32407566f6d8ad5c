// The operators' documentation in the generated declarations (tools/operator-declarations.mjs): what
// each operator computes (doc), what its options say as a whole (options) and what each attribute means
// (attributes). Optional: an operator or attribute without an entry is declared all the same, with what
// the table says of it (versions, default, values).

// Texts that several operators share, one of each.
const LEGACY_HINT = {
  consumed_inputs: 'Version 1 only (a legacy optimisation hint): accepted and ignored.',
};
// The normalizations' epsilon.
const NORMALIZATION_EPSILON = 'Added to the variance before its square root (default 1e-5).';
// Add, Sub, Mul and Div before multidirectional broadcasting.
const ARITHMETIC_LEGACY_BROADCAST = {
  broadcast: 'Versions 1 and 6 only: 1 broadcasts B to A\'s shape (B of one element, or B\'s shape equal to A\'s dims from `axis` on); default 0, identical shapes.',
  axis: 'Versions 1 and 6 only, with broadcast: the dim of A where B\'s shape starts (default: B\'s shape is a suffix of A\'s).',
};
// The comparisons' and the logical operators' version 1.
const LOGICAL_LEGACY_BROADCAST = {
  broadcast: 'Version 1 only: 1 broadcasts B to A\'s shape (B of one element, or B\'s shape equal to A\'s dims from `axis` on); default 0, identical shapes.',
  axis: 'Version 1 only, with broadcast: the dim of A where B\'s shape starts (default: B\'s shape is a suffix of A\'s).',
};
const LEGACY_BROADCAST_OPTIONS = 'Version 1\'s legacy broadcast, as Add\'s (later versions broadcast by NumPy rules).';
// Where Conv's and the pools' windows start and how they step.
const WINDOW_PLACEMENT = {
  strides: 'Step along each spatial axis (N values; default 1 each).',
  pads: '[x1_begin, x2_begin, ..., x1_end, x2_end, ...] (2N values; default 0 each). Not with auto_pad.',
  auto_pad: 'Default \'NOTSET\': explicit `pads`; \'\' is read as \'NOTSET\', as onnxruntime reads it.',
};
const POOL_KERNEL_SHAPE = 'The window size along each spatial axis (N values). Required.';
const POOL_CEIL_MODE = 'Version 10 on: compute output sizes with ceil instead of floor (default 0).';
const REDUCE_OPTIONS = 'The axes are an attribute up to version 13 (ReduceSum: 11), then an input.';
const REDUCE_ATTRIBUTES = {
  axes: 'Versions 1 to 13: the axes to reduce (negative counts from the back; default all).',
  keepdims: 'Keep each reduced axis as a dimension of 1 (default 1).',
  noop_with_empty_axes: 'Version 18: with no axes, reduce none (the output is the input) rather than all (default 0).',
};
// ArgMax and ArgMin.
const ARG_EXTREME_ATTRIBUTES = {
  axis: 'The axis to search along, in [-rank, rank - 1] (default 0).',
  keepdims: 'Keep the axis as a dimension of 1 (default 1).',
  select_last_index: 'Version 12 on: among equal extremes, the last index rather than the first (default 0).',
};
// LSTM, GRU and RNN.
const RECURRENT_ATTRIBUTES = {
  direction: '\'forward\' (default), \'reverse\' or \'bidirectional\' (two directions, forward first).',
  hidden_size: 'The hidden size; default: R\'s last dim.',
  activations: 'The activations of every direction, forward first: f, g, h for LSTM (default Sigmoid, Tanh, Tanh), f, g for GRU (Sigmoid, Tanh), f for RNN (Tanh).',
  activation_alpha: 'The alphas of the activations that take one (Affine, LeakyRelu, ThresholdedRelu, ScaledTanh, HardSigmoid, Elu), in order; the ONNX operators\' defaults after the list ends.',
  activation_beta: 'The betas of Affine, ScaledTanh and HardSigmoid, likewise.',
  clip: 'Bounds the activations\' inputs to [-clip, clip] (default: no bound).',
  layout: 'Version 14 on: 1 for batch-first X, Y, initial and final states.',
  output_sequence: 'Version 1 only: checked (0 or 1) and ignored; Y is given all the same.',
};

export const OPERATOR_DOCS = {
  Floor: {
    attributes: LEGACY_HINT,
  },
  Ceil: {
    attributes: LEGACY_HINT,
  },
  Round: {
    doc: 'Rounds halves to even.',
  },
  Min: {
    doc: 'Elementwise minimum of one or more tensors of one type, with multidirectional broadcasting (version 8 on). Integer types from version 12.',
    attributes: LEGACY_HINT,
  },
  AveragePool: {
    doc: 'X is (N x C x D1 x ... x Dn).',
    options: 'N is the number of spatial axes (input rank - 2).',
    attributes: {
      kernel_shape: POOL_KERNEL_SHAPE,
      ...WINDOW_PLACEMENT,
      ceil_mode: POOL_CEIL_MODE,
      count_include_pad: 'Version 7 on: count padding in each window\'s divisor (default 0).',
      dilations: 'Version 19 on: spacing of the window\'s elements along each spatial axis (N values; default 1 each).',
    },
  },
  Reshape: {
    doc: 'The elements of `data` under another shape: `shape` (version 5 on; version 1 takes it as an option) lists the dims, where -1 (once) is inferred and 0 copies the input\'s dim (unless allowzero).',
    attributes: {
      shape: 'Version 1 only, where it is required: the new shape (from version 5 it is the input `shape`).',
      consumed_inputs: 'Version 1 only (a legacy optimisation hint): accepted and ignored.',
      allowzero: 'Version 14 on: a 0 in the shape is a dim of 0 rather than a copy of the input\'s dim at that index (default 0). The shape may then not have both a 0 and a -1.',
    },
  },
  Flatten: {
    doc: 'The elements of `input` as a matrix (see FlattenOptions.axis).',
    attributes: {
      axis: 'The output is [product of the dims before axis, product of the others] (default 1; negative from version 11).',
    },
  },
  Squeeze: {
    doc: '`data` without dims of size 1: those `axes` lists (version 13 on; before, an option), or all.',
    attributes: {
      axes: 'Versions 1 and 11: the axes (negative from version 11, counting from the back); from version 13 they are the input `axes`. Unsqueeze needs them; Squeeze without them drops every dim of 1.',
    },
  },
  Unsqueeze: {
    doc: '`data` with dims of size 1 inserted at `axes`, axes of the output (version 13 on; before, an option).',
    attributes: {
      axes: 'Versions 1 and 11: the axes (negative from version 11, counting from the back); from version 13 they are the input `axes`. Unsqueeze needs them; Squeeze without them drops every dim of 1.',
    },
  },
  Transpose: {
    attributes: {
      perm: 'Output axis i is input axis perm[i] (default: the axes reversed).',
    },
  },
  Clip: {
    doc: 'Clamps each element to [min, max] (Min(max, Max(x, min)): NaN stays NaN, min > max gives max): [x] with the bounds as options (versions 1 and 6), or [x, min?, max?] with scalar bounds (version 11 on; integer types from 12, bfloat16 from 13).',
    options: 'From version 11 the bounds are the optional inputs min and max instead (scalars, null when omitted).',
    attributes: {
      min: 'Versions 1 and 6: the lower bound (default -3.402823e+38, float32\'s lowest).',
      max: 'Versions 1 and 6: the upper bound (default 3.402823e+38, float32\'s highest).',
      consumed_inputs: 'Version 1 only (a legacy optimisation hint): accepted and ignored.',
    },
  },
  Relu: {
    doc: 'max(x, 0); NaN stays NaN. Signed integer types from version 14.',
    attributes: LEGACY_HINT,
  },
  Max: {
    doc: 'Elementwise maximum of one or more tensors of one type, as Min.',
    attributes: LEGACY_HINT,
  },
  Add: {
    doc: '[A, B]: A + B, with multidirectional broadcasting from version 7 (before, see ArithmeticOptions). Integers wrap around. Integer types from version 6 (8- and 16-bit from 14), bfloat16 from 13.',
    attributes: {
      ...ARITHMETIC_LEGACY_BROADCAST,
      ...LEGACY_HINT,
    },
  },
  Sub: {
    doc: '[A, B]: A - B, as Add.',
    attributes: {
      ...ARITHMETIC_LEGACY_BROADCAST,
      ...LEGACY_HINT,
    },
  },
  Mul: {
    doc: '[A, B]: A * B, as Add.',
    attributes: {
      ...ARITHMETIC_LEGACY_BROADCAST,
      ...LEGACY_HINT,
    },
  },
  Div: {
    doc: '[A, B]: A / B, as Add. Integer division truncates toward zero; x / 0 is 0 and the lowest value / -1 wraps to itself (no trap).',
    attributes: {
      ...ARITHMETIC_LEGACY_BROADCAST,
      ...LEGACY_HINT,
    },
  },
  Equal: {
    doc: '[A, B]: A == B as bool, broadcasting as Add. NaN equals nothing, -0 equals 0. bool, int32 and int64; every type from version 11 (bfloat16 from 13; version 19\'s string is refused).',
    options: LEGACY_BROADCAST_OPTIONS,
    attributes: LOGICAL_LEGACY_BROADCAST,
  },
  Less: {
    doc: '[A, B]: A < B as bool, broadcasting as Add; NaN is not ordered. Float types; numeric from version 9, bfloat16 from 13.',
    options: LEGACY_BROADCAST_OPTIONS,
    attributes: LOGICAL_LEGACY_BROADCAST,
  },
  Greater: {
    doc: '[A, B]: A > B as bool, as Less.',
    options: LEGACY_BROADCAST_OPTIONS,
    attributes: LOGICAL_LEGACY_BROADCAST,
  },
  LessOrEqual: {
    doc: '[A, B]: A <= B as bool, broadcasting by NumPy rules; NaN is not ordered. Numeric types; bfloat16 from version 16.',
  },
  GreaterOrEqual: {
    doc: '[A, B]: A >= B as bool, as LessOrEqual.',
  },
  And: {
    doc: '[A, B] of bool: A and B, broadcasting as Add (version 1\'s legacy broadcast, see AndOptions). Any nonzero byte is true; the output is 0 or 1.',
    options: 'Version 1\'s legacy broadcast, as the comparisons\'.',
    attributes: LOGICAL_LEGACY_BROADCAST,
  },
  Or: {
    doc: '[A, B] of bool: A or B, as And.',
    options: LEGACY_BROADCAST_OPTIONS,
    attributes: LOGICAL_LEGACY_BROADCAST,
  },
  Xor: {
    doc: '[A, B] of bool: A xor B, as And.',
    options: LEGACY_BROADCAST_OPTIONS,
    attributes: LOGICAL_LEGACY_BROADCAST,
  },
  Not: {
    doc: 'Not x of bool: 1 where x is 0, else 0.',
  },
  Pad: {
    doc: '`data` padded with a constant, or by reflecting it, repeating its edges or wrapping it. From version 11 `pads` (2 values per padded axis: every begin, then every end; negative ones remove elements) and the constant (a scalar, default 0) are inputs, before them options; from 18 `axes` names the padded axes (negative counts from the back; default all).',
    options: 'Versions 1 and 2 take the pads and the value as attributes (`ops.Pad([x], { opset: 2, pads })`); from 11 they are inputs.',
    attributes: {
      mode: '\'constant\' (default), \'reflect\', \'edge\'; \'wrap\' from version 19.',
      paddings: 'Version 1 only, required there: as `pads`.',
      pads: 'Version 2 only, required there: [x1_begin, x2_begin, ..., x1_end, x2_end, ...] (2 values per input axis), elements added at each end of each axis, or removed where negative.',
      value: 'Versions 1 and 2: the constant of mode \'constant\', a float32 as in a model (default 0).',
    },
  },
  GlobalAveragePool: {
    doc: 'X is (N x C x D1 x ... x Dn); Y is (N x C x 1 x ... x 1), each plane\'s mean.',
  },
  ReduceMean: {
    doc: 'The mean over `axes` (version 18 on; before, an option). Integers sum in their own width, wrapping, and divide truncating toward zero, as onnxruntime does.',
    options: REDUCE_OPTIONS,
    attributes: REDUCE_ATTRIBUTES,
  },
  ReduceSum: {
    doc: 'The sum over `axes` (default all; an input from version 13, before an option). Integers wrap in their type; over no elements, 0.',
    options: REDUCE_OPTIONS,
    attributes: REDUCE_ATTRIBUTES,
  },
  ReduceProd: {
    doc: 'The product over `axes` (an input from version 18), as ReduceSum; over no elements, 1.',
    options: REDUCE_OPTIONS,
    attributes: REDUCE_ATTRIBUTES,
  },
  ReduceMax: {
    doc: 'The largest element over `axes` (an input from version 18); NaN propagates, +0 is above -0; over no elements, -Infinity or the type\'s lowest. int8 and uint8 from version 12, bfloat16 from 13, bool (any) from 20.',
    options: REDUCE_OPTIONS,
    attributes: REDUCE_ATTRIBUTES,
  },
  ReduceMin: {
    doc: 'The smallest element over `axes`, as ReduceMax; over no elements, Infinity or the type\'s highest.',
    options: REDUCE_OPTIONS,
    attributes: REDUCE_ATTRIBUTES,
  },
  ArgMax: {
    doc: 'The int64 index of the largest element along `axis`: the first of equal ones (the last with select_last_index); NaN is chosen over every number, as numpy.argmax. bfloat16 from version 13.',
    attributes: ARG_EXTREME_ATTRIBUTES,
  },
  ArgMin: {
    doc: 'The int64 index of the smallest element along `axis`, as ArgMax.',
    attributes: ARG_EXTREME_ATTRIBUTES,
  },
  NonMaxSuppression: {
    doc: '[boxes [B, N, 4], scores [B, C, N], max_output_boxes_per_class (default 0), iou_threshold (default 0), score_threshold (default none)]: the boxes kept per batch and class, by descending score, each unless it overlaps a kept one by more than the IoU threshold, as int64 [selected, 3] rows (batch, class, box), as onnxruntime selects them. The output\'s length depends on the values.',
    attributes: {
      center_point_box: '0 (default): boxes are [y1, x1, y2, x2], either diagonal; 1: [x_center, y_center, width, height].',
    },
  },
  TopK: {
    doc: '[X, K] (K, one int64, from version 10; before, the option k): the k largest (or smallest) elements along `axis` and their int64 indices, equal values by lower index, NaN after every number. Integer types from version 11, bfloat16 from 24. Returns both outputs; options.out is not taken.',
    attributes: {
      axis: 'The axis to search along, in [-rank, rank - 1] (default -1).',
      k: 'Version 1 only, required there: how many elements (from 10, the input K).',
      largest: 'Version 11 on: the largest (1, default) or the smallest (0).',
      sorted: 'Version 11 on: accepted; the elements are always sorted (ONNX leaves the order of 0 open).',
    },
  },
  Constant: {
    doc: 'No inputs: the tensor the options give.',
    options: 'Exactly one of the value attributes. A type the runtime lacks (value_string(s)) and sparse_value are refused as UNSUPPORTED.',
    attributes: {
      value: 'The tensor itself (copied when the operator is prepared).',
      sparse_value: 'Version 11 on; refused (sparse tensors are not supported).',
      value_float: 'Version 12 on: a float32 scalar.',
      value_floats: 'Version 12 on: a 1-D float32 tensor.',
      value_int: 'Version 12 on: an int64 scalar (exact up to 2^53; pass a Tensor as `value` beyond).',
      value_ints: 'Version 12 on: a 1-D int64 tensor.',
      value_string: 'Version 12 on; refused (the runtime has no string tensors).',
      value_strings: 'Version 12 on; refused.',
    },
  },
  Identity: {
    doc: 'The input (copied).',
  },
  Cast: {
    options: 'Floating point to integer truncates toward zero and saturates, as WebAssembly\'s and ARM64\'s conversions do: NaN gives 0, values beyond int32, int64, uint32 or uint64 its nearest end; to the narrower integer types, through int32 so saturated, its low bits kept. Integers keep their low bits; to floating point everything rounds to nearest even, once. To bool: true where not zero (NaN too); from bool: 0 or 1.',
    attributes: {
      to: 'The output type: its TensorProto.DataType number (version 6 on) or name (version 1). Required.',
      saturate: 'Version 19 on: only affects float8 results (which the runtime lacks): accepted and ignored.',
      round_mode: 'Version 24 on: only affects float8e8m0 results: checked and ignored.',
    },
  },
  Shape: {
    doc: 'The input\'s dims (or some of them) as a 1-D int64 tensor.',
    options: 'Version 15 on, the dims of axes [start, end); negative axes count from the back, then clamp to [0, rank].',
  },
  Gather: {
    doc: '[data, indices]: the slices of data along the axis that the indices name (negative: from the back).',
    attributes: {
      axis: 'The axis of `data` to gather along, in [-rank, rank - 1] (default 0).',
    },
  },
  Concat: {
    doc: 'One or more tensors of one type joined along an axis.',
    attributes: {
      axis: 'The axis to join along, in [-rank, rank - 1]; required from version 4 (version 1: default 1).',
    },
  },
  MatMul: {
    doc: '[A, B]: the matrix product, as NumPy\'s matmul: a 1-D A is a row and a 1-D B a column (that dim dropped from the output), the dims before the last two broadcast. Integers wrap around; float16 and bfloat16 compute in float32, rounded once. Integer types from version 9, bfloat16 from 13.',
  },
  Gemm: {
    doc: '[A, B, C]: alpha * A\' * B\' + beta * C for matrices A and B (see GemmOptions); C broadcasts to [M, N] (from version 7; before, with broadcast) and is optional from version 11. Integer types from version 9 (exact, wrapping around), bfloat16 from 13.',
    options: 'Y = alpha * A\' * B\' + beta * C.',
    attributes: {
      alpha: 'Scale of the product (default 1; integer types take whole values only).',
      beta: 'Scale of C (default 1; integer types take whole values only). 0 leaves C unread.',
      transA: '1: A\' is A transposed (default 0).',
      transB: '1: B\' is B transposed (default 0).',
      broadcast: 'Versions 1 and 6 only: 1 lets C broadcast to [M, N]; default 0, C must be [M, N].',
    },
  },
  Conv: {
    doc: '[X, W, B?]: the convolution (cross-correlation) of X (N x C x D1 ... x Dn, n from 1 to 3) with the weights W (M x C/group x k1 ... x kn), plus the bias B (M) if given. bfloat16 from version 22.',
    options: 'N is the number of spatial axes (input rank - 2), 1 to 3.',
    attributes: {
      kernel_shape: 'The kernel\'s spatial shape (N values); default W\'s, which it must equal when given.',
      ...WINDOW_PLACEMENT,
      dilations: 'Spacing of the kernel\'s taps along each spatial axis (N values; default 1 each).',
      group: 'Channel groups (default 1): C and M are multiples of it; C = M = group is depthwise.',
    },
  },
  ConvTranspose: {
    doc: '[X, W, B?]: the transposed convolution of X (N x C x D1 ... x Dn, n from 1 to 3) with the weights W (C x M/group x k1 ... x kn): each input element adds its products with its channel\'s kernel into the output positions i * stride + tap * dilation - pad_begin; plus the bias B (M) if given. bfloat16 from version 22.',
    options: 'N is the number of spatial axes (input rank - 2), 1 to 3. Output size: output_shape if given, else in * stride with SAME_UPPER or SAME_LOWER, else stride * (in - 1) + output_padding + (k - 1) * dilation + 1 minus the pads.',
    attributes: {
      kernel_shape: 'The kernel\'s spatial shape (N values); default W\'s, which it must equal when given.',
      strides: WINDOW_PLACEMENT.strides,
      pads: '[x1_begin, x2_begin, ..., x1_end, x2_end, ...] (2N values; default 0 each): output positions cut from each end. Not with auto_pad; ignored with output_shape.',
      auto_pad: 'Default \'NOTSET\': explicit `pads`; SAME_UPPER and SAME_LOWER make each output size in * stride, cutting the odd position at the end (SAME_UPPER) or the beginning (SAME_LOWER); \'\' is read as \'NOTSET\'.',
      dilations: 'Spacing of the kernel\'s taps along each spatial axis (N values; default 1 each).',
      group: 'Channel groups (default 1): C and M are multiples of it.',
      output_padding: 'Positions added at the end of each spatial axis (N values; default 0 each), counted in the output size.',
      output_shape: 'The output\'s spatial sizes (N values, or N + 2 with N and C first); the pads then follow from them, the odd one at the end with SAME_UPPER, else at the beginning.',
    },
  },
  Sigmoid: {
    doc: '1 / (1 + e^-x). The elementwise math operators (Sigmoid to Erf): float32 within 2 ulp of the correctly rounded result, float64 within 2 ulp, float16 and bfloat16 computed in float32 and rounded once; bfloat16 from version 13.',
    attributes: LEGACY_HINT,
  },
  Tanh: {
    attributes: LEGACY_HINT,
  },
  Exp: {
    doc: 'e^x.',
    attributes: LEGACY_HINT,
  },
  Log: {
    doc: 'The natural logarithm: -inf at ±0, NaN below 0.',
    attributes: LEGACY_HINT,
  },
  Sqrt: {
    doc: 'Exact (correctly rounded); NaN below 0, -0 at -0.',
    attributes: LEGACY_HINT,
  },
  Abs: {
    doc: '|x|; every numeric type from version 6 (the lowest value of a signed integer type gives itself).',
    attributes: LEGACY_HINT,
  },
  Neg: {
    doc: '-x; the signed integer types from version 6 (the lowest value gives itself).',
    attributes: LEGACY_HINT,
  },
  Reciprocal: {
    doc: '1 / x, exact (correctly rounded).',
    attributes: LEGACY_HINT,
  },
  Erf: {
    doc: 'The error function; on integer types erf(x) in float64 truncated toward zero, as ONNX\'s reference casts it: 0, or ±1 from |x| = 6.',
  },
  HardSigmoid: {
    doc: 'max(0, min(1, alpha * x + beta)), each operation rounded in the type (float16 and bfloat16 in float32, rounded once); NaN stays NaN. bfloat16 from version 22.',
    attributes: {
      alpha: 'The slope (default 0.2).',
      beta: 'The offset (default 0.5).',
      ...LEGACY_HINT,
    },
  },
  HardSwish: {
    doc: 'x * HardSigmoid(x) with alpha 1/6 (rounded to the type) and beta 0.5. bfloat16 from version 22.',
  },
  LeakyRelu: {
    doc: 'x > 0 ? x : alpha * x. bfloat16 from version 16.',
    attributes: {
      alpha: 'The slope below 0 (default 0.01).',
      ...LEGACY_HINT,
    },
  },
  PRelu: {
    doc: '[X, slope]: X > 0 ? X : slope * X, the slope broadcast to X\'s shape (unidirectionally); the 32- and 64-bit integer types from version 9 (the product wraps; an unsigned X is returned as it is), bfloat16 from 16.',
    attributes: LEGACY_HINT,
  },
  Elu: {
    doc: 'x < 0 ? alpha * (e^x - 1) : x, computed in float64 (expm1) and rounded once. bfloat16 from version 22.',
    attributes: {
      alpha: 'The scale of the negative part (default 1).',
      ...LEGACY_HINT,
    },
  },
  Selu: {
    doc: 'x > 0 ? gamma * x : gamma * alpha * (e^x - 1), computed in float64 and rounded once. bfloat16 from version 22.',
    attributes: {
      alpha: 'Default 1.6732 (version 1), 1.67326319217681884765625 (version 6 on).',
      gamma: 'Default 1.0507 (version 1), 1.05070102214813232421875 (version 6 on).',
      ...LEGACY_HINT,
    },
  },
  Celu: {
    doc: 'max(0, x) + min(0, alpha * (e^(x / alpha) - 1)), computed in float64 and rounded once. Of float32 only in version 12; float64, float16 and bfloat16 from version 28.',
    attributes: {
      alpha: 'Default 1; must not be 0.',
    },
  },
  Softplus: {
    doc: 'ln(1 + e^x), computed in float64 without cancellation and rounded once. bfloat16 from version 22.',
  },
  Softsign: {
    doc: 'x / (1 + |x|), rounded after each operation, as the formula is written: ±Infinity gives NaN. bfloat16 from version 22.',
  },
  Gelu: {
    doc: 'x / 2 * (1 + erf(x / sqrt(2))), or with approximate \'tanh\' x / 2 * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 x^3))), computed in float64 without cancellation and rounded once; -Infinity gives -0 (the limit).',
    attributes: {
      approximate: '\'none\' (default): the exact form with erf; \'tanh\': the tanh approximation.',
    },
  },
  Mish: {
    doc: 'x * tanh(ln(1 + e^x)), computed in float64 and rounded once; -Infinity gives -0 (the limit). bfloat16 from version 22.',
  },
  ThresholdedRelu: {
    doc: 'x > alpha ? x : 0 (NaN gives 0). bfloat16 from version 22.',
    attributes: {
      alpha: 'The threshold (default 1).',
    },
  },
  Shrink: {
    doc: 'x < -lambd ? x + bias : x > lambd ? x - bias : 0 (NaN gives 0); of the float types but bfloat16, and the integer types, which compute in float64 and truncate toward zero, saturating.',
    attributes: {
      lambd: 'The half-width of the band that gives 0 (default 0.5).',
      bias: 'Subtracted above the band, added below it (default 0).',
    },
  },
  Sum: {
    doc: 'Elementwise sum of one or more tensors of one float type, added in their order and rounded after each addition (float16 and bfloat16 through float32), with multidirectional broadcasting from version 8 (before, identical shapes). bfloat16 from version 13.',
    attributes: LEGACY_HINT,
  },
  Mean: {
    doc: 'Sum\'s result divided by the input count, rounded once more.',
    attributes: LEGACY_HINT,
  },
  Sign: {
    doc: '1, -1 or 0; of a float, +0 for ±0 and NaN for NaN (NumPy\'s sign). Every numeric type; bfloat16 from version 13.',
  },
  Softmax: {
    doc: 'e^(x - max) / sum along an axis (see SoftmaxOptions); a NaN or +inf among a row\'s values makes the row NaN. bfloat16 from version 13.',
    attributes: {
      axis: 'Versions 1 and 11: the input is coerced to 2-D at this axis (the dims before it are rows, the rest one axis), default 1. From 13: the one axis normalized, default -1. Negative counts from the back (version 11 on).',
    },
  },
  LogSoftmax: {
    doc: '(x - max) - ln(sum of e^(x - max)) along an axis, as Softmax.',
    attributes: {
      axis: 'Versions 1 and 11: the input is coerced to 2-D at this axis (the dims before it are rows, the rest one axis), default 1. From 13: the one axis normalized, default -1. Negative counts from the back (version 11 on).',
    },
  },
  Pow: {
    doc: '[X, Y]: X^Y, of X\'s type, with multidirectional broadcasting from version 7 (before, see PowOptions). Versions 1 and 7 take float X and Y of one type; from 12 X is int32, int64 or float and Y any numeric type (bfloat16 X from 13, Y from 15). Computed in float64 as onnxruntime does, converted once to X\'s type: integers truncated toward zero and saturated (2^31 gives 2147483647 in int32), NaN giving 0.',
    attributes: {
      broadcast: 'Version 1 only: 1 broadcasts Y to X\'s shape (Y of one element, or Y\'s shape equal to X\'s dims from `axis` on); default 0, identical shapes.',
      axis: 'Version 1 only, with broadcast: the dim of X where Y\'s shape starts (default: Y\'s shape is a suffix of X\'s).',
    },
  },
  MaxPool: {
    doc: 'X is (N x C x D1 x ... x Dn); float types, int8 and uint8 from version 12, bfloat16 from 22.',
    options: 'AveragePool\'s windows (N spatial axes), each output the largest element of its window (NaN above every number, +0 above -0; a window without elements gives -Infinity, or the type\'s lowest integer). ops.MaxPool returns Y; a session node that names the second output also gets Indices.',
    attributes: {
      kernel_shape: POOL_KERNEL_SHAPE,
      ...WINDOW_PLACEMENT,
      ceil_mode: POOL_CEIL_MODE,
      dilations: 'Version 10 on: spacing of the window\'s elements along each spatial axis (N values; default 1 each).',
      storage_order: 'Version 8 on: Indices in row-major (0, default) or column-major (1) order within each plane.',
    },
  },
  GlobalMaxPool: {
    doc: 'X is (N x C x D1 x ... x Dn); Y is (N x C x 1 x ... x 1), each plane\'s maximum.',
  },
  Upsample: {
    doc: 'Version 7: X, scales an attribute; version 9: [X, scales]. Resize-10\'s computation (asymmetric coordinates), with each scale at least 1, one per axis. ONNX deprecates Upsample at opset 10: a model importing a later opset runs version 9\'s definition, which 10 repeats.',
    attributes: {
      mode: '\'nearest\' (default) or \'linear\' (bilinear, trilinear, ...).',
      scales: 'Version 7 only: the output\'s size over the input\'s along each axis (each at least 1). Required.',
    },
  },
  Resize: {
    doc: 'Version 10: [X, scales]. From 11: [X, roi, scales, sizes?] (roi and scales optional from 13, an empty tensor or null for one not given): scales or sizes, one per axis (or per entry of `axes`).',
    options: 'Coordinates are computed in float32 as onnxruntime does; see docs/operators.md for the choices where ONNX is open (integer types round to nearest, bool takes mode \'nearest\' only, Resize-10 follows onnxruntime).',
    attributes: {
      mode: 'Default \'nearest\'; version 10: \'nearest\' or \'linear\'.',
      coordinate_transformation_mode: 'Version 11 on (default \'half_pixel\'); \'tf_half_pixel_for_nn\' is version 11\'s only, \'half_pixel_symmetric\' 19\'s on.',
      nearest_mode: 'Version 11 on: how nearest rounds x_original (default \'round_prefer_floor\').',
      cubic_coeff_a: 'Version 11 on: cubic\'s coefficient a (default -0.75).',
      exclude_outside: 'Version 11 on: weigh taps outside the input 0 and renormalize (default 0).',
      extrapolation_value: 'Version 11 on: tf_crop_and_resize\'s value outside the input (default 0).',
      antialias: 'Version 18 on: linear and cubic filters stretched by 1 / scale when downscaling (default 0).',
      axes: 'Version 18 on: the axes roi, scales and sizes list (negative counts from the back; default all).',
      keep_aspect_ratio_policy: 'Version 18 on: how `sizes` keeps the aspect ratio (default \'stretch\').',
    },
  },
  LSTM: {
    doc: 'X is [seq, batch, input] ([batch, seq, input] with layout 1), W [directions, 4 * hidden, input] (gates i, o, f, c), R [directions, 4 * hidden, hidden], B [directions, 8 * hidden], sequence_lens [batch], initial states [directions, batch, hidden], P [directions, 3 * hidden] (peepholes i, o, f). Gives Y [seq, directions, batch, hidden], Y_h and Y_c [directions, batch, hidden] (layout 1: batch first). float16 and bfloat16 compute in float32.',
    attributes: {
      input_forget: 'Couples the input and forget gates: f = 1 - i (default 0).',
      ...RECURRENT_ATTRIBUTES,
    },
  },
  GRU: {
    doc: 'As LSTM with 3 gates (z, r, h) and no cell state.',
    attributes: {
      linear_before_reset: 'Version 3 on: r multiplies (H * Rh^T + Rbh) rather than H (default 0).',
      ...RECURRENT_ATTRIBUTES,
    },
  },
  RNN: {
    doc: 'As LSTM with one gate and no cell state.',
    attributes: RECURRENT_ATTRIBUTES,
  },
  Slice: {
    doc: '[data, starts, ends, axes?, steps?] (version 1: [data], the rest in options): along each listed axis the elements start, start + step, ... before end, each clamped to the axis as ONNX states.',
    options: 'From version 10 starts, ends, axes and steps are inputs; version 1 takes them here. Negative starts and ends count from the back, then clamp to the axis (INT64_MAX: to the end).',
    attributes: {
      starts: 'Version 1 only: the first index along each axis. Required there.',
      ends: 'Version 1 only: the index before which each axis stops. Required there.',
      axes: 'Version 1 only: the axes starts and ends apply to (default: the first ones).',
    },
  },
  Expand: {
    doc: '[input, shape]: the input broadcast with the shape (NumPy\'s rules: a 1 in the shape keeps the dim).',
  },
  Tile: {
    doc: '[input, repeats] (version 1: [input, tiles, axis]): each axis repeated.',
    options: 'Version 1\'s inputs are [input, tiles, axis], scalars.',
  },
  Where: {
    doc: '[condition, X, Y]: X where condition is true, else Y, the three broadcast together.',
  },
  ConstantOfShape: {
    doc: 'A tensor of the shape the int64 input gives, every element options.value.',
    options: 'The one-element tensor every output element copies (default float32 0).',
  },
  Range: {
    doc: '[start, limit, delta] (scalars): start, start + delta, ... before limit, each the previous plus delta in the type. float16 and bfloat16 from version 27.',
    attributes: {
      stash_type: 'Version 27, float16 and bfloat16: 1 (default) steps in float32 and rounds each element once; the type\'s own code (10, 16) steps in the type. Others are refused.',
    },
  },
  Size: {
    doc: 'The input\'s element count, an int64 scalar.',
  },
  NonZero: {
    doc: 'The indices of the non-zero elements (NaN is, -0 is not), [rank, count] in row-major order.',
  },
  GatherElements: {
    doc: '[data, indices]: data\'s element at each position of indices, along the axis at the index\'s value.',
    attributes: {
      axis: 'The axis the indices run along, in [-rank, rank - 1] (default 0).',
    },
  },
  GatherND: {
    doc: '[data, indices]: the slices of data that the tuples of indices\' last axis name.',
    attributes: {
      batch_dims: 'Version 12 on: how many leading axes data and indices share as batches (default 0).',
    },
  },
  Split: {
    doc: '[input, split?] (version 1: split of T; 13 on: int64; 2 and 11: none, the attribute): the input cut along the axis into parts of the lengths split gives, or (version 18) num_outputs parts of ceil(dim / num_outputs), the last smaller. With neither, options.outputCount equal parts (default one, the whole input).',
    attributes: {
      axis: 'The axis to cut, in [-rank, rank - 1] (default 0).',
      split: 'Versions 1 to 11: each part\'s length, none negative, summing to the axis\'s.',
      num_outputs: 'Version 18: how many parts, of ceil(dim / num_outputs) elements, the last smaller.',
    },
  },
  ScatterND: {
    doc: '[data, indices, updates]: a copy of data with the slices the tuples of indices\' last axis name replaced by (or, options.reduction from version 16, combined with) those of updates, in order.',
    attributes: {
      reduction: 'Version 16 on: \'none\' (default), \'add\' or \'mul\'; from 18 also \'max\' or \'min\'.',
    },
  },
  BatchNormalization: {
    doc: '[X, scale, B, mean, var]: (X - mean) / sqrt(var + epsilon) * scale + B, the parameters one per channel (X\'s axis 1; a 1-D X is one channel). float64 computes in float64, the others in float32 (float16 and bfloat16 rounded once). mean and var may be of another float type than X from version 14, scale and B from 15. With training_mode 1 (14 on), X\'s own channel means and population variances normalize it, and a session\'s node may also output the running ones (mean * momentum + current * (1 - momentum)).',
    attributes: {
      ...LEGACY_HINT,
      epsilon: NORMALIZATION_EPSILON,
      is_test: 'Versions 1 and 6: accepted and ignored; only inference runs.',
      momentum: 'The running statistics\' factor in training (default 0.9); unused in inference.',
      spatial: 'Versions 1 to 7: 1 (default) one parameter per channel; 0 one per element of a sample (C x D1 x ... x Dn).',
      training_mode: 'Version 14 on: 0 (default) inference with mean and var; 1 training, with the batch\'s statistics.',
    },
  },
  LayerNormalization: {
    doc: '[X, Scale, B?]: along the dims from axis on, (X - mean) / sqrt(var + epsilon) * Scale + B, Scale and B broadcast to X; in a session also Mean and InvStdDev (float32, X\'s dims before axis then 1s). float64 computes in float64, the others in float32 (float16 and bfloat16 rounded once).',
    attributes: {
      axis: 'The first normalized axis, in [-rank, rank - 1] (default -1).',
      epsilon: NORMALIZATION_EPSILON,
      stash_type: 'The type of Mean and InvStdDev: 1 (float32, the default); others are refused.',
    },
  },
  InstanceNormalization: {
    doc: '[input, scale, B]: each (sample, channel) plane of input (N x C x D1 x ... x Dn) normalized by its own mean and population variance, then scale * (x - mean) / sqrt(variance + epsilon) + B per channel. float64 computes in float64, the others in float32 (float16 and bfloat16 rounded once). bfloat16 from version 22.',
    attributes: {
      ...LEGACY_HINT,
      epsilon: NORMALIZATION_EPSILON,
    },
  },
  GroupNormalization: {
    doc: '[X, scale, bias]: the channels of X (N x C x D1 x ... x Dn) in num_groups groups, each (sample, group) normalized by its own mean and population variance, then scale * (x - mean) / sqrt(variance + epsilon) + bias; scale and bias hold a value per group (version 18) or per channel (21). float64 computes in float64, the others in float32 (float16 and bfloat16 rounded once).',
    attributes: {
      epsilon: NORMALIZATION_EPSILON,
      num_groups: 'How many groups the channels form; it must divide C. Required.',
      stash_type: 'Version 21: the statistics\' precision: 1 (float32, the default); others are refused.',
    },
  },
  LpNormalization: {
    doc: 'input / its p-norm along axis ((sum |x|^p)^(1/p), summed in the computing type), 0 where that norm is 0. float64 computes in float64, the others in float32 (float16 and bfloat16 rounded once). bfloat16 from version 22.',
    attributes: {
      axis: 'The normalized axis, in [-rank, rank - 1] (default -1).',
      p: 'The norm\'s order: 1 or 2 (default 2); others are refused.',
    },
  },
  LpPool: {
    doc: 'Each window\'s p-norm, (sum |x|^p)^(1/p) over its taps inside the input (the padding adds nothing; a window wholly in it gives 0), over X (N x C x D1 ... x Dn). float64 computes in float64, the others in float32 (float16 and bfloat16 rounded once). bfloat16 from version 22.',
    options: 'N is the number of spatial axes (input rank - 2).',
    attributes: {
      kernel_shape: POOL_KERNEL_SHAPE,
      ...WINDOW_PLACEMENT,
      p: 'The norm\'s order, positive (default 2): a float in version 1, an int from version 2.',
      ceil_mode: 'Version 18 on: compute output sizes with ceil instead of floor (default 0).',
      dilations: 'Version 18 on: spacing of the window\'s taps along each spatial axis (N values; default 1 each).',
    },
  },
  GlobalLpPool: {
    doc: 'The p-norm of each whole plane of X (N x C x D1 ... x Dn): (N, C, 1, ..., 1). bfloat16 from version 22.',
    attributes: {
      p: 'The norm\'s order, positive (default 2): a float in version 1, an int from version 2.',
    },
  },
  LRN: {
    doc: 'Local response normalization: X (N x C x D1 ...) / (bias + alpha / size * square_sum)^beta, square_sum the sum of the squares of the channels from c - floor((size - 1) / 2) to c + ceil((size - 1) / 2) inside [0, C). float64 computes in float64, the others in float32 (float16 and bfloat16 rounded once). bfloat16 from version 13.',
    attributes: {
      size: 'The number of channels summed over. Required, positive.',
      alpha: 'The squares\' scale, divided by size (default 0.0001).',
      beta: 'The exponent (default 0.75).',
      bias: 'Added before the exponent (default 1).',
    },
  },
  MeanVarianceNormalization: {
    doc: '(X - mean) / (sqrt(variance) + 1e-9), the mean and population variance over `axes`, as ONNX\'s function body writes it. Computed in float64 and rounded once. bfloat16 from version 13.',
    attributes: {
      axes: 'The axes the statistics are taken over, negative counting from the back (default [0, 2, 3]: per channel of N x C x H x W).',
    },
  },
  DepthToSpace: {
    doc: 'The channels of a 4-D input (N x C x H x W) moved into blocks of blocksize x blocksize pixels: (N, C / blocksize^2, H * blocksize, W * blocksize). Any type (bfloat16 from version 13); elements move bit for bit.',
    attributes: {
      blocksize: 'The block\'s side, positive; blocksize^2 must divide C. Required.',
      mode: 'Version 11 on: \'DCR\' (default; the channels read depth, then the block\'s column and row) or \'CRD\' (column, row, then depth), as ONNX\'s Reshape and Transpose define them.',
    },
  },
  SpaceToDepth: {
    doc: 'DepthToSpace (DCR) undone: blocks of blocksize x blocksize pixels of a 4-D input (N x C x H x W) moved into channels: (N, C * blocksize^2, H / blocksize, W / blocksize). Any type (bfloat16 from version 13).',
    attributes: {
      blocksize: 'The block\'s side, positive, dividing H and W. Required.',
    },
  },
  Dropout: {
    doc: 'Inference: the data unchanged; in a session the optional mask keeps every element (1 of the data\'s type before version 10, true from 10). From 12 the inputs are [data, ratio?, training_mode?]; training_mode true (random dropout) is refused.',
    attributes: {
      ...LEGACY_HINT,
      is_test: 'Versions 1 and 6: accepted; inference runs whatever its value, as onnxruntime runs a model.',
      ratio: 'Versions 1 to 10: the training\'s drop probability (default 0.5); unused in inference.',
      seed: 'Version 12 on: the training\'s random seed; unused in inference.',
    },
  },
  Mod: {
    doc: '[A, B]: the remainder of A / B, broadcasting as Add. fmod 0 (integers only): the divisor\'s sign, as Python\'s %; fmod 1: the dividend\'s sign, as C\'s fmod (float16 and bfloat16 through float32, where it is exact). An integer x mod 0 is 0, as NumPy\'s.',
    attributes: {
      fmod: '0 (default): the remainder with the divisor\'s sign, of integers; 1: C\'s fmod, which the floating-point types need.',
    },
  },
  BitShift: {
    doc: '[X, Y] of unsigned integers: X shifted by Y bits, broadcasting as Add; a count of the type\'s width or more gives 0.',
    attributes: {
      direction: '\'LEFT\' or \'RIGHT\' (logical). Required.',
    },
  },
  BitwiseAnd: {
    doc: '[A, B] of integers: the bits of A and B, broadcasting as Add.',
  },
  BitwiseOr: {
    doc: '[A, B] of integers: the bits of A or B, broadcasting as Add.',
  },
  BitwiseXor: {
    doc: '[A, B] of integers: the bits of A xor B, broadcasting as Add.',
  },
  BitwiseNot: {
    doc: 'The bits of x inverted, of integers.',
  },
  IsNaN: {
    doc: 'Bool: 1 where x is a NaN (of any sign and payload).',
  },
  IsInf: {
    doc: 'Bool: 1 where x is an infinity of a sign the attributes detect.',
    attributes: {
      detect_negative: 'Detect -inf (default 1).',
      detect_positive: 'Detect +inf (default 1).',
    },
  },
  CastLike: {
    doc: '[input, target_type]: input converted to target_type\'s type by Cast\'s rules; target_type is read for its type alone.',
    attributes: {
      saturate: 'Version 19 on: only affects float8 results (which the runtime lacks): accepted and ignored.',
      round_mode: 'Version 24 on: only affects float8e8m0 results: checked and ignored.',
    },
  },
  EyeLike: {
    doc: 'A matrix of the 2-D input\'s shape: 1 on the k-th diagonal (column - row = k), 0 elsewhere.',
    attributes: {
      dtype: 'The output type, a TensorProto.DataType number (default the input\'s type).',
      k: 'The diagonal: 0 (default) the main one, positive above it, negative below.',
    },
  },
  Trilu: {
    doc: '[input, k?]: each matrix of the innermost two dims with the elements on one side of the k-th diagonal (column - row = k; k an int64 of one value, default 0) kept and the others 0.',
    attributes: {
      upper: '1 (default): keep column - row >= k; 0: keep column - row <= k.',
    },
  },
  OneHot: {
    doc: '[indices, depth, values]: the indices\' shape with an axis of depth inserted; values[1] where the position along it is the index (read as int64 as Cast reads it), values[0] elsewhere. An index outside the range gives a line of values[0]; from version 11 negative indices count from the end.',
    attributes: {
      axis: 'Where the new axis goes, in [-r - 1, r] for indices of rank r (default -1, innermost).',
    },
  },
};
