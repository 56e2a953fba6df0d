#!/bin/bash
# CONFIG_IDE_HWIFS with a PCI IDE controller (tiny/ide-hwifs.patch).
# The tiny board (whole series, "make tinyconfig") with PCI IDE support
# and the PIIX driver (BLK_DEV_IDEPCI, BLK_DEV_IDEDMA_PCI,
# BLK_DEV_PIIX), built with IDE_HWIFS=2 and then =1 in one output
# folder, each booted at 16 MB with the disk as hda and a CD-ROM image
# as hdc (QEMU's PIIX3 has both channels enabled):
#   2   ide0 and ide1 set up ("ide1 at 0x170-0x177,0x376 on irq 15"),
#       the CD-ROM found as hdc, the guest workload passes
#   1   the guest workload passes with no Oops (the disk is hda), no
#       ide1 is set up, and the second channel is turned away with
#       setup-pci.c's "too many IDE interfaces, no room in table"
#       instead of being given a slot past the end of ide_hwifs[]
#       (which oopsed at boot in swapper with EIP 0 before the fix)
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
need quilt qemu-system-i386 "${CROSS}gcc" i386-linux-musl-gcc
vanilla_tree

TINY_BOARD=$TOP/configs/qemu-i386-tiny.config
opt_init ide-hwifs
tree=$BUILD/trees/series
"$TOP/scripts/prepare-tree" "$VANILLA" "$tree" series >/dev/null ||
	fail "prepare-tree $tree failed"
make -s -C "$TOP" --no-print-directory initramfs disk >"$W/initramfs.out" 2>&1 ||
	{ tail -n 20 "$W/initramfs.out"; fail "make initramfs disk failed"; }
# a CD-ROM's worth of data for hdc: 64 sectors of 2 KiB
head -c $((64 * 2048)) /dev/zero >"$W/cdrom.iso"

for n in 2 1; do
	fragment "$W/hwifs-$n.config" CONFIG_BLK_DEV_IDEPCI=y \
		CONFIG_BLK_DEV_IDEDMA_PCI=y CONFIG_BLK_DEV_PIIX=y \
		"CONFIG_IDE_HWIFS=$n"
	echo "building opt-ide-hwifs/out with IDE_HWIFS=$n"
	"$TOP/scripts/build-kernel" "$tree" "$TINY_BOARD" "$W/out" \
		"$W/hwifs-$n.config" >"$W/out-$n.build.out" 2>&1 ||
		{ tail -n 30 "$W/out-$n.build.out"; fail "kernel build failed (IDE_HWIFS=$n)"; }
	[ "$(config_value "$W/out" BLK_DEV_PIIX)" = y ] ||
		fail "IDE_HWIFS=$n: BLK_DEV_PIIX is not in $W/out/.config"
	cp "$BUILD/disk.img" "$W/disk-$n.img"
	echo "booting IDE_HWIFS=$n at 16 MB with a CD-ROM as hdc"
	"$TOP/scripts/boot-board" --quiet -m 16 --cdrom "$W/cdrom.iso" \
		"$TINY_BOARD" "$W/out/arch/i386/boot/bzImage" \
		"$BUILD/initramfs.cpio.gz" "$W/disk-$n.img" "$W/$n.log" ||
		{ grep -a -A3 -m1 'Oops\|Unable to handle' "$W/$n.log" || tail -n 20 "$W/$n.log"
		  fail "IDE_HWIFS=$n: the boot failed (log: $W/$n.log)"; }
	expect_kv "$W/$n.log" disk ok
	# the console's lines start with a carriage return
	tr -d '\r' <"$W/$n.log" >"$W/$n.txt"
	grep -a '^ *ide[0-9]\|^hd[a-d]:\|no room in table' "$W/$n.txt" |
		sed "s/^/IDE_HWIFS=$n: /"
done

grep -a -q '^ide1 at 0x170-0x177,0x376 on irq 15' "$W/2.txt" ||
	fail "IDE_HWIFS=2: no ide1 at 0x170 (log: $W/2.log)"
grep -a -q '^hdc: .*ATAPI' "$W/2.txt" ||
	fail "IDE_HWIFS=2: no CD-ROM found as hdc (log: $W/2.log)"
grep -a -q '^ide0 at 0x1f0-0x1f7,0x3f6 on irq 14' "$W/1.txt" ||
	fail "IDE_HWIFS=1: no ide0 (log: $W/1.log)"
! grep -a -q '^ide1\|^hd[cd]:' "$W/1.txt" ||
	fail "IDE_HWIFS=1: a second interface was set up in a one-slot table (log: $W/1.log)"
grep -a -q 'too many IDE interfaces, no room in table' "$W/1.txt" ||
	fail "IDE_HWIFS=1: the second channel was not turned away (log: $W/1.log)"
echo "PASS"
