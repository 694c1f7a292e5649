// The gtest name of a test parameterized by a file path: the path without its
// extension, every character gtest rejects turned into '_'
// ("peephole/types.ir" -> "peephole_types").
#pragma once

#include <cctype>
#include <string>

#include <gtest/gtest.h>

namespace jitserve::testing_support {

inline std::string fileTestName(const ::testing::TestParamInfo<std::string>& info) {
  std::string name = info.param.substr(0, info.param.rfind('.'));
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

}  // namespace jitserve::testing_support
