#!/bin/sh
# elf-core.sh: guest side of tests/options/elf-core.sh (run by /init
# with tiny.test=elf-core).
#
# Runs /extra/bin/segv, which dies of SIGSEGV, twice, in an empty folder
# on the tmpfs with "ulimit -c unlimited", and reports what it left:
#   core_segv_status   the exit status the shell saw (139: SIGSEGV)
#   core_file          present | absent (core or core.PID)
#   core_*             check-core's lines, when a core file is there
#   core_od_type       e_type read with dd and hexdump, a second opinion
#   core_after         ok when programs still run after the crashes
# Exit status 0 when segv died of SIGSEGV both times, any core file is
# a valid ELF core of it, and the system still runs programs.  Whether a
# core file must be there is for the host to say (CONFIG_ELF_CORE).

ok=0
dir=/tmp/core-test
rm -rf "$dir"
mkdir -p "$dir"
cd "$dir" || exit 1

# shellcheck disable=SC3045 # busybox ash has ulimit -c
(ulimit -c unlimited && exec /extra/bin/segv) 2>/dev/null
status=$?
echo "core_segv_status=$status"
[ "$status" = 139 ] || ok=1

core=""
for f in core core.*; do
	[ -f "$f" ] && core=$f && break
done
if [ -n "$core" ]; then
	echo "core_file=present"
	echo "core_name=$core"
	echo "core_size=$(wc -c <"$core" | tr -d ' ')"
	/extra/bin/check-core "$core" 11 || ok=1
	echo "core_od_type=$(dd if="$core" bs=1 skip=16 count=2 2>/dev/null |
		hexdump -v -e '1/2 "%u"')"
else
	echo "core_file=absent"
fi
rm -f core core.*

# a second crash, and the machine must still work afterwards
# shellcheck disable=SC3045 # busybox ash has ulimit -c
(ulimit -c unlimited && exec /extra/bin/segv) 2>/dev/null
status2=$?
rm -f core core.*
cd / && rm -rf "$dir"
if [ "$status2" = 139 ] && [ "$(echo after | sed s/after/AFTER/)" = AFTER ]; then
	echo "core_after=ok"
else
	echo "core_after=fail (second status $status2)"
	ok=1
fi
exit $ok
