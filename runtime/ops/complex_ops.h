// Building and viewing complex tensors: complex(real, imag), polar(abs,
// angle), and the zero-copy reinterpretations view_as_complex /
// view_as_real between complex64/128 and float32/64 with a trailing (re, im)
// dim of size 2.
#pragma once

namespace jitserve {
class OperatorRegistry;
}

namespace jitserve::ops {

void registerComplexOps(OperatorRegistry& registry);

}  // namespace jitserve::ops
