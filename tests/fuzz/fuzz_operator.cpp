// libFuzzer target: one operator call (operator, opset, attributes, inputs, options.out) built from the
// bytes and run as ops.* runs it (tests/fuzz/harness.h). Built with the sanitized native tests (-DOW_SANITIZE=ON), run by scripts/fuzz.sh.
#include "harness.h"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  ow::fuzz::limit_tensor_bytes();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  ow::fuzz::run_operator_input(data, size);
  return 0;
}
