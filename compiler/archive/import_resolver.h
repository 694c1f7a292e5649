// The Resolver for the files of an archive's code/ folder: what the names
// PyTorch's Python printer writes mean (see source_importer.h for the list).
//
// It differs from the default resolver on purpose: in printed code
// `torch.norm(x, ...)` is the operator aten::norm the graph called, not the
// Python function torch.norm (whose arguments differ), so `torch.X` is
// always the aten operator.
#pragma once

#include <memory>

#include "compiler/frontend/resolver.h"

namespace jitserve::archive {

class SourceImporter;

// `importer` must outlive the resolver. `version` is the file format version
// the code was written for: older code's torch.div and torch.full call the
// upgraders (upgraders.h).
std::shared_ptr<frontend::Resolver> makeImportResolver(SourceImporter& importer, int version);

}  // namespace jitserve::archive
