#include "runtime/tensor/device.h"

#include <charconv>

namespace jitserve {

std::string_view deviceTypeName(DeviceType t) {
  switch (t) {
    case DeviceType::CPU: return "cpu";
    case DeviceType::CUDA: return "cuda";
    case DeviceType::Meta: return "meta";
    case DeviceType::PrivateUse1: return "privateuseone";
  }
  return "unknown device";
}

std::string Device::str() const {
  std::string s(deviceTypeName(type));
  if (index >= 0) {
    s += ':';
    s += std::to_string(index);
  }
  return s;
}

std::optional<Device> Device::parse(std::string_view s) {
  std::string_view kind = s, idx;
  if (auto colon = s.find(':'); colon != std::string_view::npos) {
    kind = s.substr(0, colon);
    idx = s.substr(colon + 1);
    if (idx.empty()) return std::nullopt;
  }
  DeviceType t;
  if (kind == "cpu") t = DeviceType::CPU;
  else if (kind == "cuda") t = DeviceType::CUDA;
  else if (kind == "meta") t = DeviceType::Meta;
  else if (kind == "privateuseone") t = DeviceType::PrivateUse1;
  else return std::nullopt;
  int8_t index = -1;
  if (!idx.empty()) {
    // Digits only ("cuda:+1" and "cuda:-1" are malformed), within int8.
    int v = 0;
    auto [p, ec] = std::from_chars(idx.data(), idx.data() + idx.size(), v);
    if (ec != std::errc() || p != idx.data() + idx.size() || idx[0] == '-' || v > 127) return std::nullopt;
    if (t == DeviceType::CPU && v != 0) return std::nullopt;  // PyTorch: CPU index must be 0
    index = static_cast<int8_t>(v);
  }
  return Device(t, index);
}

}  // namespace jitserve
