// npy: reads a NumPy .npy file (format 1.0-3.0) as a jitserve.v1 tensor
// Value: little-endian bool, uint8, int8/16/32/64, float16/32/64 in C
// order. Fortran order and big-endian data are refused with a message.
#pragma once

#include <string>

#include "absl/status/statusor.h"
#include "proto/jitserve/v1/jitserve.pb.h"

namespace jitserve::client {

absl::StatusOr<jitserve::v1::Value> tensorFromNpy(const std::string& bytes);

}  // namespace jitserve::client
