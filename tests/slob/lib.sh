# shellcheck shell=bash disable=SC2034
# tests/slob/lib.sh: helpers for the SLOB tests (bash, sourced after
# tests/lib.sh).
#
# The tests keep their trees, kernels and images under $BUILD/slob-test
# (SW), apart from the lead's builds and from other options' tests.

SW=$BUILD/slob-test
SLOB_PATCH=$TOP/patches/tiny/slob.patch
SLOB_FRAGS=$TOP/tests/slob
CROSS=${CROSS_COMPILE:-i686-linux-gnu-}
export JOBS=${JOBS:-2}
mkdir -p "$SW"

# slob_source DIR: DIR/mm/slob.c, DIR/include/linux/slab.h and
# kmalloc_sizes.h as tiny/slob.patch makes them: the files the patch
# touches are copied from vanilla 2.6.14 and the patch is applied with
# --fuzz=0.  SLOB_TREE=TREE takes them from a patched tree instead.
slob_source() {
	local d=$1 f
	mkdir -p "$d/mm" "$d/include/linux"
	if [ -n "${SLOB_TREE:-}" ]; then
		for f in mm/slob.c include/linux/slab.h include/linux/kmalloc_sizes.h; do
			cp "$SLOB_TREE/$f" "$d/$f" || fail "no $f in SLOB_TREE=$SLOB_TREE"
		done
		return
	fi
	vanilla_tree
	[ -f "$SLOB_PATCH" ] || fail "no $SLOB_PATCH"
	for f in $(sed -n 's|^+++ b/\([^[:space:]]*\).*|\1|p' "$SLOB_PATCH") \
		include/linux/slab.h include/linux/kmalloc_sizes.h; do
		[ -f "$VANILLA/$f" ] || continue	# a file the patch adds
		mkdir -p "$d/$(dirname "$f")"
		cp "$VANILLA/$f" "$d/$f"
	done
	(cd "$d" && patch -p1 --fuzz=0 -s) <"$SLOB_PATCH" ||
		fail "tiny/slob.patch does not apply to vanilla 2.6.14 with --fuzz=0"
	[ -f "$d/mm/slob.c" ] || fail "tiny/slob.patch makes no mm/slob.c"
}

# The compiler flags of the host tests: sanitizers, the shim, the
# patched slab.h, and mm/ for engine.c's #include "slob.c".
slob_host_flags() {
	echo "-std=gnu11 -g -O1 -Wall -fno-omit-frame-pointer" \
		"-fsanitize=address,undefined -fno-sanitize-recover=all" \
		"-D__KERNEL__ -I$1/include -I$TOP/tests/slob/shim -I$1/mm"
}
# The configurations the host tests are built in.
SLOB_HOST_UP=""
SLOB_HOST_SMP="-DCONFIG_SMP -DCONFIG_NUMA -DCONFIG_SLOB_STATS -DCONFIG_KMALLOC_ACCOUNTING"

# slob_tree: $SW/tree = vanilla + the series with tiny/slob.patch in it
# (at the end if series does not list it yet).  Prints nothing.
slob_tree() {
	local set
	set=$(series_entries | paste -sd, -)
	case ",$set," in
	*,tiny/slob.patch,*) ;;
	*) set="$set,tiny/slob.patch" ;;
	esac
	vanilla_tree
	"$TOP/scripts/prepare-tree" "$VANILLA" "$SW/tree" "$set" >/dev/null ||
		fail "prepare-tree $SW/tree failed"
}

# slob_kernel NAME BOARD [FRAGMENT...]: build BOARD (a file in configs/)
# from $SW/tree into $SW/out-NAME with the FRAGMENTs.
slob_kernel() {
	local name=$1 board=$TOP/configs/$2
	shift 2
	echo "building $name: $(basename "$board") $*"
	"$TOP/scripts/build-kernel" "$SW/tree" "$board" "$SW/out-$name" "$@" \
		>"$SW/out-$name.build.out" 2>&1 ||
		{ tail -n 20 "$SW/out-$name.build.out"; fail "kernel build failed: $name"; }
	"${CROSS}size" "$SW/out-$name/vmlinux" | tail -n 1
}

# slob_initramfs: $SW/initramfs.cpio.gz with the guest programs and the
# guest scripts of tests/slob/guest (and tests/guest/tests/stress.sh) in
# /extra/tests, packed in a staging folder of its own, with the shared
# busybox.
slob_initramfs() {
	local stage=$SW/stage
	"$TOP/scripts/build-busybox" >"$SW/busybox.out" 2>&1 ||
		{ tail -n 20 "$SW/busybox.out"; fail "build-busybox failed"; }
	"$TOP/scripts/build-guest-progs" "$SW/bin" "$TOP"/tests/guest/*.c \
		>"$SW/progs.out" 2>&1 || { cat "$SW/progs.out"; fail "build-guest-progs failed"; }
	rm -rf "$SW/tests"
	cp -r "$TOP/tests/slob/guest" "$SW/tests"
	if [ -f "$TOP/tests/guest/tests/stress.sh" ]; then
		cp "$TOP/tests/guest/tests/stress.sh" "$SW/tests/"
	fi
	"$TOP/scripts/mkinitramfs" -b "$BUILD/busybox/busybox" -s "$stage" \
		-k "$VANILLA" "$SW/initramfs.cpio.gz" "$SW/bin" "$SW/tests" >"$SW/initramfs.out" 2>&1 ||
		{ cat "$SW/initramfs.out"; fail "mkinitramfs failed"; }
}

# slob_with_stress LIST: the guest tests LIST, and "stress" after them
# when tests/guest/tests/stress.sh is there (memory pressure up to the
# OOM killer, fork storms, file churn), with a note either way.
slob_with_stress() {
	if [ -f "$TOP/tests/guest/tests/stress.sh" ]; then
		echo "$1,stress"
	else
		echo "note: no tests/guest/tests/stress.sh, running without it" >&2
		echo "$1"
	fi
}

# slob_boot NAME LOG BOOT-BOARD-OPTIONS...: boot $SW/out-NAME with a
# fresh disk, the NIC and the initramfs through scripts/boot-board
# (give -m); fails unless it passes (no Oops, the guest's results
# "pass").
slob_boot() {
	local name=$1 log=$2
	shift 2
	"$TOP/scripts/mkdisk" "$SW/disk-$name.img" >/dev/null || fail "mkdisk failed"
	echo "booting $name: $*"
	"$TOP/scripts/boot-board" --quiet "$@" - \
		"$SW/out-$name/arch/i386/boot/bzImage" "$SW/initramfs.cpio.gz" \
		"$SW/disk-$name.img" "$log" ||
		{ tail -n 30 "$log"; fail "boot failed (log: $log)"; }
}

# expect_kv LOG KEY VALUE: fail unless KEY has exactly VALUE.
expect_kv() {
	local got
	got=$(kv "$1" "$2")
	[ "$got" = "$3" ] || fail "$2 is '$got', expected '$3' (log: $1)"
}

# slob_board_ram BOARD: the "# ram:" figure of configs/BOARD.
slob_board_ram() {
	board_ram "$TOP/configs/$1"
}
