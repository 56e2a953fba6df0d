# stress-ng.sh: stress-ng's memory and process stressors, one at a time
# (run by /init with tiny.test=stress-ng).
#
# Needs /dev/hda with an ext2 file system holding /stress-ng, the static
# i386 musl binary of scripts/build-stress-ng (scripts/mkdisk-with puts
# it there; tests/stress/stress-ng.sh does both).  The disk is mounted on
# /mnt; stress-ng's temporary files go to /mnt/stress-ng.tmp.
#
# Each stressor of the list below runs alone, one instance, for
# $timeout seconds (tiny.stressng_timeout=N on the kernel command line,
# default 3), with --oomable (a stressor the OOM killer ends is not
# restarted, and that is no failure), --metrics-brief and --verbose
# (its debug lines are shown only when it failed), under a watchdog of
# $timeout + 60 s.  tiny.stressng=a,b,c runs only those.
#
# Verdict per stressor, from stress-ng's exit status (stress-ng(1),
# EXIT STATUS) and its output.  stress-ng 0.15.06 exits 0 after a
# stressor says "not implemented" (never 4), so the output decides too.
#   ran      exit 0 or 7 ("metrics untrustworthy": the OOM killer hit
#            it while it counted), no "fail:" line, and a metrics row
#            with bogo ops > 0, or OOM kills while it ran (the reason
#            then says it was killed before its first bogo op)
#   skipped  what 2.6.14 or musl does not offer:
#            - exit 3 (no resources: ENOMEM, ENOSPC, a missing system
#              call) or 4 (not implemented);
#            - exit 0 or 7, no bogo ops, and a "not implemented",
#              "skipping" or "not supported" line;
#            - exit 0, 2 or 7 and every "fail:" line says errno=38
#              (ENOSYS: 2.6.14 lacks the system call; memfd exits 0
#              after one);
#            - a failure that KNOWN below explains by 2.6.14 behaviour;
#            - the file of "needs=PATH" is missing (kernel option off).
#   failed   anything else: exit 1 (harness error), 2 (the stressor
#            found an error), 5 (killed by an unexpected signal), 6,
#            killed by the watchdog (hung), a "fail:" line with exit 0,
#            no bogo ops and no reason, or an Oops / BUG in the kernel
#            log while it ran.
# Keys: stressng_version, stressng_<name>=ran|skipped|failed,
# stressng_<name>_ops (bogo ops), stressng_<name>_oom (OOM kills while
# it ran, when any), stressng_<name>_reason, stressng_ran,
# stressng_skipped, stressng_failed (space-separated lists),
# stressng_oom_kills, stressng_seconds, stressng=ok|fail and
# stressng_reason when stress-ng could not start at all.
#
# The test fails when the disk is missing, when stress-ng cannot start
# (--version; on 2.6.14 with too little RAM the kernel kills it inside
# exec, exit 137: see scripts/build-stress-ng), when no stressor ran,
# when any stressor failed, or on a kernel Oops or BUG (run-qemu fails
# the boot on those, and on a panic, as well).  A skip never fails it.
#
# The kernel log is read with "dmesg -c" around each stressor, so that
# OOM kills and oopses are counted per stressor however small the log
# buffer is: the log is empty afterwards (the console has it all).

# Name and options of each stressor, in order.  Before the options,
# "needs=PATH" skips the stressor when PATH does not exist (a kernel
# option that is off), and "as-user" runs it as user 1000 with
# setuidgid (the exec stressor refuses to run as root).  Sizes suit a
# 12-16 MB guest with 6-10 MB free: the heap stressors (bigheap, brk,
# vm-addr, mmapmany, mlock) are meant to reach the OOM killer.
# Not here: mlockmany (stress-ng calls it pathological), memthrash (a
# 16 MB buffer), tlb-shootdown (needs 2 CPUs), oom-pipe (pathological).
STRESSORS="
vm		--vm-bytes 1m --verify
vm-addr		--verify
malloc		--malloc-bytes 64k --malloc-max 32 --verify
brk
bigheap		--bigheap-growth 16k --verify
mmap		--mmap-bytes 256k --verify
mremap		--mremap-bytes 256k --verify
stack
memrate		--memrate-bytes 256k
fault
madvise
mincore
mlock
msync		--msync-bytes 1m --verify
remap
mmapfork
mmapmany
mmapaddr
mmapfixed
pagemove	--pagemove-bytes 256k --verify
vm-segv
sigsegv
vm-rw		--vm-rw-bytes 64k
memfd
shm
shm-sysv	needs=/proc/sysvipc
fork		--fork-max 4
vfork		--vfork-max 4
vforkmany
exec		as-user --exec-max 4
clone		--clone-max 8
zombie		--zombie-max 16
pthread		--pthread-max 4
wait
kill
session
"

