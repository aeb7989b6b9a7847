# libgibo: the one library a user links, made of every layer's objects (core ... server;
# the layers stay separate static libraries inside the build, where the linker enforces
# their order). libgibo.a always; libgibo.so (SONAME libgibo.so.MAJOR.MINOR while the
# major version is 0, since every 0.x release may change the ABI) with GIBO_SHARED.
set(GIBO_LAYERS gibo_core gibo_record gibo_formats gibo_adjudication gibo_analysis gibo_archive gibo_pattern gibo_report
                gibo_server)
set(gibo_objects)
foreach(layer IN LISTS GIBO_LAYERS)
  list(APPEND gibo_objects $<TARGET_OBJECTS:${layer}>)
endforeach()

if(PROJECT_VERSION_MAJOR EQUAL 0)
  set(GIBO_SOVERSION ${PROJECT_VERSION_MAJOR}.${PROJECT_VERSION_MINOR})
else()
  set(GIBO_SOVERSION ${PROJECT_VERSION_MAJOR})
endif()

function(gibo_library target type)
  add_library(${target} ${type} ${gibo_objects})
  set_target_properties(${target} PROPERTIES OUTPUT_NAME gibo POSITION_INDEPENDENT_CODE ON)
  target_include_directories(${target} PUBLIC
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
    $<BUILD_INTERFACE:${GIBO_GENERATED_INCLUDE}>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  target_compile_features(${target} PUBLIC cxx_std_20)
  add_dependencies(${target} ${GIBO_LAYERS})
endfunction()

include(GNUInstallDirs)
gibo_library(gibo_static STATIC)
# The public headers use the standard library only; a static libgibo's users also link
# what it uses (SQLite, libpq, OpenSSL's libcrypto, Boost.Locale for the message
# catalogue, ICU's normaliser for names, threads).
target_link_libraries(gibo_static INTERFACE $<LINK_ONLY:SQLite::SQLite3> $<LINK_ONLY:PostgreSQL::PostgreSQL>
                      $<LINK_ONLY:OpenSSL::Crypto> $<LINK_ONLY:Boost::locale> $<LINK_ONLY:ICU::uc>
                      $<LINK_ONLY:Threads::Threads>)
set_target_properties(gibo_static PROPERTIES EXPORT_NAME gibo_static)
set(GIBO_LIBRARY_TARGETS gibo_static)
if(GIBO_SHARED)
  gibo_library(gibo_shared SHARED)
  target_link_libraries(gibo_shared PRIVATE SQLite::SQLite3 PostgreSQL::PostgreSQL OpenSSL::Crypto Boost::locale
                        ICU::uc Threads::Threads)
  set_target_properties(gibo_shared PROPERTIES VERSION ${PROJECT_VERSION} SOVERSION ${GIBO_SOVERSION}
                        EXPORT_NAME gibo)
  list(APPEND GIBO_LIBRARY_TARGETS gibo_shared)
  add_library(gibo::gibo ALIAS gibo_shared)
else()
  add_library(gibo::gibo ALIAS gibo_static)
endif()
add_library(gibo::gibo_static ALIAS gibo_static)
