// Argument binding: a request's inputs -> the arguments of the method it
// calls, written once for every front end.
//
// The inputs stay in the front end's wire form: the binder sees each
// input's name only, matches inputs to the method's arguments, and asks the
// front end to decode the input matched to each argument for the type that
// argument declares (RequestInputs::decode). Then, argument by argument in
// order: the matched input decoded, else the argument's default, else an
// error naming the missing argument. The result is the stack the method
// runs on (without self).
//
// Two ways to match, the two the APIs define:
//   kCall         the native API: a Python call. Unnamed inputs are
//                 positional and come first; named inputs are keywords.
//   kModelInputs  KServe v2: every input has a name; inputs match the
//                 arguments by name when every input names an argument,
//                 else by position.
//
// Errors are InvalidArgument, worded as each API has always worded them:
//   kCall         "f() takes 1 positional arguments but 2 were given",
//                 "f() got an unexpected argument 'y'",
//                 "f() got multiple values for argument 'x'",
//                 "f() is missing argument 'x' (Tensor)";
//   kModelInputs  "model 'm' takes 1 inputs, got 2",
//                 "two inputs are given for argument 'x'",
//                 "missing input 'x' (Tensor) of model 'm'";
// and whatever `decode` answers, as it is.
#pragma once

#include <cstddef>
#include <functional>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "runtime/core/function_schema.h"
#include "runtime/core/ivalue.h"
#include "runtime/core/stack.h"

namespace jitserve::server {

enum class ArgumentMatching { kCall, kModelInputs };

struct RequestInputs {
  ArgumentMatching matching = ArgumentMatching::kCall;
  // Each input's name in request order; "" for a positional input (kCall:
  // the positional ones first).
  std::vector<std::string_view> names;
  // Decodes input `index` for `argument` (its declared type, its name for
  // messages).
  std::function<absl::StatusOr<IValue>(size_t index, const Argument& argument)> decode;
};

// `model` names the model in kModelInputs messages.
absl::StatusOr<Stack> bindInputs(const FunctionSchema& schema, std::string_view model, const RequestInputs& inputs);

}  // namespace jitserve::server
