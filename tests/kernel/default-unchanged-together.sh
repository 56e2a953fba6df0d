#!/bin/bash
# make check's form of tests/kernel/default-unchanged.sh: every tiny
# patch applied at once, built once with the min board as it is and
# once with EMBEDDED=y and SWAP=y, has a vmlinux whose every section
# has the size the compat and fixes patches alone give.  The per-patch
# builds (two per patch) run in make check-matrix.
exec "$(dirname "$0")/default-unchanged.sh" --together
