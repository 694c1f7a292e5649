// A fresh temporary directory for a test, removed with its contents on
// destruction.
#pragma once

#include <filesystem>
#include <string>

namespace jitserve::testing {

class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }
  // Writes `text` to path()/relative, creating folders.
  void write(const std::string& relative, const std::string& text) const;

 private:
  std::filesystem::path path_;
};

}  // namespace jitserve::testing
