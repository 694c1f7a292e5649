// FileCheck checks itself: every directive passes when it should and, as
// much to the point, FAILS when it should, with a message that names the
// directive, where the scan started and the nearest input line.
#include "tools/filecheck/filecheck.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>

namespace jitserve::filecheck {
namespace {

const char* kGraph =
    "graph(%x.1 : Tensor,\n"
    "      %n : int):\n"
    "  %2 : int = prim::Constant[value=1]()\n"
    "  %3 : bool = aten::lt(%n, %2)\n"
    "  %y : Tensor = prim::If(%3)\n"
    "    block0():\n"
    "      -> (%x.1)\n"
    "    block1():\n"
    "      %5 : Tensor = aten::add(%x.1, %x.1, %2)\n"
    "      -> (%5)\n"
    "  return (%y)\n";

Result check(const std::string& checks, const std::string& input = kGraph, Options options = {}) {
  options.dumpInput = false;
  return runFileCheck(checks, input, options);
}

// Asserts failure and that every needle is in the message.
void expectFailure(const std::string& checks, const std::vector<std::string>& needles,
                   const std::string& input = kGraph, Options options = {}) {
  Result r = check(checks, input, options);
  ASSERT_FALSE(r.ok) << "expected the checks to fail:\n" << checks;
  for (const auto& n : needles) EXPECT_NE(r.message.find(n), std::string::npos) << "wanted '" << n << "' in:\n" << r.message;
}

void expectPass(const std::string& checks, const std::string& input = kGraph, Options options = {}) {
  Result r = check(checks, input, options);
  EXPECT_TRUE(r.ok) << r.message;
}

TEST(FileCheck, PlainCheckInOrder) {
  expectPass("CHECK: prim::Constant\nCHECK: aten::lt\nCHECK: prim::If\n");
  expectFailure("CHECK: prim::If\nCHECK: aten::lt\n", {"<checks>:2:8: error: CHECK: expected string not found in input"});
}

TEST(FileCheck, MissingStringFailsWithScanStartAndNearMiss) {
  Result r = check("CHECK: prim::If\n// CHECK: aten::add(%x.1, %x.2\n");
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.message.find("<checks>:2:11: error: CHECK: expected string not found in input"), std::string::npos)
      << r.message;
  EXPECT_NE(r.message.find("// CHECK: aten::add(%x.1, %x.2\n          ^"), std::string::npos) << r.message;
  // Scanning starts right after the previous match, on line 5.
  EXPECT_NE(r.message.find("<input>:5:25: note: scanning from here"), std::string::npos) << r.message;
  EXPECT_NE(r.message.find("<input>:9:1: note: possible intended match here\n      %5 : Tensor = aten::add(%x.1, %x.1, %2)"),
            std::string::npos)
      << r.message;
}

TEST(FileCheck, NoNearMissForUnrelatedText) {
  Result r = check("CHECK: zzzzqqqqwwww\n");
  ASSERT_FALSE(r.ok);
  EXPECT_EQ(r.message.find("possible intended match"), std::string::npos) << r.message;
}

TEST(FileCheck, DumpInputMarksTheScanStart) {
  Options o;
  Result r = runFileCheck("CHECK: prim::If\nCHECK: nothere\n", kGraph, o);
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.message.find("Input was (<input>):"), std::string::npos) << r.message;
  EXPECT_NE(r.message.find("    5:   %y : Tensor = prim::If(%3)    <-- scanning from here"), std::string::npos)
      << r.message;
}

TEST(FileCheck, Next) {
  expectPass("CHECK: block0():\nCHECK-NEXT: -> (%x.1)\nCHECK-NEXT: block1():\n");
  expectFailure("CHECK: block0():\nCHECK-NEXT: block1():\n",
                {"CHECK-NEXT: is not on the line after the previous match", "<input>:8:5: note: found here"});
  expectFailure("CHECK: %y : Tensor\nCHECK-NEXT: prim::If\n", {"CHECK-NEXT: is on the same line as the previous match"});
  expectFailure("CHECK: block1():\nCHECK-NEXT: aten::mul\n",
                {"CHECK-NEXT: expected string not found in input", "note: scanning from here"});
}

TEST(FileCheck, NextNearMissLooksAtTheNextLine) {
  Result r = check("CHECK: block1():\nCHECK-NEXT: aten::add(%x.1, %x.1, %3)\n");
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.message.find("<input>:9:1: note: possible intended match here"), std::string::npos) << r.message;
}

