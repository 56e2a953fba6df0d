#!/bin/bash
# The full board with SLOB (EMBEDDED=y, SLAB=n; tests/slob/slob.config),
# built from the series with tiny/slob.patch (with netfilter, USB,
# sound, ext3, ACPI and PREEMPT), boots at its RAM (32 MB) and passes
# the guest checks, tests/slob/guest/slob.sh and, when it is there,
# tests/guest/tests/stress.sh.  Prints Slab and MemFree.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=../slob/lib.sh
. "$(dirname "$0")/../slob/lib.sh"
need quilt qemu-system-i386 "${CROSS}gcc" i386-linux-musl-gcc

slob_tree
slob_kernel full qemu-i386-full.config "$TOP/tests/slob/slob.config"
grep -qx 'CONFIG_SLOB=y' "$SW/out-full/.config" || fail "CONFIG_SLOB is not set"
slob_initramfs
log=$SW/full.log
tests=$(slob_with_stress slob)
slob_boot full "$log" -m "$(board_ram qemu-i386-full.config)" --timeout 600 \
	--append "panic=1 tiny.test=$tests"
expect_kv "$log" test_slob ok
case $tests in *stress) expect_kv "$log" test_stress ok ;; esac
echo "MemFree $(kv "$log" memfree_kb) kB, Slab $(kv "$log" slab_kb) kB after the workload"
