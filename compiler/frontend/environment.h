// Environment: the variables of the function being emitted.
//
// A stack of frames, one per block being emitted (the function body, each
// branch of an If, each loop body). Variables are first-class values only:
// assigning emits a prim::Store and reading a typed prim::Load
// (convert_to_ssa.h turns them into SSA values afterwards). The frame
// records which variables a block assigned, with which type, and whether the
// block ended in return/break/continue, so that after an If the emitter can
// merge the branches' types (mergeBranches) and report a variable that is not
// defined on every path where it is read ("x is not defined in the false
// branch"), not leave that to the SSA pass.
//
// A variable annotated once (`x: Optional[int] = None`) keeps its declared
// type for later assignments. Refinements (`if x is not None:`) narrow a
// variable's type inside a block through an unchecked_cast stored back.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "runtime/ir/ir.h"
#include "runtime/core/type.h"

namespace jitserve::frontend {

// One block's variables.
struct Frame {
  std::map<std::string, TypePtr> vars;  // defined or refined here
  std::set<std::string> assigned;       // assigned here (not just refined)
  std::set<std::string> deleted;        // `del`eted here: hides outer frames' definitions
  bool exited = false;                  // the block ended in return/break/continue
};

class Environment {
 public:
  explicit Environment(Graph& graph) : graph_(graph) { frames_.emplace_back(); }

  void pushFrame() { frames_.emplace_back(); }
  // Pops the innermost frame and returns it (for mergeBranches).
  Frame popFrame();
  Frame& current() { return frames_.back(); }
  bool exited() const { return frames_.back().exited; }
  void markExited() { frames_.back().exited = true; }

  // The variable's type where it is visible, or nullptr.
  TypePtr lookupType(const std::string& name) const;
  // name = v (with an optional annotation): checks v against the declared
  // type and emits a prim::Store at the graph's insertion point.
  void set(const std::string& name, Value* v, TypePtr declared, const SourceRange& r);
  // A prim::Load of name, or nullptr if it is not defined here.
  Value* read(const std::string& name, const SourceRange& r);
  // Stores v (a refinement of name to type t) for the rest of this block.
  void refine(const std::string& name, Value* v, const TypePtr& t);

  // `del x`: reading x later is "undefined value x".
  void remove(const std::string& name);
  // The reason name cannot be read (e.g. defined in one branch only), or
  // nullptr if it is simply unknown.
  const std::string* undefinedReason(const std::string& name) const;

  // Merges the frames of an If's two branches into the current frame.
  void mergeBranches(const Frame& t, const Frame& f);

 private:
  Graph& graph_;
  std::vector<Frame> frames_;
  std::map<std::string, TypePtr> declared_;
  // Names that must not be read, with the message that says why.
  std::map<std::string, std::string> poisoned_;
};

}  // namespace jitserve::frontend
