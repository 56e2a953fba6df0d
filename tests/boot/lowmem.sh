#!/bin/bash
# Below 4 MB: the tiny board, built from the whole series (with
# tiny/bzimage-lowmem.patch), boots at the RAM of its board file's
# "# lowmem:" line (below 4 MB) in QEMU and passes the guest checks.  A vanilla decompressor stops there with "Less than 4MB
# of memory" (on VGA, so the serial log just ends after the BIOS).
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
need qemu-system-i386
vanilla_tree
board=$TOP/configs/qemu-i386-tiny.config
ram=$(sed -n 's/^# lowmem: *\([0-9]*K\).*/\1/p' "$board")
[ -n "$ram" ] || fail "$board has no '# lowmem: NK' line"
[ "${ram%K}" -lt 4096 ] || fail "lowmem $ram is not below 4 MB"
make -s -C "$TOP" --no-print-directory BOARD=tiny kernel initramfs disk >/dev/null ||
	fail "cannot build the tiny board"
"$TOP/scripts/boot-board" "$board" \
	"$BUILD/out/series-tiny/arch/i386/boot/bzImage" "$BUILD/initramfs.cpio.gz" \
	"$BUILD/disk.img" "$BUILD/logs/tiny-$ram.log" "$ram" ||
	fail "the tiny board does not pass at $ram (log: $BUILD/logs/tiny-$ram.log)"
