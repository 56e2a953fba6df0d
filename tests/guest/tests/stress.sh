# stress.sh: bounded stress for the guest (run by /init with tiny.test=stress).
#
# Rounds (tiny.rounds=N on the kernel command line, default 3) of:
#   memory pressure  /extra/bin/memhog grows until the OOM killer ends it
#   fork storm       1 to 4 parallel loops (one per 128 KiB of MemFree)
#                    of 50 fork+execs of /bin/true (failed forks and
#                    killed loops are counted, not a failure: at a
#                    board's least RAM they run out of memory)
#   file churn       files written, checked, rewritten and removed on
#                    the tmpfs and on the ext2 disk
# The files kept from round 1 are checked again at the end, after the
# ext2 disk is unmounted and mounted again.
#
# Who the OOM killer may take.  Only /init's wrappers, which just wait,
# are at oom_adj -17, never a victim, so the verdict is never lost.
# (When every task left is at -17 the OOM killer has no victim; 2.6.14
# then spun for ever, and with fixes/oom-no-spin.patch the allocation
# waits 10 s and the kernel panics.)  This script, the controller, runs at -16: the last
# task the killer takes, but one it can take.  The victims it should
# pick first are memhog and the storm loops, at oom_adj 15, and every
# program the controller runs (dd, md5sum, rm, sleep, ...), at 0, which
# the controller starts again when the OOM killer ends it (exit status
# 137).
#
# At a board's least RAM the killer does take the controller: between
# two programs it may be the only task left to take, and a kernel
# thread's allocation can need a victim then.  So the work is a list of
# steps (per round: memhog, storm, tmpfs churn, disk churn; then the
# final check), /tmp/stress.step counts the steps done, /tmp/stress.bad
# keeps the failures found, and /init starts the test again after the
# killer has ended it (TEST_RESTARTS=N in its environment): it goes on
# with the step it was killed in, which starts from scratch.
#
# The file churn is sized to the memory free when the test first
# starts (tmpfs pages cannot be reclaimed without swap): a round holds
# at most a sixth of MemFree on the tmpfs, round 1's kept files
# included.
#
# Prints stress_* key=value lines (a stress_retry= line for every
# program started again, so the console shows progress even with printk
# off); exit 0 when every file and every memhog page checked out (the
# kernel's own health is run-qemu's part: no Oops, BUG or panic, and no
# hang).

echo -16 >/proc/self/oom_adj 2>/dev/null

retries=0

# at0 CMD ARG...: CMD in a child at oom_adj 0
at0() {
	(echo 0 >/proc/self/oom_adj 2>/dev/null; exec "$@")
}

# retry NAME: count and show a program the OOM killer ended, and give
# the killer's victim a second to go
retry() {
	retries=$((retries + 1))
	echo "stress_retry=$1"
	at0 sleep 1
}

# run CMD ARG...: CMD at oom_adj 0, started again (up to 20 times, a
# second apart) while the OOM killer ends it (exit status 137).
# Returns CMD's status.
run() {
	n=0
	while :; do
		at0 "$@"
		st=$?
		[ "$st" = 137 ] && [ $n -lt 20 ] || return "$st"
		n=$((n + 1))
		retry "$1"
	done
}

# md5 FILE: sets md5_out to FILE's md5 (md5sum at oom_adj 0, started
# again while the OOM killer ends it), or to "unreadable".
md5() {
	n=0
	while :; do
		md5_out=$(echo 0 >/proc/self/oom_adj 2>/dev/null; md5sum <"$1") &&
			[ -n "$md5_out" ] && break
		if [ $n -ge 20 ]; then
			md5_out=unreadable
			return
		fi
		n=$((n + 1))
		retry md5sum
	done
	md5_out=${md5_out%% *}
}

# bad WHAT: record a failure
bad() {
	echo "$1" >>/tmp/stress.bad
}

