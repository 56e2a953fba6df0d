#!/bin/bash
# Downloads are pinned (downloads.hash): scripts/build-busybox,
# scripts/build-stress-ng and scripts/build-ltp refuse, with a one-line error and exit status
# 2, a tarball in the download cache that downloads.hash does not list
# (another version) and a pinned one whose checksum is wrong, and they
# build nothing from it.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
need i386-linux-musl-gcc "${CROSS_COMPILE:-i686-linux-gnu-}strip"

# expect_refused NAME PATTERN SCRIPT TARBALL: SCRIPT, with TARBALL alone
# in an empty download cache and an empty build folder, exits 2 with
# one line matching PATTERN on stderr.
expect_refused() {
	local name=$1 pattern=$2 script=$3 tarball=$4 status=0 d=$TMP/$1
	mkdir -p "$d/dl" "$d/build"
	echo "not a release" | bzip2 >"$d/dl/$tarball"
	DL_DIR=$d/dl BUILD=$d/build "$TOP/scripts/$script" \
		>"$d/out" 2>"$d/err" || status=$?
	[ "$status" -eq 2 ] || { cat "$d/err"; fail "$name: exit status $status, expected 2"; }
	grep -q -- "$pattern" "$d/err" ||
		{ cat "$d/err"; fail "$name: no error matching '$pattern'"; }
	[ "$(grep -c . "$d/err")" -eq 1 ] ||
		{ cat "$d/err"; fail "$name: the error is not one line"; }
	! find "$d/build" -name Makefile | grep -q . ||
		fail "$name: the refused tarball was unpacked"
	echo "ok $name: $(cat "$d/err")"
}

expect_refused busybox-unknown "busybox-1.36.1.tar.bz2 in downloads.hash; refused" \
	build-busybox busybox-1.36.1.tar.bz2
expect_refused busybox-corrupt "busybox-1.35.0.tar.bz2: sha256 [0-9a-f]*, expected faeeb244" \
	build-busybox busybox-1.35.0.tar.bz2
expect_refused stress-ng-unknown "stress-ng-0.17.0.tar.bz2 in downloads.hash; refused" \
	build-stress-ng stress-ng-0.17.0.tar.bz2
# LTP: only the pinned tag's tarball is taken
expect_refused ltp-corrupt "ltp-20260130.tar: sha256 [0-9a-f]*, expected 403f4497" \
	build-ltp ltp-20260130.tar
expect_refused ltp-other "no .*/ltp-20260130.tar: make it from a clone" \
	build-ltp ltp-20260529.tar
echo PASS
