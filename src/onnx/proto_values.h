// TensorProto and AttributeProto as read from the wire by model_decoder.cpp, and their checked
// conversion into a Tensor or an AttributeValue. The conversions are apart from the decoder because
// the decoder is built with exceptions (for protozero), where every temporary string of their error
// messages would cost cleanup code.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/attributes.h"
#include "core/status.h"
#include "onnx/model_decoder.h"

namespace ow::onnx {

// TensorProto's field numbers (onnx.proto).
// clang-format off
enum class TensorField : uint32_t {
  kDims = 1, kDataType = 2, kSegment = 3, kFloatData = 4, kInt32Data = 5, kStringData = 6, kInt64Data = 7,
  kName = 8, kRawData = 9, kDoubleData = 10, kUint64Data = 11, kExternalData = 13, kDataLocation = 14 };
// clang-format on

struct TensorFields {
  std::string name;
  Dims dims;
  int32_t data_type = 0;
  bool has_segment = false;
  int32_t data_location = 0;
  std::string external_location;
  bool has_external_data = false;
  std::vector<TensorField> data_fields;  // the *_data fields present, in file order, without repeats
  std::string_view raw_data;
  std::vector<float> float_data;
  std::vector<double> double_data;
  std::vector<int32_t> int32_data;
  std::vector<int64_t> int64_data;
  std::vector<uint64_t> uint64_data;

  void saw(TensorField f) {
    for (TensorField seen : data_fields)
      if (seen == f) return;
    data_fields.push_back(f);
  }
};

// The tensor `f` describes; an error when its data does not fit its type and shape, or is external.
Result<NamedTensor> tensor_from_fields(const TensorFields& f);

// An AttributeProto's fields: `value` holds whatever value fields were present; its kind is set by
// add_attribute from the type field (or, in IR version 1 models, from the one value field present).
struct AttributeFields {
  std::string name;
  int32_t type = 0;
  std::string ref_attr_name;
  std::vector<uint32_t> value_fields;  // field numbers of the value fields present, without repeats
  AttributeValue value;
};

// Whether AttributeProto field `field` holds a value (f, i, s, t, g, floats, ints, ...).
bool is_attribute_value_field(uint32_t field);

// Checks the attribute read (with status `read`) and adds it to `attributes`; the first problem is the
// error: a read error, no name, no or an unknown type, a value of another type, a duplicate name.
Status add_attribute(const Status& read, AttributeFields& fields, Attributes& attributes);

}  // namespace ow::onnx
