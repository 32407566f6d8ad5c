// Allocation-failure injection, linked only into the test build of the wasm (cmake
// -DOW_ALLOC_FAILURE_INJECTION=ON, scripts/alloc-failure-test.sh). malloc and the aligned allocations
// (Emscripten's dlmalloc defines them weakly) are replaced by ones that fail the N-th allocation from
// when the test arms them, whoever asks: operator new, Tensor::allocate, embind, or JS through _malloc.
// The test reaches these functions through globalThis.__onnxWasmTestModule.
#include <emscripten/em_js.h>
#include <emscripten/emscripten.h>

#include <cerrno>
#include <cstddef>

extern "C" {

void* emscripten_builtin_malloc(size_t size);
void* emscripten_builtin_memalign(size_t alignment, size_t size);

namespace {
long long countdown = -1;  // allocations that succeed before the one that fails; -1: none fails
long long counted = 0;     // allocations since the test last asked
bool trap = false;         // the failing allocation traps instead (a stand-in for a bug)

bool fails() {
  ++counted;
  if (countdown < 0 || countdown-- != 0) return false;
  if (trap) __builtin_trap();
  return true;
}
}  // namespace

void* malloc(size_t size) { return fails() ? nullptr : emscripten_builtin_malloc(size); }
void* memalign(size_t alignment, size_t size) { return fails() ? nullptr : emscripten_builtin_memalign(alignment, size); }
void* aligned_alloc(size_t alignment, size_t size) { return memalign(alignment, size); }
int posix_memalign(void** p, size_t alignment, size_t size) {
  void* q = memalign(alignment, size);
  if (!q) return ENOMEM;
  *p = q;
  return 0;
}

// Allocation `n` from now (0: the next) fails, and only it; -1 disarms.
EMSCRIPTEN_KEEPALIVE void ow_test_fail_allocation(double n) {
  countdown = static_cast<long long>(n);
  trap = false;
}
// Allocation `n` from now traps (WebAssembly's unreachable), as a bug in the middle of a call would.
EMSCRIPTEN_KEEPALIVE void ow_test_trap_allocation(double n) {
  countdown = static_cast<long long>(n);
  trap = true;
}
// Allocations since the last call of this.
EMSCRIPTEN_KEEPALIVE double ow_test_allocations() {
  const long long n = counted;
  counted = 0;
  return static_cast<double>(n);
}

EM_JS(void, expose_module, (), { globalThis.__onnxWasmTestModule = Module; });

}  // extern "C"

namespace {
const bool exposed = (expose_module(), true);
}  // namespace
