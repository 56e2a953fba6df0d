#!/bin/bash
# A config that does not boot is reported as such: the min board without
# initrd support builds, and run-qemu (through boot-board) fails with a
# one-line reason naming the panic, instead of hanging or passing.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
vanilla_tree

tree=$BUILD/trees/series
"$TOP/scripts/prepare-tree" "$VANILLA" "$tree" series
printf '# CONFIG_BLK_DEV_INITRD is not set\n' >"$TMP/noinitrd.config"
out=$BUILD/out/noboot-min
"$TOP/scripts/build-kernel" "$tree" "$TOP/configs/qemu-i386-min.config" "$out" \
	"$TMP/noinitrd.config"
make -s -C "$TOP" initramfs disk >/dev/null
status=0
"$TOP/scripts/boot-board" "$TOP/configs/qemu-i386-min.config" \
	"$out/arch/i386/boot/bzImage" "$BUILD/initramfs.cpio.gz" "$BUILD/disk.img" \
	"$TMP/boot.log" >"$TMP/out" 2>"$TMP/err" || status=$?
cat "$TMP/out" "$TMP/err"
[ "$status" -ne 0 ] || fail "a kernel without initrd support passed the boot"
grep -q '^run-qemu: FAIL: kernel trouble: Kernel panic' "$TMP/err" ||
	fail "run-qemu did not name the panic"
echo "the non-booting config was reported"
