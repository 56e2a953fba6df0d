#!/bin/bash
# fixes/oom-no-spin.patch in a guest: when every process that holds
# memory is at oom_adj -17, the OOM killer has nobody to kill, and the
# kernel must panic after its 10 s wait, not hang.  The min board from
# the compat and fixes patches boots at its RAM with "time" (printk
# timestamps) and tiny.test=oom-disabled: after the standard workload,
# memhog at -17 takes all the memory (tests/options/guest/oom-disabled.sh).
# Passes when the log shows the OOM_DISABLE panic no later than
# OOM_BOUND seconds (default 60) after the first "oom-killer:" line,
# nobody was killed, and panic=1 rebooted the machine.  Prints the time
# it took.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=../options/lib.sh
. "$TOP/tests/options/lib.sh"
need quilt qemu-system-i386 "${CROSS}gcc" i386-linux-musl-gcc
vanilla_tree
bound=${OOM_BOUND:-60}

opt_init oom-disabled
opt_tree "$W/tree"
opt_kernel "$W/tree" "$W/out"
opt_initramfs "$W"
log=$W/oom.log
ram=$(board_ram "$MIN_BOARD")
echo "booting opt-oom-disabled/out at $ram MB: time tiny.test=oom-disabled"
"$TOP/scripts/run-qemu" -m "$ram" --timeout 400 --idle-timeout 120 \
	--marker "TINY: oomdis_memhog=start" --log "$log" \
	--append "panic=1 time tiny.test=oom-disabled" \
	"$W/out/arch/i386/boot/bzImage" "$W/initramfs.cpio.gz" \
	>"$W/oom.run" 2>&1 || true
tr -d '\r' <"$log" >"$W/oom.txt"
grep -q "^TINY: oomdis_memhog=start" "$W/oom.txt" ||
	{ tail -n 30 "$W/oom.txt"; fail "memhog did not start (log: $log)"; }
others=$(kv "$log" oomdis_others)
[ "$others" = 0 ] ||
	fail "$others processes besides init were not at oom_adj -17 (log: $log)"
! grep -q "Out of Memory: Killed process" "$W/oom.txt" ||
	fail "the OOM killer killed a process (log: $log)"
# [ seconds] of a line matching $1, the first one
stamp() {
	grep -m 1 "$1" "$W/oom.txt" | sed -n 's/^\[ *\([0-9]*\.[0-9]*\)\].*/\1/p'
}
first=$(stamp "oom-killer:")
[ -n "$first" ] || { tail -n 30 "$W/oom.txt"; fail "no timed 'oom-killer:' line (log: $log)"; }
panicked=$(stamp "Kernel panic - not syncing: Out of memory, and every process that holds memory is OOM_DISABLE")
[ -n "$panicked" ] ||
	{ tail -n 30 "$W/oom.txt"; fail "no OOM_DISABLE panic: the kernel hung or did something else (log: $log)"; }
grep -q "Rebooting in 1 seconds" "$W/oom.txt" ||
	fail "no 'Rebooting in 1 seconds' after the panic (log: $log)"
! grep -q "killed by run-qemu" "$W/oom.txt" ||
	fail "the kernel did not reboot after its panic (log: $log)"
took=$(awk -v a="$first" -v b="$panicked" 'BEGIN { printf "%.1f", b - a }')
awk -v t="$took" -v m="$bound" 'BEGIN { exit !(t <= m) }' ||
	fail "the panic came ${took} s after the first oom-killer line, more than ${bound} s"
echo "every process at oom_adj -17: the panic came ${took} s after the first oom-killer line (at ${first} s)"
echo "PASS"
