// torch_save_inputs: the positional arguments of an Infer request read from
// a torch.save file, for `jitctl infer MODEL --inputs args.pt`.
//
// The file holds what Python saved:
//   torch.save([x, 3], "args.pt")        a list or tuple: the arguments in order
//   torch.save(x, "args.pt")             anything else: the only argument
// A method taking one list argument needs it wrapped in a tuple:
// torch.save(([a, b],), "args.pt").
//
// The file is untrusted input: it is read with the restricted loader
// (compiler/serialization/torch_save.h: bounded zip and pickle, no classes)
// and converted with the value codec (proto/codec); every failure is a Status
// naming the file, never a crash.
#pragma once

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "proto/jitserve/v1/jitserve.pb.h"

namespace jitserve::client {

absl::StatusOr<std::vector<jitserve::v1::Value>> argumentsFromTorchSave(const std::string& path);

}  // namespace jitserve::client
