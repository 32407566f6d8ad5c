#include "core/attributes.h"

namespace ow {

const char* attribute_kind_name(AttributeValue::Kind kind) {
  switch (kind) {
    case AttributeValue::Kind::kInt:
    case AttributeValue::Kind::kWholeNumber: return "an int";
    case AttributeValue::Kind::kFloat: return "a float";
    case AttributeValue::Kind::kString: return "a string";
    case AttributeValue::Kind::kInts:
    case AttributeValue::Kind::kWholeNumbers: return "a list of ints";
    case AttributeValue::Kind::kFloats: return "a list of floats";
    case AttributeValue::Kind::kStrings: return "a list of strings";
    case AttributeValue::Kind::kTensor: return "a tensor";
    case AttributeValue::Kind::kGraph: return "a graph";
    case AttributeValue::Kind::kGraphs: return "a list of graphs";
    case AttributeValue::Kind::kOther: break;
  }
  return "an unsupported kind";
}

void Attributes::set(std::string name, AttributeValue value) {
  for (auto& item : items_) {
    if (item.first == name) {
      item.second = std::move(value);
      return;
    }
  }
  items_.emplace_back(std::move(name), std::move(value));
}

const AttributeValue* Attributes::find(std::string_view name) const {
  for (const auto& item : items_)
    if (item.first == name) return &item.second;
  return nullptr;
}

namespace {
Status wrong_kind(std::string_view name, AttributeValue::Kind want, AttributeValue::Kind got) {
  return InvalidArgument("attribute '" + std::string(name) + "' must be " + attribute_kind_name(want) + ", got " +
                         attribute_kind_name(got));
}
}  // namespace

Result<int64_t> Attributes::get_int(std::string_view name, int64_t fallback) const {
  const AttributeValue* a = find(name);
  if (!a) return fallback;
  if (!a->reads_as(AttributeValue::Kind::kInt)) return wrong_kind(name, AttributeValue::Kind::kInt, a->kind);
  return a->i;
}

Result<double> Attributes::get_float(std::string_view name, double fallback) const {
  const AttributeValue* a = find(name);
  if (!a) return fallback;
  if (!a->reads_as(AttributeValue::Kind::kFloat)) return wrong_kind(name, AttributeValue::Kind::kFloat, a->kind);
  return a->f;
}

Result<std::string> Attributes::get_string(std::string_view name, std::string fallback) const {
  const AttributeValue* a = find(name);
  if (!a) return fallback;
  if (!a->reads_as(AttributeValue::Kind::kString)) return wrong_kind(name, AttributeValue::Kind::kString, a->kind);
  return a->s;
}

Result<std::vector<int64_t>> Attributes::get_ints(std::string_view name, bool* present) const {
  const AttributeValue* a = find(name);
  if (present) *present = a != nullptr;
  if (!a) return std::vector<int64_t>{};
  if (!a->reads_as(AttributeValue::Kind::kInts)) return wrong_kind(name, AttributeValue::Kind::kInts, a->kind);
  return a->ints;
}

Result<std::vector<double>> Attributes::get_floats(std::string_view name) const {
  const AttributeValue* a = find(name);
  if (!a) return std::vector<double>{};
  if (!a->reads_as(AttributeValue::Kind::kFloats)) return wrong_kind(name, AttributeValue::Kind::kFloats, a->kind);
  return a->floats;
}

Result<std::vector<std::string>> Attributes::get_strings(std::string_view name) const {
  const AttributeValue* a = find(name);
  if (!a) return std::vector<std::string>{};
  if (!a->reads_as(AttributeValue::Kind::kStrings)) return wrong_kind(name, AttributeValue::Kind::kStrings, a->kind);
  return a->strings;
}

}  // namespace ow