# Failures that are 2.6.14 behaviour, not a kernel fault: NAME|ERE|
# reason.  A failed stressor counts as skipped when it printed at least
# one "fail:" line and ERE matches every one of them.
KNOWN="
mincore|mincore on address .* errno=.?12 |expected errno 14, got 12 |2.6.14 mincore() covers file mappings only (ENOMEM on anonymous ones until 2.6.21)
mmapaddr|mincore on address .* errno=12 |2.6.14 mincore() covers file mappings only (ENOMEM on anonymous ones until 2.6.21)
"

SNG=/mnt/stress-ng
TMPD=/mnt/stress-ng.tmp
OUT=/mnt/stress-ng.out
KMSG=/mnt/stress-ng.kmsg

cmdline=$(cat /proc/cmdline)
timeout=$(echo "$cmdline" | sed -n 's/.*tiny\.stressng_timeout=\([0-9]*\).*/\1/p')
timeout=${timeout:-3}
only=$(echo "$cmdline" | sed -n 's/.*tiny\.stressng=\([^ ]*\).*/\1/p' | tr , ' ')

# This shell must outlive the OOM killer; stress-ng sets its own
# processes' oom_adj (main -17, stressors 15 with --oomable).
echo -17 >/proc/self/oom_adj 2>/dev/null

uptime_s() {
	awk '{ print int($1) }' /proc/uptime
}
start=$(uptime_s)
ran="" skipped="" failed="" ooms=0

if ! grep -q ' hda$' /proc/partitions || ! mount -t ext2 /dev/hda /mnt; then
	echo "stressng=fail"
	echo "stressng_reason=no ext2 disk on /dev/hda"
	exit 1
fi
# (A shell prints "Killed" for a child killed inside exec: 2.6.14 does
# that when the binary's .bss cannot be charged, see
# scripts/build-stress-ng.)
v=$("$SNG" --version 2>&1)
rc=$?
if [ "$rc" != 0 ]; then
	echo "stressng=fail"
	why=$(echo "$v" | head -n 1)
	[ "$rc" = 137 ] && why="SIGKILL (in exec: too little memory for its .bss?)"
	echo "stressng_reason=$SNG --version: exit $rc: $why"
	umount /mnt
	exit 1
fi
echo "stressng_version=$v"
rm -rf "$TMPD"
mkdir -p "$TMPD"
chmod 1777 "$TMPD"

# kill_leftovers: any process of $SNG still there after a run.
kill_leftovers() {
	for p in /proc/[0-9]*; do
		[ "$(readlink "$p/exe" 2>/dev/null)" = "$SNG" ] &&
			kill -9 "${p#/proc/}" 2>/dev/null
	done
}

# reason TEXT: one line, without stress-ng's "stress-ng: info:  [pid] "
reason() {
	echo "$1" | sed 's/^stress-ng: [a-z]*: *\[[0-9]*\] //' | head -n 1 | cut -c 1-160
}

# known NAME: the reason when a KNOWN line for NAME explains every
# "fail:" line of the output
known() {
	grep '^stress-ng: fail:' "$OUT" >/tmp/stress-ng.fails
	[ -s /tmp/stress-ng.fails ] || { rm -f /tmp/stress-ng.fails; return; }
	echo "$KNOWN" | while read -r line; do
		[ "${line%%|*}" = "$1" ] || continue
		line=${line#*|}
		why=${line##*|}
		re=${line%|*}
		if ! grep -q -v -E "$re" /tmp/stress-ng.fails; then
			echo "$why"
			break
		fi
	done
	rm -f /tmp/stress-ng.fails
}

# report NAME VERDICT [REASON]: print and remember it
report() {
	echo "stressng_$1=$2"
	[ -n "${3-}" ] && echo "stressng_$1_reason=$3"
	case $2 in
	ran) ran="$ran $1" ;;
	skipped) skipped="$skipped $1" ;;
	*) failed="$failed $1" ;;
	esac
}

