// Upgraders: operators whose meaning changed after an archive was written.
//
// An archive records the file format version its code was written for. When
// PyTorch changed what an operator computes, it bumped the version and kept
// an "upgrader" that computes the old meaning; loading older code calls the
// upgrader instead. We do the same for the changes that alter results:
//   version < 4: aten::div / div_ on two integer operands truncated (C-like)
//                instead of dividing exactly (PyTorch 1.5 and older);
//   version < 5: aten::full with an integer fill and no dtype made a float
//                tensor instead of an integer one.
//   version < 8 / < 9: aten::linspace / logspace took `steps` as optional,
//                None (or left out) meaning 100.
// (gelu before 10 is the same call today.)
//
// The division upgraders are TorchScript, compiled into the archive's unit
// as the file __torch__.__jitserve_upgraders__ on first use; full's is a
// conversion of the fill to float at the call.
#pragma once

#include <string>

namespace jitserve::archive {

inline constexpr char kUpgradersQualifier[] = "__torch__.__jitserve_upgraders__";

// The upgraders' source (torch.X is aten::X, as in printed code).
const char* upgradersSource();

}  // namespace jitserve::archive
