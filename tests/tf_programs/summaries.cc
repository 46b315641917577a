// TensorBoard summaries from a TF C++ program: ScalarSummary, HistogramSummary and
// MergeSummary run by a Session (their serialized Summary protos printed as hex, so TF 2.21
// and minitf must agree byte for byte, and TF's errors for NaN, duplicate tags and shape
// mismatches); an events file written by EventsWriter and read back with
// io::SequentialRecordReader; TFRecord files damaged byte by byte and cut at every length, and
// the readers' codes and texts for each.
//
//   summaries             writes its files into a temporary directory, removed at the end
//   summaries DIR         writes the events file into DIR and keeps it (check_events.py reads
//                         it with TensorBoard)
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "tensorflow/cc/framework/scope.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/graph.pb.h"
#include "tensorflow/core/framework/summary.pb.h"
#include "tensorflow/core/framework/tensor.h"
#include "tensorflow/core/lib/io/path.h"
#include "tensorflow/core/lib/io/record_reader.h"
#include "tensorflow/core/lib/io/record_writer.h"
#include "tensorflow/core/platform/env.h"
#include "tensorflow/core/public/session.h"
#include "tensorflow/core/util/event.pb.h"
#include "tensorflow/core/util/events_writer.h"

using namespace tensorflow;  // NOLINT

