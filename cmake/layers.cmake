# The layer order, checked: no file of a layer includes a header of a later layer.
#   cmake -DROOT=DIR -P cmake/layers.cmake
# Every build runs it on the source tree (CMakeLists.txt, target gibo_layers) and fails when
# it fails; tests/source/layers_test.sh runs it on trees with a violation put in.
#
# The layers, each allowed to include its own headers and those of the layers before it:
set(layers core record formats adjudication analysis archive pattern report server cli python)
# A file's layer is its folder's: include/gibo/LAYER/, src/LAYER/, and formats/ (the formats
# layer). include/gibo/gibo.h includes every layer's public headers (up to server);
# include/gibo/version.h(.in) is core's. Other files (tests, samples, benchmarks) are no layer's
# and are not checked.
#
# An include is resolved as the compiler would find it: first beside the including file
# ("x.h", "../text/x.h"), then under include/ ("gibo/LAYER/x.h", also with <>; generated
# headers such as gibo/version.h count by their path), then under src/ ("report/stats.h", the
# folder the server and the program add). An include found in none of these is a system or
# library header and is not checked.
#
# Exit status: 0 when every include keeps the order; else a message a violation (the file, the
# include as written and both layers) and a fatal error.
cmake_minimum_required(VERSION 3.25)
if(NOT ROOT)
  message(FATAL_ERROR "usage: cmake -DROOT=DIR -P layers.cmake")
endif()
get_filename_component(ROOT "${ROOT}" ABSOLUTE)

# The layer of `path` (relative to ROOT) in `out`, or "" when it belongs to none.
function(layer_of path out)
  set(layer "")
  if(path MATCHES "^include/gibo/gibo\\.h$")
    set(layer server)
  elseif(path MATCHES "^include/gibo/version\\.h")
    set(layer core)
  elseif(path MATCHES "^include/gibo/([a-z_]+)/")
    set(layer ${CMAKE_MATCH_1})
  elseif(path MATCHES "^src/([a-z_]+)/")
    set(layer ${CMAKE_MATCH_1})
  elseif(path MATCHES "^formats/")
    set(layer formats)
  endif()
  if(NOT layer IN_LIST layers)
    set(layer "")
  endif()
  set(${out} "${layer}" PARENT_SCOPE)
endfunction()

# Where the include `name` of the file `from` (relative to ROOT) resolves, relative to ROOT,
# in `out`; "" when it is not in the tree.
function(resolve from name angle out)
  get_filename_component(dir "${ROOT}/${from}" DIRECTORY)
  set(found "")
  if(NOT angle AND EXISTS "${dir}/${name}")
    get_filename_component(found "${dir}/${name}" ABSOLUTE)
    file(RELATIVE_PATH found "${ROOT}" "${found}")
  elseif(name MATCHES "^gibo/")
    set(found "include/${name}")
  elseif(NOT angle AND EXISTS "${ROOT}/src/${name}")
    set(found "src/${name}")
  endif()
  set(${out} "${found}" PARENT_SCOPE)
endfunction()

file(GLOB_RECURSE files RELATIVE "${ROOT}"
     "${ROOT}/include/*.h" "${ROOT}/include/*.h.in"
     "${ROOT}/src/*.h" "${ROOT}/src/*.cpp" "${ROOT}/src/*.h.in"
     "${ROOT}/formats/*.h" "${ROOT}/formats/*.cpp")
set(violations 0)
set(checked 0)
foreach(file IN LISTS files)
  layer_of("${file}" layer)
  if(NOT layer)
    continue()
  endif()
  list(FIND layers ${layer} rank)
  file(STRINGS "${ROOT}/${file}" directives REGEX "^[ \t]*#[ \t]*include[ \t]*[<\"]")
  foreach(line IN LISTS directives)
    if(NOT line MATCHES "#[ \t]*include[ \t]*([<\"])([^>\"]+)[>\"]")
      continue()
    endif()
    set(angle OFF)
    if(CMAKE_MATCH_1 STREQUAL "<")
      set(angle ON)
    endif()
    set(name "${CMAKE_MATCH_2}")
    resolve("${file}" "${name}" ${angle} target)
    if(NOT target)
      continue()
    endif()
    math(EXPR checked "${checked} + 1")
    layer_of("${target}" target_layer)
    if(NOT target_layer)
      continue()
    endif()
    list(FIND layers ${target_layer} target_rank)
    if(target_rank GREATER rank)
      message("${file}: the ${layer} layer includes ${name} (${target}) of the later layer ${target_layer}")
      math(EXPR violations "${violations} + 1")
    endif()
  endforeach()
endforeach()
string(REPLACE ";" " -> " order "${layers}")
if(violations GREATER 0)
  message(FATAL_ERROR "${violations} include(s) against the layer order (${order}); a layer may include only "
                      "its own headers and those of the layers before it (cmake/layers.cmake)")
endif()
list(LENGTH files scanned)
message(STATUS "layers: ${checked} includes of ${scanned} files keep the order ${order}")
