// Every tensor operator is registered under PyTorch's exact schema string:
// each one must appear in torch 1.13's schema list or among those 2.x added.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <unordered_set>

#include "runtime/core/operator_registry.h"
#include "runtime/core/schema_parser.h"
#include "runtime/ops/register_ops.h"

namespace jitserve::ops::testing {
namespace {

TEST(Schemas, AllRegisteredSchemasArePyTorchs) {
  // PyTorch 1.13's schemas, those 2.x added and torchvision's that we serve. Compare
  // canonical forms (the registry prints SymInt/ScalarType as int).
  std::unordered_set<std::string> known;
  for (const char* file : {"all_schemas.txt", "torch2_schemas.txt", "torchvision_schemas.txt"}) {
    std::ifstream in(std::string(JITSERVE_SOURCE_DIR) + "/tests/runtime/core/data/" + file);
    ASSERT_TRUE(in.good()) << file;
    for (std::string line; std::getline(in, line);) {
      auto parsed = parseSchema(line);
      if (parsed.ok()) known.insert(parsed->str());
    }
  }
  OperatorRegistry registry;
  registerAllTensorOps(registry);
  EXPECT_GT(registry.size(), 500u);
  for (const Operator* op : registry.all()) {
    // Our own fused ops (made by passes, e.g. jitserve::conv2d_clamp) live
    // in their own namespace; every other op must be PyTorch's.
    if (op->schema().ns() == "jitserve") continue;
    EXPECT_TRUE(known.count(op->schemaString())) << "not a PyTorch schema: " << op->schemaString();
  }
}

}  // namespace
}  // namespace jitserve::ops::testing
