#!/bin/bash
# Below 4 MB: the tiny board, built from the whole series (with
# tiny/bzimage-lowmem.patch), boots at 3584 KiB in QEMU and passes the
# guest checks.  A vanilla decompressor stops there with "Less than 4MB
# of memory" (on VGA, so the serial log just ends after the BIOS).
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
need qemu-system-i386
vanilla_tree
make -s -C "$TOP" --no-print-directory BOARD=tiny kernel initramfs disk >/dev/null ||
	fail "cannot build the tiny board"
"$TOP/scripts/boot-board" "$TOP/configs/qemu-i386-tiny.config" \
	"$BUILD/out/series-tiny/arch/i386/boot/bzImage" "$BUILD/initramfs.cpio.gz" \
	"$BUILD/disk.img" "$BUILD/logs/tiny-3584K.log" 3584K ||
	fail "the tiny board does not pass at 3584K (log: $BUILD/logs/tiny-3584K.log)"
