#!/bin/bash
# The min board with SLOB (EMBEDDED=y, SLAB=n; tests/slob/slob.config),
# built from the series with tiny/slob.patch, boots at its RAM (8 MB)
# and passes the guest checks and tests/slob/guest/slob.sh: no
# /proc/slabinfo, and most of the Slab memory taken by 1000 files on a
# tmpfs comes back when they are gone; and tests/guest/tests/stress.sh
# (memory pressure up to the OOM killer) when it is there.  Prints Slab
# and MemFree.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=../slob/lib.sh
. "$(dirname "$0")/../slob/lib.sh"
need quilt qemu-system-i386 "${CROSS}gcc" i386-linux-musl-gcc

slob_tree
slob_kernel min qemu-i386-min.config "$TOP/tests/slob/slob.config"
grep -qx 'CONFIG_SLOB=y' "$SW/out-min/.config" || fail "CONFIG_SLOB is not set"
if [ ! -f "$SW/out-min/mm/slob.o" ] || [ -f "$SW/out-min/mm/slab.o" ]; then
	fail "mm/slob.o should be built instead of mm/slab.o"
fi
slob_initramfs
log=$SW/min.log
tests=$(slob_with_stress slob)
slob_boot min "$log" -m "$(board_ram qemu-i386-min.config)" --timeout 600 \
	--append "panic=1 tiny.test=$tests"
expect_kv "$log" test_slob ok
case $tests in *stress) expect_kv "$log" test_stress ok ;; esac
expect_kv "$log" slob_slabinfo absent
echo "MemFree $(kv "$log" memfree_kb) kB, Slab $(kv "$log" slab_kb) kB after the workload;" \
	"1000 files: Slab $(kv "$log" slob_kb_before) -> $(kv "$log" slob_kb_peak) -> $(kv "$log" slob_kb_after) kB"
