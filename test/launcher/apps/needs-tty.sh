#!/bin/sh
# A program that is not Node and runs only in a terminal, as a native CLI a Node loader starts does:
# without one it exits 1, saying so; in one it echoes each line typed ("quit" exits 4).
if [ ! -t 0 ] || [ ! -t 1 ]; then
  echo 'needs-tty: No prompt provided. Run in an interactive terminal.' >&2
  exit 1
fi
stty -echo 2>/dev/null
printf 'native ui, tty %s\n' "$(stty size 2>/dev/null)"
while IFS= read -r line; do
  printf 'native got: %s\n' "$line"
  [ "$line" = quit ] && exit 4
done
