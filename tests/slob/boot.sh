#!/bin/bash
# tests/slob/boot.sh BOARD: the board (min or full) with SLOB
# (EMBEDDED=y, SLAB=n; tests/slob/slob.config), built from the series
# with tiny/slob.patch, builds mm/slob.o instead of mm/slab.o, boots at
# its RAM (min 8 MB, full 32 MB with netfilter, USB, sound, ext3, ACPI
# and PREEMPT) and passes the guest checks and tests/slob/guest/slob.sh:
# no /proc/slabinfo, and most of the Slab memory taken by 1000 files on
# a tmpfs comes back when they are gone; and tests/guest/tests/stress.sh
# (memory pressure up to the OOM killer) when it is there.  Prints Slab
# and MemFree.  Run through tests/boot/slob-min.sh and slob-full.sh.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
need quilt qemu-system-i386 "${CROSS}gcc" i386-linux-musl-gcc

board=${1:-}
case $board in
min | full) ;;
*) fail "usage: tests/slob/boot.sh min|full" ;;
esac
cfg=qemu-i386-$board.config
slob_tree
slob_kernel "$board" "$cfg" "$TOP/tests/slob/slob.config"
out=$SW/out-$board
grep -qx 'CONFIG_SLOB=y' "$out/.config" || fail "CONFIG_SLOB is not set"
if [ ! -f "$out/mm/slob.o" ] || [ -f "$out/mm/slab.o" ]; then
	fail "mm/slob.o should be built instead of mm/slab.o"
fi
slob_initramfs
log=$SW/$board.log
tests=$(slob_with_stress slob)
slob_boot "$board" "$log" -m "$(slob_board_ram "$cfg")" --timeout 600 \
	--append "panic=1 tiny.test=$tests"
expect_kv "$log" test_slob ok
case $tests in *stress) expect_kv "$log" test_stress ok ;; esac
expect_kv "$log" slob_slabinfo absent
echo "MemFree $(kv "$log" memfree_kb) kB, Slab $(kv "$log" slab_kb) kB after the workload;" \
	"1000 files: Slab $(kv "$log" slob_kb_before) -> $(kv "$log" slob_kb_peak) -> $(kv "$log" slob_kb_after) kB"
