#include "runtime/cuda/cuda_libraries.h"

#include <dlfcn.h>

#include <string>

#include "runtime/support/error.h"

#define JS_STRINGIFY_(x) #x
#define JS_STRINGIFY(x) JS_STRINGIFY_(x)

namespace jitserve::cuda {
namespace {

// The library's handle and entry points, or why they could not be had.
template <typename Library>
struct Loaded {
  Library library;
  std::string error;
};

void* open(const char* soname, std::string& error) {
  void* h = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
  if (h == nullptr) {
    const char* why = dlerror();
    error = std::string("cannot load ") + soname + ": " + (why ? why : "unknown error") +
            " (is it on LD_LIBRARY_PATH?)";
  }
  return h;
}

template <typename Fn>
void resolve(void* h, const char* soname, const char* name, Fn& fn, std::string& error) {
  if (!error.empty()) return;
  fn = reinterpret_cast<Fn>(dlsym(h, name));
  if (fn == nullptr) error = std::string(soname) + " has no " + name + " (an older version than we were built for?)";
}

}  // namespace

#define JS_RESOLVE(name) resolve(h, soname, #name, l.library.name, l.error);

const CublasLibrary& cublas() {
  static const Loaded<CublasLibrary> loaded = [] {
    Loaded<CublasLibrary> l;
    const char* soname = "libcublas.so." JS_STRINGIFY(CUBLAS_VER_MAJOR);
    if (void* h = open(soname, l.error)) {
      JS_CUBLAS_SYMBOLS(JS_RESOLVE)
      JS_RESOLVE(cublasGemmStridedBatchedEx)
    }
    return l;
  }();
  JS_CHECK(loaded.error.empty(), "cuBLAS is not available: ", loaded.error);
  return loaded.library;
}

const CudnnLibrary& cudnn() {
  static const Loaded<CudnnLibrary> loaded = [] {
    Loaded<CudnnLibrary> l;
    const char* soname = "libcudnn.so." JS_STRINGIFY(CUDNN_MAJOR);
    if (void* h = open(soname, l.error)) {
      JS_CUDNN_SYMBOLS(JS_RESOLVE)
    }
    return l;
  }();
  JS_CHECK(loaded.error.empty(), "cuDNN is not available: ", loaded.error);
  return loaded.library;
}

const CusolverLibrary& cusolver() {
  static const Loaded<CusolverLibrary> loaded = [] {
    Loaded<CusolverLibrary> l;
    const char* soname = "libcusolver.so." JS_STRINGIFY(CUSOLVER_VER_MAJOR);
    if (void* h = open(soname, l.error)) {
      JS_CUSOLVER_SYMBOLS(JS_RESOLVE)
    }
    return l;
  }();
  JS_CHECK(loaded.error.empty(), "cuSOLVER is not available: ", loaded.error);
  return loaded.library;
}

const CufftLibrary& cufft() {
  static const Loaded<CufftLibrary> loaded = [] {
    Loaded<CufftLibrary> l;
    const char* soname = "libcufft.so." JS_STRINGIFY(CUFFT_VER_MAJOR);
    if (void* h = open(soname, l.error)) {
      JS_CUFFT_SYMBOLS(JS_RESOLVE)
    }
    return l;
  }();
  JS_CHECK(loaded.error.empty(), "cuFFT is not available: ", loaded.error);
  return loaded.library;
}

#undef JS_RESOLVE

}  // namespace jitserve::cuda
