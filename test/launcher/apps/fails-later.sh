#!/bin/sh
# A terminal program that starts, then gives up on its own a moment later, saying why on its screen
# and exiting 5 (test/launcher/terminal-exit.test.ts): an agent waiting on it learns why.
printf 'starting up\n'
sleep 1
printf 'fatal: no config found in %s\n' "$(pwd)"
exit 5
