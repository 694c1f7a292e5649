// Embedding lookups: embedding (the rows of a weight matrix picked by an
// index tensor) and embedding_bag (sums, means or maxima of embedding rows
// over bags of indices, bags given by offsets into a flat index list).
#pragma once

namespace jitserve {
class OperatorRegistry;
}

namespace jitserve::ops {

void registerEmbeddingBagOps(OperatorRegistry& registry);

}  // namespace jitserve::ops
