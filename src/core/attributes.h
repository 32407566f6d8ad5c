// Operator attributes as they arrive from a model file or from a JS options object.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/status.h"
#include "core/tensor.h"

namespace ow {

namespace onnx {
struct Graph;  // onnx/model.h: a GRAPH attribute's value (If's branches)
}  // namespace onnx

struct AttributeValue {
  // kWholeNumber: a whole JS number from options, which is an int or a float as the attribute needs
  // (its `i` and its `f`, where a -0 keeps its sign); kWholeNumbers: a list of them (`ints` and
  // `floats`). kGraph, kGraphs: a model's subgraphs (`graphs`: one, or a list), which only a session
  // runs. kOther: a kind no operator here takes (lists of tensors, sparse tensors, type protos), kept
  // so that the operator can refuse it by name.
  enum class Kind { kInt, kFloat, kWholeNumber, kString, kInts, kFloats, kWholeNumbers, kStrings, kTensor, kGraph, kGraphs, kOther };
  Kind kind = Kind::kOther;
  int64_t i = 0;
  double f = 0;
  std::string s;
  std::vector<int64_t> ints;
  std::vector<double> floats;
  std::vector<std::string> strings;
  Tensor t;  // owns its elements (a copy of the model's or the caller's)
  // Shared, so that copying a node (a session's description keeps one) does not copy its branches.
  std::vector<std::shared_ptr<const onnx::Graph>> graphs;

  static AttributeValue Int(int64_t v) { AttributeValue a; a.kind = Kind::kInt; a.i = v; return a; }
  static AttributeValue Float(double v) { AttributeValue a; a.kind = Kind::kFloat; a.f = v; return a; }
  static AttributeValue WholeNumber(double v) { AttributeValue a; a.kind = Kind::kWholeNumber; a.i = static_cast<int64_t>(v); a.f = v; return a; }
  static AttributeValue String(std::string v) { AttributeValue a; a.kind = Kind::kString; a.s = std::move(v); return a; }
  static AttributeValue Ints(std::vector<int64_t> v) { AttributeValue a; a.kind = Kind::kInts; a.ints = std::move(v); return a; }
  static AttributeValue Floats(std::vector<double> v) { AttributeValue a; a.kind = Kind::kFloats; a.floats = std::move(v); return a; }
  static AttributeValue WholeNumbers(std::vector<double> v) {
    AttributeValue a;
    a.kind = Kind::kWholeNumbers;
    a.ints.assign(v.begin(), v.end());
    a.floats = std::move(v);
    return a;
  }
  static AttributeValue Strings(std::vector<std::string> v) { AttributeValue a; a.kind = Kind::kStrings; a.strings = std::move(v); return a; }
  static AttributeValue TensorValue(Tensor v) { AttributeValue a; a.kind = Kind::kTensor; a.t = std::move(v); return a; }

  // Whether the value reads as `want`: of that kind, or whole JS numbers read as ints or floats.
  bool reads_as(Kind want) const {
    return kind == want || (kind == Kind::kWholeNumber && (want == Kind::kInt || want == Kind::kFloat)) ||
           (kind == Kind::kWholeNumbers && (want == Kind::kInts || want == Kind::kFloats));
  }
};

const char* attribute_kind_name(AttributeValue::Kind kind);

class Attributes {
 public:
  // Replaces an attribute of the same name.
  void set(std::string name, AttributeValue value);
  const AttributeValue* find(std::string_view name) const;
  bool has(std::string_view name) const { return find(name) != nullptr; }
  const std::vector<std::pair<std::string, AttributeValue>>& items() const { return items_; }

  // Typed getters: the default when absent, an error naming the attribute when of another kind. A
  // whole JS number is both an int and a float.
  Result<int64_t> get_int(std::string_view name, int64_t fallback) const;
  Result<double> get_float(std::string_view name, double fallback) const;
  Result<std::string> get_string(std::string_view name, std::string fallback) const;
  // `present` is set to whether the attribute was given.
  Result<std::vector<int64_t>> get_ints(std::string_view name, bool* present = nullptr) const;
  Result<std::vector<double>> get_floats(std::string_view name) const;
  Result<std::vector<std::string>> get_strings(std::string_view name) const;

 private:
  std::vector<std::pair<std::string, AttributeValue>> items_;
};

}  // namespace ow
