// Compile errors: each program states the error it must produce and the
// line the error must point at (PyTorch's `File "<string>", line N`).
#include <gtest/gtest.h>

#include "compiler/frontend/compilation_unit.h"
#include "runtime/ops/register_all.h"

namespace jitserve::frontend {
namespace {

struct ErrorCase {
  const char* source;
  const char* message;  // a substring of the first line
  int line;
};

const ErrorCase kCases[] = {
    {"def f(x: int) -> int:\n    return y\n", "undefined value y", 2},
    {"def f(c: bool) -> int:\n    if c:\n        y = 1\n    return y\n", "y is not defined in the false branch", 4},
    {"def f(x: int) -> str:\n    return x\n", "Return value was annotated as having type str", 2},
    {"def f(x: int) -> int:\n    if x > 0:\n        return 1\n", "does not return along all paths", 1},
    {"def f(x: int) -> int:\n    return f(x)\n", "called recursively", 2},
    {"def f(x: int) -> int:\n    return g(x)\n", "undefined value g", 2},
    {"def f(x: int) -> int:\n    return x + 'a'\n", "Arguments for call are not valid", 2},
    {"def f(x: Tensor) -> Tensor:\n    return torch.add(x, x, bogus=1)\n", "Keyword argument bogus unknown", 2},
    {"def f() -> int:\n    xs: List[int] = []\n    xs.append('a')\n    return 0\n", "Could not match type str", 3},
    {"def f(n: int) -> int:\n    x = 0\n    for i in range(n):\n        x = 1.5\n    return 0\n",
     "previously had type int", 3},
    {"def f(t: Tuple[int, int]) -> int:\n    a, b, c = t\n    return a\n", "not enough values to unpack", 2},
    {"def f(t: Tuple[int, int]) -> int:\n    t[0] = 1\n    return 0\n", "does not support item assignment", 2},
};

TEST(CompileErrorsTest, EachErrorNamesItsLine) {
  ensureOperatorsRegistered();
  for (const auto& c : kCases) {
    CompilationUnit cu;
    absl::Status st = cu.define(c.source);
    ASSERT_FALSE(st.ok()) << c.source;
    std::string msg(st.message());
    EXPECT_NE(msg.find(c.message), std::string::npos) << "wanted '" << c.message << "' in:\n" << msg;
    std::string where = "line " + std::to_string(c.line);
    EXPECT_NE(msg.find(where), std::string::npos) << "wanted '" << where << "' in:\n" << msg;
    EXPECT_NE(msg.find("<--- HERE"), std::string::npos) << msg;
    EXPECT_TRUE(cu.functions().empty()) << "a failed define must add nothing";
  }
}

}  // namespace
}  // namespace jitserve::frontend
