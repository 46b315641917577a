// TensorFlow's side of bench/run_tf_side_by_side.sh: times TF_SessionRun (TensorFlow 2.21's
// own session and executor, through its C API) on a GraphDef written by minitf.
//
//   tf_c_api_runner <graph.pb> <config.pb> fetch|target <name> <seconds>
//
// Prints "<name> <ns per run>". Built against the tensorflow-cpu wheel, never linked into
// minitf.
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "tensorflow/c/c_api.h"

namespace {

std::string ReadFile(const char* path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void Check(TF_Status* s, const char* what) {
  if (TF_GetCode(s) != TF_OK) {
    std::fprintf(stderr, "%s: %s\n", what, TF_Message(s));
    std::exit(1);
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 6) {
    std::fprintf(stderr, "usage: %s graph.pb config.pb fetch|target name seconds\n", argv[0]);
    return 2;
  }
  const std::string graph_bytes = ReadFile(argv[1]);
  const std::string config_bytes = ReadFile(argv[2]);
  const bool is_fetch = std::string(argv[3]) == "fetch";
  std::string name = argv[4];
  const double seconds = std::atof(argv[5]);

  TF_Status* status = TF_NewStatus();
  TF_Graph* graph = TF_NewGraph();
  TF_Buffer* buffer = TF_NewBufferFromString(graph_bytes.data(), graph_bytes.size());
  TF_ImportGraphDefOptions* import = TF_NewImportGraphDefOptions();
  TF_GraphImportGraphDef(graph, buffer, import, status);
  Check(status, "import");
  TF_SessionOptions* options = TF_NewSessionOptions();
  TF_SetConfig(options, config_bytes.data(), config_bytes.size(), status);
  Check(status, "config");
  TF_Session* session = TF_NewSession(graph, options, status);
  Check(status, "session");

  int index = 0;
  const size_t colon = name.find(':');
  if (colon != std::string::npos) {
    index = std::atoi(name.c_str() + colon + 1);
    name = name.substr(0, colon);
  }
  TF_Operation* op = TF_GraphOperationByName(graph, name.c_str());
  if (op == nullptr) {
    std::fprintf(stderr, "no node %s\n", name.c_str());
    return 1;
  }
  TF_Output fetch{op, index};
  TF_Tensor* out = nullptr;
  auto run_once = [&] {
    if (is_fetch) {
      TF_SessionRun(session, nullptr, nullptr, nullptr, 0, &fetch, &out, 1, nullptr, 0, nullptr,
                    status);
      TF_DeleteTensor(out);
    } else {
      TF_SessionRun(session, nullptr, nullptr, nullptr, 0, nullptr, nullptr, 0, &op, 1, nullptr,
                    status);
    }
    Check(status, "run");
  };
  for (int i = 0; i < 20; ++i) run_once();  // first runs build TF's executors
  // Median of 5 trials, each running for `seconds` / 5.
  double trials[5];
  for (double& t : trials) {
    long runs = 0;
    auto start = std::chrono::steady_clock::now();
    double elapsed = 0;
    while (elapsed < seconds / 5) {
      for (int i = 0; i < 10; ++i) run_once();
      runs += 10;
      elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    }
    t = elapsed * 1e9 / runs;
  }
  std::sort(trials, trials + 5);
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  // ns per run (median of 5 trials), then the process's peak RSS in kB.
  std::printf("%s %.0f max_rss_kB=%ld\n", argv[1], trials[2], usage.ru_maxrss);
  TF_CloseSession(session, status);
  TF_DeleteSession(session, status);
  TF_DeleteSessionOptions(options);
  TF_DeleteImportGraphDefOptions(import);
  TF_DeleteBuffer(buffer);
  TF_DeleteGraph(graph);
  TF_DeleteStatus(status);
  return 0;
}
