#include "server/core/argument_binder.h"

#include "absl/strings/str_cat.h"

namespace jitserve::server {

namespace {

// kCall: which input each argument gets (-1: none), or the error.
absl::Status matchCall(const FunctionSchema& schema, const std::vector<std::string_view>& names,
                       std::vector<int>& inputFor) {
  const auto& args = schema.arguments;
  size_t numPositional = 0;
  for (const Argument& a : args)
    if (!a.kwargOnly) ++numPositional;
  size_t given = 0;
  while (given < names.size() && names[given].empty()) ++given;
  if (given > numPositional) {
    return absl::InvalidArgumentError(absl::StrCat(schema.name, "() takes ", numPositional,
                                                   " positional arguments but ", given, " were given"));
  }
  for (size_t i = 0; i < given; ++i) inputFor[i] = static_cast<int>(i);
  for (size_t i = given; i < names.size(); ++i) {
    std::optional<size_t> idx = schema.argumentIndexWithName(names[i]);
    if (!idx) {
      return absl::InvalidArgumentError(
          absl::StrCat(schema.name, "() got an unexpected argument '", std::string(names[i]), "'"));
    }
    if (inputFor[*idx] >= 0) {
      return absl::InvalidArgumentError(
          absl::StrCat(schema.name, "() got multiple values for argument '", std::string(names[i]), "'"));
    }
    inputFor[*idx] = static_cast<int>(i);
  }
  return absl::OkStatus();
}

// kModelInputs: by name when every input names an argument, else by position.
absl::Status matchModelInputs(const FunctionSchema& schema, std::string_view model,
                              const std::vector<std::string_view>& names, std::vector<int>& inputFor) {
  const auto& args = schema.arguments;
  if (names.size() > args.size()) {
    return absl::InvalidArgumentError(
        absl::StrCat("model '", std::string(model), "' takes ", args.size(), " inputs, got ", names.size()));
  }
  bool byName = true;
  for (std::string_view n : names) byName = byName && schema.argumentIndexWithName(n).has_value();
  for (size_t i = 0; i < names.size(); ++i) {
    const size_t arg = byName ? *schema.argumentIndexWithName(names[i]) : i;
    if (inputFor[arg] >= 0) {
      return absl::InvalidArgumentError(absl::StrCat("two inputs are given for argument '", args[arg].name, "'"));
    }
    inputFor[arg] = static_cast<int>(i);
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<Stack> bindInputs(const FunctionSchema& schema, std::string_view model, const RequestInputs& inputs) {
  const auto& args = schema.arguments;
  std::vector<int> inputFor(args.size(), -1);
  absl::Status matched = inputs.matching == ArgumentMatching::kCall
                             ? matchCall(schema, inputs.names, inputFor)
                             : matchModelInputs(schema, model, inputs.names, inputFor);
  if (!matched.ok()) return matched;
  Stack stack;
  stack.reserve(args.size());
  for (size_t a = 0; a < args.size(); ++a) {
    const Argument& arg = args[a];
    if (inputFor[a] >= 0) {
      absl::StatusOr<IValue> v = inputs.decode(static_cast<size_t>(inputFor[a]), arg);
      if (!v.ok()) return v.status();
      stack.push_back(std::move(*v));
    } else if (arg.defaultValue) {
      stack.push_back(*arg.defaultValue);
    } else if (inputs.matching == ArgumentMatching::kCall) {
      return absl::InvalidArgumentError(
          absl::StrCat(schema.name, "() is missing argument '", arg.name, "' (", arg.type->annotationStr(), ")"));
    } else {
      return absl::InvalidArgumentError(absl::StrCat("missing input '", arg.name, "' (", arg.type->annotationStr(),
                                                     ") of model '", std::string(model), "'"));
    }
  }
  return stack;
}

}  // namespace jitserve::server
