# Man pages gibo(1) and gibo-COMMAND(1), written at build time by help2man from the built
# program's own help and reference pages (cmake/man_pages.cmake), so a page cannot say
# other than --help. The commands are those `gibo help` lists. Without help2man (GIBO_MAN=OFF, or
# not installed) no page is made and none is installed.
find_program(HELP2MAN help2man)
if(GIBO_MAN AND NOT HELP2MAN)
  message(STATUS "help2man not found: no man pages (Debian package help2man)")
endif()
if(GIBO_MAN AND HELP2MAN)
  set(GIBO_MAN_DIR ${CMAKE_CURRENT_BINARY_DIR}/man)
  add_custom_command(OUTPUT ${GIBO_MAN_DIR}/gibo.1
    COMMAND ${CMAKE_COMMAND} -DGIBO=$<TARGET_FILE:gibo> -DHELP2MAN=${HELP2MAN} -DOUTPUT_DIR=${GIBO_MAN_DIR}
            -DVERSION=${PROJECT_VERSION} -P ${PROJECT_SOURCE_DIR}/cmake/man_pages.cmake
    DEPENDS gibo ${PROJECT_SOURCE_DIR}/cmake/man_pages.cmake
    COMMENT "man pages (help2man from gibo's help and reference pages)" VERBATIM)
  add_custom_target(gibo_man ALL DEPENDS ${GIBO_MAN_DIR}/gibo.1)
  install(DIRECTORY ${GIBO_MAN_DIR}/ DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 COMPONENT runtime
          FILES_MATCHING PATTERN "*.1")
endif()
