# jitserve_library(NAME SOURCES... DEPS ...): a layer library rooted at the
# repository root so headers are included as "runtime/tensor/tensor.h".
function(jitserve_library name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPS;PRIVATE_DEPS" ${ARGN})
  add_library(${name} STATIC ${ARG_SOURCES})
  target_include_directories(${name} PUBLIC ${PROJECT_SOURCE_DIR})
  target_link_libraries(${name} PUBLIC ${ARG_DEPS} PRIVATE ${ARG_PRIVATE_DEPS})
endfunction()

# jitserve_test(NAME SOURCES... DEPS ...): a GoogleTest binary registered with CTest.
function(jitserve_test name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE ${ARG_DEPS} GTest::gtest GTest::gtest_main)
  target_compile_definitions(${name} PRIVATE
    JITSERVE_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
    JITSERVE_CONFORMANCE_DIR="${JITSERVE_CONFORMANCE_DIR}")
  add_test(NAME ${name} COMMAND ${name})
endfunction()

# Adds a layer folder if it has been written (its CMakeLists.txt exists).
macro(jitserve_add_layer dir)
  if(EXISTS ${PROJECT_SOURCE_DIR}/${dir}/CMakeLists.txt)
    add_subdirectory(${dir})
  endif()
endmacro()

# jitserve_embed_text(TARGET SYMBOL NAMESPACE FILE): compiles FILE's text into
# TARGET as `extern const char NAMESPACE::SYMBOL[]`, regenerated when FILE
# changes.
function(jitserve_embed_text target symbol namespace file)
  get_filename_component(abs "${file}" ABSOLUTE)
  set(out "${CMAKE_CURRENT_BINARY_DIR}/embedded_${symbol}.cpp")
  add_custom_command(
    OUTPUT "${out}"
    COMMAND ${CMAKE_COMMAND} -DIN=${abs} -DOUT=${out} -DSYMBOL=${symbol} -DNAMESPACE=${namespace}
            -P "${PROJECT_SOURCE_DIR}/cmake/EmbedText.cmake"
    DEPENDS "${abs}" "${PROJECT_SOURCE_DIR}/cmake/EmbedText.cmake"
    COMMENT "Embedding ${file}"
    VERBATIM)
  target_sources(${target} PRIVATE "${out}")
endfunction()

# jitserve_forbid_links(TARGET REGEX): fails the configure step if TARGET
# links, directly or through any target it links, a library whose name
# matches REGEX (a layer that must stay free of a dependency). Checked once
# every target is defined.
function(jitserve_forbid_links target regex)
  # A deferred call evaluates its arguments when it runs: pass them as literals.
  cmake_language(EVAL CODE
    "cmake_language(DEFER DIRECTORY [[${PROJECT_SOURCE_DIR}]] CALL _jitserve_check_links [[${target}]] [[${regex}]])")
endfunction()

function(_jitserve_check_links target regex)
  set(pending ${target})
  set(seen "")
  set(path_${target} ${target})
  while(pending)
    list(POP_FRONT pending t)
    if(t IN_LIST seen)
      continue()
    endif()
    list(APPEND seen ${t})
    set(deps "")
    foreach(prop LINK_LIBRARIES INTERFACE_LINK_LIBRARIES)
      get_target_property(kind ${t} TYPE)
      if(prop STREQUAL "LINK_LIBRARIES" AND kind STREQUAL "INTERFACE_LIBRARY")
        continue()
      endif()
      get_target_property(v ${t} ${prop})
      if(v)
        list(APPEND deps ${v})
      endif()
    endforeach()
    foreach(d ${deps})
      # $<LINK_ONLY:x> and other generator expressions: keep the names.
      string(REGEX REPLACE "\\$<[A-Z_]+:" "" d "${d}")
      string(REPLACE ">" "" d "${d}")
      if(d STREQUAL "")
        continue()
      endif()
      if(d MATCHES "${regex}")
        message(FATAL_ERROR "${target} must not link ${d} (through ${path_${t}}); "
                            "see the CMakeLists.txt that defines ${target}")
      endif()
      if(TARGET ${d} AND NOT d IN_LIST seen)
        set(path_${d} "${path_${t}} -> ${d}")
        list(APPEND pending ${d})
      endif()
    endforeach()
  endwhile()
endfunction()
