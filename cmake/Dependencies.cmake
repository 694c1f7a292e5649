# Third-party dependencies, all from Debian 12 packages (scripts/install-deps.sh).
find_package(Threads REQUIRED)
find_package(absl CONFIG REQUIRED)
find_package(libzip CONFIG REQUIRED)
find_package(nlohmann_json CONFIG REQUIRED)

# A real BLAS for GEMM: OpenBLAS via FindBLAS. Prefer the pthreads variant.
set(BLA_VENDOR OpenBLAS)
find_package(BLAS REQUIRED)
find_path(CBLAS_INCLUDE_DIR cblas.h PATHS /usr/include/x86_64-linux-gnu/openblas-pthread /usr/include/openblas /usr/include)

if(JITSERVE_BUILD_TESTS)
  find_package(GTest REQUIRED)
  find_package(benchmark CONFIG QUIET)
endif()
