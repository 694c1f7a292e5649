// Moving the tensors inside values between devices: a program's inputs onto
// the device it runs on and its outputs back (new containers, the values'
// structure kept), and a module's parameters and buffers onto a device in
// place (map_location for a loaded model).
#pragma once

#include "runtime/core/ivalue.h"
#include "runtime/tensor/device.h"

namespace jitserve {

// v with every tensor it holds (in lists, tuples, dicts, optionals, at any
// depth) on `device`; containers are rebuilt, everything else is shared.
// Objects are not entered (they are shared state: moveObjectTensors).
IValue valueToDevice(const IValue& v, Device device);

// Every tensor reachable from the object's attributes (submodules and other
// objects included, each once), moved to `device` in place.
void moveObjectTensors(const IValue& object, Device device);

}  // namespace jitserve