# run_one NAME [needs=PATH] [as-user] OPTIONS...
run_one() {
	name=$1
	shift
	case ${1-} in
	needs=*)
		if [ ! -e "${1#needs=}" ]; then
			report "$name" skipped "no ${1#needs=} (kernel option off)"
			return
		fi
		shift
		;;
	esac
	user=""
	if [ "${1-}" = as-user ]; then
		user="setuidgid user"
		shift
	fi
	dmesg -c >/dev/null 2>&1
	# $user is empty or two words
	# shellcheck disable=SC2086
	$user timeout -s KILL $((timeout + 60)) "$SNG" --"$name" 1 "$@" \
		--timeout "$timeout" --oomable --metrics-brief --verbose \
		--temp-path "$TMPD" </dev/null >"$OUT" 2>&1
	rc=$?
	kill_leftovers
	dmesg -c >"$KMSG" 2>/dev/null
	ops=$(awk -v n="$name" '$2 == "metrc:" && $4 == n && $5 ~ /^[0-9]+$/ { print $5; exit }' "$OUT")
	skip=$(grep -i -E 'not implemented|skipping|skipped|not supported|unsupported' "$OUT" | head -n 1)
	err=$(grep -E '^stress-ng: (fail|error):' "$OUT" | head -n 1)
	enosys=$(grep -E '^stress-ng: fail:.*errno=38 ' "$OUT" | head -n 1)
	otherfail=$(grep -E '^stress-ng: fail:' "$OUT" | grep -v 'errno=38 ' | head -n 1)
	oom=$(grep -c 'Out of Memory: Kill' "$KMSG")
	ooms=$((ooms + oom))
	verdict="" why=""
	if grep -q -E 'Oops|BUG|Unable to handle' "$KMSG"; then
		verdict=failed why="kernel: $(grep -E 'Oops|BUG|Unable to handle' "$KMSG" | head -n 1)"
	else
		case $rc in
		0|7)
			if [ -n "$otherfail" ]; then
				verdict=failed why="exit $rc after: $(reason "$otherfail")"
			elif [ -n "$enosys" ]; then
				verdict=skipped why=$(reason "$enosys")
			elif [ -n "$ops" ] && [ "$ops" -gt 0 ]; then
				verdict=ran
			elif [ "$oom" -gt 0 ]; then
				verdict=ran why="OOM-killed before its first bogo op"
			elif [ -n "$skip" ]; then
				verdict=skipped why=$(reason "$skip")
			elif [ -n "$ops" ]; then
				verdict=failed why="no bogo ops"
			else
				verdict=failed why="no metrics"
			fi
			;;
		3|4)
			verdict=skipped why=$(reason "${skip:-${err:-exit $rc}}")
			;;
		2)
			if [ -n "$enosys" ] && [ -z "$otherfail" ]; then
				verdict=skipped why=$(reason "$enosys")
			else
				verdict=failed why="exit 2: $(reason "${otherfail:-$err}")"
			fi
			;;
		137)
			verdict=failed why="killed by the $((timeout + 60)) s watchdog"
			;;
		*)
			verdict=failed why="exit $rc${err:+: $(reason "$err")}"
			;;
		esac
		k=$(known "$name")
		if [ "$verdict" = failed ] && [ -n "$k" ]; then
			verdict=skipped why="$k (exit $rc)"
		fi
	fi
	# the output, with stress-ng's debug lines only when it failed
	if [ "$verdict" = failed ]; then
		sed 's/^/    | /' "$OUT"
	else
		grep -v '^stress-ng: debug:' "$OUT" | sed 's/^/    | /'
	fi
	[ -n "$ops" ] && echo "stressng_${name}_ops=$ops"
	[ "$oom" -gt 0 ] && echo "stressng_${name}_oom=$oom"
	report "$name" "$verdict" "$why"
	rm -f "$OUT" "$KMSG"
}

while read -r name opts; do
	[ -n "$name" ] || continue
	if [ -n "$only" ]; then
		case " $only " in *" $name "*) ;; *) continue ;; esac
	fi
	# shellcheck disable=SC2086 # opts are words
	run_one "$name" $opts
done <<EOF
$STRESSORS
EOF

rm -rf "$TMPD"
umount /mnt

echo "stressng_ran=${ran# }"
echo "stressng_skipped=${skipped# }"
echo "stressng_failed=${failed# }"
echo "stressng_oom_kills=$ooms"
echo "stressng_seconds=$(($(uptime_s) - start))"
if [ -n "$failed" ] || [ -z "$ran" ]; then
	echo "stressng=fail"
	exit 1
fi
echo "stressng=ok"
