#!/bin/bash
# stress-ng's memory and process stressors, one at a time, in the guest
# (tests/guest/tests/stress-ng.sh says which, and how each is judged).
#
# Usage: tests/stress/stress-ng.sh [BOARD [RAM_MB]]
#
# Builds the board's kernel (make BOARD=... kernel: build/out/series-BOARD)
# and the initramfs if they are not up to date, stress-ng (static, musl:
# scripts/build-stress-ng) and an ext2 image holding it
# (build/stress-ng/disk-BOARD.img, 16 MiB, scripts/mkdisk-with), then
# boots with
#   scripts/run-qemu -m RAM --hda IMG --nic \
#       --append "panic=1 tiny.test=stress-ng" --log LOG
# LOG is build/logs/stress-ng-BOARD-RAM.log.  BZIMAGE=FILE in the
# environment boots that kernel instead (no kernel build; BOARD then
# only names the disk image and picks the default RAM).  Passes when
# run-qemu passes (marker, no Oops/BUG/panic) and the guest says
# test_stress-ng=ok.
#
# BOARD defaults to min.  RAM defaults to the board's own ("# ram:" in
# its config), but at least 16 MB.  stress-ng 0.15.06 has 7.6 MB of
# .bss, which 2.6.14's heuristic overcommit charges in full at exec and
# at every fork (scripts/build-stress-ng): on min at 8 and 10 MB the
# kernel kills it inside exec (the guest says stressng_reason=...
# exit 137); it starts from 11 MB; with a kernel whose sigaltstack
# works, the whole list ran at 12 MB in 5 of 6 boots (once pthread
# ended with exit 2 and no message), at 16 MB in 5 of 5.  The min board
# has no CONFIG_SYSCTL, so vm.overcommit_memory cannot be set to 1
# there.  The guest part takes about 90 s on min (QEMU TCG); the whole
# test 2 minutes, plus 2-3 to build stress-ng once.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"

board=${1:-min}
board_file=$TOP/configs/qemu-i386-$board.config
[ -f "$board_file" ] || fail "no board $board ($board_file)"
board_ram=$(board_ram "$board_file")
ram=${2:-$(( ${board_ram:-16} > 16 ? ${board_ram:-16} : 16 ))}
case $ram in ''|*[!0-9]*) fail "RAM $ram: give MB as a number" ;; esac

need qemu-system-i386 debugfs e2fsck mke2fs i386-linux-musl-gcc
vanilla_tree

if [ -n "${BZIMAGE-}" ]; then
	bzimage=$BZIMAGE
	echo "stress-ng: kernel $bzimage (BZIMAGE), initramfs"
else
	echo "stress-ng: kernel for $board, initramfs"
	make -C "$TOP" --no-print-directory BUILD="$BUILD" BOARD="$board" kernel >"$TMP/kernel.log" 2>&1 ||
		{ tail -n 20 "$TMP/kernel.log"; fail "make BOARD=$board kernel"; }
	bzimage=$BUILD/out/series-$board/arch/i386/boot/bzImage
fi
make -C "$TOP" --no-print-directory BUILD="$BUILD" initramfs >"$TMP/initramfs.log" 2>&1 ||
	{ tail -n 20 "$TMP/initramfs.log"; fail "make initramfs"; }
initramfs=$BUILD/initramfs.cpio.gz
[ -f "$bzimage" ] || fail "no $bzimage"
[ -f "$initramfs" ] || fail "no $initramfs"

"$TOP/scripts/build-stress-ng" || fail "scripts/build-stress-ng"
sng=$BUILD/stress-ng/stress-ng
echo "stress-ng: binary $(stat -c %s "$sng") bytes"
img=$BUILD/stress-ng/disk-$board.img
"$TOP/scripts/mkdisk-with" "$img" 16384 "$sng:/stress-ng" || fail "scripts/mkdisk-with"

log=$BUILD/logs/stress-ng-$board-$ram.log
start=$(date +%s)
qemu_ok=1
"$TOP/scripts/boot-board" --quiet -m "$ram" --append "tiny.test=stress-ng" \
	--timeout 480 "$board_file" "$bzimage" "$initramfs" "$img" "$log" \
	>"$TMP/qemu.out" 2>&1 || qemu_ok=0
tail -n 1 "$TMP/qemu.out"
echo "stress-ng: $board at $ram MB, $(($(date +%s) - start)) s (log: $log)"

# The guest's summary: the lists, and the reason for every failure.
tiny=$(sed -n 's/\r$//; s/^TINY: //p' "$log")
printf '%s\n' "$tiny" | grep -E '^stressng_(version|ran|skipped|failed|oom_kills|seconds|reason)=|^stressng=' |
	sed 's/^/    /'
for f in $(printf '%s\n' "$tiny" | sed -n 's/^stressng_failed=//p'); do
	printf '%s\n' "$tiny" | grep -E "^stressng_${f}_reason=" | sed 's/^/    /'
done

[ "$qemu_ok" = 1 ] || fail "boot-board failed: the kernel, or a guest check (see $log)"
printf '%s\n' "$tiny" | grep -qx 'test_stress-ng=ok' ||
	fail "guest: test_stress-ng is not ok (see $log)"
echo "stress-ng: ok"