TEST(FileCheck, Same) {
  expectPass("CHECK: %3 : bool\nCHECK-SAME: aten::lt\nCHECK-SAME: %n\n");
  expectFailure("CHECK: %3 : bool\nCHECK-SAME: prim::If\n", {"CHECK-SAME: is not on the same line as the previous match"});
  // SAME continues after the previous match, not from the line start.
  expectFailure("CHECK: aten::lt\nCHECK-SAME: %3 : bool\n", {"CHECK-SAME"});
}

TEST(FileCheck, Not) {
  expectPass("CHECK: prim::Constant\nCHECK-NOT: prim::Store\nCHECK: prim::If\n");
  expectPass("CHECK: prim::If\nCHECK-NOT: aten::lt\n");  // only after the match
  expectFailure("CHECK: prim::Constant\nCHECK-NOT: aten::lt\nCHECK: prim::If\n",
                {"<checks>:2:12: error: CHECK-NOT: excluded string found in input", "<input>:4:15: note: found here",
                 "aten::lt(%n, %2)\n              ^~~~~~~~"});
  // A trailing NOT covers the rest of the input.
  expectFailure("CHECK: prim::If\nCHECK-NOT: aten::add\n", {"CHECK-NOT: excluded string found"});
  // A leading NOT covers the input up to the first match.
  expectFailure("CHECK-NOT: graph\nCHECK: prim::If\n", {"CHECK-NOT"});
}

TEST(FileCheck, Dag) {
  expectPass("CHECK: graph\nCHECK-DAG: aten::lt\nCHECK-DAG: prim::Constant\nCHECK: prim::If\n");
  expectFailure("CHECK-DAG: aten::lt\nCHECK-DAG: aten::mul\n", {"CHECK-DAG: expected string not found in input"});
  // Two DAGs cannot claim the same text.
  expectPass("CHECK-DAG: %x.1\nCHECK-DAG: %x.1\n", "f(%x.1, %x.1)\n");
  expectFailure("CHECK-DAG: %x.1\nCHECK-DAG: %x.1\n", {"CHECK-DAG"}, "f(%x.1)\n");
  // After the group the cursor is past the furthest match.
  expectFailure("CHECK-DAG: prim::If\nCHECK-DAG: aten::lt\nCHECK: aten::lt\n", {"<checks>:3"});
  // NOTs before a DAG group hold up to its first match.
  expectFailure("CHECK: graph\nCHECK-NOT: prim::Constant\nCHECK-DAG: aten::lt\nCHECK-DAG: prim::If\n", {"CHECK-NOT"});
}

TEST(FileCheck, Label) {
  const char* two =
      "def f\n"
      "  %a : int = aten::add(%x, %y)\n"
      "def g\n"
      "  %b : int = aten::mul(%x, %y)\n";
  expectPass("CHECK-LABEL: def f\nCHECK: aten::add\nCHECK-LABEL: def g\nCHECK: aten::mul\n", two);
  expectPass("CHECK-LABEL: def f\nCHECK-NEXT: aten::add\n", two);
  // A check under f's label must not match in g's block.
  expectFailure("CHECK-LABEL: def f\nCHECK: aten::mul\nCHECK-LABEL: def g\n", {"<checks>:2", "expected string not found"},
                two);
  // NOT is confined to the block too.
  expectPass("CHECK-LABEL: def f\nCHECK-NOT: aten::mul\nCHECK-LABEL: def g\n", two);
  expectFailure("CHECK-LABEL: def h\n", {"CHECK-LABEL: expected string not found"}, two);
  // Labels match in order.
  expectFailure("CHECK-LABEL: def g\nCHECK-LABEL: def f\n", {"<checks>:2"}, two);
}

TEST(FileCheck, Count) {
  expectPass("CHECK-COUNT-2: block{{[01]}}():\n");
  expectPass("CHECK-COUNT-3: %x.1\n");
  expectFailure("CHECK-COUNT-3: block\n", {"CHECK-COUNT-3: expected string not found in input (2 of 3 found)"});
  expectFailure("CHECK-COUNT-0: x\n", {"needs a positive count"});
}

