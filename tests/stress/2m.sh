#!/bin/bash
# Stress the 2m board at its least RAM: the RAM of its board file's
# "# lowmem:" line, which make minram BOARD=2m found (two boots in a
# row passing).  One boot, through scripts/boot-board with the board's
# own command (zImage, root disk, ne2k_isa), runs tests/guest/init-2m
# with tiny.rounds=ROUNDS: the file larger than the RAM written, read
# back and compared, the ping of the gateway and 50 fork+exec, ROUNDS
# times in a row.  The kernel must not oops, panic or hang, and every
# round must pass.  The OOM killer may take an md5sum or the writer of
# the disk check: init-2m then runs that step once more (a wrong sum is
# never retried), and this test prints how often, with the number of
# OOM kills.
#
# Usage: tests/stress/2m.sh [ROUNDS]   (default 3)
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
need qemu-system-i386
rounds=${1:-3}
vanilla_tree

build_2m
board=$M2_BOARD ram=$M2_RAM image=$M2_IMAGE
log=$BUILD/logs/stress-2m/stress-$ram.log
mkdir -p "$(dirname "$log")"
echo "stress at $ram, $rounds rounds"
"$TOP/scripts/boot-board" -m "$ram" --timeout 900 --idle-timeout 180 \
	--append "tiny.rounds=$rounds" "$board" "$image" - \
	"$BUILD/2m/disk.img" "$log" ||
	fail "the 2m board did not survive $rounds rounds at $ram (log: $log)"
last=$(tr -d '\r' <"$log" | grep -a '^TINY: round=' | tail -n 1)
[ "$last" = "TINY: round=$rounds" ] ||
	fail "the guest did not run $rounds rounds: last '$last' (log: $log)"
# disk_retries counts over the rounds: its last value is the total
retries=$(tr -d '\r' <"$log" | sed -n 's/^TINY: disk_retries=//p' | tail -n 1)
kills=$(grep -ac 'Out of Memory: Killed' "$log" || true)
echo "2m board at $ram: $rounds rounds passed, MemFree $(kv "$log" memfree_kb) kB after them"
echo "OOM kills: $kills; disk steps done again after one: ${retries:-0}"
echo "PASS"
