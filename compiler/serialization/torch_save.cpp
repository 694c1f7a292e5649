#include "compiler/serialization/torch_save.h"

#include <fstream>

#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "compiler/serialization/pickler.h"
#include "compiler/serialization/zip_storage_loader.h"
#include "compiler/serialization/zip_writer.h"

namespace jitserve {

namespace {

// The legacy format starts with a pickled magic number (protocol 2 PROTO
// opcode), where a zip starts with "PK".
bool looksLikeLegacyFormat(std::string_view head) {
  return head.size() >= 2 && static_cast<unsigned char>(head[0]) == 0x80 && head.substr(0, 2) != "PK";
}

absl::Status legacyError(const std::string& name) {
  return absl::InvalidArgumentError(absl::StrCat(
      "'", name,
      "' is in the legacy (pre-1.6, non-zip) torch.save format, which is not supported; re-save it with a "
      "current torch.save"));
}

}  // namespace

absl::StatusOr<IValue> loadTorchSave(ZipArchiveReader& archive, const UnpicklerLimits& limits) {
  const std::string& name = archive.displayName();
  if (archive.prefix().empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat("'", name, "' is not a torch.save file: its entries do not share one top-level folder"));
  }
  if (!archive.hasRecord("data.pkl")) {
    return absl::InvalidArgumentError(
        absl::StrCat("'", name, "' is not a torch.save file: no ", archive.prefix(), "data.pkl"));
  }
  if (archive.hasRecord("byteorder")) {
    absl::StatusOr<std::string> order = archive.readRecordAsString("byteorder");
    if (!order.ok()) return order.status();
    if (absl::StripAsciiWhitespace(*order) != "little") {
      return absl::InvalidArgumentError(absl::StrCat("'", name, "': byte order '",
                                                     absl::CEscape(order->substr(0, 16)),
                                                     "' is not supported (only little-endian)"));
    }
  }
  if (archive.hasRecord("version")) {
    absl::StatusOr<std::string> version = archive.readRecordAsString("version");
    if (!version.ok()) return version.status();
    int v = 0;
    if (!absl::SimpleAtoi(absl::StripAsciiWhitespace(*version), &v) || v < 1) {
      return absl::InvalidArgumentError(
          absl::StrCat("'", name, "': bad version record '", absl::CEscape(version->substr(0, 16)), "'"));
    }
  }
  absl::StatusOr<std::string> pickle = archive.readRecordAsString("data.pkl");
  if (!pickle.ok()) return pickle.status();

  ZipStorageLoader storages(archive, "data/");
  UnpicklerOptions options;
  options.sourceName = absl::StrCat(name, ": ", archive.prefix(), "data.pkl");
  options.limits = limits;
  options.loadStorage = storages.callback();
  return unpickle(*pickle, options);
}

absl::StatusOr<IValue> loadTorchSaveFile(const std::string& path, const TorchLoadLimits& limits) {
  {
    std::ifstream f(path, std::ios::binary);
    if (!f) return absl::NotFoundError(absl::StrCat("cannot open '", path, "'"));
    char head[2] = {0, 0};
    f.read(head, 2);
    if (looksLikeLegacyFormat(std::string_view(head, static_cast<size_t>(f.gcount())))) return legacyError(path);
  }
  absl::StatusOr<std::unique_ptr<ZipArchiveReader>> archive = ZipArchiveReader::openFile(path, limits.zip);
  if (!archive.ok()) return archive.status();
  return loadTorchSave(**archive, limits.pickle);
}

absl::StatusOr<IValue> loadTorchSaveBytes(std::string bytes, const TorchLoadLimits& limits, std::string displayName) {
  if (looksLikeLegacyFormat(bytes)) return legacyError(displayName);
  absl::StatusOr<std::unique_ptr<ZipArchiveReader>> archive =
      ZipArchiveReader::openBytes(std::move(bytes), std::move(displayName), limits.zip);
  if (!archive.ok()) return archive.status();
  return loadTorchSave(**archive, limits.pickle);
}

absl::StatusOr<std::string> saveTorchSaveBytes(const IValue& value, const TorchSaveOptions& options) {
  const std::string& root = options.archiveName;
  if (root.empty() || root.find('/') != std::string::npos || root == "." || root == "..") {
    return absl::InvalidArgumentError(absl::StrCat("bad archive name '", root, "'"));
  }
  Pickler pickler;
  try {
    pickler.push(value);
  } catch (const std::exception& e) {
    return statusFromException(e);
  }
  std::string pickle = pickler.finish();
  ZipArchiveWriter zip;
  absl::Status st = zip.addRecord(root + "/data.pkl", pickle);
  for (const Pickler::StorageRecord& r : pickler.storages()) {
    if (!st.ok()) break;
    st = zip.addRecord(absl::StrCat(root, "/data/", r.key), r.storage.nbytes() ? r.storage.data() : "",
                       r.storage.nbytes());
  }
  if (st.ok()) st = zip.addRecord(root + "/version", "3\n");
  if (!st.ok()) return st;
  return zip.finish();
}

absl::Status saveTorchSaveFile(const IValue& value, const std::string& path, const TorchSaveOptions& options) {
  absl::StatusOr<std::string> bytes = saveTorchSaveBytes(value, options);
  if (!bytes.ok()) return bytes.status();
  return writeArchiveFile(path, *bytes);
}

}  // namespace jitserve
