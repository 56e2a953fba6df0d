# shellcheck shell=bash
# tests/options/lib.sh: helpers for the option tests (bash, sourced after
# tests/lib.sh).
#
# Every test keeps its trees, kernels and images under its own folder,
# $BUILD/opt-NAME (opt_init NAME sets W to it), so tests can run side by
# side with each other and with the lead's builds.  Kernels are built for
# the min board with scripts/build-kernel (JOBS defaults to 2 here) and
# booted with scripts/run-qemu.
#
# vmlinux sizes may only be compared between trees whose paths have the
# same length: BUG() puts __FILE__, the absolute path of each source
# file under O=, into the kernel, so a longer tree path alone makes a
# bigger vmlinux.  opt_tree therefore takes a path and the tests name
# the trees they compare with names of one length.

MIN_BOARD=$TOP/configs/qemu-i386-min.config
CROSS=${CROSS_COMPILE:-i686-linux-gnu-}
export JOBS=${JOBS:-2}

# opt_init NAME: W=$BUILD/opt-NAME, created.
opt_init() {
	W=$BUILD/opt-$1
	mkdir -p "$W"
}

# oldconfig_of TREE LINE...: the .config that "make oldconfig" makes in
# TREE, taking every default, from a .config of the lines LINE...
oldconfig_of() {
	local tree=$1 out=$TMP/oldconfig-out
	shift
	rm -rf "$out"
	mkdir -p "$out"
	printf '%s\n' "$@" >"$out/.config"
	yes '' | make -s -C "$tree" O="$out" ARCH=i386 oldconfig \
		>"$TMP/make.log" 2>&1 ||
		{ tail -n 20 "$TMP/make.log"; fail "make oldconfig failed"; }
	cat "$out/.config"
}

# series_tree: $BUILD/trees/series, the whole series, through make tree
# (its output in $W/tree.out).
series_tree() {
	make -C "$TOP" --no-print-directory tree >"$W/tree.out" 2>&1 ||
		{ tail -n 20 "$W/tree.out"; fail "make tree failed"; }
}

# opt_tree DIR [PATCH...]: DIR becomes vanilla + the compat and fixes patches + the
# PATCHes (paths under patches/), through scripts/prepare-tree (which
# does nothing when DIR already holds exactly that).
opt_tree() {
	local dir=$1 set
	shift
	set=$(base_entries | paste -sd, -)
	[ -n "$set" ] || fail "no compat patches in series"
	for p in "$@"; do
		[ -f "$TOP/patches/$p" ] || fail "missing patches/$p"
		set="$set,$p"
	done
	"$TOP/scripts/prepare-tree" "$VANILLA" "$dir" "$set" >/dev/null ||
		fail "prepare-tree $dir failed"
}

# opt_kernel TREE OUT [FRAGMENT...]: build the min board (with the
# FRAGMENTs laid over it) from TREE into OUT.
opt_kernel() {
	local tree=$1 out=$2
	shift 2
	echo "building $(basename "$(dirname "$out")")/$(basename "$out") $*"
	"$TOP/scripts/build-kernel" "$tree" "$MIN_BOARD" "$out" "$@" \
		>"$out.build.out" 2>&1 ||
		{ cat "$out.build.out"; fail "kernel build failed: $out"; }
}

# fragment FILE LINE...: write a config fragment.
fragment() {
	local f=$1
	shift
	printf '%s\n' "$@" >"$f"
}

# config_value OUT SYM: the value of CONFIG_SYM in OUT/.config, or n.
config_value() {
	local v
	v=$(sed -n "s/^CONFIG_$2=//p" "$1/.config")
	echo "${v:-n}"
}

# sizes OUT: "text data bss" of OUT/vmlinux, as size(1) gives them.
sizes() {
	"${CROSS}size" "$1/vmlinux" | awk 'NR == 2 { print $1, $2, $3 }'
}

# sections OUT: "name size" of every section of OUT/vmlinux but
# .init.ramfs.  That one holds the built-in initramfs, which
# gen_init_cpio stamps with the time of the build, so its gzip'd size
# changes by a byte or so from one build to the next on its own.
sections() {
	"${CROSS}objdump" -h "$1/vmlinux" |
		awk '$1 ~ /^[0-9]+$/ && $2 != ".init.ramfs" { print $2, $3 }'
}

