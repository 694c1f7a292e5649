#include "compiler/executor/argument_spec.h"

#include <sstream>

namespace jitserve {

namespace {

// Tensor word layout (low to high bits):
//   kind:8 | defined:1 | requiresGrad:1 | pad:6 | dtype:8 | deviceType:8 | deviceIndex:8 | dim:24
constexpr int kDefinedBit = 8;
constexpr int kGradBit = 9;
constexpr int kDtypeShift = 16;
constexpr int kDevTypeShift = 24;
constexpr int kDevIndexShift = 32;
constexpr int kDimShift = 40;

uint64_t kindWord(ArgumentSpec::Kind k) { return static_cast<uint64_t>(k); }

// A cheap, well-mixed combination (splitmix64 finalizer per word).
uint64_t mix(uint64_t h, uint64_t w) {
  uint64_t x = h ^ (w + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2));
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ull;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebull;
  x ^= x >> 31;
  return x;
}

}  // namespace

void ArgumentSpec::add(const IValue& v) {
  using Tag = IValue::Tag;
  switch (v.tag()) {
    case Tag::Tensor: {
      ++numTensors_;
      const Tensor& t = v.toTensor();
      uint64_t w = kindWord(Kind::Tensor);
      if (t.defined()) {
        const Device d = t.device();
        w |= uint64_t{1} << kDefinedBit;
        w |= static_cast<uint64_t>(t.requires_grad()) << kGradBit;
        w |= static_cast<uint64_t>(static_cast<uint8_t>(t.dtype())) << kDtypeShift;
        w |= static_cast<uint64_t>(static_cast<uint8_t>(d.type)) << kDevTypeShift;
        w |= static_cast<uint64_t>(static_cast<uint8_t>(d.index)) << kDevIndexShift;
        w |= static_cast<uint64_t>(t.dim()) << kDimShift;
      }
      words_.push_back(w);
      return;
    }
    case Tag::Tuple: {
      const TupleImpl& tup = v.toTupleRef();
      words_.push_back(kindWord(Kind::Tuple) | (static_cast<uint64_t>(tup.size()) << 8));
      for (const IValue& e : tup.elements) add(e);
      return;
    }
    case Tag::None: words_.push_back(kindWord(Kind::None)); return;
    case Tag::Int: words_.push_back(kindWord(Kind::Int)); return;
    case Tag::Double: words_.push_back(kindWord(Kind::Double)); return;
    case Tag::Bool: words_.push_back(kindWord(Kind::Bool)); return;
    case Tag::String: words_.push_back(kindWord(Kind::String)); return;
    case Tag::List: words_.push_back(kindWord(Kind::List)); return;
    case Tag::Dict: words_.push_back(kindWord(Kind::Dict)); return;
    case Tag::Object: words_.push_back(kindWord(Kind::Object)); return;
    default: words_.push_back(kindWord(Kind::Other)); return;
  }
}

ArgumentSpec ArgumentSpec::compute(std::span<const IValue> inputs) {
  ArgumentSpec s;
  for (const IValue& v : inputs) s.add(v);
  uint64_t h = s.words_.size();
  for (uint64_t w : s.words_) h = mix(h, w);
  s.hash_ = static_cast<size_t>(h);
  return s;
}

ArgumentSpec::TensorInfo ArgumentSpec::tensorAt(size_t i) const {
  const uint64_t w = words_[i];
  JS_INTERNAL_ASSERT((w & 0xff) == kindWord(Kind::Tensor), "ArgumentSpec word ", i, " is not a tensor");
  TensorInfo info;
  info.defined = (w >> kDefinedBit) & 1;
  info.requiresGrad = (w >> kGradBit) & 1;
  info.dtype = static_cast<ScalarType>((w >> kDtypeShift) & 0xff);
  info.device = Device(static_cast<DeviceType>((w >> kDevTypeShift) & 0xff),
                       static_cast<int8_t>((w >> kDevIndexShift) & 0xff));
  info.dim = static_cast<uint32_t>(w >> kDimShift);
  return info;
}

namespace {

void printAt(const ArgumentSpec& s, size_t& i, std::ostream& os) {
  using Kind = ArgumentSpec::Kind;
  const Kind k = s.kindAt(i);
  switch (k) {
    case Kind::Tensor: {
      const auto t = s.tensorAt(i++);
      if (!t.defined) {
        os << "Tensor(undefined)";
        return;
      }
      os << scalarTypeName(t.dtype) << "(dim=" << t.dim << ", " << t.device.str()
         << (t.requiresGrad ? ", requires_grad" : "") << ")";
      return;
    }
    case Kind::Tuple: {
      const size_t n = s.tupleSizeAt(i++);
      os << "(";
      for (size_t j = 0; j < n; ++j) {
        if (j) os << ", ";
        printAt(s, i, os);
      }
      os << ")";
      return;
    }
    case Kind::None: os << "None"; break;
    case Kind::Int: os << "int"; break;
    case Kind::Double: os << "float"; break;
    case Kind::Bool: os << "bool"; break;
    case Kind::String: os << "str"; break;
    case Kind::List: os << "list"; break;
    case Kind::Dict: os << "dict"; break;
    case Kind::Object: os << "object"; break;
    case Kind::Other: os << "other"; break;
  }
  ++i;
}

}  // namespace

std::string ArgumentSpec::str() const {
  std::ostringstream os;
  os << "[";
  size_t i = 0;
  bool first = true;
  while (i < words_.size()) {
    if (!first) os << ", ";
    first = false;
    printAt(*this, i, os);
  }
  os << "]";
  return os.str();
}

TypePtr refinedInputType(const ArgumentSpec& spec, size_t& word, const TypePtr& declared) {
  using Kind = ArgumentSpec::Kind;
  JS_INTERNAL_ASSERT(word < spec.numWords(), "ArgumentSpec shorter than the graph's inputs");
  const Kind k = spec.kindAt(word);
  if (k == Kind::Tensor) {
    const auto t = spec.tensorAt(word++);
    // An undefined tensor refines nothing; keep what the graph declared.
    if (!t.defined) return declared;
    return TensorType::create(t.dtype, t.device, static_cast<size_t>(t.dim), t.requiresGrad);
  }
  if (k == Kind::Tuple) {
    const size_t n = spec.tupleSizeAt(word++);
    const TupleType* tt = unwrapOptional(declared)->cast<TupleType>();
    std::vector<TypePtr> elems;
    for (size_t j = 0; j < n; ++j) {
      const TypePtr decl = tt && j < tt->elements().size() ? tt->elements()[j] : AnyType::get();
      elems.push_back(refinedInputType(spec, word, decl));
    }
    if (!tt || tt->elements().size() != n) return declared;
    if (tt->isNamed()) return TupleType::createNamed(*tt->name(), tt->fieldNames(), std::move(elems));
    return TupleType::create(std::move(elems));
  }
  ++word;
  return declared;
}

}  // namespace jitserve
