#include "cli/npz.h"

#include <zlib.h>

#include <cstdint>
#include <set>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "cli/npy.h"

namespace minitf {
namespace {

constexpr uint32_t kLocalHeader = 0x04034b50;
constexpr uint32_t kCentralHeader = 0x02014b50;
constexpr uint32_t kEndOfDirectory = 0x06054b50;
constexpr uint32_t kZip64EndOfDirectory = 0x06064b50;
constexpr uint32_t kZip64Locator = 0x07064b50;
constexpr size_t kEndSize = 22, kCentralSize = 46, kLocalSize = 30;
constexpr size_t kZip64LocatorSize = 20, kZip64EndSize = 56;

absl::Status Bad(absl::string_view what, absl::string_view problem) {
  return absl::InvalidArgumentError(absl::StrCat(what, ": not a valid .npz file: ", problem));
}

// Little-endian fields at checked offsets of one byte range.
class Reader {
 public:
  explicit Reader(absl::string_view bytes) : bytes_(bytes) {}
  bool Has(uint64_t offset, uint64_t n) const {
    return offset <= bytes_.size() && n <= bytes_.size() - offset;
  }
  // Callers check Has(offset, n) first.
  uint64_t Get(uint64_t offset, int n) const {
    uint64_t v = 0;
    for (int i = n - 1; i >= 0; --i) {
      v = (v << 8) | static_cast<unsigned char>(bytes_[static_cast<size_t>(offset) + i]);
    }
    return v;
  }
  absl::string_view Slice(uint64_t offset, uint64_t n) const {
    return bytes_.substr(static_cast<size_t>(offset), static_cast<size_t>(n));
  }
  uint64_t size() const { return bytes_.size(); }