# ramfs_size OUT: the size in bytes of .init.ramfs in OUT/vmlinux.
ramfs_size() {
	local hex
	hex=$("${CROSS}objdump" -h "$1/vmlinux" |
		awk '$2 == ".init.ramfs" { print $3 }')
	echo $((16#${hex:-0}))
}

# size_delta OLD NEW: "text +N  data +N  bss +N  total +N" (NEW - OLD),
# without the build-time noise of .init.ramfs (see sections).
size_delta() {
	echo "$(sizes "$1") $(ramfs_size "$1") $(sizes "$2") $(ramfs_size "$2")" |
		awk '{ t = ($5 - $8) - ($1 - $4)
		       printf "text %+d  data %+d  bss %+d  total %+d\n",
			t, $6 - $2, $7 - $3, t + $6 - $2 + $7 - $3 }'
}

# opt_initramfs DIR: DIR/initramfs.cpio.gz with the guest programs of
# tests/guest and tests/options/guest in /extra/bin and the guest test
# scripts tests/options/guest/*.sh in /extra/tests.  It is packed in a
# staging folder of its own (DIR/stage), with the shared busybox, so
# that no other build can race it.
opt_initramfs() {
	local dir=$1 stage=$1/stage
	"$TOP/scripts/build-busybox" >"$dir/busybox.out" 2>&1 ||
		{ tail -n 20 "$dir/busybox.out"; fail "build-busybox failed"; }
	mkdir -p "$dir/tests"
	"$TOP/scripts/build-guest-progs" "$dir/bin" "$TOP"/tests/guest/*.c \
		"$TOP"/tests/options/guest/*.c >"$dir/progs.out" 2>&1 ||
		{ cat "$dir/progs.out"; fail "build-guest-progs failed"; }
	rm -f "$dir"/tests/*.sh
	cp "$TOP"/tests/options/guest/*.sh "$dir/tests/"
	"$TOP/scripts/mkinitramfs" -b "$BUILD/busybox/busybox" -s "$stage" \
		-k "$VANILLA" "$dir/initramfs.cpio.gz" \
		"$dir/bin" "$dir/tests" >"$dir/initramfs.out" 2>&1 ||
		{ cat "$dir/initramfs.out"; fail "mkinitramfs failed"; }
}

# opt_disk IMG [KIB]: a fresh ext2 disk image.
opt_disk() {
	"$TOP/scripts/mkdisk" "$@" >/dev/null || fail "mkdisk $1 failed"
}

# opt_boot LOG OUT [--hda IMG] [BOOT-BOARD-OPTIONS...]: boot OUT's
# bzImage with $W/initramfs.cpio.gz through scripts/boot-board, at the
# board's RAM (OPT_RAM MB if set), with IMG as /dev/hda (no disk
# without --hda) and the NIC; the options (--append, --cpu, --timeout
# ...) go to boot-board.  Fails unless boot-board passes (no Oops, and
# the guest's results are "pass").
opt_boot() {
	local log=$1 out=$2 ram disk=- args=()
	shift 2
	while [ $# -gt 0 ]; do
		if [ "$1" = --hda ]; then
			disk=$2
			shift 2
		else
			args+=("$1")
			shift
		fi
	done
	ram=${OPT_RAM:-$(board_ram "$MIN_BOARD")}
	echo "booting $(basename "$(dirname "$out")")/$(basename "$out") at $ram MB: ${args[*]}"
	"$TOP/scripts/boot-board" --quiet -m "$ram" ${args[@]+"${args[@]}"} "$MIN_BOARD" \
		"$out/arch/i386/boot/bzImage" "$W/initramfs.cpio.gz" "$disk" "$log" ||
		{ tail -n 30 "$log"; fail "boot failed (log: $log)"; }
}

# expect_kv LOG KEY VALUE: fail unless KEY has exactly VALUE.
expect_kv() {
	local got
	got=$(kv "$1" "$2")
	[ "$got" = "$3" ] ||
		fail "$2 is '$got', expected '$3' (log: $1)"
}

# guest_passed LOG TEST: the guest's standard checks and test TEST passed.
guest_passed() {
	expect_kv "$1" "test_$2" ok
	expect_kv "$1" results pass
}