# Once, at the first start: the rounds, the sizes (from MemFree now) and
# the disk, kept in /tmp/stress.size.  A controller started again reads
# no /proc file byte by byte (each read(2) of /proc/cmdline or
# /proc/meminfo takes a page): at the least RAM that alone can call the
# OOM killer.
state=/tmp/stress.step
if [ "${TEST_RESTARTS:-0}" = 0 ]; then
	run rm -f "$state" /tmp/stress.bad /tmp/stress.size /tmp/churn.* /tmp/storm.fail
	rounds=3
	read -r cmdline </proc/cmdline
	for w in $cmdline; do
		case $w in tiny.rounds=*) rounds=${w#tiny.rounds=} ;; esac
	done
	v=0
	while read -r k v _; do
		[ "$k" = MemFree: ] && break
	done </proc/meminfo
	disk=""
	if run grep -q ' hda$' /proc/partitions && run mount -t ext2 /dev/hda /mnt; then
		disk=/mnt
		run rm -f /mnt/churn.*
	fi
	echo "$v $rounds $disk" >/tmp/stress.size
fi
read -r free_kb rounds disk </tmp/stress.size
steps_done=0
[ -f "$state" ] && read -r steps_done <"$state"
echo "stress_steps_done=$steps_done"
# (killed in final_step, a controller may have left the disk unmounted)
if [ -n "$disk" ] && ! run grep -q ' /mnt ' /proc/mounts; then
	run mount -t ext2 /dev/hda /mnt || bad mount
fi
echo "stress_disk=${disk:-absent}"
echo "stress_memfree_kb=$free_kb"
# tmpfs churn unit: 8 files of 1..8 units are written in a round, and
# the odd ones of round 1 (16 units) are kept, so a round peaks at 52
# units: keep that under MemFree/6.  The disk's page cache can be
# written back and dropped, but a file's dirty pages are held while dd
# writes it: the disk unit is MemFree/96 (1 to 8 KiB), so the largest
# file is at most a twelfth of MemFree.
tmp_unit=$((free_kb / 6 / 52))
[ "$tmp_unit" -ge 1 ] || tmp_unit=1
[ "$tmp_unit" -le 8 ] || tmp_unit=8
echo "stress_tmpfs_unit_kb=$tmp_unit"
disk_unit=$((free_kb / 96))
[ "$disk_unit" -ge 1 ] || disk_unit=1
[ "$disk_unit" -le 8 ] || disk_unit=8
echo "stress_disk_unit_kb=$disk_unit"
# storm loops: one per 128 KiB of MemFree, 1 to 4
loops=$((free_kb / 128))
[ "$loops" -ge 1 ] || loops=1
[ "$loops" -le 4 ] || loops=4
echo "stress_storm_loops=$loops"

# memhog_step ROUND
memhog_step() {
	sh -c 'echo 15 >/proc/self/oom_adj 2>/dev/null; exec /extra/bin/memhog' >/tmp/memhog.out 2>&1
	echo "stress_round$1_memhog_status=$?"
	kb=0
	while IFS='=' read -r k v; do
		case $k in
		memhog_progress_kb|memhog_kb) kb=$v ;;
		memhog_check) [ "$v" = ok ] || bad "memhog-$1" ;;
		esac
	done </tmp/memhog.out
	echo "stress_round$1_memhog_kb=$kb"
	run rm -f /tmp/memhog.out
}

# storm_step ROUND
# Under memory pressure a fork may fail with ENOMEM, or the OOM killer
# may end a loop: counted, not a kernel failure.  The loops are forked
# by one parent at oom_adj 15, so they are at 15 from their first page
# on; the parent's exit status is the number of loops killed (137: the
# killer took the parent too).
storm_step() {
	(echo 15 >/proc/self/oom_adj 2>/dev/null
	pids=""
	j=1
	while [ $j -le "$loops" ]; do
		(k=0
		while [ $k -lt 50 ]; do
			/bin/true || echo "$j" >>/tmp/storm.fail
			k=$((k + 1))
		done) &
		pids="$pids $!"
		j=$((j + 1))
	done
	killed=0
	for p in $pids; do
		wait "$p" 2>/dev/null || killed=$((killed + 1))
	done
	exit $killed)
	killed=$?
	[ "$killed" = 137 ] && killed=parent
	failed_forks=0
	if [ -e /tmp/storm.fail ]; then
		while read -r _; do
			failed_forks=$((failed_forks + 1))
		done </tmp/storm.fail
		run rm -f /tmp/storm.fail
	fi
	echo "stress_round$1_storm_failed=$failed_forks"
	echo "stress_round$1_storm_killed=$killed"
}

