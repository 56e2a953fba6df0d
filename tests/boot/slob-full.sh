#!/bin/sh
# The full board with SLOB at 32 MB: see tests/slob/boot.sh.
exec "$(dirname "$0")/../slob/boot.sh" full
