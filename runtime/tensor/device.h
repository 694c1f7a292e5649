// Device: where a tensor's storage lives. CPU always exists; CUDA devices are
// addressed by index. Parsed from and printed as PyTorch spells them
// ("cpu", "cuda", "cuda:1", "meta", "privateuseone").
//
// DeviceType indexes per-device tables (operator kernel slots, allocators,
// backends), so its values are dense from 0 to kNumDeviceTypes - 1.
// PrivateUse1 is PyTorch's slot for an out-of-tree device; here it is also
// what tests use to stand up a second device without a GPU.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace jitserve {

enum class DeviceType : int8_t { CPU = 0, CUDA = 1, Meta = 2, PrivateUse1 = 3 };
inline constexpr int kNumDeviceTypes = 4;
// "cpu", "cuda", "meta", "privateuseone".
std::string_view deviceTypeName(DeviceType t);

struct Device {
  DeviceType type = DeviceType::CPU;
  int8_t index = -1;  // -1: "the current device" of that type

  constexpr Device() = default;
  constexpr Device(DeviceType t, int8_t i = -1) : type(t), index(i) {}
  static constexpr Device cpu() { return Device(DeviceType::CPU); }

  bool isCPU() const { return type == DeviceType::CPU; }
  bool isCUDA() const { return type == DeviceType::CUDA; }
  std::string str() const;
  // "cpu", "cuda", "cuda:0", "meta"; nullopt if malformed.
  static std::optional<Device> parse(std::string_view s);

  friend bool operator==(Device a, Device b) { return a.type == b.type && a.index == b.index; }
  friend bool operator!=(Device a, Device b) { return !(a == b); }
};

}  // namespace jitserve

template <>
struct std::hash<jitserve::Device> {
  size_t operator()(jitserve::Device d) const noexcept {
    return (static_cast<size_t>(d.type) << 8) ^ static_cast<size_t>(static_cast<uint8_t>(d.index));
  }
};
