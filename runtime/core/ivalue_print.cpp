// Printing IValues as TorchScript's str() and print() do.
//
// TorchScript's formats differ from CPython's in two ways that programs can
// observe (and the conformance corpus records): floats print with 17
// significant digits and a trailing '.' when integral ("1.", "0.10000000000000001"),
// and strings nested in containers print without quotes ("[a, b]").
#include <cmath>
#include <cstdio>
#include <sstream>

#include "runtime/core/ivalue.h"

namespace jitserve {

std::string formatDouble(double d) {
  // Integral values that fit an int64 print as that int plus '.', which
  // also turns -0.0 into "0." as PyTorch does; the rest print with 17
  // significant digits.
  if (std::isfinite(d) && d == std::trunc(d) && std::fabs(d) < 9223372036854775808.0) {
    return std::to_string(static_cast<int64_t>(d)) + ".";
  }
  char buf[40];
  std::snprintf(buf, sizeof(buf), "%.17g", d);
  std::string s(buf);
  if (s.find_first_of(".eninf") == std::string::npos) s += '.';
  return s;
}

namespace {

void printQuoted(std::ostream& os, std::string_view s) {
  // Python's repr quoting: single quotes unless the text has one and no double.
  const bool useDouble = s.find('\'') != std::string_view::npos && s.find('"') == std::string_view::npos;
  const char q = useDouble ? '"' : '\'';
  os << q;
  for (char c : s) {
    switch (c) {
      case '\\': os << "\\\\"; break;
      case '\n': os << "\\n"; break;
      case '\t': os << "\\t"; break;
      case '\r': os << "\\r"; break;
      default:
        if (c == q) os << '\\';
        os << c;
    }
  }
  os << q;
}

// quoteStrings: repr() quotes strings at every level; str() never does.
void print(std::ostream& os, const IValue& v, bool quoteStrings);

void printSequence(std::ostream& os, const std::vector<IValue>& elems, bool quoteStrings) {
  for (size_t i = 0; i < elems.size(); ++i) {
    if (i) os << ", ";
    print(os, elems[i], quoteStrings);
  }
}

void print(std::ostream& os, const IValue& v, bool quoteStrings) {
  switch (v.tag()) {
    case IValue::Tag::None: os << "None"; return;
    case IValue::Tag::Int: os << v.toInt(); return;
    case IValue::Tag::Double: os << formatDouble(v.toDouble()); return;
    case IValue::Tag::Bool: os << (v.toBool() ? "True" : "False"); return;
    case IValue::Tag::Device: os << v.toDevice().str(); return;
    case IValue::Tag::String:
      if (quoteStrings) {
        printQuoted(os, v.toStringRef());
      } else {
        os << v.toStringRef();
      }
      return;
    case IValue::Tag::Tensor: {
      const Tensor& t = v.toTensor();
      if (!t.defined()) {
        os << "None";
      } else {
        os << torchScriptString(t);
      }
      return;
    }
    case IValue::Tag::List:
      os << '[';
      printSequence(os, v.toListRef().elements, quoteStrings);
      os << ']';
      return;
    case IValue::Tag::Tuple: {
      const auto& elems = v.toTupleRef().elements;
      os << '(';
      printSequence(os, elems, quoteStrings);
      if (elems.size() == 1) os << ',';
      os << ')';
      return;
    }
    case IValue::Tag::Dict: {
      os << '{';
      bool first = true;
      for (const auto& e : v.toDictRef().entries()) {
        if (!first) os << ", ";
        first = false;
        print(os, e.key, quoteStrings);
        os << ": ";
        print(os, e.value, quoteStrings);
      }
      os << '}';
      return;
    }
    case IValue::Tag::Enum: {
      const auto& e = v.toEnumRef();
      os << "Enum<" << e.qualifiedName() << ">";
      return;
    }
    case IValue::Tag::Object: {
      const auto& o = v.toObjectRef();
      os << "<" << o.type->name() << " object at " << static_cast<const void*>(&o) << ">";
      return;
    }
    case IValue::Tag::Future: os << "Future(" << v.toFutureRef().elementType()->str() << ")"; return;
    case IValue::Tag::Function: os << "<Function>"; return;
    case IValue::Tag::Uninitialized: os << "Uninitialized"; return;
    case IValue::Tag::Storage: os << "<Storage>"; return;
    case IValue::Tag::Type: os << v.toTypeRef()->str(); return;
    case IValue::Tag::Capsule: os << "<Capsule>"; return;
    case IValue::Tag::Complex: {  // TorchScript's str(1+2j) is "1.+2.j"
      const std::complex<double> z = v.toComplexDouble();
      os << formatDouble(z.real()) << (std::signbit(z.imag()) ? "-" : "+") << formatDouble(std::abs(z.imag())) << 'j';
      return;
    }
  }
}

}  // namespace

std::string IValue::str() const {
  if (isString()) return toStringRef();
  std::ostringstream os;
  print(os, *this, /*quoteStrings=*/false);
  return os.str();
}

std::string IValue::repr() const {
  std::ostringstream os;
  print(os, *this, /*quoteStrings=*/true);
  return os.str();
}

std::ostream& operator<<(std::ostream& os, const IValue& v) {
  print(os, v, /*quoteStrings=*/false);
  return os;
}

}  // namespace jitserve
