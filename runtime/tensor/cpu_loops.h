// Typed elementwise loops over a TensorIterator.
//
//   cpu_kernel(iter, [](float a, float b) -> float { return a + b; });
//
// The lambda's parameter types must match the iterator's input dtypes and its
// return type the output dtype (checked once per call, not per element).
// Each chunk takes one of three paths:
//   - every operand contiguous: a plain indexed loop the compiler vectorizes;
//   - contiguous except one input broadcast as a scalar (x + 1): the scalar
//     is loaded once and the loop is still plain;
//   - otherwise a strided loop over byte strides.
// The project is built for baseline x86-64 (SSE2). When every operand is a
// plain arithmetic type, cpu_kernel also instantiates the loops inside an
// AVX2 function (target attribute, everything inlined into it) and takes
// that copy on CPUs with AVX2: the same operations in the same order, so the
// results are bit for bit those of the baseline loop, only wider vectors.
// JITSERVE_CPU_CAPABILITY=default keeps the baseline (as for vec_math.h).
// When the operands of one call do not fit in the last-level cache, the AVX2
// copy writes contiguous outputs with streaming (non-temporal) stores: the
// output's lines are then not read from memory before being overwritten,
// a third less memory traffic for a unary op, and do not evict the inputs.
// cpu_unary_kernel<T> / cpu_binary_kernel<T> are shorthands where all
// operands are T and fn's result is converted back to T (so Half kernels can
// compute in float).
#pragma once

#include <immintrin.h>

#include <array>
#include <cstdint>
#include <tuple>
#include <type_traits>
#include <utility>

#include "runtime/tensor/scalar_type_traits.h"
#include "runtime/tensor/tensor_iterator.h"