TEST(FileCheck, Empty) {
  const char* text = "a\n\nb\nc\n";
  expectPass("CHECK: a\nCHECK-EMPTY:\nCHECK-NEXT: b\n", text);
  expectFailure("CHECK: b\nCHECK-EMPTY:\n", {"CHECK-EMPTY: expected an empty line", "<input>:4:1: note: found this line instead"},
                text);
  expectFailure("CHECK: c\nCHECK-EMPTY:\n", {"CHECK-EMPTY: expected an empty line, found the end of the input"}, text);
  expectFailure("CHECK: a\nCHECK-EMPTY: x\n", {"takes no pattern"}, text);
}

TEST(FileCheck, Regex) {
  expectPass("CHECK: %{{[0-9]+}} : int = prim::Constant[value={{[0-9]+}}]()\n");
  expectPass("CHECK: aten::{{(lt|gt)}}(%n\n");
  expectFailure("CHECK: aten::{{(le|gt)}}(\n", {"expected string not found"});
  // Regex metacharacters in literal text are literal.
  expectPass("CHECK: (%x.1)\n");
  expectFailure("CHECK: (%x.1.)\n", {"expected string not found"});
  expectFailure("CHECK: {{[}}\n", {"invalid regular expression"});
  // A match never spans lines.
  expectFailure("CHECK: Constant{{.*}}aten::lt\n", {"expected string not found"});
  // {{^}} anchors at the start of a line.
  expectPass("CHECK: {{^}}  return\n");
  expectFailure("CHECK: {{^}}return\n", {"expected string not found"});
}

TEST(FileCheck, WhitespaceRunsMatchAnyRun) {
  expectPass("CHECK: %3 : bool   =    aten::lt\n");
  expectFailure("CHECK: %3 : bool = aten::lt (\n", {"expected string not found"});
}

TEST(FileCheck, Variables) {
  expectPass(
      "CHECK: [[ONE:%[0-9]+]] : int = prim::Constant[value=1]\n"
      "CHECK: aten::lt(%n, [[ONE]])\n"
      "CHECK: aten::add([[X:%[a-z0-9.]+]], [[X]], [[ONE]])\n");
  // A use must equal the bound text exactly.
  Result r = check(
      "CHECK: [[C:%[0-9]+]] : bool = aten::lt\n"
      "CHECK: aten::add(%x.1, %x.1, [[C]])\n");
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.message.find("note: with \"C\" equal to \"%3\""), std::string::npos) << r.message;
  EXPECT_NE(r.message.find("possible intended match here"), std::string::npos) << r.message;
  expectFailure("CHECK: aten::add([[NOPE]]\n", {"uses undefined variable 'NOPE'"});
  expectFailure("CHECK-NOT: [[V:x]]\n", {"cannot define a variable"});
  expectFailure("CHECK: [[1bad:x]]\n", {"bad variable name"});
  // A regex with ']' inside a definition.
  expectPass("CHECK: [[T:[A-Z][a-z]+]] = prim::If\nCHECK: %5 : [[T]] = aten::add\n");
  // User groups before a definition do not shift the captured text.
  expectPass("CHECK: {{(%y|%z)}} : [[TY:[A-Za-z]+]] = prim::If\nCHECK: -> (%5)\nCHECK-NOT: [[TY]]\n");
  expectFailure("CHECK: {{(%y|%z)}} : [[TY:[A-Za-z]+]] = prim::If\nCHECK-NOT: [[TY]]\n", {"CHECK-NOT"});
}

TEST(FileCheck, VariableUsedInItsOwnPattern) {
  expectPass("CHECK: aten::add([[A:%[a-z0-9.]+]], [[A]],\n");
  expectFailure("CHECK: aten::lt([[A:%[a-z0-9.]+]], [[A]])\n", {"expected string not found"});
}

TEST(FileCheck, CustomPrefix) {
  Options o;
  o.prefixes = {"OPT"};
  expectPass("OPT: prim::If\nCHECK: this is not a directive\n", kGraph, o);
  expectFailure("OPT: prim::If\nOPT-NEXT: aten::lt\n", {"OPT-NEXT: expected string not found"}, kGraph, o);
  o.prefixes = {"A", "B"};
  expectPass("A: prim::Constant\nB: prim::If\n", kGraph, o);
  // A prefix glued to a word is not a directive: no directives at all here.
  expectFailure("XOPT: prim::If\n", {"no check directives found with prefix 'A:', 'B:'"}, kGraph, o);
}

