# Third-party dependencies, all from Debian 12 packages (scripts/install-deps.sh).
find_package(Threads REQUIRED)
find_package(absl CONFIG REQUIRED)
find_package(libzip CONFIG REQUIRED)
find_package(nlohmann_json CONFIG REQUIRED)

# A real BLAS for GEMM: OpenBLAS via FindBLAS. Prefer the pthreads variant.
set(BLA_VENDOR OpenBLAS)
find_package(BLAS REQUIRED)
find_path(CBLAS_INCLUDE_DIR cblas.h PATHS /usr/include/x86_64-linux-gnu/openblas-pthread /usr/include/openblas /usr/include)

# oneDNN for float32 convolution (Debian 12: libdnnl-dev). Found directly, not
# through dnnl-config.cmake, which requires the OpenCL headers that the
# package only recommends. Debian's libdnnl runs on OpenMP (libgomp), whose
# omp_set_num_threads runtime/ops calls, so libgomp is linked too. Without
# them convolution runs on the im2col + OpenBLAS path.
find_path(DNNL_INCLUDE_DIR oneapi/dnnl/dnnl.hpp)
find_library(DNNL_LIBRARY NAMES dnnl)
find_library(GOMP_LIBRARY NAMES gomp libgomp.so.1)
if(DNNL_INCLUDE_DIR AND DNNL_LIBRARY AND GOMP_LIBRARY)
  set(JITSERVE_HAVE_DNNL ON)
  add_library(jitserve_dnnl INTERFACE IMPORTED GLOBAL)
  set_target_properties(jitserve_dnnl PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "${DNNL_INCLUDE_DIR}"
    INTERFACE_LINK_LIBRARIES "${DNNL_LIBRARY};${GOMP_LIBRARY}")
else()
  set(JITSERVE_HAVE_DNNL OFF)
  message(STATUS "oneDNN (libdnnl-dev) not found: convolution runs on im2col + OpenBLAS only")
endif()

# SLEEF (Debian 12: libsleef-dev) for SIMD exp/log/tanh/... in runtime/ops
# (vec_math.h). Without it those ops run their scalar libm loops.
find_path(SLEEF_INCLUDE_DIR sleef.h)
find_library(SLEEF_LIBRARY NAMES sleef)
if(SLEEF_INCLUDE_DIR AND SLEEF_LIBRARY AND CMAKE_SYSTEM_PROCESSOR MATCHES "x86_64|AMD64")
  set(JITSERVE_HAVE_SLEEF ON)
else()
  set(JITSERVE_HAVE_SLEEF OFF)
  message(STATUS "libsleef not found: transcendental float ops run scalar")
endif()

if(JITSERVE_BUILD_TESTS)
  find_package(GTest REQUIRED)
  find_package(benchmark CONFIG QUIET)
endif()

# The daemon's dependencies (server/, client/, proto/): gRPC and protobuf
# (Debian 12: libgrpc++-dev, protobuf-compiler-grpc) and prometheus-cpp
# (prometheus-cpp-dev). Without them the daemon layers are skipped and
# everything else still builds.
find_package(Protobuf QUIET)
find_package(gRPC CONFIG QUIET)
find_package(prometheus-cpp CONFIG QUIET)
find_program(JITSERVE_GRPC_CPP_PLUGIN grpc_cpp_plugin)
if(Protobuf_FOUND AND gRPC_FOUND AND prometheus-cpp_FOUND AND JITSERVE_GRPC_CPP_PLUGIN AND Protobuf_PROTOC_EXECUTABLE)
  set(JITSERVE_HAVE_GRPC ON)
else()
  set(JITSERVE_HAVE_GRPC OFF)
  message(STATUS "gRPC/protobuf/prometheus-cpp not found: jitserved and jitctl are not built "
                 "(scripts/install-deps.sh installs them)")
endif()
