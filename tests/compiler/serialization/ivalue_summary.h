// Test helper: describes an IValue one line per value, in exactly the format
// data/make_corpus_summary.py writes for what torch.load returns, so the two
// can be compared line by line.
#pragma once

#include <complex>
#include <cstdio>
#include <string>
#include <vector>

#include "runtime/core/ivalue.h"
#include "runtime/tensor/half.h"

namespace jitserve::testing {

inline std::string fmtFloat(double x) {
  if (x != x) return "nan";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", x);
  return buf;
}

inline std::string joinInts(std::span<const int64_t> xs) {
  std::string s;
  for (size_t i = 0; i < xs.size(); ++i) s += (i ? "," : "") + std::to_string(xs[i]);
  return s;
}

// The first n elements in row-major order, read through sizes/strides.
inline std::string tensorValues(const Tensor& t, size_t n) {
  std::string out;
  const int64_t total = t.numel();
  const auto sizes = t.sizes();
  const auto strides = t.strides();
  const char* base = static_cast<const char*>(t.storage().data()) + t.storage_offset() * t.itemsize();
  for (int64_t i = 0; i < total && static_cast<size_t>(i) < n; ++i) {
    int64_t rem = i, off = 0;
    for (int64_t d = static_cast<int64_t>(sizes.size()) - 1; d >= 0; --d) {
      off += (rem % sizes[d]) * strides[d];
      rem /= sizes[d];
    }
    const char* p = base + off * static_cast<int64_t>(t.itemsize());
    std::string v;
    switch (t.dtype()) {
      case ScalarType::Float: v = fmtFloat(*reinterpret_cast<const float*>(p)); break;
      case ScalarType::Double: v = fmtFloat(*reinterpret_cast<const double*>(p)); break;
      case ScalarType::Half: v = fmtFloat(static_cast<float>(*reinterpret_cast<const Half*>(p))); break;
      case ScalarType::BFloat16: v = fmtFloat(static_cast<float>(*reinterpret_cast<const BFloat16*>(p))); break;
      case ScalarType::ComplexFloat: {
        auto c = *reinterpret_cast<const std::complex<float>*>(p);
        v = fmtFloat(c.real()) + "+" + fmtFloat(c.imag()) + "j";
        break;
      }
      case ScalarType::ComplexDouble: {
        auto c = *reinterpret_cast<const std::complex<double>*>(p);
        v = fmtFloat(c.real()) + "+" + fmtFloat(c.imag()) + "j";
        break;
      }
      case ScalarType::Bool: v = *reinterpret_cast<const uint8_t*>(p) ? "1" : "0"; break;
      case ScalarType::Byte: v = std::to_string(*reinterpret_cast<const uint8_t*>(p)); break;
      case ScalarType::Char: v = std::to_string(*reinterpret_cast<const int8_t*>(p)); break;
      case ScalarType::Short: v = std::to_string(*reinterpret_cast<const int16_t*>(p)); break;
      case ScalarType::Int: v = std::to_string(*reinterpret_cast<const int32_t*>(p)); break;
      case ScalarType::Long: v = std::to_string(*reinterpret_cast<const int64_t*>(p)); break;
      default: v = "?"; break;
    }
    out += (i ? "," : "") + v;
  }
  return out;
}

inline std::string hexBytes(const std::string& s, size_t n) {
  static const char* digits = "0123456789abcdef";
  std::string out;
  for (size_t i = 0; i < s.size() && i < n; ++i) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    out += digits[c >> 4];
    out += digits[c & 15];
  }
  return out;
}

inline void describeIValue(const IValue& v, const std::string& path, std::vector<std::string>& out) {
  switch (v.tag()) {
    case IValue::Tag::Tensor: {
      const Tensor& t = v.toTensor();
      out.push_back(path + " tensor " + std::string(scalarTypeTorchName(t.dtype())) + " sizes=[" +
                    joinInts(t.sizes()) + "] strides=[" + joinInts(t.strides()) + "] offset=" +
                    std::to_string(t.storage_offset()) + " rg=" + (t.requires_grad() ? "1" : "0") + " vals=[" +
                    tensorValues(t, 8) + "]");
      break;
    }
    case IValue::Tag::None: out.push_back(path + " none"); break;
    case IValue::Tag::Bool: out.push_back(path + " bool " + (v.toBool() ? "1" : "0")); break;
    case IValue::Tag::Int: out.push_back(path + " int " + std::to_string(v.toInt())); break;
    case IValue::Tag::Double: out.push_back(path + " float " + fmtFloat(v.toDouble())); break;
    case IValue::Tag::String: {
      const std::string& s = v.toStringRef();
      out.push_back(path + " str " + std::to_string(s.size()) + " " + hexBytes(s, 64));
      break;
    }
    case IValue::Tag::Tuple: {
      const auto& e = v.toTupleRef().elements;
      out.push_back(path + " tuple " + std::to_string(e.size()));
      for (size_t i = 0; i < e.size(); ++i) describeIValue(e[i], path + "[" + std::to_string(i) + "]", out);
      break;
    }
    case IValue::Tag::List: {
      const auto& e = v.toListRef().elements;
      out.push_back(path + " list " + std::to_string(e.size()));
      for (size_t i = 0; i < e.size(); ++i) describeIValue(e[i], path + "[" + std::to_string(i) + "]", out);
      break;
    }
    case IValue::Tag::Dict: {
      const auto& e = v.toDictRef().entries();
      out.push_back(path + " dict " + std::to_string(e.size()));
      for (size_t i = 0; i < e.size(); ++i) {
        describeIValue(e[i].key, path + "{" + std::to_string(i) + "}k", out);
        describeIValue(e[i].value, path + "{" + std::to_string(i) + "}v", out);
      }
      break;
    }
    case IValue::Tag::Device: out.push_back(path + " device " + v.toDevice().str()); break;
    default: out.push_back(path + " other " + IValue::tagName(v.tag())); break;
  }
}

}  // namespace jitserve::testing
