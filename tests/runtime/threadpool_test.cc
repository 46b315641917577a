// thread::ThreadPool, Shard and custom inter-op pools given to ClientSession::Run.
#include <atomic>
#include <mutex>
#include <set>

#include "tensorflow/cc/client/client_session.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/tensor_testutil.h"
#include "tensorflow/core/lib/core/status_test_util.h"
#include "tensorflow/core/lib/core/threadpool.h"
#include "tensorflow/core/lib/core/threadpool_options.h"
#include "tensorflow/core/platform/test.h"
#include "tensorflow/core/util/work_sharder.h"

namespace tensorflow {
namespace {

// Every index in [0, total) covered exactly once.
void ExpectCovered(const std::vector<std::atomic<int>>& hits) {
  for (size_t i = 0; i < hits.size(); ++i) EXPECT_EQ(hits[i].load(), 1) << "index " << i;
}

TEST(ThreadPool, ScheduleRunsEverythingBeforeDestruction) {
  std::atomic<int> runs{0};
  {
    thread::ThreadPool pool(Env::Default(), "test", 3);
    EXPECT_EQ(pool.NumThreads(), 3);
    EXPECT_EQ(pool.CurrentThreadId(), -1);
    for (int i = 0; i < 100; ++i) pool.Schedule([&runs] { ++runs; });
  }
  EXPECT_EQ(runs.load(), 100);
}

TEST(ThreadPool, ParallelForCoversTheRangeOnce) {
  thread::ThreadPool pool(Env::Default(), "test", 2);
  for (int64_t total : {0, 1, 7, 1000}) {
    for (int64_t cost : {1, 1000, 1000000}) {
      std::vector<std::atomic<int>> hits(total);
      pool.ParallelFor(total, cost, [&](int64_t b, int64_t e) {
        for (int64_t i = b; i < e; ++i) ++hits[i];
      });
      ExpectCovered(hits);
    }
    std::vector<std::atomic<int>> fixed(total);
    std::mutex mu;
    std::set<std::pair<int64_t, int64_t>> blocks;
    pool.ParallelFor(total, thread::ThreadPool::SchedulingParams::Fixed(3),
                     [&](int64_t b, int64_t e) {
                       std::lock_guard<std::mutex> lock(mu);
                       blocks.insert({b, e});
                       for (int64_t i = b; i < e; ++i) ++fixed[i];
                     });
    ExpectCovered(fixed);
    if (total > 3) {
      EXPECT_EQ(static_cast<int>(blocks.size()),
                pool.NumShardsUsedByFixedBlockSizeScheduling(total, 3));
      for (const auto& [b, e] : blocks) EXPECT_TRUE(b % 3 == 0 && (e - b == 3 || e == total));
    }
  }
  std::atomic<int> ids_ok{0};
  pool.ParallelForWithWorkerId(100, 100000, [&](int64_t, int64_t, int id) {
    if (id >= 0 && id <= pool.NumThreads()) ++ids_ok;
  });
  EXPECT_GT(ids_ok.load(), 0);
}

TEST(Shard, SplitsByCostAndHonoursTheThreadCap) {
  thread::ThreadPool pool(Env::Default(), "test", 4);
  for (int max_parallelism : {1, 2, 8}) {
    std::vector<std::atomic<int>> hits(1000);
    std::atomic<int> shards{0};
    Shard(max_parallelism, &pool, 1000, 1000, [&](int64_t b, int64_t e) {
      ++shards;
      for (int64_t i = b; i < e; ++i) ++hits[i];
    });
    ExpectCovered(hits);
    if (max_parallelism == 1) {
      EXPECT_EQ(shards.load(), 1);
    }
  }
  // Cheap work stays in one piece (under 10,000 cost units a shard).
  std::atomic<int> shards{0};
  Sharder::Do(
      100, 10, [&](int64_t, int64_t) { ++shards; }, [](Sharder::Closure c) { c(); }, 4);
  EXPECT_EQ(shards.load(), 1);
  // 2 of at most 4: 100 units of 200 = 20,000, two shards of 50.
  std::vector<std::pair<int64_t, int64_t>> pieces;
  Sharder::Do(
      100, 200,
      [&](int64_t b, int64_t e) {
        pieces.push_back({b, e});
      },
      [](Sharder::Closure c) { c(); }, 4);
  EXPECT_EQ(pieces, (std::vector<std::pair<int64_t, int64_t>>{{50, 100}, {0, 50}}));
  {
    ScopedPerThreadMaxParallelism cap(1);
    EXPECT_EQ(GetPerThreadMaxParallelism(), 1);
  }
  EXPECT_EQ(GetPerThreadMaxParallelism(), 1000000);
}

class CountingPool : public thread::ThreadPoolInterface {
 public:
  explicit CountingPool(int n) : pool_(Env::Default(), "counting", n) {}
  void Schedule(std::function<void()> fn) override {
    ++scheduled;
    pool_.Schedule(std::move(fn));
  }
  int NumThreads() const override { return pool_.NumThreads(); }
  int CurrentThreadId() const override { return pool_.CurrentThreadId(); }
  std::atomic<int> scheduled{0};

 private:
  thread::ThreadPool pool_;
};

TEST(ClientSession, RunsOnACustomInterOpPool) {
  Scope root = Scope::NewRootScope();
  auto a = ops::Placeholder(root, DT_INT32);
  auto b = ops::Add(root, a, 1);
  ClientSession session(root);
  CountingPool inter(2);
  thread::ThreadPoolOptions pools;
  pools.inter_op_threadpool = &inter;
  std::vector<Tensor> out;
  TF_ASSERT_OK(session.Run(RunOptions(), {{a, 41}}, {b}, {}, &out, nullptr, pools));
  test::ExpectTensorEqual<int>(out[0], test::AsTensor<int>({42}, {}));
  EXPECT_GT(inter.scheduled.load(), 0);
  // Errors come back through the pool too, and the session stays usable.
  const Status bad = session.Run(RunOptions(), {}, {b}, {}, &out, nullptr, pools);
  EXPECT_EQ(bad.code(), error::INVALID_ARGUMENT);
  TF_ASSERT_OK(session.Run({{a, 1}}, {b}, &out));
  test::ExpectTensorEqual<int>(out[0], test::AsTensor<int>({2}, {}));
}

}  // namespace
}  // namespace tensorflow
