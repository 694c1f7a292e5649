// Helpers for kernel tests: a registry holding every tensor op, calling an
// overload by "name.overload" with a list of argument values, and building
// small tensors from literals.
#pragma once

#include <string_view>
#include <vector>

#include "runtime/core/ivalue.h"
#include "runtime/core/stack.h"
#include "runtime/tensor/tensor.h"

namespace jitserve::ops::testing {

// Runs the overload (e.g. "aten::add.Tensor") on args; returns the outputs.
Stack call(std::string_view overload, Stack args);
// Single-output convenience.
IValue call1(std::string_view overload, Stack args);
Tensor callT(std::string_view overload, Stack args);

Tensor floats(const std::vector<float>& v, IntArrayRef sizes = {});
Tensor longs(const std::vector<int64_t>& v, IntArrayRef sizes = {});
Tensor bools(const std::vector<bool>& v, IntArrayRef sizes = {});
// Values converted to double, in row-major order (any dtype, any strides).
std::vector<double> values(const Tensor& t);

}  // namespace jitserve::ops::testing
