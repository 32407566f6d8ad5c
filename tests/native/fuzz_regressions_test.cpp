// The fuzz targets' inputs that once crashed or tripped a sanitizer (tests/fuzz/regressions/<target>/),
// replayed through the targets' own harness (tests/fuzz/harness.h), here under the native builds. A
// target gets its line here with its first regression; its folder must exist and hold inputs.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

#include "../fuzz/harness.h"

namespace {

size_t replay(const char* target, void (*run)(const uint8_t*, size_t)) {
  const std::filesystem::path dir = std::filesystem::path(OW_SOURCE_DIR) / "tests/fuzz/regressions" / target;
  INFO(dir.string());
  REQUIRE(std::filesystem::is_directory(dir));
  size_t count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    std::ifstream in(entry.path(), std::ios::binary);
    const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    INFO(entry.path().string());
    run(bytes.data(), bytes.size());
    ++count;
  }
  return count;
}

}  // namespace

TEST_CASE("Fuzz regressions: every saved input runs through its target's harness", "[fuzz]") {
  CHECK(replay("fuzz_operator", ow::fuzz::run_operator_input) > 0);
  CHECK(replay("fuzz_model", ow::fuzz::run_model_input) > 0);
}
