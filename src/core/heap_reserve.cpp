#include "core/heap_reserve.h"

#include <cstdlib>
#include <new>
#include <string>

namespace ow {
namespace {

void* reserve = nullptr;
bool taken = false;  // at least once
bool used = false;
size_t failed_bytes = 0;

// The new_handler: operator new calls it when malloc fails, and retries. The first time it frees the
// reserve; then it gives up, and operator new throws std::bad_alloc.
void release_reserve() {
  if (!reserve) {
    std::set_new_handler(nullptr);
    return;
  }
  std::free(reserve);
  reserve = nullptr;
  used = true;
}

}  // namespace

void take_heap_reserve() {
  if (!reserve) reserve = std::malloc(kHeapReserveBytes);
  taken = true;
  std::set_new_handler(release_reserve);
}

bool heap_reserve_used() {
  const bool was_used = used;
  used = false;
  return was_used;
}

bool heap_reserve_spent() { return taken && !reserve; }

void require_heap_reserve() {
  if (heap_reserve_spent()) throw std::bad_alloc();
}

Status heap_full_error(std::string_view where) {
  std::string message(where);
  if (!message.empty()) message += ": ";
  message += "out of memory (the wasm memory is full";
  if (failed_bytes) message += "; " + std::to_string(failed_bytes) + " bytes asked for";
  return OutOfMemory(message + ")");
}

}  // namespace ow

#ifdef __EMSCRIPTEN__
// The global operator new (C++ lets a program replace it), as the standard library's but noting the
// size it could not allocate, for the messages. operator new[] and the nothrow forms call this one.
void* operator new(std::size_t size) {
  if (size == 0) size = 1;
  for (;;) {
    if (void* p = std::malloc(size)) return p;
    ow::failed_bytes = size;
    std::new_handler handler = std::get_new_handler();
    if (!handler) throw std::bad_alloc();
    handler();
  }
}
#endif
