# A benchmark program in CI's short mode: it must run to the end (exit 0) and print its
# figures (lines starting with BM_). No timing is checked: these machines are noisy.
#   cmake -DBENCH=<program> -P bench/short_run.cmake
execute_process(COMMAND ${BENCH} --benchmark_min_time=0.01
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
message("${out}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${BENCH} exited with ${rc}: ${err}")
endif()
if(NOT out MATCHES "(^|\n)BM_[^\n]+")
  message(FATAL_ERROR "${BENCH} printed no BM_ figures")
endif()
