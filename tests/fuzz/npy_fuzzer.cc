// libFuzzer harness: the command-line runner's .npy and .npz readers (cli/npy.h, cli/npz.h),
// whose input is any file a user names. An input starting with "PK" is read as an .npz archive,
// anything else as an .npy file (the seeds are both). Whatever parses must serialize (but for
// strings holding a NUL, which np.save would drop), and what that writes must parse back to the
// same arrays.
#include <cstddef>
#include <cstdint>
#include <string>

#include "absl/strings/string_view.h"
#include "cli/npy.h"
#include "cli/npz.h"
#include "tests/fuzz/fuzz_support.h"
#include "tests/tensor_bits.h"

using tensorflow::test::SameBits;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  tensorflow::fuzzing::InitOnce();
  const absl::string_view bytes(reinterpret_cast<const char*>(data), size);
  if (bytes.substr(0, 2) == "PK") {
    auto arrays = minitf::ParseNpz(bytes, "fuzz.npz");
    if (!arrays.ok()) return 0;
    auto written = minitf::SerializeNpz(*arrays);
    if (!written.ok()) return 0;  // e.g. a name np.savez could not have written
    auto back = minitf::ParseNpz(*written, "written.npz");
    FUZZ_CHECK(back.ok() && back->size() == arrays->size());
    for (size_t i = 0; i < arrays->size(); ++i) {
      FUZZ_CHECK((*back)[i].first == (*arrays)[i].first);
      FUZZ_CHECK(SameBits((*back)[i].second, (*arrays)[i].second));
    }
    return 0;
  }
  auto tensor = minitf::ParseNpy(bytes, "fuzz.npy");
  if (!tensor.ok()) return 0;
  auto written = minitf::SerializeNpy(*tensor);
  if (!written.ok()) {
    // Only a string holding a NUL that np.save would drop is refused.
    FUZZ_CHECK(tensor->dtype() == tensorflow::DT_STRING);
    return 0;
  }
  auto back = minitf::ParseNpy(*written, "written.npy");
  FUZZ_CHECK(back.ok() && SameBits(*back, *tensor));
  return 0;
}
