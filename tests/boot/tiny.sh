#!/bin/bash
# The tiny board (configs/qemu-i386-tiny.config, built on "make tinyconfig")
# builds from the whole series, boots at 8 MB in QEMU and passes the
# guest checks, with no Oops, BUG or panic; its option probes show every
# option at its small setting (tests/options/check-probes).
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
vanilla_tree
make -C "$TOP" --no-print-directory BOARD=tiny run
# the option probes (tests/options/check-probes), every option at its small setting
"$TOP/tests/options/check-probes" "$BUILD/logs/tiny.log" small
