#!/bin/sh
# A terminal program that asks with its cursor shown, as a shell or a readline prompt does, then hides
# it, as Ink apps do (test/launcher/terminal-exit.test.ts): the answers say where it is, then nothing.
printf 'Your name: '
IFS= read -r name
printf '\033[?25lhello %s, the cursor is hidden\n' "$name"
IFS= read -r _
