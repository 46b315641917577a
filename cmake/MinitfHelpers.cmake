# Small helpers shared by minitf's CMake files.

# Warnings every minitf target builds with.
function(minitf_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wno-unused-parameter
                                           -Wno-sign-compare)
endfunction()

# minitf_cc_test(NAME <name> SRCS <files...> [DEPS <targets...>])
# A GoogleTest binary linked with minitf, its test helpers and gtest_main; its cases are
# discovered when ctest runs (PRE_TEST), so slow or sanitized builds never time out at
# build time.
function(minitf_cc_test)
  cmake_parse_arguments(T "" "NAME" "SRCS;DEPS" ${ARGN})
  add_executable(${T_NAME} ${T_SRCS})
  target_link_libraries(${T_NAME} PRIVATE minitf minitf_testutil GTest::gtest GTest::gtest_main
                                          ${T_DEPS})
  minitf_warnings(${T_NAME})
  gtest_discover_tests(${T_NAME} DISCOVERY_MODE PRE_TEST)
endfunction()
