# The Debian package: `cpack -G DEB` in the build tree (or `cmake --build build --target
# package`) makes gibo_VERSION_ARCH.deb, installing under /usr everything `cmake --install`
# installs (program, libraries, headers, CMake package, pkg-config file, man pages,
# completion, documentation, and the Python module when built with GIBO_PYTHON). Its
# run-time dependencies are found by dpkg-shlibdeps from the binaries; the ones the CMake
# package needs (find_dependency(SQLite3), find_dependency(PostgreSQL), find_dependency(Boost COMPONENTS
# locale)) and the Python module's are declared here.
set(CPACK_PACKAGE_NAME gibo)
set(CPACK_PACKAGE_VENDOR "gibo")
set(CPACK_PACKAGE_CONTACT "gibo maintainers <gibo@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Janggi (Korean chess) game records: validate, convert, archive, report")
set(CPACK_PACKAGE_DESCRIPTION "gibo reads and writes .gib (CP949 or UTF-8), a Janggi PGN dialect, FEN, UCI move
lists and JSON; replays every move through a rules engine; re-scores endings under
ruleset profiles; bulk-imports into SQLite or PostgreSQL; and writes statistics reports. This package
holds the gibo program, the libgibo library (static and shared) with its headers, CMake
package and pkg-config file, man pages and bash/zsh completion.")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_INSTALL_DIRECTORY gibo)
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# libgibo.so's own directory is not on a fresh system's path while dpkg-shlibdeps runs.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS_PRIVATE_DIRS ${CMAKE_CURRENT_BINARY_DIR})
set(gibo_deb_depends "libsqlite3-dev, libpq-dev, libboost-locale-dev, libicu-dev")
if(GIBO_PYTHON)
  # The module is built for one Python minor version (its ABI).
  math(EXPR gibo_python_next "${Python3_VERSION_MINOR} + 1")
  string(APPEND gibo_deb_depends ", python3 (>= ${Python3_VERSION_MAJOR}.${Python3_VERSION_MINOR}), python3 (<< ${Python3_VERSION_MAJOR}.${gibo_python_next})")
  set(CPACK_DEBIAN_PACKAGE_SUGGESTS "python3-numpy")
endif()
set(CPACK_DEBIAN_PACKAGE_DEPENDS "${gibo_deb_depends}")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "bash-completion, man-db")
include(CPack)
