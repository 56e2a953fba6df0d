#!/bin/bash
# /proc/kmalloc in QEMU: the min board with kmalloc accounting on
# (tests/kmalloc/accounting.config) boots at its RAM and passes the
# guest checks of tests/kmalloc/guest/ (see each script's header):
#   kma-perm   mode 0400: a read as user 1000 fails
#   kma-inv    the seed's format; the rows add up to the header
#   kma-fork   200 forks: dup_task_struct's allocs +200, its net back
#   kma-leak   a module leaking 1000 x kmalloc(128) tops
#              "kmalloc-top --diff" with net +128000; wrappers charge
#              their callers
#   kma-hold   a module holding 10000 x kmalloc(64) from one call site
#              (more than the 7168 of the old live allocation table):
#              all live in its row, none lost or unknown; net 0 after
#              rmmod
#   kma-reset  "reset" and "0" clear the counts, anything else is EINVAL
#
# Usage: tests/kmalloc/boot.sh [slab|slob|smp]
#   slab  compat + tiny/kmalloc-accounting.patch (default)
#   slob  compat + tiny/slob.patch + tiny/kmalloc-accounting.patch,
#         CONFIG_SLAB=n
#   smp   as slab with CONFIG_SMP=y, booted with two processors
# Builds under $BUILD/trees/kmacct*, $BUILD/out/kmacct-VARIANT-min and
# $BUILD/kmacct/VARIANT (module, guest programs, initramfs, disk, log).
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
need quilt qemu-system-i386 i686-linux-gnu-gcc i386-linux-musl-gcc cpio
vanilla_tree

variant=${1:-slab}
board=$TOP/configs/qemu-i386-min.config
here=$TOP/tests/kmalloc
work=$BUILD/kmacct/$variant
out=$BUILD/out/kmacct-$variant-min
compat=$(base_entries | paste -sd,)
[ -n "$compat" ] || fail "no compat patches in series"
[ -f "$TOP/patches/tiny/kmalloc-accounting.patch" ] ||
	fail "no patches/tiny/kmalloc-accounting.patch"
smp=1
frag=$work/variant.config
mkdir -p "$work"
: >"$frag"
case $variant in
slab)
	set=$compat,tiny/kmalloc-accounting.patch
	tree=$BUILD/trees/kmacct
	;;
smp)
	set=$compat,tiny/kmalloc-accounting.patch
	tree=$BUILD/trees/kmacct
	echo CONFIG_SMP=y >"$frag"
	smp=2
	;;
slob)
	[ -f "$TOP/patches/tiny/slob.patch" ] ||
		fail "no patches/tiny/slob.patch to test with"
	set=$compat,tiny/slob.patch,tiny/kmalloc-accounting.patch
	tree=$BUILD/trees/kmacct-slob
	echo '# CONFIG_SLAB is not set' >"$frag"
	;;
*)
	fail "unknown variant '$variant' (slab, slob or smp)"
	;;
esac

"$TOP/scripts/prepare-tree" "$VANILLA" "$tree" "$set" ||
	fail "cannot prepare $tree"
"$TOP/scripts/build-kernel" "$tree" "$board" "$out" \
	"$here/accounting.config" "$frag" || fail "kernel build failed"
bzimage=$out/arch/i386/boot/bzImage

# the test modules, built against this kernel
mod=$work/extra/mod
rm -rf "$mod"
mkdir -p "$mod"
cp "$here/kmaleak.c" "$here/kmahold.c" "$mod/"
echo 'obj-m := kmaleak.o kmahold.o' >"$mod/Makefile"
make -C "$tree" O="$out" ARCH=i386 CROSS_COMPILE=i686-linux-gnu- \
	M="$mod" modules >"$work/modules.log" 2>&1 ||
	{ tail -n 20 "$work/modules.log"; fail "cannot build the test modules"; }
rm -f "$mod"/*.o "$mod"/*.mod.c "$mod/Makefile" "$mod"/*.c

# guest programs: the standard ones and a static i386 kmalloc-top
"$TOP/scripts/build-guest-progs" "$work/extra/bin" "$TOP"/tests/guest/*.c \
	"$TOP/scripts/kmalloc-top.c" >/dev/null ||
	fail "cannot build the guest programs"
rm -rf "$work/extra/tests"
mkdir -p "$work/extra/tests"
cp "$here"/guest/*.sh "$here/guest/kma.inc" "$work/extra/tests/"

# packed in a staging folder of our own, with the shared busybox
"$TOP/scripts/build-busybox" >/dev/null || fail "build-busybox failed"
"$TOP/scripts/mkinitramfs" -b "$BUILD/busybox/busybox" -s "$work/stage" \
	-k "$VANILLA" "$work/initramfs.cpio.gz" "$work/extra/bin" "$work/extra/tests" "$mod" >/dev/null ||
	fail "mkinitramfs failed"
[ -f "$work/disk.img" ] || "$TOP/scripts/mkdisk" "$work/disk.img" >/dev/null ||
	fail "mkdisk failed"

tests=kma-perm,kma-inv,kma-fork,kma-leak,kma-hold,kma-reset
log=$work/boot.log
"$TOP/scripts/boot-board" --quiet --smp "$smp" --append "tiny.test=$tests" \
	"$board" "$bzimage" "$work/initramfs.cpio.gz" "$work/disk.img" "$log" ||
	fail "boot failed, or a guest check failed (log: $log)"

# a printk's "\r" can come first on a line
tr -d '\r' <"$log" >"$work/boot.txt"
grep -a '^TINY: \(kma\|test_kma\|memory_line\|memfree\|results\|failed\)' \
	"$work/boot.txt"
grep -a -q 'kmalloc accounting: .* callers' "$work/boot.txt" ||
	fail "no 'kmalloc accounting:' line at boot"
for t in ${tests//,/ }; do
	grep -a -q "^TINY: test_$t=ok" "$work/boot.txt" ||
		fail "$t failed (log: $log)"
done
grep -a -q '^TINY: results=pass' "$work/boot.txt" ||
	fail "guest checks failed (log: $log)"
echo "PASS: $variant"
