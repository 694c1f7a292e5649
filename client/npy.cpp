#include "client/npy.h"

#include <cstring>
#include <regex>

namespace jitserve::client {

namespace pb = ::jitserve::v1;

absl::StatusOr<pb::Value> tensorFromNpy(const std::string& bytes) {
  if (bytes.size() < 10 || bytes.compare(0, 6, "\x93NUMPY") != 0) {
    return absl::InvalidArgumentError("not a .npy file (bad magic)");
  }
  const int major = static_cast<unsigned char>(bytes[6]);
  size_t headerLen = 0, offset = 0;
  if (major == 1) {
    headerLen = static_cast<unsigned char>(bytes[8]) | (static_cast<unsigned char>(bytes[9]) << 8);
    offset = 10;
  } else if (major == 2 || major == 3) {
    if (bytes.size() < 12) return absl::InvalidArgumentError("truncated .npy header");
    uint32_t len;
    std::memcpy(&len, bytes.data() + 8, 4);
    headerLen = len;
    offset = 12;
  } else {
    return absl::InvalidArgumentError("unsupported .npy version " + std::to_string(major));
  }
  if (bytes.size() < offset + headerLen) return absl::InvalidArgumentError("truncated .npy header");
  const std::string header = bytes.substr(offset, headerLen);
  std::smatch m;
  if (!std::regex_search(header, m, std::regex("'descr'\\s*:\\s*'([^']*)'"))) {
    return absl::InvalidArgumentError("the .npy header has no descr");
  }
  const std::string descr = m[1];
  if (std::regex_search(header, m, std::regex("'fortran_order'\\s*:\\s*True"))) {
    return absl::InvalidArgumentError(".npy in Fortran order is not supported (save a C-contiguous array)");
  }
  if (!std::regex_search(header, m, std::regex("'shape'\\s*:\\s*\\(([^)]*)\\)"))) {
    return absl::InvalidArgumentError("the .npy header has no shape");
  }
  std::vector<int64_t> shape;
  const std::string dims = m[1];
  const std::regex number("[0-9]+");
  for (std::sregex_iterator it(dims.begin(), dims.end(), number), end; it != end; ++it) {
    shape.push_back(std::stoll(it->str()));
  }
  struct Kind {
    const char* code;
    pb::DType dtype;
    size_t size;
  };
  static const Kind kinds[] = {{"b1", pb::DTYPE_BOOL, 1},    {"u1", pb::DTYPE_UINT8, 1},   {"i1", pb::DTYPE_INT8, 1},
                               {"i2", pb::DTYPE_INT16, 2},   {"i4", pb::DTYPE_INT32, 4},   {"i8", pb::DTYPE_INT64, 8},
                               {"f2", pb::DTYPE_FLOAT16, 2}, {"f4", pb::DTYPE_FLOAT32, 4}, {"f8", pb::DTYPE_FLOAT64, 8}};
  if (descr.size() != 3 || descr[0] == '>') {
    return absl::InvalidArgumentError("unsupported .npy dtype '" + descr + "' (little-endian numbers and bool only)");
  }
  const Kind* kind = nullptr;
  for (const Kind& k : kinds)
    if (descr.compare(1, 2, k.code) == 0) kind = &k;
  if (!kind) return absl::InvalidArgumentError("unsupported .npy dtype '" + descr + "'");
  size_t numel = 1;
  for (int64_t d : shape) numel *= static_cast<size_t>(d);
  const size_t dataStart = offset + headerLen;
  if (bytes.size() - dataStart != numel * kind->size) {
    return absl::InvalidArgumentError("the .npy data has " + std::to_string(bytes.size() - dataStart) +
                                      " bytes; its shape and dtype need " + std::to_string(numel * kind->size));
  }
  pb::Value v;
  auto* t = v.mutable_tensor();
  t->set_dtype(kind->dtype);
  for (int64_t d : shape) t->add_shape(d);
  t->set_data(bytes.substr(dataStart));
  return v;
}

}  // namespace jitserve::client
