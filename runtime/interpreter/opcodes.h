// The interpreter's instruction set: one X-macro table.
//
// Code is a flat array of fixed-size Instructions run by InterpreterState.
// Values live in frame registers (one per Graph value); kernels work on a
// stack, so an operator call is "push inputs, OP, store outputs". X, Y and N
// are the instruction's operands; each row says what they mean.
//
// Invariants the builder (code.cpp) keeps and the interpreter relies on:
//  - a MOVE is emitted only for a value's last use on every path through
//    the structured control flow; any other read is a LOAD;
//  - a register read by LOAD/MOVE was written on every path reaching it;
//  - relative jump offsets are measured from the instruction after the jump.
#pragma once

#include <cstdint>
#include <string_view>

namespace jitserve {

//  name            operands                            meaning
#define JITSERVE_FORALL_OPCODES(_)                                                              \
  _(OP, "X=operator index", "call the operator's kernel on the stack")                            \
  _(OPN, "X=operator index, N=#inputs", "push N, then call a vararg operator's kernel")           \
  _(OPX, "X=operator index, N=#inputs, Y=1 if vararg",                                             \
    "call an operator whose kernel takes a registration context (push N first if vararg)")       \
  _(LOAD, "X=register", "push a copy of a register")                                              \
  _(MOVE, "X=register", "push a register's value, leaving it empty (its last use)")                \
  _(STORE, "X=register", "pop the stack top into a register")                                     \
  _(STOREN, "X=first register, N=count", "pop N values into registers X..X+N-1")                  \
  _(LOADC, "X=constant index", "push a constant")                                                 \
  _(DROP, "", "pop and discard the stack top")                                                    \
  _(DROPR, "X=register", "release a register's value (dead after a branch or loop)")              \
  _(JMP, "X=offset", "jump forward by X")                                                         \
  _(JF, "X=offset", "pop a bool; if false jump forward by X")                                     \
  _(LOOP, "X=loop registers, Y=offset to exit, N=push index",                                     \
    "registers X, X+1, X+2 hold trip count, max trips and condition; exit if !(cond && "          \
    "i < max), else (if N) push i and increment it")                                              \
  _(LOOP_BACK, "X=negative offset", "loop back-edge: check cancellation, then jump back by -X")   \
  _(LIST_CONSTRUCT, "X=type index, N=#elements", "pop N values into a new list of type X")        \
  _(LIST_UNPACK, "N=#elements", "pop a list of exactly N elements and push them")                 \
  _(TUPLE_CONSTRUCT, "X=type index, N=#elements", "pop N values into a new tuple of type X")      \
  _(TUPLE_UNPACK, "N=#elements", "pop a tuple and push its N elements")                           \
  _(TUPLE_INDEX, "", "pop an int index and a tuple; push the element (negative from the end)")    \
  _(TUPLE_SLICE, "X=begin, N=end", "pop a tuple; push the tuple of elements [X, N)")              \
  _(DICT_CONSTRUCT, "X=type index, N=#keys+values", "pop N/2 key, value pairs into a new dict")   \
  _(CREATE_OBJECT, "X=type index", "push a new object of class X with empty slots")               \
  _(GET_SLOT, "X=slot", "pop an object; push its attribute in slot X (class known when built)")  \
  _(SET_SLOT, "X=slot", "pop a value and an object; store the value in slot X")                   \
  _(GET_ATTR, "X=attribute name index", "pop an object; push the named attribute (open class)")   \
  _(SET_ATTR, "X=attribute name index", "pop a value and an object; set the named attribute")     \
  _(ISINSTANCE, "X=first type index, N=#types", "pop a value; push whether it is any of types")   \
  _(RAISE_EXCEPTION, "N=1 if a class name is given", "pop [message, class?]; raise")              \
  _(PRINT, "N=#inputs", "pop N values; print them space-separated on the print sink")           \
  _(CALL, "X=function index, N=#inputs", "call a Function on the top N stack values")             \
  _(CALL_METHOD, "X=method name index, N=#inputs", "call method X of the object below N-1 args")  \
  _(FORK, "X=function index, N=#inputs, Y=result type index",                                      \
    "run a function on N inputs; push a Future of its result")                                    \
  _(WAIT, "", "pop a Future; push its value, or suspend until it completes")                      \
  _(ENTER, "", "pop an object; record it as entered, call its __enter__ (None if absent)")        \
  _(EXIT, "", "pop an object; call its __exit__(None, None, None) (None if absent)")             \
  _(PLAN, "X=memory slot",                                                                        \
    "run the next instruction (an operator) with its CPU allocations offered to the frame's "      \
    "memory-planner arena slot X, which serves its output")                                      \
  _(PROFILE, "X=profiling slot", "pop a value; record its type in the Code's ProfilingRecord")         \
  _(GUARD, "X=type index, N=#inputs, Y=guard index",                                              \
    "check the value N below the top against type X: if it holds, pop the N-1 live values above "  \
    "it and skip the next instruction (a RET); else count a failure and call the guard's "         \
    "continuation on all N values (a bail-out), whose results that RET returns")                  \
  _(RET, "", "return: the stack holds the frame's outputs")

enum class OpCode : uint8_t {
#define JITSERVE_DEFINE_OPCODE(name, operands, doc) name,
  JITSERVE_FORALL_OPCODES(JITSERVE_DEFINE_OPCODE)
#undef JITSERVE_DEFINE_OPCODE
};

inline constexpr int kNumOpCodes = 0
#define JITSERVE_COUNT_OPCODE(name, operands, doc) +1
    JITSERVE_FORALL_OPCODES(JITSERVE_COUNT_OPCODE)
#undef JITSERVE_COUNT_OPCODE
    ;

std::string_view opCodeName(OpCode op);
std::string_view opCodeOperands(OpCode op);
std::string_view opCodeDoc(OpCode op);

// One instruction: 12 bytes, no pointers, so Code is one contiguous array.
struct Instruction {
  OpCode op;
  uint8_t unused = 0;
  uint16_t N = 0;
  int32_t X = 0;
  int32_t Y = 0;
};
static_assert(sizeof(Instruction) == 12);

}  // namespace jitserve
