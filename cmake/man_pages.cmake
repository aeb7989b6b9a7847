# Writes OUTPUT_DIR/gibo.1 and OUTPUT_DIR/gibo-COMMAND.1 for every command `GIBO help`
# lists, with HELP2MAN running GIBO's help (gibo(1): `gibo help`; gibo-COMMAND(1): `gibo
# COMMAND -h` and the command's reference page). The date is
# SOURCE_DATE_EPOCH's when set (reproducible packages).
file(REMOVE_RECURSE ${OUTPUT_DIR})
file(MAKE_DIRECTORY ${OUTPUT_DIR})
execute_process(COMMAND ${GIBO} help OUTPUT_VARIABLE overview RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "'${GIBO} help' failed (${status})")
endif()
# The command lines of the overview: two spaces, the name, spaces, the summary.
string(REGEX MATCHALL "\n  [a-z]+ +[^\n]+" lines "${overview}")
set(commands)
set(see_also)
foreach(line IN LISTS lines)
  string(REGEX REPLACE "^\n  ([a-z]+) +(.*)$" "\\1" name "${line}")
  string(REGEX REPLACE "^\n  ([a-z]+) +(.*)$" "\\2" summary "${line}")
  list(APPEND commands ${name})
  set(summary_${name} "${summary}")
  list(APPEND see_also "\\fBgibo-${name}\\fR(1)")
endforeach()
if(NOT commands)
  message(FATAL_ERROR "'${GIBO} help' lists no commands")
endif()
list(JOIN see_also ",\n" see_also_text)

function(run_help2man output name version_string help_option include)
  execute_process(COMMAND ${HELP2MAN} --no-info --no-discard-stderr --section=1 --locale=C.UTF-8 "--name=${name}"
                          "--version-string=${version_string}" "--help-option=${help_option}"
                          "--include=${include}" --output=${output} ${GIBO}
                  RESULT_VARIABLE status)
  if(NOT status EQUAL 0 OR NOT EXISTS ${output})
    message(FATAL_ERROR "help2man failed for ${output}")
  endif()
endfunction()

set(main_include ${OUTPUT_DIR}/gibo.h2m)
file(WRITE ${main_include} "[SEE ALSO]\n${see_also_text}.\n\nThe format specifications and the exit-status table are in share/doc/gibo/ under the installation prefix (/usr/share/doc/gibo/ with the Debian package).\n")
run_help2man(${OUTPUT_DIR}/gibo.1 "Janggi (Korean chess) game records" "gibo ${VERSION}" "help" ${main_include})
# A command's page: its reference (src/cli/help/NAME.md, as `gibo help --roff NAME` writes
# it for help2man: the description and the examples) and its usage and options (-h).
foreach(name IN LISTS commands)
  set(include ${OUTPUT_DIR}/gibo-${name}.h2m)
  execute_process(COMMAND ${GIBO} help --roff ${name} OUTPUT_VARIABLE reference RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "'${GIBO} help --roff ${name}' failed (${status})")
  endif()
  file(WRITE ${include} "${reference}\n[SEE ALSO]\n\\fBgibo\\fR(1)\n")
  run_help2man(${OUTPUT_DIR}/gibo-${name}.1 "${summary_${name}}" "gibo-${name} ${VERSION}" "${name} -h" ${include})
endforeach()
file(GLOB includes ${OUTPUT_DIR}/*.h2m)
file(REMOVE ${includes})
