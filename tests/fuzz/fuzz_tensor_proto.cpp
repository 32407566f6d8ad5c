// libFuzzer target: a serialized TensorProto (the .pb files of ONNX test data) through its decoder
// (tests/fuzz/harness.h). Built with the sanitized native tests (-DOW_SANITIZE=ON), run by scripts/fuzz.sh.
#include "harness.h"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  ow::fuzz::limit_tensor_bytes();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  ow::fuzz::run_tensor_input(data, size);
  return 0;
}
