#!/bin/sh
# oom-disabled.sh: guest side of tests/fixes/oom-disabled.sh (run by
# /init with tiny.test=oom-disabled).  /init's wrappers of this test
# are at oom_adj -17 (tests/guest/init, run_test), and so is memhog,
# which takes memory until there is none: every process that holds
# memory but init is OOM_DISABLE, so the OOM killer has nobody to kill.
# The kernel must panic within a bounded time (fixes/oom-no-spin.patch),
# and panic=1 reboots it.  Nothing after memhog runs; the host judges
# the console log.
echo -17 >/proc/self/oom_adj || { echo "oomdis_adj=fail"; exit 1; }
# processes with memory (a command line) at another oom_adj than -17,
# init and this shell's own children aside: there should be none
others=0
for d in /proc/[0-9]*; do
	p=${d#/proc/}
	[ "$p" = 1 ] && continue
	[ -s "$d/cmdline" ] || continue
	read -r adj <"$d/oom_adj" 2>/dev/null || continue
	[ "$adj" = -17 ] || others=$((others + 1))
done
echo "oomdis_others=$others"
echo "oomdis_memhog=start"
exec /extra/bin/memhog