namespace {

std::string Hex(const char* data, size_t n) {
  static const char kDigits[] = "0123456789abcdef";
  std::string out;
  for (size_t i = 0; i < n; ++i) {
    const unsigned char c = static_cast<unsigned char>(data[i]);
    out += kDigits[c >> 4];
    out += kDigits[c & 15];
  }
  return out;
}

// The first line of a status, with `dir` and an events file's time replaced (both differ
// between runs).
void Print(const std::string& what, const Status& s, const std::string& dir = "") {
  std::string message(s.message());
  message = message.substr(0, message.find('\n'));
  for (size_t at; !dir.empty() && (at = message.find(dir)) != std::string::npos;) {
    message.replace(at, dir.size(), "<dir>");
  }
  // An events file's name holds the time: the two builds run in different seconds.
  const std::string stamp = ".out.tfevents.";
  if (const size_t at = message.find(stamp); at != std::string::npos) {
    message.replace(at + stamp.size(), 10, "<time>");
  }
  std::printf("%s: %s [%s]\n", what.c_str(), absl::StatusCodeToString(s.code()).c_str(),
              message.c_str());
}

GraphDef BuildGraph() {
  Scope root = Scope::NewRootScope();
  auto loss = ops::Placeholder(root.WithOpName("loss"), DT_DOUBLE);
  auto w = ops::Placeholder(root.WithOpName("w"), DT_FLOAT);
  auto pair = ops::ScalarSummary(root.WithOpName("pair"), {"a", "b"}, {1.5f, NAN});
  auto loss_summary =
      ops::ScalarSummary(root.WithOpName("loss_summary"), std::string("loss"), loss);
  auto w_summary = ops::HistogramSummary(root.WithOpName("w_summary"), std::string("w"), w);
  auto steps = ops::HistogramSummary(root.WithOpName("steps"), std::string("steps"),
                                     ops::Range(root, int64_t{-5}, int64_t{40}, int64_t{3}));
  auto ints =
      ops::ScalarSummary(root.WithOpName("ints"), {{"i0", "i1"}, {"i2", "i3"}},
                         {{int64_t{1} << 60, int64_t{-7}}, {int64_t{0}, int64_t{123456789}}});
  ops::MergeSummary(root.WithOpName("merged"), {pair.summary, loss_summary.summary,
                                                w_summary.summary, steps.summary, ints.summary});
  ops::MergeSummary(root.WithOpName("dup"), {pair.summary, loss_summary.summary, pair.summary});
  ops::ScalarSummary(root.WithOpName("mismatch"), {"a", "b"}, {1.0f, 2.0f, 3.0f});
  ops::ScalarSummary(root.WithOpName("one_tag"), std::string("t"), {1.0, 2.0});
  ops::HistogramSummary(root.WithOpName("vector_tag"), {"a"}, {1.0f});
  GraphDef def;
  TF_CHECK_OK(root.ToGraphDef(&def));
  return def;
}

Tensor Scalar(double v) {
  Tensor t(DT_DOUBLE, TensorShape({}));
  t.scalar<double>()() = v;
  return t;
}

Tensor Weights(const std::vector<float>& v) {
  Tensor t(DT_FLOAT, TensorShape({static_cast<int64_t>(v.size())}));
  for (size_t i = 0; i < v.size(); ++i) t.flat<float>()(static_cast<int64_t>(i)) = v[i];
  return t;
}

// The merged summary of a step: loss = 0.5 + step, w = {step / 2 - 1, 2, 3.25, -0.125,
// 1e-13}; check_events.py recomputes it with TF's Python ops.
std::string StepSummary(Session* session, int step) {
  std::vector<Tensor> out;
  TF_CHECK_OK(session->Run({{"loss", Scalar(0.5 + step)},
                            {"w", Weights({step / 2.0f - 1.0f, 2.0f, 3.25f, -0.125f, 1e-13f})}},
                           {"merged"}, {}, &out));
  return std::string(out[0].scalar<tstring>()());
}

void RunSummaries(Session* session) {
  for (const char* name : {"pair", "loss_summary", "w_summary", "steps", "ints"}) {
    std::vector<Tensor> out;
    const Status s = session->Run({{"loss", Scalar(-2.75)}, {"w", Weights({1.0f, -1.0f, 0.0f})}},
                                  {name}, {}, &out);
    if (!s.ok()) {
      Print(name, s);
      continue;
    }
    const tstring& bytes = out[0].scalar<tstring>()();
    std::printf("%s: %s\n", name, Hex(bytes.data(), bytes.size()).c_str());
  }
  std::printf("merged step 0: %s\n",
              [&] {
                const std::string s = StepSummary(session, 0);
                return Hex(s.data(), s.size());
              }()
                  .c_str());
  for (const char* name : {"dup", "mismatch", "one_tag", "vector_tag"}) {
    std::vector<Tensor> out;
    Print(name, session->Run({{"loss", Scalar(1.0)}}, {name}, {}, &out));
  }
  for (float bad : {NAN, INFINITY, -INFINITY}) {
    std::vector<Tensor> out;
    Print("w_summary with " + std::to_string(bad),
          session->Run({{"w", Weights({1.0f, bad, NAN})}}, {"w_summary"}, {}, &out));
  }
}

std::string HostName() {
  char name[1024];
  if (gethostname(name, sizeof(name)) != 0) return "";
  name[sizeof(name) - 1] = '\0';
  return name;
}

void WriteAndReadEvents(Session* session, const std::string& dir) {
  const std::string prefix = io::JoinPath(dir, "events");
  std::string name;
  {
    EventsWriter writer(prefix);
    Print("Init", writer.Init());
    name = writer.FileName();
    const std::string head = prefix + ".out.tfevents.";
    const std::string tail = "." + HostName();
    std::printf("file name: prefix %s, 10 digits %s, host name %s\n",
                name.compare(0, head.size(), head) == 0 ? "ok" : name.c_str(),
                name.find_first_not_of("0123456789", head.size()) == head.size() + 10 ? "ok" : "no",
                name.substr(head.size() + 10) == tail ? "ok" : "no");
    for (int step = 1; step <= 3; ++step) {
      Event event;
      event.set_wall_time(1000.0 + step / 4.0);
      event.set_step(step);
      if (!event.mutable_summary()->ParseFromString(StepSummary(session, step))) std::abort();
      writer.WriteEvent(event);
    }
    Event start;
    start.set_wall_time(1001.0);
    start.set_step(4);
    start.mutable_session_log()->set_status(SessionLog::START);
    writer.WriteSerializedEvent(start.SerializeAsString());
    Print("Flush", writer.Flush());
    Print("Close", writer.Close());
    Print("Close again", writer.Close());
  }
  std::unique_ptr<RandomAccessFile> file;
  TF_CHECK_OK(Env::Default()->NewRandomAccessFile(name, &file));
  io::SequentialRecordReader reader(file.get());
  tstring record;
  Status s;
  for (int i = 0; (s = reader.ReadRecord(&record)).ok(); ++i) {
    Event event;
    if (!event.ParseFromString(std::string(record))) std::abort();
    if (i == 0) {
      std::printf("event 0: %zu bytes, version %s, writer %s, whole seconds %s\n", record.size(),
                  event.file_version().c_str(), event.source_metadata().writer().c_str(),
                  event.wall_time() == std::floor(event.wall_time()) ? "yes" : "no");
      continue;
    }
    std::printf("event %d: %s\n", i, Hex(record.data(), record.size()).c_str());
  }
  Print("after the last event", s);

  EventsWriter nowhere(io::JoinPath(dir, "missing", "events"));
  Print("Init in a missing directory", nowhere.Init(), dir);
}

// TFRecord framing and the readers' errors on damaged files.
void DamagedRecords(const std::string& dir) {
  Env* env = Env::Default();
  const std::string path = io::JoinPath(dir, "records");
  {
    std::unique_ptr<WritableFile> file;
    TF_CHECK_OK(env->NewWritableFile(path, &file));
    io::RecordWriter writer(file.get());
    for (const char* r : {"first", "", "third record"}) TF_CHECK_OK(writer.WriteRecord(r));
    TF_CHECK_OK(writer.Close());
    TF_CHECK_OK(file->Close());
  }
  std::string good;
  TF_CHECK_OK(ReadFileToString(env, path, &good));
  std::printf("records: %s\n", Hex(good.data(), good.size()).c_str());
  auto read_all = [&](const std::string& bytes, const std::string& what) {
    TF_CHECK_OK(WriteStringToFile(env, path, bytes));
    std::unique_ptr<RandomAccessFile> file;
    TF_CHECK_OK(env->NewRandomAccessFile(path, &file));
    io::SequentialRecordReader reader(file.get());
    tstring record;
    int n = 0;
    Status s;
    while ((s = reader.ReadRecord(&record)).ok()) ++n;
    Print(what + " (" + std::to_string(n) + " records)", s);
  };
  for (size_t size = 0; size < good.size(); ++size) {
    read_all(good.substr(0, size), "cut at " + std::to_string(size));
  }
  for (size_t at = 0; at < good.size(); at += 3) {
    std::string bad = good;
    bad[at] = static_cast<char>(bad[at] ^ 0x10);
    read_all(bad, "byte " + std::to_string(at) + " changed");
  }
  TF_CHECK_OK(WriteStringToFile(env, path, good));
  std::unique_ptr<RandomAccessFile> file;
  TF_CHECK_OK(env->NewRandomAccessFile(path, &file));
  io::RecordReader reader(file.get());
  tstring record;
  uint64_t offset = 21;
  Print("at 21", reader.ReadRecord(&offset, &record));
  std::printf("  record '%s', next offset %llu\n", std::string(record).c_str(),
              static_cast<unsigned long long>(offset));
  offset = 0;
  Print("back at 0", reader.ReadRecord(&offset, &record));
  int skipped = -1;
  Print("skip 5", reader.SkipRecords(&offset, 5, &skipped));
  std::printf("  skipped %d, offset %llu\n", skipped, static_cast<unsigned long long>(offset));
  offset = 500;
  Print("at 500", reader.ReadRecord(&offset, &record));
  io::RecordReader::Metadata md;
  Print("metadata", reader.GetMetadata(&md));
  std::printf("  entries %lld, data %lld, file %lld\n", static_cast<long long>(md.stats.entries),
              static_cast<long long>(md.stats.data_size),
              static_cast<long long>(md.stats.file_size));
}

}  // namespace

int main(int argc, char** argv) {
  std::unique_ptr<Session> session(NewSession(SessionOptions()));
  TF_CHECK_OK(session->Create(BuildGraph()));
  RunSummaries(session.get());

  std::string dir;
  if (argc > 1) {
    dir = argv[1];
    TF_CHECK_OK(Env::Default()->RecursivelyCreateDir(dir));
  } else {
    char pattern[] = "/tmp/summaries_XXXXXX";
    if (mkdtemp(pattern) == nullptr) return 1;
    dir = pattern;
  }
  WriteAndReadEvents(session.get(), dir);
  DamagedRecords(dir);
  TF_CHECK_OK(Env::Default()->DeleteFile(io::JoinPath(dir, "records")));
  if (argc == 1) {
    int64_t files = 0, dirs = 0;
    TF_CHECK_OK(Env::Default()->DeleteRecursively(dir, &files, &dirs));
  }
  return 0;
}
