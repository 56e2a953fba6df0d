#!/bin/sh
# The min board with SLOB at 8 MB: see tests/slob/boot.sh.
exec "$(dirname "$0")/../slob/boot.sh" min
