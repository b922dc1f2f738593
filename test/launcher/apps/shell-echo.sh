#!/bin/sh
# A terminal program that is not Node (test/launcher/terminal-mode.test.ts): it shows its pid,
# then echoes each line typed; "quit" exits 3.
stty -echo 2>/dev/null
printf 'shell echo, pid %s, tty %s\n' "$$" "$(stty size 2>/dev/null)"
while IFS= read -r line; do
  printf 'you said: %s\n' "$line"
  [ "$line" = quit ] && exit 3
done
