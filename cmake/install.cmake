# What `cmake --install build --prefix P` puts under P: bin/gibo, lib/libgibo.{a,so},
# include/gibo/, lib/cmake/gibo/ (giboConfig.cmake, giboConfigVersion.cmake, targets),
# lib/pkgconfig/gibo.pc, share/man/man1/gibo*.1, bash and zsh completion, and under
# share/doc/gibo/ the README, the format specifications and the exit-status table.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

install(TARGETS gibo RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT runtime)
install(TARGETS ${GIBO_LIBRARY_TARGETS} EXPORT giboTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT development
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT runtime NAMELINK_COMPONENT development)
install(DIRECTORY include/gibo DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT development
        FILES_MATCHING PATTERN "*.h")
install(FILES ${GIBO_GENERATED_INCLUDE}/gibo/version.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/gibo
        COMPONENT development)

# The CMake package: find_package(gibo 0.1 CONFIG) gives gibo::gibo (shared when built,
# else static) and gibo::gibo_static. A 0.x release is compatible with the same minor
# version only (as the SONAME says).
set(GIBO_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/gibo)
install(EXPORT giboTargets NAMESPACE gibo:: DESTINATION ${GIBO_CMAKE_DIR} COMPONENT development)
configure_package_config_file(cmake/giboConfig.cmake.in ${CMAKE_CURRENT_BINARY_DIR}/giboConfig.cmake
                              INSTALL_DESTINATION ${GIBO_CMAKE_DIR})
if(PROJECT_VERSION_MAJOR EQUAL 0)
  set(gibo_compatibility SameMinorVersion)
else()
  set(gibo_compatibility SameMajorVersion)
endif()
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/giboConfigVersion.cmake
                                 VERSION ${PROJECT_VERSION} COMPATIBILITY ${gibo_compatibility})
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/giboConfig.cmake ${CMAKE_CURRENT_BINARY_DIR}/giboConfigVersion.cmake
        DESTINATION ${GIBO_CMAKE_DIR} COMPONENT development)

# pkg-config: `pkg-config --cflags --libs gibo` (the shared library when installed; add
# --static for libgibo.a's own dependencies).
# The prefix is found from the file's own place (${pcfiledir}), so the file is right
# wherever `cmake --install --prefix` or the package puts it.
string(REGEX REPLACE "[^/]+" ".." GIBO_PC_UP "${CMAKE_INSTALL_LIBDIR}/pkgconfig")
configure_file(cmake/gibo.pc.in ${CMAKE_CURRENT_BINARY_DIR}/gibo.pc @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/gibo.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig
        COMPONENT development)

# Shell completion: it asks the installed gibo for its commands, options and profiles,
# so it follows the program.
install(FILES completion/gibo.bash DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
        RENAME gibo COMPONENT runtime)
install(FILES completion/_gibo DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions COMPONENT runtime)

# Documentation: the README, every format's specification (formats/NAME/README.md and the
# JSON schema) and the exit-status table, cut from the README's "Exit status" section at
# build time (one text).
set(GIBO_DOC_DIR ${CMAKE_INSTALL_DATADIR}/doc/gibo)
set(GIBO_EXIT_STATUS_DOC ${CMAKE_CURRENT_BINARY_DIR}/doc/exit-status.md)
add_custom_command(OUTPUT ${GIBO_EXIT_STATUS_DOC}
  COMMAND ${CMAKE_COMMAND} -DREADME=${PROJECT_SOURCE_DIR}/README.md -DOUTPUT=${GIBO_EXIT_STATUS_DOC}
          -P ${PROJECT_SOURCE_DIR}/cmake/exit_status_doc.cmake
  DEPENDS ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/cmake/exit_status_doc.cmake
  COMMENT "share/doc/gibo/exit-status.md from the README" VERBATIM)
add_custom_target(gibo_docs ALL DEPENDS ${GIBO_EXIT_STATUS_DOC})
install(FILES README.md ${GIBO_EXIT_STATUS_DOC} DESTINATION ${GIBO_DOC_DIR} COMPONENT runtime)
install(DIRECTORY formats/ DESTINATION ${GIBO_DOC_DIR}/formats COMPONENT runtime
        FILES_MATCHING PATTERN "README.md" PATTERN "*.schema.json" PATTERN "openings.tsv")
# The commands' reference pages, where the installed README's links find them.
install(DIRECTORY src/cli/help/ DESTINATION ${GIBO_DOC_DIR}/src/cli/help COMPONENT runtime FILES_MATCHING PATTERN "*.md")
install(DIRECTORY samples/ DESTINATION ${GIBO_DOC_DIR}/samples COMPONENT runtime
        PATTERN "library/build*" EXCLUDE)

include(cmake/man.cmake)
# The message catalogues (build/locale/LANG/LC_MESSAGES/gibo.mo), where an installed gibo
# looks for them: PREFIX/share/locale (src/cli/main.cpp, locale_dir).
install(DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/locale/ DESTINATION ${CMAKE_INSTALL_LOCALEDIR} COMPONENT runtime)
