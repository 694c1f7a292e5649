// Which sanitizer this translation unit is built with, as constants code can
// branch on without #if.
//
// kThreadSanitizer: built with -fsanitize=thread (JITSERVE_TSAN, or the flag
// passed by hand). Under it, the third-party libraries that run their own
// worker threads (OpenBLAS, oneDNN's libgomp) are told to use one thread:
// they are not built with TSan, so it cannot see how they hand work between
// their threads and would report every GEMM and convolution as a race. Our
// own pools (intra-op parallel_for, the inter-op pool, the server's threads)
// keep their sizes and are what a TSan run checks.
#pragma once

namespace jitserve {

#if defined(__SANITIZE_THREAD__)
inline constexpr bool kThreadSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
inline constexpr bool kThreadSanitizer = true;
#else
inline constexpr bool kThreadSanitizer = false;
#endif
#else
inline constexpr bool kThreadSanitizer = false;
#endif

// kAddressSanitizer: built with -fsanitize=address. Caches that recycle
// memory (the CPU allocator's block cache) are off under it, so every free
// stays visible to it.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kAddressSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kAddressSanitizer = true;
#else
inline constexpr bool kAddressSanitizer = false;
#endif
#else
inline constexpr bool kAddressSanitizer = false;
#endif

}  // namespace jitserve
