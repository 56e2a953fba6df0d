#!/bin/bash
# The full board builds from the whole series, boots at its RAM in QEMU and
# passes the guest checks (tests/guest/init), with no Oops, BUG or panic.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
vanilla_tree
make -C "$TOP" --no-print-directory BOARD=full run
