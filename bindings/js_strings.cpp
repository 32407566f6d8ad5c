#include "js_strings.h"

#include <emscripten/em_js.h>
#include <emscripten/emscripten.h>

using emscripten::val;

EM_JS(emscripten::EM_VAL, ow_utf8_to_js, (const char* data, size_t length), {
  return Emval.toHandle(new TextDecoder().decode(HEAPU8.subarray(data, data + length)));
});
EM_JS(size_t, ow_js_utf8_length, (emscripten::EM_VAL handle), { return lengthBytesUTF8(Emval.toValue(handle)); });
EM_JS(void, ow_js_to_utf8, (emscripten::EM_VAL handle, char* out, size_t capacity), {
  stringToUTF8(Emval.toValue(handle), out, capacity);
});

namespace ow {

val string_to_js(std::string_view s) { return val::take_ownership(ow_utf8_to_js(s.data(), s.size())); }

std::string string_from_js(const val& v) {
  std::string s(ow_js_utf8_length(v.as_handle()), '\0');
  ow_js_to_utf8(v.as_handle(), s.data(), s.size() + 1);  // and the terminator std::string keeps
  return s;
}

void string_from_js(const val& v, char* out, size_t capacity) { ow_js_to_utf8(v.as_handle(), out, capacity); }

}  // namespace ow