TEST(FileCheck, MalformedCheckFiles) {
  expectFailure("nothing here\n", {"no check directives found with prefix 'CHECK:'"});
  expectFailure("CHECK:\n", {"<checks>:1:7: error: empty pattern after 'CHECK:'"});
  expectFailure("CHECK-NEXT: x\n", {"cannot be the first directive"});
  expectFailure("CHECK-SAME: x\n", {"cannot be the first directive"});
  expectFailure("CHECK: x\nCHECK-NXT: y\n", {"<checks>:2:1: error: unknown directive 'CHECK-NXT:'"});
  expectFailure("CHECK: {{abc\n", {"'{{' without a closing '}}'"});
  expectFailure("CHECK: [[abc\n", {"'[[' without a closing ']]'"});
  expectFailure("CHECK: [[#N]]\n", {"numeric variables"});
}

TEST(FileCheck, ParsedCheckFileIsReusable) {
  CheckFile cf = CheckFile::parse("CHECK: a\nCHECK-NEXT: b\n");
  ASSERT_EQ(cf.error(), "");
  EXPECT_EQ(cf.directiveCount(), 2u);
  EXPECT_TRUE(cf.check("a\nb\n").ok);
  EXPECT_FALSE(cf.check("a\nc\nb\n").ok);
  EXPECT_TRUE(cf.check("xa\nb").ok);  // no final newline
}

TEST(FileCheck, DirectivesInsideComments) {
  // The way .py and .ir test files carry them.
  expectPass("def f(n: int):\n    # CHECK: prim::If\n    return n  # CHECK-NOT: prim::Loop\n");
}

TEST(FileCheck, EmptyInput) {
  expectFailure("CHECK: x\n", {"expected string not found", "<input>:1:1: note: scanning from here"}, "");
  expectPass("CHECK-NOT: x\n", "");
}

// The command line tool: exit codes 0 / 1 / 2 and the message on stderr.
class FileCheckCli : public ::testing::Test {
 protected:
  std::string write(const std::string& name, const std::string& text) {
    std::string path = ::testing::TempDir() + "filecheck_cli_" + name;
    std::ofstream(path) << text;
    return path;
  }
  int run(const std::string& args, const std::string& input, std::string* err = nullptr) {
    std::string in = write("input.txt", input);
    std::string errPath = ::testing::TempDir() + "filecheck_cli_stderr.txt";
    std::string cmd = std::string(JIT_FILECHECK_BINARY) + " " + args + " < " + in + " 2> " + errPath;
    int status = std::system(cmd.c_str());
    if (err) {
      std::ifstream e(errPath);
      err->assign(std::istreambuf_iterator<char>(e), {});
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }
};

TEST_F(FileCheckCli, PassFailAndUsage) {
  std::string checks = write("checks.txt", "# CHECK: prim::If\n# CHECK-NEXT: block0\n");
  EXPECT_EQ(run(checks, kGraph), 0);
  std::string err;
  EXPECT_EQ(run(checks, "prim::If\nblock1\n", &err), 1);
  EXPECT_NE(err.find(checks + ":2:15: error: CHECK-NEXT: expected string not found in input"), std::string::npos) << err;
  EXPECT_NE(err.find("<stdin>:1:9: note: scanning from here"), std::string::npos) << err;
  EXPECT_EQ(run("", kGraph), 2);
  EXPECT_EQ(run("/nonexistent/checks.txt", kGraph), 2);
  EXPECT_EQ(run(write("empty.txt", "no directives\n"), kGraph, &err), 2);
  EXPECT_NE(err.find("no check directives found"), std::string::npos) << err;
}

TEST_F(FileCheckCli, PrefixesAndInputFile) {
  std::string checks = write("prefix.txt", "OPT: aten::lt\nCHECK: nothing like this\n");
  EXPECT_EQ(run("--check-prefix=OPT " + checks, kGraph), 0);
  EXPECT_EQ(run("--check-prefixes=OPT,CHECK " + checks, kGraph), 1);
  std::string input = write("graph.txt", kGraph);
  EXPECT_EQ(run("--check-prefix=OPT --input-file=" + input + " " + checks, ""), 0);
  EXPECT_EQ(run("--bogus " + checks, kGraph), 2);
}

}  // namespace
}  // namespace jitserve::filecheck
