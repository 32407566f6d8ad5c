// The operator families; each is defined in ops/<family>.cpp (constexpr) and listed in ops/registry.cpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

#include "ops/operator.h"

namespace ow {

extern const OpSchema kFloorSchema;
extern const OpSchema kCeilSchema;
extern const OpSchema kRoundSchema;
extern const OpSchema kMinSchema;
extern const OpSchema kAveragePoolSchema;
// LpPool and GlobalLpPool (ops/lp_pool.cpp)
extern const OpSchema kLpPoolSchema;
extern const OpSchema kGlobalLpPoolSchema;
// MaxPool and GlobalMaxPool (ops/max_pool.cpp)
extern const OpSchema kMaxPoolSchema;
extern const OpSchema kGlobalMaxPoolSchema;
// Resize and Upsample (ops/resize.cpp)
extern const OpSchema kResizeSchema;
extern const OpSchema kUpsampleSchema;
// Shape-only operators (ops/reshape.cpp) and Transpose (ops/transpose.cpp)
extern const OpSchema kReshapeSchema;
extern const OpSchema kFlattenSchema;
extern const OpSchema kSqueezeSchema;
extern const OpSchema kUnsqueezeSchema;
extern const OpSchema kTransposeSchema;
// The input a node reads its output's shape from (Reshape from version 5: its second); nullopt for
// any other.
std::optional<size_t> shape_input(const PreparedOp& op);
// arith: ops/min_max.cpp (with kMinSchema), ops/arithmetic.cpp, ops/clip_relu.cpp
extern const OpSchema kClipSchema;
extern const OpSchema kReluSchema;
extern const OpSchema kMaxSchema;
// Sum and Mean, with Min and Max (ops/min_max.cpp)
extern const OpSchema kSumSchema;
extern const OpSchema kMeanSchema;
extern const OpSchema kAddSchema;
extern const OpSchema kSubSchema;
extern const OpSchema kMulSchema;
extern const OpSchema kDivSchema;
// Comparisons, with the arithmetic (ops/arithmetic.cpp)
extern const OpSchema kEqualSchema;
extern const OpSchema kLessSchema;
extern const OpSchema kGreaterSchema;
extern const OpSchema kLessOrEqualSchema;
extern const OpSchema kGreaterOrEqualSchema;
// And, Or, Xor, Not, with the arithmetic (ops/arithmetic.cpp)
extern const OpSchema kAndSchema;
extern const OpSchema kOrSchema;
extern const OpSchema kXorSchema;
extern const OpSchema kNotSchema;
// Pad (ops/pad.cpp), GlobalAveragePool (ops/average_pool.cpp), ReduceMean (ops/reduce_mean.cpp)
extern const OpSchema kPadSchema;
extern const OpSchema kGlobalAveragePoolSchema;
extern const OpSchema kReduceMeanSchema;
// ReduceSum, ReduceProd, ReduceMax, ReduceMin (ops/reduce.cpp)
extern const OpSchema kReduceSumSchema;
extern const OpSchema kReduceProdSchema;
extern const OpSchema kReduceMaxSchema;
extern const OpSchema kReduceMinSchema;
// ArgMax, ArgMin (ops/arg_max.cpp), NonMaxSuppression (ops/non_max_suppression.cpp)
extern const OpSchema kArgMaxSchema;
extern const OpSchema kArgMinSchema;
extern const OpSchema kNonMaxSuppressionSchema;
// TopK (ops/top_k.cpp)
extern const OpSchema kTopKSchema;
// Constants and data movement (ops/constant.cpp, identity.cpp, cast.cpp, gather_concat.cpp)
extern const OpSchema kConstantSchema;
extern const OpSchema kIdentitySchema;
extern const OpSchema kCastSchema;
extern const OpSchema kCastLikeSchema;
extern const OpSchema kShapeSchema;
extern const OpSchema kGatherSchema;
extern const OpSchema kConcatSchema;
// What shape arithmetic a node does, as its kernel reads its attributes `attrs`; false or nullopt for a
// node of another operator, or attributes its kernel refuses. Whether a Shape node gives its input's
// whole shape (no start, or 0, and no end); the axis a Gather node gathers along; the axis a Concat node
// joins along.
bool gives_whole_shape(const PreparedOp& op, const Attributes& attrs);
std::optional<int64_t> gather_axis(const PreparedOp& op, const Attributes& attrs);
std::optional<int64_t> concat_axis(const PreparedOp& op, const Attributes& attrs);
// Matrix products (ops/matmul.cpp, ops/gemm.cpp), Conv (ops/conv.cpp) and ConvTranspose
// (ops/conv_transpose.cpp), on kernels/gemm.h
extern const OpSchema kMatMulSchema;
extern const OpSchema kGemmSchema;
extern const OpSchema kConvSchema;
extern const OpSchema kConvTransposeSchema;
// Elementwise math (ops/unary_math.cpp)
extern const OpSchema kSigmoidSchema;
extern const OpSchema kTanhSchema;
extern const OpSchema kExpSchema;
extern const OpSchema kLogSchema;
extern const OpSchema kSqrtSchema;
extern const OpSchema kAbsSchema;
extern const OpSchema kNegSchema;
extern const OpSchema kReciprocalSchema;
extern const OpSchema kErfSchema;
extern const OpSchema kSignSchema;
extern const OpSchema kSinSchema;
extern const OpSchema kCosSchema;
extern const OpSchema kTanSchema;
extern const OpSchema kAsinSchema;
extern const OpSchema kAcosSchema;
extern const OpSchema kAtanSchema;
extern const OpSchema kSinhSchema;
extern const OpSchema kCoshSchema;
extern const OpSchema kAsinhSchema;
extern const OpSchema kAcoshSchema;
extern const OpSchema kAtanhSchema;
// Activations (ops/activation.cpp)
extern const OpSchema kHardSigmoidSchema;
extern const OpSchema kHardSwishSchema;
extern const OpSchema kLeakyReluSchema;
extern const OpSchema kPReluSchema;
extern const OpSchema kEluSchema;
extern const OpSchema kSeluSchema;
extern const OpSchema kCeluSchema;
extern const OpSchema kSoftplusSchema;
extern const OpSchema kSoftsignSchema;
extern const OpSchema kGeluSchema;
extern const OpSchema kMishSchema;
extern const OpSchema kThresholdedReluSchema;
extern const OpSchema kShrinkSchema;
// Softmax and LogSoftmax (ops/softmax.cpp), Pow (ops/pow.cpp)
extern const OpSchema kSoftmaxSchema;
extern const OpSchema kLogSoftmaxSchema;
extern const OpSchema kPowSchema;
// Recurrent operators (ops/recurrent.cpp)
extern const OpSchema kLstmSchema;
extern const OpSchema kGruSchema;
extern const OpSchema kRnnSchema;
// Slicing and selection (ops/slice.cpp, expand_tile.cpp, where.cpp, generate.cpp), on kernels/strided.h
extern const OpSchema kSliceSchema;
extern const OpSchema kExpandSchema;
extern const OpSchema kTileSchema;
extern const OpSchema kWhereSchema;
extern const OpSchema kConstantOfShapeSchema;
extern const OpSchema kRangeSchema;
extern const OpSchema kSizeSchema;
// NonZero, GatherElements and GatherND (ops/index_select.cpp)
extern const OpSchema kNonZeroSchema;
extern const OpSchema kGatherElementsSchema;
extern const OpSchema kGatherNDSchema;
// Split (ops/split.cpp)
extern const OpSchema kSplitSchema;
// ScatterND (ops/scatter_nd.cpp)
extern const OpSchema kScatterNDSchema;
// The normalizations (ops/normalization.cpp)
extern const OpSchema kBatchNormalizationSchema;
extern const OpSchema kLayerNormalizationSchema;
extern const OpSchema kInstanceNormalizationSchema;
extern const OpSchema kGroupNormalizationSchema;
// LpNormalization (ops/lp_normalization.cpp), LRN (ops/lrn.cpp), MeanVarianceNormalization
// (ops/mean_variance_normalization.cpp)
extern const OpSchema kLpNormalizationSchema;
extern const OpSchema kLrnSchema;
extern const OpSchema kMeanVarianceNormalizationSchema;
// DepthToSpace and SpaceToDepth (ops/depth_space.cpp), Dropout (ops/dropout.cpp)
extern const OpSchema kDepthToSpaceSchema;
extern const OpSchema kSpaceToDepthSchema;
extern const OpSchema kDropoutSchema;
// Mod, BitShift, BitwiseAnd, BitwiseOr, BitwiseXor, BitwiseNot, with the arithmetic (ops/arithmetic.cpp)
extern const OpSchema kModSchema;
extern const OpSchema kBitShiftSchema;
extern const OpSchema kBitwiseAndSchema;
extern const OpSchema kBitwiseOrSchema;
extern const OpSchema kBitwiseXorSchema;
extern const OpSchema kBitwiseNotSchema;
// IsNaN and IsInf (ops/float_class.cpp)
extern const OpSchema kIsNaNSchema;
extern const OpSchema kIsInfSchema;
// Trilu and EyeLike (ops/triangle.cpp), OneHot (ops/one_hot.cpp)
extern const OpSchema kTriluSchema;
extern const OpSchema kEyeLikeSchema;
extern const OpSchema kOneHotSchema;
// If (ops/control.cpp): a session runs its branches
extern const OpSchema kIfSchema;

}  // namespace ow
