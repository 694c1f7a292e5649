// libFuzzer entry for the lexer + parser + IR emitter target (fuzz_targets.h).
#include "tests/fuzz/fuzz_targets.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return jitserve::fuzz::frontendCompileTarget(data, size);
}
