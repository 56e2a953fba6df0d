#!/bin/bash
# The tiny board (configs/qemu-i386-tiny.config, built on "make tinyconfig")
# builds from the whole series, boots at 8 MB in QEMU and passes the
# guest checks, with no Oops, BUG or panic.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
vanilla_tree
make -C "$TOP" --no-print-directory BOARD=tiny run
