#!/bin/bash
# Bad input to make and to the build scripts gets a one-line error that
# says what is wrong, a non-zero exit, and damages nothing built:
# an unknown BOARD, an unknown patch, a board whose settings cannot
# hold, missing files for run-qemu and the host tools, a bad -m.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
vanilla_tree

# expect_error NAME PATTERN CMD...: CMD fails and its stderr matches
expect_error() {
	local name=$1 pattern=$2 status=0
	shift 2
	"$@" >"$TMP/out" 2>"$TMP/err" || status=$?
	[ "$status" -ne 0 ] || fail "$name: exit status 0"
	grep -q -- "$pattern" "$TMP/err" ||
		{ cat "$TMP/out" "$TMP/err"; fail "$name: no error matching '$pattern'"; }
	echo "ok $name: $(grep -- "$pattern" "$TMP/err" | head -n 1)"
}

# What is built already must not change.
stamp() {
	ls -l --time-style=+%s.%N "$BUILD"/out/series-*/vmlinux \
		"$BUILD"/linux-2.6.14.verified "$BUILD"/initramfs.cpio.gz \
		"$BUILD"/disk.img "$DL_DIR" 2>/dev/null || true
}
before=$(stamp)

expect_error "unknown BOARD" "unknown BOARD=nosuch; boards: " \
	make -C "$TOP" --no-print-directory BOARD=nosuch kernel
expect_error "unknown BOARD (boot)" "unknown BOARD=nosuch" \
	make -C "$TOP" --no-print-directory BOARD=nosuch run
expect_error "unknown patch" "no such patch: patches/tiny/nosuch.patch" \
	"$TOP/scripts/prepare-tree" "$VANILLA" "$TMP/tree" compat/no-pie.patch,tiny/nosuch.patch
[ ! -e "$TMP/tree" ] || fail "unknown patch: a tree was made"
expect_error "unverified vanilla" "not a verified vanilla tree" \
	"$TOP/scripts/prepare-tree" "$TMP" "$TMP/tree" none

# A board setting that cannot hold (IDE disk without IDE).
printf '# base: min\nCONFIG_BLK_DEV_IDEDISK=y\n# CONFIG_IDE is not set\n' >"$TMP/bad.config"
"$TOP/scripts/prepare-tree" "$VANILLA" "$TMP/compat" compat >/dev/null
cp "$TOP"/configs/qemu-i386-min.config "$TMP/qemu-i386-min.config"
cp "$TMP/bad.config" "$TMP/qemu-i386-bad.config"
expect_error "setting does not hold" "CONFIG_BLK_DEV_IDEDISK=y did not hold" \
	"$TOP/scripts/make-config" "$TMP/qemu-i386-bad.config" "$TMP/compat" "$TMP/kout"
expect_error "no such board file" "no such board file" \
	"$TOP/scripts/make-config" "$TMP/nosuch.config" "$TMP/compat" "$TMP/kout"
expect_error "not a kernel tree" "not a kernel tree" \
	"$TOP/scripts/make-config" "$TMP/bad.config" "$TMP" "$TMP/kout"

expect_error "run-qemu no kernel" "no such kernel image" \
	"$TOP/scripts/run-qemu" "$TMP/nosuch" "$TMP/nosuch.cpio.gz"
touch "$TMP/k" "$TMP/i"
expect_error "run-qemu bad -m" "give MB" "$TOP/scripts/run-qemu" -m lots "$TMP/k" "$TMP/i"
expect_error "run-qemu no disk" "no such disk image" \
	"$TOP/scripts/run-qemu" --hda "$TMP/nosuch.img" "$TMP/k" "$TMP/i"
expect_error "mkdisk bad size" "give KiB as a number" "$TOP/scripts/mkdisk" "$TMP/d.img" big

[ "$(stamp)" = "$before" ] || { diff <(echo "$before") <(stamp); fail "something built was changed"; }
echo "nothing built was changed"
