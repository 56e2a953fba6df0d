#!/bin/bash
# CONFIG_MAX_USER_RT_PRIO and the kernel's own real-time threads
# (tiny/rt-prio.patch).  The soft-lockup watchdog (DETECT_SOFTLOCKUP)
# asks for SCHED_FIFO at the top real-time priority; with fewer
# priorities a fixed 99 is refused and watchdog/0 stays SCHED_OTHER, so
# any busy real-time task starves it into false "soft lockup" reports.
#
# The tiny board (MAX_USER_RT_PRIO=10) is built from the compat series,
# rt-prio.patch and tinyconfig.patch with DEBUG_KERNEL and
# DETECT_SOFTLOCKUP, and booted: the guest workload must pass, and
# probe-sys's rt_watchdog (sched_getscheduler() and sched_getparam() of
# watchdog/0) must be FIFO-9, the top priority MAX_RT_PRIO-1.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
need quilt qemu-system-i386 "${CROSS}gcc" i386-linux-musl-gcc
vanilla_tree

TINY_BOARD=$TOP/configs/qemu-i386-tiny.config
opt_init rt-prio
opt_tree "$W/tree" tiny/rt-prio.patch tiny/tinyconfig.patch
fragment "$W/softlockup.config" CONFIG_DEBUG_KERNEL=y CONFIG_DETECT_SOFTLOCKUP=y
echo "building opt-rt-prio/out (the tiny board with DETECT_SOFTLOCKUP)"
"$TOP/scripts/build-kernel" "$W/tree" "$TINY_BOARD" "$W/out" \
	"$W/softlockup.config" >"$W/out.build.out" 2>&1 ||
	{ tail -n 30 "$W/out.build.out"; fail "kernel build failed: $W/out"; }
[ "$(config_value "$W/out" MAX_USER_RT_PRIO)" = 10 ] ||
	fail "MAX_USER_RT_PRIO is not 10 in $W/out/.config"
opt_initramfs "$W"
opt_disk "$W/disk.img"

echo "booting opt-rt-prio/out"
"$TOP/scripts/boot-board" --quiet "$TINY_BOARD" \
	"$W/out/arch/i386/boot/bzImage" "$W/initramfs.cpio.gz" "$W/disk.img" \
	"$W/boot.log" || { tail -n 20 "$W/boot.log"; fail "the boot failed (log: $W/boot.log)"; }
grep -a -q 'softlockup thread 0 started up' "$W/boot.log" ||
	fail "no soft-lockup watchdog started (log: $W/boot.log)"
expect_kv "$W/boot.log" probe_rt_prio_max 9
expect_kv "$W/boot.log" probe_rt_watchdog FIFO-9
echo "watchdog/0: $(kv "$W/boot.log" probe_rt_watchdog) with MAX_USER_RT_PRIO=10"
echo "PASS"