namespace jitserve {

template <typename F>
struct function_traits : function_traits<decltype(&F::operator())> {};
template <typename C, typename R, typename... A>
struct function_traits<R (C::*)(A...) const> {
  using result_type = R;
  using args_tuple = std::tuple<std::decay_t<A>...>;
  static constexpr size_t arity = sizeof...(A);
  template <size_t I>
  using arg_t = std::tuple_element_t<I, args_tuple>;
};
template <typename C, typename R, typename... A>
struct function_traits<R (C::*)(A...)> : function_traits<R (C::*)(A...) const> {};
template <typename R, typename... A>
struct function_traits<R (*)(A...)> {
  using result_type = R;
  using args_tuple = std::tuple<std::decay_t<A>...>;
  static constexpr size_t arity = sizeof...(A);
  template <size_t I>
  using arg_t = std::tuple_element_t<I, args_tuple>;
};

namespace detail {

// Element i of input I, where input S (if S < arity) is a preloaded scalar.
template <size_t I, size_t S, typename T, typename ST>
inline T loadArg(const T* p, const ST& scalar, int64_t i) {
  if constexpr (I == S) return scalar;
  else return p[i];
}

template <size_t S, typename traits, typename F, size_t... I>
inline void contiguousLoop(char** data, int64_t n, const F& op, std::index_sequence<I...>) {
  using out_t = typename traits::result_type;
  out_t* __restrict out = reinterpret_cast<out_t*>(data[0]);
  std::tuple<const typename traits::template arg_t<I>*...> in{
      reinterpret_cast<const typename traits::template arg_t<I>*>(data[I + 1])...};
  if constexpr (S < traits::arity) {
    using s_t = typename traits::template arg_t<S>;
    const s_t sval = *std::get<S>(in);
    for (int64_t i = 0; i < n; ++i)
      out[i] = op(loadArg<I, S>(std::get<I>(in), sval, i)...);
  } else {
    for (int64_t i = 0; i < n; ++i) out[i] = op(std::get<I>(in)[i]...);
  }
}

template <typename traits, typename F, size_t... I>
inline void stridedLoop(char** data, const int64_t* strides, int64_t n, const F& op, std::index_sequence<I...>) {
  using out_t = typename traits::result_type;
  char* out = data[0];
  const int64_t so = strides[0];
  for (int64_t i = 0; i < n; ++i) {
    *reinterpret_cast<out_t*>(out + i * so) =
        op(*reinterpret_cast<const typename traits::template arg_t<I>*>(data[I + 1] + i * strides[I + 1])...);
  }
}

// contiguousLoop (S as there) writing the output with streaming stores:
// blocks are computed into an L1 buffer by the same vectorized loop, then
// copied out 32 bytes at a time. Elements before the first 32-byte boundary
// and after the last whole block are stored normally. No fence here: one
// call covers a row at a time, so cpu_kernel fences once per thread's share
// (TensorIterator::for_each's chunk_end), before the result is published.
template <size_t S, typename traits, typename F, size_t... I>
__attribute__((target("avx2"))) inline void contiguousLoopStream(char** data, int64_t n, const F& op,
                                                                  std::index_sequence<I...> seq) {
  using out_t = typename traits::result_type;
  constexpr int64_t kBlockBytes = 1024;
  constexpr int64_t kBlock = kBlockBytes / static_cast<int64_t>(sizeof(out_t));
  static_assert(32 % sizeof(out_t) == 0);
  constexpr std::array<int64_t, sizeof...(I)> sizes{static_cast<int64_t>(sizeof(typename traits::template arg_t<I>))...};
  // Pointers to element i of every operand; the scalar input S stays put.
  auto at = [&](char** d, char* out, [[maybe_unused]] int64_t i) {
    d[0] = out;
    ((d[I + 1] = data[I + 1] + (I == S ? 0 : i * sizes[I])), ...);
  };
  char* d[traits::arity + 1];
  const auto addr = reinterpret_cast<uintptr_t>(data[0]);
  const int64_t head = static_cast<int64_t>(((32 - addr % 32) % 32) / sizeof(out_t));
  if (addr % sizeof(out_t) != 0 || head + kBlock > n) {
    contiguousLoop<S, traits>(data, n, op, seq);
    return;
  }
  if (head > 0) contiguousLoop<S, traits>(data, head, op, seq);
  alignas(32) out_t buf[kBlock];
  int64_t i = head;
  for (; i + kBlock <= n; i += kBlock) {
    at(d, reinterpret_cast<char*>(buf), i);
    contiguousLoop<S, traits>(d, kBlock, op, seq);
    char* out = data[0] + i * static_cast<int64_t>(sizeof(out_t));
    for (int64_t b = 0; b < kBlockBytes; b += 32)
      _mm256_stream_si256(reinterpret_cast<__m256i*>(out + b),
                          _mm256_load_si256(reinterpret_cast<const __m256i*>(reinterpret_cast<const char*>(buf) + b)));
  }
  if (i < n) {
    at(d, data[0] + i * static_cast<int64_t>(sizeof(out_t)), i);
    contiguousLoop<S, traits>(d, n - i, op, seq);
  }
}

// Tries the scalar-broadcast fast path for input S, then S+1, ...
template <size_t S, typename traits, bool Stream, typename F, typename Seq>
inline bool tryScalarLoop(char** data, const int64_t* strides, int64_t n, const F& op, Seq seq) {
  if constexpr (S >= traits::arity) {
    return false;
  } else {
    bool ok = strides[S + 1] == 0;
    [&]<size_t... I>(std::index_sequence<I...>) {
      ((ok = ok && (I == S || strides[I + 1] == static_cast<int64_t>(sizeof(typename traits::template arg_t<I>))
                    )), ...);
    }(seq);
    if (ok) {
      if constexpr (Stream) contiguousLoopStream<S, traits>(data, n, op, seq);
      else contiguousLoop<S, traits>(data, n, op, seq);
      return true;
    }
    return tryScalarLoop<S + 1, traits, Stream>(data, strides, n, op, seq);
  }
}

template <typename traits, bool Stream = false, typename F>
inline void basicLoop(char** data, const int64_t* strides, int64_t n, const F& op) {
  using out_t = typename traits::result_type;
  constexpr auto seq = std::make_index_sequence<traits::arity>{};
  if (strides[0] == static_cast<int64_t>(sizeof(out_t))) {
    bool contiguous = true;
    [&]<size_t... I>(std::index_sequence<I...>) {
      ((contiguous = contiguous && strides[I + 1] == static_cast<int64_t>(sizeof(typename traits::template arg_t<I>))),
       ...);
    }(seq);
    if (contiguous) {
      if constexpr (Stream) contiguousLoopStream<traits::arity, traits>(data, n, op, seq);
      else contiguousLoop<traits::arity, traits>(data, n, op, seq);
      return;
    }
    if constexpr (traits::arity >= 1) {
      if (tryScalarLoop<0, traits, Stream>(data, strides, n, op, seq)) return;
    }
  }
  stridedLoop<traits>(data, strides, n, op, seq);
}

// basicLoop compiled for AVX2. Only the function carrying the attribute is
// AVX2 code: `flatten` inlines basicLoop, the op and what it calls into it,
// while any out-of-line copy of those stays baseline, so no inline function
// shared with baseline callers is ever emitted with AVX2 instructions.
template <typename traits, bool Stream, typename F>
__attribute__((target("avx2"), flatten)) void basicLoopAvx2(char** data, const int64_t* strides, int64_t n,
                                                            const F& op) {
  basicLoop<traits, Stream>(data, strides, n, op);
}

// Types whose loops gain from wider vectors (not Half/BFloat16/complex,
// which convert element by element).
template <typename T>
inline constexpr bool kPlainArithmetic = std::is_arithmetic_v<T>;
template <typename traits, size_t... I>
constexpr bool allPlainArithmetic(std::index_sequence<I...>) {
  return kPlainArithmetic<typename traits::result_type> &&
         (kPlainArithmetic<typename traits::template arg_t<I>> && ...);
}

// True when the CPU has AVX2 and JITSERVE_CPU_CAPABILITY is not "default"
// (both read once).
bool avx2Loops();

// Whether one call's operands (numel elements of `bytesPerElement` bytes
// over all operands) exceed the threshold, by default the last-level cache
// size (lastLevelCacheBytes): then the output streams.
bool streamOutput(int64_t numel, int64_t bytesPerElement);
// sfence: orders this thread's streaming stores before its later stores.
void storeFence();

}  // namespace detail

// The streaming threshold in bytes; tests set 0 (always stream) or SIZE_MAX
// (never) to compare the two kinds of store.
void setStreamingThresholdBytes(size_t bytes);
size_t streamingThresholdBytes();

namespace detail {

[[noreturn]] void throwKernelDtypeMismatch(int operand, ScalarType expected, ScalarType actual);

}  // namespace detail

template <typename F>
void cpu_kernel(TensorIterator& iter, const F& op, int64_t grain = kGrainSize) {
  using traits = function_traits<F>;
  using out_t = typename traits::result_type;
  JS_INTERNAL_ASSERT(iter.noutputs() == 1 && iter.ninputs() == static_cast<int>(traits::arity),
                     "cpu_kernel: lambda arity ", traits::arity, " vs ", iter.ninputs(), " inputs");
  if (iter.dtype(0) != scalarTypeOf<out_t>) detail::throwKernelDtypeMismatch(0, scalarTypeOf<out_t>, iter.dtype(0));
  [&]<size_t... I>(std::index_sequence<I...>) {
    ((iter.dtype(I + 1) == scalarTypeOf<typename traits::template arg_t<I>>
          ? void()
          : detail::throwKernelDtypeMismatch(I + 1, scalarTypeOf<typename traits::template arg_t<I>>,
                                             iter.dtype(I + 1))),
     ...);
  }(std::make_index_sequence<traits::arity>{});
  if constexpr (detail::allPlainArithmetic<traits>(std::make_index_sequence<traits::arity>{})) {
    if (detail::avx2Loops()) {
      constexpr int64_t bytesPerElement = []<size_t... I>(std::index_sequence<I...>) {
        return static_cast<int64_t>(sizeof(out_t) + (sizeof(typename traits::template arg_t<I>) + ... + 0));
      }(std::make_index_sequence<traits::arity>{});
      if (detail::streamOutput(iter.numel(), bytesPerElement))
        iter.for_each([&](char** data, const int64_t* strides,
                          int64_t n) { detail::basicLoopAvx2<traits, true>(data, strides, n, op); },
                      grain, &detail::storeFence);
      else
        iter.for_each([&](char** data, const int64_t* strides,
                          int64_t n) { detail::basicLoopAvx2<traits, false>(data, strides, n, op); },
                      grain);
      return;
    }
  }
  iter.for_each([&](char** data, const int64_t* strides, int64_t n) { detail::basicLoop<traits>(data, strides, n, op); },
                grain);
}

template <typename T, typename F>
void cpu_unary_kernel(TensorIterator& iter, const F& fn) {
  cpu_kernel(iter, [&fn](T a) -> T { return static_cast<T>(fn(a)); });
}

template <typename T, typename F>
void cpu_binary_kernel(TensorIterator& iter, const F& fn) {
  cpu_kernel(iter, [&fn](T a, T b) -> T { return static_cast<T>(fn(a, b)); });
}

}  // namespace jitserve
