# Build options. Optional backends default on only where their toolkit exists,
# and a missing toolkit never breaks the build.
option(JITSERVE_BUILD_TESTS "Build the test suite" ON)
option(JITSERVE_SANITIZE "Build with AddressSanitizer + UndefinedBehaviorSanitizer" OFF)
option(JITSERVE_TSAN "Build with ThreadSanitizer (scripts/tsan.sh)" OFF)
option(JITSERVE_NATIVE "Tune for the build machine's CPU (-march=native)" OFF)

find_package(CUDAToolkit QUIET)
set(_cuda_default OFF)
if(CUDAToolkit_FOUND)
  set(_cuda_default ON)
endif()
option(JITSERVE_CUDA "Build the CUDA backend" ${_cuda_default})

find_package(LLVM 15 CONFIG QUIET PATHS /usr/lib/llvm-15/lib/cmake/llvm NO_DEFAULT_PATH)
set(_llvm_default OFF)
if(LLVM_FOUND)
  set(_llvm_default ON)
endif()
option(JITSERVE_LLVM "Build the LLVM CPU fuser" ${_llvm_default})

if(JITSERVE_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
  add_compile_definitions(JITSERVE_SANITIZE=1)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    # The instrumentation defeats GCC's flow analysis: std::function and
    # absl::InlinedVector internals come out "maybe uninitialized" (GCC's
    # manual warns of false positives under -fsanitize); the Release build
    # keeps the warning.
    add_compile_options(-Wno-maybe-uninitialized)
  endif()
endif()
if(JITSERVE_TSAN)
  if(JITSERVE_SANITIZE)
    message(FATAL_ERROR "JITSERVE_TSAN and JITSERVE_SANITIZE cannot be combined (ThreadSanitizer excludes ASan)")
  endif()
  # Code checks __SANITIZE_THREAD__ (runtime/support/sanitizers.h), so a
  # -fsanitize=thread passed by hand behaves the same.
  add_compile_options(-fsanitize=thread -fno-omit-frame-pointer)
  add_link_options(-fsanitize=thread)
endif()

add_compile_options(-Wall -Wextra -Wno-unused-parameter -Wno-sign-compare -Wno-missing-field-initializers)
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
  # GCC 12 warns inside libstdc++'s own string code at -O2 (PR 105329,
  # "... may overlap"): false positives, one per std::string use.
  add_compile_options(-Wno-restrict)
endif()
if(JITSERVE_NATIVE)
  add_compile_options(-march=native)
endif()

# The conformance corpus lives beside the checkout (../shared/conformance).
get_filename_component(_conf_default "${PROJECT_SOURCE_DIR}/../shared/conformance" ABSOLUTE)
set(JITSERVE_CONFORMANCE_DIR "${_conf_default}" CACHE PATH "The conformance corpus")
