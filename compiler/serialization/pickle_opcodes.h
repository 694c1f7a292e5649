// The pickle opcodes jitserve reads and writes, as one X-macro table.
//
// torch.save and torch.jit.save write pickle protocol 2; the few protocol 3/4
// opcodes below (FRAME, STACK_GLOBAL, MEMOIZE, the 8-byte lengths, BINBYTES)
// are cheap to accept and appear when a file was re-pickled by newer tools.
// The text-based protocol 0/1 opcodes (INT, STRING, PUT, ...) and the ones
// that build arbitrary Python objects (INST, OBJ, EXT*, sets) are absent on
// purpose: the unpickler reports them as unsupported.
//
// Each row: X(Name, byte, argument) where argument says what follows the
// opcode byte in the stream.
#pragma once

#include <cstdint>
#include <string_view>

namespace jitserve {

#define JITSERVE_PICKLE_OPCODES(X)                                        \
  X(PROTO, 0x80, "u8 protocol")                                           \
  X(FRAME, 0x95, "u64 frame length (ignored)")                            \
  X(STOP, '.', "")                                                        \
  X(GLOBAL, 'c', "module\\nname\\n")                                      \
  X(STACK_GLOBAL, 0x93, "")                                               \
  X(REDUCE, 'R', "")                                                      \
  X(BUILD, 'b', "")                                                       \
  X(NEWOBJ, 0x81, "")                                                     \
  X(BINPERSID, 'Q', "")                                                   \
  X(MARK, '(', "")                                                        \
  X(POP, '0', "")                                                         \
  X(POP_MARK, '1', "")                                                    \
  X(DUP, '2', "")                                                         \
  X(BINPUT, 'q', "u8 memo index")                                         \
  X(LONG_BINPUT, 'r', "u32 memo index")                                   \
  X(MEMOIZE, 0x94, "")                                                    \
  X(BINGET, 'h', "u8 memo index")                                         \
  X(LONG_BINGET, 'j', "u32 memo index")                                   \
  X(NONE, 'N', "")                                                        \
  X(NEWTRUE, 0x88, "")                                                    \
  X(NEWFALSE, 0x89, "")                                                   \
  X(BININT, 'J', "i32")                                                   \
  X(BININT1, 'K', "u8")                                                   \
  X(BININT2, 'M', "u16")                                                  \
  X(LONG1, 0x8a, "u8 length + little-endian two's complement")            \
  X(LONG4, 0x8b, "i32 length + little-endian two's complement")           \
  X(BINFLOAT, 'G', "big-endian f64")                                      \
  X(SHORT_BINUNICODE, 0x8c, "u8 length + utf-8")                          \
  X(BINUNICODE, 'X', "u32 length + utf-8")                                \
  X(BINUNICODE8, 0x8d, "u64 length + utf-8")                              \
  X(SHORT_BINBYTES, 'C', "u8 length + bytes")                             \
  X(BINBYTES, 'B', "u32 length + bytes")                                  \
  X(BINBYTES8, 0x8e, "u64 length + bytes")                                \
  X(EMPTY_TUPLE, ')', "")                                                 \
  X(TUPLE, 't', "")                                                       \
  X(TUPLE1, 0x85, "")                                                     \
  X(TUPLE2, 0x86, "")                                                     \
  X(TUPLE3, 0x87, "")                                                     \
  X(EMPTY_LIST, ']', "")                                                  \
  X(APPEND, 'a', "")                                                      \
  X(APPENDS, 'e', "")                                                     \
  X(EMPTY_DICT, '}', "")                                                  \
  X(SETITEM, 's', "")                                                     \
  X(SETITEMS, 'u', "")

enum class PickleOpcode : uint8_t {
#define JITSERVE_PICKLE_ENUM(name, byte, arg) name = byte,
  JITSERVE_PICKLE_OPCODES(JITSERVE_PICKLE_ENUM)
#undef JITSERVE_PICKLE_ENUM
};

// "BINPUT"; nullptr for a byte that is not in the table.
inline const char* pickleOpcodeName(uint8_t byte) {
  switch (byte) {
#define JITSERVE_PICKLE_NAME(name, b, arg) \
  case b:                                  \
    return #name;
    JITSERVE_PICKLE_OPCODES(JITSERVE_PICKLE_NAME)
#undef JITSERVE_PICKLE_NAME
    default:
      return nullptr;
  }
}

// The highest protocol the reader understands (PROTO n with n above it is refused).
inline constexpr int kMaxPickleProtocol = 5;

}  // namespace jitserve
