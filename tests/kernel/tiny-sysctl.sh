#!/bin/bash
# The tiny board (every option at its small setting) with SYSCTL=y
# builds and links: kernel/sysctl.c refers to values that the options
# take out (fs/locks.c's leases_enable and lease_break_time, fs/aio.c's
# aio_nr and aio_max_nr), and the tiny board itself has SYSCTL off, so
# no other build sees it.  With SYSCTL=y and FILE_LOCKING=n,
# tiny/file-locking.patch builds fs/nolocks.o in fs/locks.c's place.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
need quilt "${CROSS}gcc"
vanilla_tree

tree=$BUILD/trees/series
out=$BUILD/out/tiny-sysctl
"$TOP/scripts/prepare-tree" "$VANILLA" "$tree" series >/dev/null ||
	fail "prepare-tree $tree failed"
printf '%s\n' CONFIG_SYSCTL=y >"$TMP/sysctl.config"
"$TOP/scripts/build-kernel" "$tree" "$TOP/configs/qemu-i386-tiny.config" "$out" \
	"$TMP/sysctl.config" || fail "the tiny board with SYSCTL=y does not build"
grep -q '^# CONFIG_FILE_LOCKING is not set' "$out/.config" ||
	fail "FILE_LOCKING is not off in $out/.config"
[ -f "$out/fs/nolocks.o" ] || fail "no fs/nolocks.o with SYSCTL=y and FILE_LOCKING=n"
echo "PASS: the tiny board links with SYSCTL=y"