 private:
  absl::string_view bytes_;
};

struct Directory {
  uint64_t entries = 0;
  uint64_t offset = 0;
  uint64_t size = 0;
};

absl::StatusOr<Directory> FindDirectory(const Reader& r, absl::string_view what) {
  if (r.size() < kEndSize) return Bad(what, "too short for a ZIP archive");
  // The end record sits before a comment of at most 65535 bytes, which must end the file.
  const uint64_t lowest = r.size() > kEndSize + 0xFFFF ? r.size() - kEndSize - 0xFFFF : 0;
  for (uint64_t at = r.size() - kEndSize + 1; at-- > lowest;) {
    if (r.Get(at, 4) != kEndOfDirectory || at + kEndSize + r.Get(at + 20, 2) != r.size()) {
      continue;
    }
    if (r.Get(at + 4, 2) != 0 || r.Get(at + 6, 2) != 0 || r.Get(at + 8, 2) != r.Get(at + 10, 2)) {
      return Bad(what, "multi-disk archives are not supported");
    }
    Directory d{r.Get(at + 10, 2), r.Get(at + 16, 4), r.Get(at + 12, 4)};
    if (d.entries == 0xFFFF || d.offset == 0xFFFFFFFF || d.size == 0xFFFFFFFF) {
      if (at < kZip64LocatorSize || r.Get(at - kZip64LocatorSize, 4) != kZip64Locator) {
        return Bad(what, "the end record points to a ZIP64 record that is missing");
      }
      const uint64_t z = r.Get(at - kZip64LocatorSize + 8, 8);
      if (!r.Has(z, kZip64EndSize) || r.Get(z, 4) != kZip64EndOfDirectory) {
        return Bad(what, "bad ZIP64 end record");
      }
      if (r.Get(z + 16, 4) != 0 || r.Get(z + 20, 4) != 0 || r.Get(z + 24, 8) != r.Get(z + 32, 8)) {
        return Bad(what, "multi-disk archives are not supported");
      }
      d = Directory{r.Get(z + 32, 8), r.Get(z + 48, 8), r.Get(z + 40, 8)};
    }
    if (!r.Has(d.offset, d.size)) return Bad(what, "the central directory is outside the file");
    if (d.entries > d.size / kCentralSize) {
      return Bad(what, absl::StrCat("the central directory claims ", d.entries, " members in ",
                                    d.size, " bytes"));
    }
    return d;
  }
  return Bad(what, "no ZIP end-of-central-directory record");
}

struct Member {
  std::string name;
  uint32_t crc = 0;
  uint16_t method = 0;
  uint64_t compressed = 0;
  uint64_t uncompressed = 0;
  uint64_t local_offset = 0;
};

// Reads the central directory entry at `at` (advancing it), resolving ZIP64 extra fields.
absl::StatusOr<Member> ReadMember(const Reader& r, const Directory& d, uint64_t* at,
                                  absl::string_view what) {
  const uint64_t end = d.offset + d.size;
  if (*at + kCentralSize > end || r.Get(*at, 4) != kCentralHeader) {
    return Bad(what, "bad central directory entry");
  }
  Member m;
  const uint64_t flags = r.Get(*at + 8, 2);
  m.method = static_cast<uint16_t>(r.Get(*at + 10, 2));
  m.crc = static_cast<uint32_t>(r.Get(*at + 16, 4));
  m.compressed = r.Get(*at + 20, 4);
  m.uncompressed = r.Get(*at + 24, 4);
  const uint64_t name_len = r.Get(*at + 28, 2), extra_len = r.Get(*at + 30, 2);
  const uint64_t comment_len = r.Get(*at + 32, 2);
  m.local_offset = r.Get(*at + 42, 4);
  const uint64_t var = *at + kCentralSize;
  if (var + name_len + extra_len + comment_len > end) {
    return Bad(what, "a central directory entry runs past the directory");
  }
  m.name = std::string(r.Slice(var, name_len));
  if (flags & 1) return Bad(what, absl::StrCat("member '", m.name, "' is encrypted"));
  // ZIP64 extra field (id 1): the 0xFFFFFFFF fields, in this order.
  uint64_t* wide[] = {&m.uncompressed, &m.compressed, &m.local_offset};
  for (uint64_t e = var + name_len; e + 4 <= var + name_len + extra_len;) {
    const uint64_t id = r.Get(e, 2), len = r.Get(e + 2, 2);
    if (e + 4 + len > var + name_len + extra_len) {
      return Bad(what, absl::StrCat("member '", m.name, "' has a truncated extra field"));
    }
    if (id == 1) {
      uint64_t f = e + 4;
      for (uint64_t* field : wide) {
        if (*field != 0xFFFFFFFF) continue;
        if (f + 8 > e + 4 + len) {
          return Bad(what, absl::StrCat("member '", m.name, "' has a short ZIP64 field"));
        }
        *field = r.Get(f, 8);
        f += 8;
      }
    }
    e += 4 + len;
  }
  *at = var + name_len + extra_len + comment_len;
  return m;
}

absl::StatusOr<std::string> Inflate(absl::string_view in, uint64_t size, absl::string_view what,
                                    absl::string_view name) {
  if (in.size() >= 0xFFFFFFFF) {
    return Bad(what, absl::StrCat("member '", name, "' is 4 GiB or more compressed"));
  }
  z_stream z{};
  if (inflateInit2(&z, -MAX_WBITS) != Z_OK) return absl::InternalError("zlib inflateInit2 failed");
  std::string out;
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  z.avail_in = static_cast<uInt>(in.size());
  char chunk[1 << 16];
  int rc = Z_OK;
  while (rc == Z_OK) {
    z.next_out = reinterpret_cast<Bytef*>(chunk);
    z.avail_out = sizeof(chunk);
    rc = inflate(&z, Z_NO_FLUSH);
    const size_t produced = sizeof(chunk) - z.avail_out;
    if (out.size() + produced > size)
      rc = Z_BUF_ERROR;  // more than the directory claims
    else
      out.append(chunk, produced);
    if (rc == Z_OK && produced == 0 && z.avail_in == 0) rc = Z_BUF_ERROR;
  }
  inflateEnd(&z);
  if (rc != Z_STREAM_END || out.size() != size) {
    return Bad(what, absl::StrCat("member '", name, "' does not inflate to the ", size,
                                  " bytes its directory entry claims"));
  }
  return out;
}

}  // namespace

absl::StatusOr<NamedTensors> ParseNpz(absl::string_view bytes, absl::string_view what) {
  const Reader r(bytes);
  absl::StatusOr<Directory> d = FindDirectory(r, what);
  if (!d.ok()) return d.status();
  NamedTensors arrays;
  std::set<std::string> keys;
  uint64_t at = d->offset;
  for (uint64_t i = 0; i < d->entries; ++i) {
    absl::StatusOr<Member> m = ReadMember(r, *d, &at, what);
    if (!m.ok()) return m.status();
    if (!absl::EndsWith(m->name, ".npy")) {
      return Bad(what, absl::StrCat("member '", m->name, "' is not an .npy array"));
    }
    const std::string key = m->name.substr(0, m->name.size() - 4);
    if (!keys.insert(key).second)
      return Bad(what, absl::StrCat("two members named '", m->name, "'"));
    const uint64_t o = m->local_offset;
    if (!r.Has(o, kLocalSize) || r.Get(o, 4) != kLocalHeader || r.Get(o + 8, 2) != m->method ||
        r.Slice(o + kLocalSize, r.Get(o + 26, 2)) != m->name) {
      return Bad(what, absl::StrCat("member '", m->name,
                                    "': its local header does not match the directory"));
    }
    const uint64_t data = o + kLocalSize + r.Get(o + 26, 2) + r.Get(o + 28, 2);
    if (!r.Has(data, m->compressed)) {
      return Bad(what, absl::StrCat("member '", m->name, "' runs past the end of the file"));
    }
    const absl::string_view stored = r.Slice(data, m->compressed);
    std::string inflated;
    absl::string_view npy;
    if (m->method == 0) {
      if (m->compressed != m->uncompressed) {
        return Bad(what, absl::StrCat("stored member '", m->name, "' has two sizes"));
      }
      npy = stored;
    } else if (m->method == 8) {
      absl::StatusOr<std::string> out = Inflate(stored, m->uncompressed, what, m->name);
      if (!out.ok()) return out.status();
      inflated = std::move(*out);
      npy = inflated;
    } else {
      return Bad(what, absl::StrCat("member '", m->name, "' uses compression method ", m->method,
                                    " (only stored and deflated are supported)"));
    }
    const uint32_t crc =
        static_cast<uint32_t>(crc32_z(0, reinterpret_cast<const Bytef*>(npy.data()), npy.size()));
    if (crc != m->crc) {
      return absl::DataLossError(
          absl::StrCat(what, ": member '", m->name, "' fails its CRC-32 check"));
    }
    absl::StatusOr<tensorflow::Tensor> t = ParseNpy(npy, absl::StrCat(what, "[", key, "]"));
    if (!t.ok()) return t.status();
    arrays.emplace_back(key, std::move(*t));
  }
  return arrays;
}

absl::StatusOr<std::string> SerializeNpz(const NamedTensors& arrays) {
  std::string out, directory;
  auto put = [](std::string* s, uint64_t v, int n) {
    for (int i = 0; i < n; ++i) s->push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
  };
  constexpr uint64_t kDosDate = (0 << 9) | (1 << 5) | 1;  // 1980-01-01, as ZIP's epoch
  for (const auto& [key, tensor] : arrays) {
    absl::StatusOr<std::string> npy = SerializeNpy(tensor);
    if (!npy.ok()) return npy.status();
    const std::string name = key + ".npy";
    if (name.size() > 0xFFFF) return absl::InvalidArgumentError("an .npz key is too long");
    if (out.size() + kLocalSize + name.size() + npy->size() >= 0xFFFFFFFF) {
      return absl::UnimplementedError(".npz archives of 4 GiB or more are not supported");
    }
    const uint64_t crc =
        crc32(0, reinterpret_cast<const Bytef*>(npy->data()), static_cast<uInt>(npy->size()));
    const uint64_t offset = out.size();
    auto header = [&](std::string* s, bool central) {
      put(s, central ? kCentralHeader : kLocalHeader, 4);
      if (central) put(s, 20, 2);  // made by: version 2.0
      put(s, 20, 2);               // needed: 2.0
      put(s, 0, 2);                // flags
      put(s, 0, 2);                // stored
      put(s, 0, 2);                // time
      put(s, kDosDate, 2);
      put(s, crc, 4);
      put(s, npy->size(), 4);
      put(s, npy->size(), 4);
      put(s, name.size(), 2);
      put(s, 0, 2);  // extra
      if (central) {
        put(s, 0, 2);  // comment
        put(s, 0, 2);  // disk
        put(s, 0, 2);  // internal attributes
        put(s, uint64_t{0600} << 16, 4);
        put(s, offset, 4);
      }
      *s += name;
    };
    header(&out, false);
    out += *npy;
    header(&directory, true);
  }
  if (arrays.size() > 0xFFFF || out.size() + directory.size() >= 0xFFFFFFFF) {
    return absl::UnimplementedError(".npz archives of 4 GiB or more are not supported");
  }
  const uint64_t directory_offset = out.size();
  out += directory;
  put(&out, kEndOfDirectory, 4);
  put(&out, 0, 4);  // disks
  put(&out, arrays.size(), 2);
  put(&out, arrays.size(), 2);
  put(&out, directory.size(), 4);
  put(&out, directory_offset, 4);
  put(&out, 0, 2);  // comment
  return out;
}

}  // namespace minitf