# churn DIR ROUND UNIT_KB: write 8 files of 1..8 units, check each
# against the md5 taken when it was written, then remove the even ones
# (and, after round 1, the odd ones too).  DIR/churn.sums.1 keeps
# "NAME MD5" for every file of round 1 kept.  Started again, it starts
# from scratch.
churn() {
	run rm -f "$1/churn.$2."*
	[ "$2" = 1 ] && : >"$1/churn.sums.1"
	i=1
	while [ $i -le 8 ]; do
		f=$1/churn.$2.$i
		run dd if=/dev/urandom of="$f" bs=1024 count=$((i * $3)) 2>/dev/null ||
			bad "write-$f"
		md5 "$f"
		eval "sum_$i=\$md5_out"
		i=$((i + 1))
	done
	i=1
	while [ $i -le 8 ]; do
		f=$1/churn.$2.$i
		eval "want=\$sum_$i"
		md5 "$f"
		[ "$md5_out" = "$want" ] || bad "churn-$f"
		if [ $((i % 2)) = 0 ] || [ "$2" != 1 ]; then
			run rm -f "$f"
		else
			echo "churn.$2.$i $want" >>"$1/churn.sums.1"
		fi
		i=$((i + 1))
	done
	[ "$1" = /tmp ] && echo "stress_round$2=done"
}

# checksums DIR: record every kept file whose md5 differs from
# churn.sums.1
checksums() {
	while read -r name want; do
		md5 "$1/$name"
		[ "$md5_out" = "$want" ] || bad "$2-$1/$name"
	done <"$1/churn.sums.1"
}

# final_step: the kept files, on the tmpfs and, after the disk is
# unmounted and mounted again, on the disk
final_step() {
	checksums /tmp tmpfs-final
	if [ -n "$disk" ]; then
		run sync
		{ run umount /mnt && run mount -t ext2 /dev/hda /mnt; } || bad remount
		checksums /mnt disk-final
		run rm -f /mnt/churn.*
		run umount /mnt
	fi
	run rm -f /tmp/churn.*
}

# decoy: keep one sleeping process at oom_adj 15 alive, started again
# before each step once the killer has taken it: when nothing else can
# be killed the killer takes it before the controller.  (The decoy of a
# controller that was killed lives on, at 15, until the killer takes
# it too.)
decoy=""
decoy() {
	[ -n "$decoy" ] && kill -0 "$decoy" 2>/dev/null && return
	sh -c 'echo 15 >/proc/self/oom_adj; exec sleep 100000' 2>/dev/null &
	decoy=$!
	decoys=$((decoys + 1))
}
decoys=0

# step CMD ARG...: CMD, unless a controller before this one did it
step=0
step() {
	step=$((step + 1))
	[ "$step" -le "$steps_done" ] && return
	decoy
	"$@"
	echo "$step" >"$state"
}

r=1
while [ $r -le "$rounds" ]; do
	step memhog_step "$r"
	step storm_step "$r"
	step churn /tmp "$r" "$tmp_unit"
	[ -n "$disk" ] && step churn "$disk" "$r" "$disk_unit"
	r=$((r + 1))
done
step final_step

echo "stress_retries=$retries"
echo "stress_decoys=$decoys"
kills=0
run dmesg >/tmp/dmesg.out
while read -r l; do
	case $l in *'Out of Memory: Killed process'*) kills=$((kills + 1)) ;; esac
done </tmp/dmesg.out
run rm -f /tmp/dmesg.out
echo "stress_oom_kills=$kills"
kill "$decoy" 2>/dev/null
if [ ! -s /tmp/stress.bad ]; then
	echo "stress=ok"
else
	failed=""
	while read -r w; do
		failed="$failed $w"
	done </tmp/stress.bad
	echo "stress=fail"
	echo "stress_failed=${failed# }"
	exit 1
fi
