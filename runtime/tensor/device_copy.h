// Moving tensors between devices through their backends (backend.h).
//
// toDevice(t, d) is PyTorch's t.to(d) for the device part: t itself when it
// is already there (unless copy), else a new contiguous tensor on d with t's
// dtype and values. Views are gathered on the side that can index them (the
// host), so any strided view moves correctly; a device-to-device copy of a
// contiguous tensor goes straight through the backend.
#pragma once

#include "runtime/tensor/tensor.h"

namespace jitserve {

// Whether t already lives on d (an index of -1 in d means "the current
// device of that type", which is index 0 here).
bool isOnDevice(const Tensor& t, Device d);

// Errors, naming the device, when d's type has no backend or no device d.
Tensor toDevice(const Tensor& t, Device d, bool copy = false);

// An uninitialized contiguous tensor on d, its memory from d's backend for
// that device index (what device kernels allocate their outputs with). The
// same errors as toDevice.
Tensor emptyOnDevice(IntArrayRef sizes, ScalarType dtype, Device d);

}  // namespace jitserve
