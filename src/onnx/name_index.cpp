#include "onnx/name_index.h"

namespace ow::onnx {

void NameIndex::reserve(size_t most) {
  size_t slots = 8;
  while (slots < 2 * most) slots *= 2;  // at most half full
  slots_.assign(slots, 0);
}

size_t NameIndex::first_slot(std::string_view name) const {
  uint32_t hash = 2166136261u;  // FNV-1a
  for (unsigned char c : name) hash = (hash ^ c) * 16777619u;
  return hash & (slots_.size() - 1);
}

size_t NameIndex::find(std::string_view name, const std::vector<std::string>& names) const {
  if (slots_.empty()) return kNotFound;
  for (size_t s = first_slot(name);; s = (s + 1) & (slots_.size() - 1)) {
    if (slots_[s] == 0) return kNotFound;
    if (names[slots_[s] - 1] == name) return slots_[s] - 1;
  }
}

size_t NameIndex::add_last(const std::vector<std::string>& names) {
  const std::string& name = names.back();
  size_t s = first_slot(name);
  for (; slots_[s] != 0; s = (s + 1) & (slots_.size() - 1))
    if (names[slots_[s] - 1] == name) return slots_[s] - 1;
  slots_[s] = static_cast<uint32_t>(names.size());
  return names.size() - 1;
}

}  // namespace ow::onnx
