#!/bin/bash
# Stress a board at the least RAM it boots with: tests/guest/tests/stress.sh
# (memory pressure until the OOM killer acts, a fork/exec storm, file
# churn on tmpfs and on the ext2 disk), for a bounded number of rounds.
# The kernel must not oops, panic or hang, and every file and memory
# page must check out afterwards (128K higher when the stress cannot
# finish at the least RAM: below).
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
ram=$(board_ram "$TOP/configs/qemu-i386-$board.config")
least=$("$TOP/scripts/minram" "$out/arch/i386/boot/bzImage" "$BUILD/initramfs.cpio.gz" \
	"$BUILD/disk.img" "$logs" "$ram" | tail -n 1)
echo "$least"
kib=$(echo "$least" | sed -n 's/^minram: PASS at \([0-9]*\)K.*/\1/p')
[ -n "$kib" ] || fail "no least RAM for $board"
# stress KIB LOG: one boot with the stress test at KIB; the kernel must
# survive it (boot-board: the guest finished, no Oops, BUG, panic or
# hang).  The guest runs its standard checks before the stress, and
# boot-board judges them too.  minram has just passed them in two boots
# at this RAM, but at the least RAM one of them can still lose a
# program to the OOM killer in a third (disk=fail: md5sum killed, seen
# on tiny at 3328K): those are shown, and only the kernel's health and
# the stress test's own result count.
stress() {
	echo "stress at ${1}K, $rounds rounds"
	st=0
	"$TOP/scripts/boot-board" -m "${1}K" --timeout 600 --idle-timeout 120 \
		--append "tiny.test=stress tiny.rounds=$rounds" \
		"$TOP/configs/qemu-i386-$board.config" "$out/arch/i386/boot/bzImage" \
		"$BUILD/initramfs.cpio.gz" "$BUILD/disk.img" "$2" >"$TMP/boot.out" 2>&1 || st=$?
	cat "$TMP/boot.out"
	if [ "$st" != 0 ]; then
		grep -q '^run-qemu: PASS' "$TMP/boot.out" ||
			fail "the kernel did not survive the stress at ${1}K (log: $2)"
		echo "standard checks that failed in this boot (minram's part):" \
			"$(kv "$2" failed)"
	fi
	grep -a '^TINY: stress' "$2" | tr -d '\r'
}

stress "$kib" "$logs/stress.log"
log=$logs/stress.log
# The controller (tests/guest/tests/stress.sh) is the OOM killer's last
# choice, but at the least RAM it can still be its only choice, step
# after step: /init starts it again up to 100 times, and then the
# verdict on the files is lost, though the kernel survived (tiniest at
# 2944K: killed 100 times in round 1's disk churn or round 2's fork
# storm, no Oops or hang).  The files are then checked in one more boot
# 128K higher, where the steps fit; the boot at the least RAM has
# already shown that the kernel survives there.
if ! grep -a -q '^TINY: test_stress=ok' "$log" &&
	grep -a -q '^TINY: test_stress_restarts=100' "$log"; then
	echo "at ${kib}K the OOM killer ended the stress controller 100 times:" \
		"the kernel survived, the files are checked 128K higher"
	kib=$((kib + 128))
	log=$logs/stress-$kib.log
	stress "$kib" "$log"
fi
grep -a -q '^TINY: test_stress=ok' "$log" ||
	fail "a file or memory check failed under stress (log: $log)"
echo "$board survived $rounds rounds of stress at ${kib}K"
