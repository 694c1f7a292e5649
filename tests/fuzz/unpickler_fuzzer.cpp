// libFuzzer entry for the unpickler target (fuzz_targets.h).
#include "tests/fuzz/fuzz_targets.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return jitserve::fuzz::unpicklerTarget(data, size);
}
