#!/bin/bash
# SLOB on two CPUs: the min board with SLAB=n and CONFIG_SMP
# (tests/slob/slob.config, tests/slob/smp.config: SMP needs ACPI here,
# as QEMU lists the second CPU in its ACPI tables only) boots at 8 MB
# with -smp 2 and "noapic" (2.6.14's IO-APIC timer check fails under
# QEMU), brings up both CPUs, and passes the guest checks, slob.sh and
# slob-stress.sh (four jobs allocating and freeing at once, and ping
# traffic from softirqs), and tests/guest/tests/stress.sh when it is
# there (memory pressure up to the OOM killer).
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=../slob/lib.sh
. "$(dirname "$0")/../slob/lib.sh"
need quilt qemu-system-i386 "${CROSS}gcc" i386-linux-musl-gcc

slob_tree
slob_kernel smp qemu-i386-min.config "$TOP/tests/slob/slob.config" \
	"$TOP/tests/slob/smp.config"
slob_initramfs
log=$SW/smp.log
tests=$(slob_with_stress slob,slob-stress)
slob_boot smp "$log" -m 8 --smp 2 --timeout 600 \
	--append "panic=1 noapic tiny.test=$tests"
grep -a -q 'Brought up 2 CPUs' "$log" || fail "the second CPU did not come up (log: $log)"
expect_kv "$log" slob_stress_cpus 2
expect_kv "$log" test_slob ok
case $tests in *stress) expect_kv "$log" test_stress ok ;; esac
expect_kv "$log" test_slob-stress ok
echo "2 CPUs; MemFree $(kv "$log" memfree_kb) kB, Slab $(kv "$log" slab_kb) kB after the workload"
