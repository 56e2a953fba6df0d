#!/bin/bash
# Stress a board at the least RAM it boots with: tests/guest/tests/stress.sh
# (memory pressure until the OOM killer acts, a fork/exec storm, file
# churn on tmpfs and on the ext2 disk), for a bounded number of rounds.
# The kernel must not oops, panic or hang, and every file and memory
# page must check out afterwards.
#
# Usage: tests/stress/board.sh BOARD [ROUNDS]
# The least RAM comes from scripts/minram (logs in build/logs/).
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
board=${1:-min}
rounds=${2:-3}
vanilla_tree

make -s -C "$TOP" --no-print-directory BOARD="$board" kernel initramfs disk
out=$BUILD/out/series-$board
logs=$BUILD/logs/stress-$board
ram=$(sed -n 's/^# ram: *\([0-9]*\).*/\1/p' "$TOP/configs/qemu-i386-$board.config")
least=$("$TOP/scripts/minram" "$out/arch/i386/boot/bzImage" "$BUILD/initramfs.cpio.gz" \
	"$BUILD/disk.img" "$logs" "$ram" | tail -n 1)
echo "$least"
kib=$(echo "$least" | sed -n 's/^minram: PASS at \([0-9]*\)K.*/\1/p')
[ -n "$kib" ] || fail "no least RAM for $board"
echo "stress at ${kib}K, $rounds rounds"
st=0
"$TOP/scripts/boot-board" -m "${kib}K" --timeout 600 --idle-timeout 120 \
	--append "tiny.test=stress tiny.rounds=$rounds" "$TOP/configs/qemu-i386-$board.config" \
	"$out/arch/i386/boot/bzImage" "$BUILD/initramfs.cpio.gz" "$BUILD/disk.img" \
	"$logs/stress.log" >"$TMP/boot.out" 2>&1 || st=$?
cat "$TMP/boot.out"
# The guest runs its standard checks before the stress, and boot-board
# judges them too.  minram has just passed them in two boots at this
# RAM, but at the least RAM one of them can still lose a program to the
# OOM killer in a third (disk=fail: md5sum killed, tiny at 3328K, stop
# 28).  Here the kernel's health counts (run-qemu: the guest finished,
# no Oops, BUG, panic or hang) and the stress test's own result (below).
if [ "$st" != 0 ]; then
	grep -q '^run-qemu: PASS' "$TMP/boot.out" ||
		fail "the kernel did not survive the stress (log: $logs/stress.log)"
	echo "standard checks that failed in this boot (minram's part):" \
		"$(kv "$logs/stress.log" failed)"
fi
grep -a '^TINY: stress' "$logs/stress.log" | tr -d '\r'
grep -a -q '^TINY: test_stress=ok' "$logs/stress.log" ||
	fail "a file or memory check failed under stress (log: $logs/stress.log)"
echo "$board survived $rounds rounds of stress at ${kib}K"
