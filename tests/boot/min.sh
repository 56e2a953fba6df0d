#!/bin/bash
# The min board builds from the whole series, boots at its RAM in QEMU and
# passes the guest checks (tests/guest/init), with no Oops, BUG or panic;
# its option probes show every option at its default.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
vanilla_tree
make -C "$TOP" --no-print-directory BOARD=min run
# the option probes (tests/options/check-probes), every option at its default
"$TOP/tests/options/check-probes" "$BUILD/logs/min.log" default
