// The fuzz targets as plain functions, so the same code runs under
// libFuzzer (the *_fuzzer executables, clang only) and in the replay tool
// (fuzz-replay, any compiler) that ctest runs over tests/fuzz/regressions/.
//
// Each takes arbitrary bytes and returns 0. An input the frontend rejects is
// fine: it must come back as a user error (ErrorReport / a non-OK status)
// that says what is wrong. Anything else — a crash, a sanitizer report, an
// internal assert, an exception of another kind, a malformed graph — is a
// bug, and the target aborts with a message naming it, so libFuzzer keeps
// the input as a crash and the replay tool fails.
#pragma once

#include <cstddef>
#include <cstdint>

namespace jitserve::fuzz {

// Lexer + parser (+ the type-comment entry point) on the bytes as a file.
int frontendParserTarget(const uint8_t* data, size_t size);

// Lexer + parser + IR emitter: the bytes as TorchScript source given to
// frontend::CompilationUnit::define; every function it adds must pass the IR
// verifier and print. Nothing is run: compiling is the contract under test.
int frontendCompileTarget(const uint8_t* data, size_t size);

// The unpickler (serialization_target.cpp): the bytes as a data.pkl, with
// small limits and storages of up to 64 elements available.
int unpicklerTarget(const uint8_t* data, size_t size);

// The bytes as a zip file, loaded as a torch.save file and as a TorchScript
// archive (zip reader, pickles, code compiled).
int zipArchiveTarget(const uint8_t* data, size_t size);

}  // namespace jitserve::fuzz
