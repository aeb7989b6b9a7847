# bash completion for gibo: commands, each command's options, the values an option lists
# in its usage line (`--format text|jsonl`), rules profile names, formats and files.
# Everything is asked of the gibo being completed (`gibo help`, `gibo CMD --help`,
# `gibo rules`), so the completion follows the program it completes.

# The values `gibo CMD --help`'s usage line gives option $3 ("--to gib|pgn|…" → gib pgn …).
# Else the values its description lists, over all its lines ("--format arg   text, csv,
# json or html"; "--bikjang arg  … for records that state none: on or off"), words in
# parentheses aside.
_gibo_option_values() {
  local help usage values
  help=$("$1" "$2" --help 2>/dev/null)
  usage=$(printf '%s\n' "$help" | sed -n '1,/^$/p' | tr '\n' ' ')
  values=$(printf '%s\n' "$usage" | grep -oE -- "$3 [a-z0-9-]+(\|[a-z0-9-]+)+" | head -n 1 | cut -d' ' -f2 | tr '|' ' ')
  if [ -z "$values" ]; then
    values=$(printf '%s\n' "$help" |
             awk -v opt="$3" 'found && /^        / { sub(/^ +/, " "); printf "%s", $0; next }
                              found { exit }
                              $0 ~ "(^|[ ,])" opt " arg " { found = 1; sub(/.* arg +/, ""); printf "%s", $0 }' |
             sed -e 's/([^)]*)//g' -e 's/.*: //' |
             grep -xE ' *[a-z0-9-]+ *((, *| or )[a-z0-9-]+ *)+' | sed -e 's/,/ /g' -e 's/ or / /g')
  fi
  printf '%s\n' $values
}

_gibo() {
  local cur prev gibo cmd i
  COMPREPLY=()
  cur=${COMP_WORDS[COMP_CWORD]}
  prev=${COMP_WORDS[COMP_CWORD - 1]}
  gibo=${COMP_WORDS[0]}
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=($(compgen -W "$("$gibo" help 2>/dev/null | sed -n 's/^  \([a-z][a-z]*\)  .*/\1/p') help --help --version" -- "$cur"))
    return
  fi
  cmd=${COMP_WORDS[1]}
  case $cmd in
    help)
      [ "$COMP_CWORD" -eq 2 ] &&
        COMPREPLY=($(compgen -W "$("$gibo" help 2>/dev/null | sed -n 's/^  \([a-z][a-z]*\)  .*/\1/p')" -- "$cur"))
      return ;;
    rules)
      if [ "$prev" = show ]; then
        COMPREPLY=($(compgen -W "$("$gibo" rules 2>/dev/null | cut -d' ' -f1)" -- "$cur"))
      elif [ "$COMP_CWORD" -eq 2 ]; then
        COMPREPLY=($(compgen -W "list show --help" -- "$cur"))
      fi
      return ;;
  esac
  case $prev in
    --rules)
      COMPREPLY=($(compgen -W "$("$gibo" rules 2>/dev/null | cut -d' ' -f1)" -- "$cur"))
      return ;;
    --to | --from)
      COMPREPLY=($(compgen -W "gib pgn json jsonl fen uci" -- "$cur"))
      return ;;
    --db | -o | --output)
      COMPREPLY=($(compgen -f -- "$cur"))
      return ;;
    --*)
      local values
      values=$(_gibo_option_values "$gibo" "$cmd" "$prev")
      if [ -n "$values" ]; then
        COMPREPLY=($(compgen -W "$values" -- "$cur"))
        return
      fi
      # An option that takes a value the usage line does not list (--where, --fen, -j):
      # nothing to offer but files.
      ;;
  esac
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$("$gibo" "$cmd" --help 2>/dev/null | grep -oE -- '--[a-z][a-z-]*' | sort -u)" -- "$cur"))
    return
  fi
  COMPREPLY=($(compgen -f -- "$cur"))
}
complete -o filenames -o bashdefault -F _gibo gibo
