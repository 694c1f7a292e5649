# Build options. Optional backends default on only where their toolkit exists,
# and a missing toolkit never breaks the build.
option(JITSERVE_BUILD_TESTS "Build the test suite" ON)
option(JITSERVE_SANITIZE "Build with AddressSanitizer + UndefinedBehaviorSanitizer" OFF)
option(JITSERVE_TSAN "Build with ThreadSanitizer (scripts/tsan.sh)" OFF)
option(JITSERVE_NATIVE "Tune for the build machine's CPU (-march=native)" OFF)

find_package(CUDAToolkit QUIET)
# The backend needs cuDNN 9's headers beside the toolkit's (the libraries
# are loaded at run time).
find_path(JITSERVE_CUDNN_INCLUDE_DIR cudnn.h HINTS ${CUDAToolkit_INCLUDE_DIRS})
set(_cuda_default OFF)
if(CUDAToolkit_FOUND AND JITSERVE_CUDNN_INCLUDE_DIR)
  set(_cuda_default ON)
endif()
option(JITSERVE_CUDA "Build the CUDA backend" ${_cuda_default})
if(JITSERVE_CUDA)
  if(NOT CUDAToolkit_FOUND)
    message(FATAL_ERROR "JITSERVE_CUDA=ON but no CUDA toolkit was found (set CUDAToolkit_ROOT)")
  endif()
  if(NOT JITSERVE_CUDNN_INCLUDE_DIR)
    message(FATAL_ERROR "JITSERVE_CUDA=ON but cudnn.h (cuDNN 9) was not found beside the toolkit; "
                        "install it or configure with -DJITSERVE_CUDA=OFF")
  endif()
  if(NOT DEFINED CMAKE_CUDA_COMPILER)
    set(CMAKE_CUDA_COMPILER ${CUDAToolkit_NVCC_EXECUTABLE})
  endif()
  # "90": sm_90 machine code (H100, H200) plus compute_90 PTX, which the
  # driver JIT-compiles for newer GPUs.
  if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
    set(CMAKE_CUDA_ARCHITECTURES 90)
  endif()
  enable_language(CUDA)
  # C++17 for device code: CMake 3.25 has no C++20 flags for nvcc 13, and the
  # .cu files hold kernels behind plain interfaces that need nothing newer.
  set(CMAKE_CUDA_STANDARD 17)
  set(CMAKE_CUDA_STANDARD_REQUIRED ON)
  set(CMAKE_CUDA_EXTENSIONS OFF)
  if(CCACHE_PROGRAM)
    set(CMAKE_CUDA_COMPILER_LAUNCHER ${_ccache})
  endif()
  add_compile_options($<$<COMPILE_LANGUAGE:CUDA>:-Xcompiler=-Wall,-Wextra,-Wno-unused-parameter>)
endif()

find_package(LLVM 15 CONFIG QUIET PATHS /usr/lib/llvm-15/lib/cmake/llvm NO_DEFAULT_PATH)
set(_llvm_default OFF)
if(LLVM_FOUND)
  set(_llvm_default ON)
endif()
option(JITSERVE_LLVM "Build the LLVM CPU fuser" ${_llvm_default})

if(JITSERVE_SANITIZE)
  add_compile_options("$<$<COMPILE_LANGUAGE:C,CXX>:-fsanitize=address,undefined;-fno-omit-frame-pointer;-fno-sanitize-recover=undefined>")
  add_link_options(-fsanitize=address,undefined)
  add_compile_definitions(JITSERVE_SANITIZE=1)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    # The instrumentation defeats GCC's flow analysis: std::function and
    # absl::InlinedVector internals come out "maybe uninitialized" (GCC's
    # manual warns of false positives under -fsanitize); the Release build
    # keeps the warning.
    add_compile_options($<$<COMPILE_LANGUAGE:C,CXX>:-Wno-maybe-uninitialized>)
  endif()
endif()
if(JITSERVE_TSAN)
  if(JITSERVE_SANITIZE)
    message(FATAL_ERROR "JITSERVE_TSAN and JITSERVE_SANITIZE cannot be combined (ThreadSanitizer excludes ASan)")
  endif()
  # Code checks __SANITIZE_THREAD__ (runtime/support/sanitizers.h), so a
  # -fsanitize=thread passed by hand behaves the same.
  add_compile_options("$<$<COMPILE_LANGUAGE:C,CXX>:-fsanitize=thread;-fno-omit-frame-pointer>")
  add_link_options(-fsanitize=thread)
endif()

# C and C++ only: nvcc takes host-compiler flags through -Xcompiler (above).
add_compile_options("$<$<COMPILE_LANGUAGE:C,CXX>:-Wall;-Wextra;-Wno-unused-parameter;-Wno-sign-compare;-Wno-missing-field-initializers>")
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
  # GCC 12 warns inside libstdc++'s own string code at -O2 (PR 105329,
  # "... may overlap"): false positives, one per std::string use.
  add_compile_options($<$<COMPILE_LANGUAGE:C,CXX>:-Wno-restrict>)
endif()
if(JITSERVE_NATIVE)
  add_compile_options($<$<COMPILE_LANGUAGE:C,CXX>:-march=native>)
endif()

# The conformance corpus lives beside the checkout (../shared/conformance).
get_filename_component(_conf_default "${PROJECT_SOURCE_DIR}/../shared/conformance" ABSOLUTE)
set(JITSERVE_CONFORMANCE_DIR "${_conf_default}" CACHE PATH "The conformance corpus")
