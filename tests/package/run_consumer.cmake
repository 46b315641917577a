# cmake -P script: install minitf to a scratch prefix, then build and run the consumer
# project against (1) the prefix, (2) the build tree, (3) pkg-config.
file(REMOVE_RECURSE "${WORK_DIR}")
set(prefix "${WORK_DIR}/prefix")

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGN}\n${out}\n${err}")
  endif()
  set(last_output "${out}" PARENT_SCOPE)
endfunction()

function(check_output what)
  if(NOT last_output MATCHES "nodes: Const Placeholder x y Const_1/Const Identity done")
    message(FATAL_ERROR "${what}: unexpected output:\n${last_output}")
  endif()
  if(NOT last_output MATCHES "registered: Cast Const Identity NoOp Placeholder PlaceholderWithDefault")
    message(FATAL_ERROR "${what}: ops missing:\n${last_output}")
  endif()
  if(NOT last_output MATCHES "session: 3 2 -1 0")
    message(FATAL_ERROR "${what}: the Session's result is wrong:\n${last_output}")
  endif()
  message(STATUS "${what}: ok")
endfunction()

run(${CMAKE_COMMAND} --install "${MINITF_BUILD_DIR}" --prefix "${prefix}")

foreach(kind prefix tree)
  if(kind STREQUAL "prefix")
    set(where "-DCMAKE_PREFIX_PATH=${prefix}")
  else()
    set(where "-Dminitf_DIR=${MINITF_BUILD_DIR}")
  endif()
  set(bin "${WORK_DIR}/build-${kind}")
  run(${CMAKE_COMMAND} -S "${CONSUMER_SOURCE_DIR}" -B "${bin}" ${where}
      -DCMAKE_BUILD_TYPE=Release -DMINITF_SEED_EXAMPLE=${SEED_EXAMPLE})
  run(${CMAKE_COMMAND} --build "${bin}" -j2)
  run("${bin}/tf_program")
  check_output("find_package from ${kind}")
  # The seed ops through the installed package print TensorFlow 2.21's numbers.
  run("${bin}/seed_ops")
  if(NOT last_output MATCHES "d_min: -0.933333397  d_max: 1.06666672" OR
     NOT last_output MATCHES "d_box: \\[-1.86556947 -0.137174204 -0.109739304 -0.109739363\\]")
    message(FATAL_ERROR "seed_ops via ${kind}: unexpected output:\n${last_output}")
  endif()
endforeach()

# pkg-config, as a Makefile user would.
find_program(PKG_CONFIG pkg-config)
if(PKG_CONFIG)
  set(ENV{PKG_CONFIG_PATH} "${prefix}/lib/pkgconfig")
  execute_process(COMMAND ${PKG_CONFIG} --cflags --libs minitf
                  OUTPUT_VARIABLE flags RESULT_VARIABLE rc OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "pkg-config --cflags --libs minitf failed")
  endif()
  separate_arguments(flags UNIX_COMMAND "${flags}")
  run(${CXX} -O1 "${CONSUMER_SOURCE_DIR}/tf_program.cc" -o "${WORK_DIR}/tf_program_pc" ${flags}
      "-Wl,-rpath,${prefix}/lib")
  run("${WORK_DIR}/tf_program_pc")
  check_output("pkg-config")
else()
  message(FATAL_ERROR "pkg-config is not installed")
endif()
