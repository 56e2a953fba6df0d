# stress.sh: bounded stress for the guest (run by /init with tiny.test=stress).
#
# Rounds (tiny.rounds=N on the kernel command line, default 3) of:
#   memory pressure  /extra/bin/memhog grows until the OOM killer ends it
#   fork storm       4 parallel loops of 50 fork+execs of /bin/true
#                    (failed forks and killed loops are counted, not a
#                    failure: at a board's least RAM they run out of
#                    memory)
#   file churn       files written, checked, rewritten and removed on
#                    the tmpfs and on the ext2 disk
# The files kept from round 1 are checked again at the end, after the
# ext2 disk is unmounted and mounted again.
#
# Who the OOM killer may take.  This script (the controller) runs at
# oom_adj -17, never a victim, as do /init's wrappers around it, so the
# test never loses its verdict.  The victims are memhog and the storm
# loops, at oom_adj 15, and two ballasts: sleeping processes at 15 that
# the controller starts again whenever the OOM killer has ended one.
# Every program the controller runs (dd, md5sum, rm, sleep, ...) runs
# at 0, and is started again when the OOM killer ends it: at a board's
# least RAM that happens.  The ballasts are there because when every
# user process is at -17, 2.6.14's OOM killer picks a kernel thread,
# finds no memory to take from it, and tries again for ever (seen here:
# a hang, not the "no killable processes" panic it means to give).
# The file churn is sized to the memory free when the test starts
# (tmpfs pages cannot be reclaimed without swap): a round holds at most
# a sixth of MemFree on the tmpfs, round 1's kept files included.
#
# Prints stress_* key=value lines (a stress_retry= line for every
# program started again, and stress_ballasts_so_far= every tenth
# ballast, so the console shows progress even with printk off); exit 0
# when every file and every memhog page checked out (the kernel's own
# health is run-qemu's part: no Oops, BUG or panic, and no hang).

rounds=$(sed -n 's/.*tiny\.rounds=\([0-9]*\).*/\1/p' /proc/cmdline)
rounds=${rounds:-3}
bad=""
retries=0
ballast1=""
ballast2=""
ballasts=0
echo -17 >/proc/self/oom_adj 2>/dev/null

# at0 CMD ARG...: CMD in a child at oom_adj 0
at0() {
	(echo 0 >/proc/self/oom_adj 2>/dev/null; exec "$@")
}

# new_ballast: start a ballast in the background ($! is its pid)
new_ballast() {
	sh -c 'echo 15 >/proc/self/oom_adj; exec sleep 100000' 2>/dev/null &
	ballasts=$((ballasts + 1))
	[ $((ballasts % 10)) = 0 ] && echo "stress_ballasts_so_far=$ballasts"
}

# ballast: start each ballast again that the OOM killer has ended
ballast() {
	if [ -z "$ballast1" ] || ! kill -0 "$ballast1" 2>/dev/null; then
		new_ballast
		ballast1=$!
	fi
	if [ -z "$ballast2" ] || ! kill -0 "$ballast2" 2>/dev/null; then
		new_ballast
		ballast2=$!
	fi
}

# run CMD ARG...: CMD at oom_adj 0, started again (up to 20 times, a
# second apart) while the OOM killer ends it (exit status 137).
# Returns CMD's status.
run() {
	n=0
	while :; do
		ballast
		at0 "$@"
		st=$?
		[ "$st" = 137 ] && [ $n -lt 20 ] || return "$st"
		n=$((n + 1))
		retries=$((retries + 1))
		echo "stress_retry=$1"
		at0 sleep 1
	done
}

# md5 FILE: sets md5_out to FILE's md5 (md5sum at oom_adj 0, started
# again while the OOM killer ends it), or to "unreadable".
md5() {
	n=0
	while :; do
		ballast
		md5_out=$(echo 0 >/proc/self/oom_adj 2>/dev/null; md5sum <"$1") &&
			[ -n "$md5_out" ] && break
		if [ $n -ge 20 ]; then
			md5_out=unreadable
			return
		fi
		n=$((n + 1))
		retries=$((retries + 1))
		echo "stress_retry=md5sum"
		at0 sleep 1
	done
	md5_out=${md5_out%% *}
}

ballast
disk=""
if run grep -q ' hda$' /proc/partitions && run mount -t ext2 /dev/hda /mnt; then
	disk=/mnt
fi
echo "stress_disk=${disk:-absent}"

# tmpfs churn unit: 8 files of 1..8 units are written in a round, and
# the odd ones of round 1 (16 units) are kept, so a round peaks at 52
# units: keep that under MemFree/6.  The disk gets 8 KiB units.
free_kb=0
while read -r k v _; do
	[ "$k" = MemFree: ] && free_kb=$v
done </proc/meminfo
tmp_unit=$((free_kb / 6 / 52))
[ "$tmp_unit" -ge 1 ] || tmp_unit=1
[ "$tmp_unit" -le 8 ] || tmp_unit=8
echo "stress_memfree_kb=$free_kb"
echo "stress_tmpfs_unit_kb=$tmp_unit"

# churn DIR ROUND UNIT_KB: write 8 files of 1..8 units, check each
# against the md5 taken when it was written, then remove the even ones
# (and, after round 1, the odd ones too).  DIR/churn.sums keeps
# "NAME MD5" for every file kept.
churn() {
	i=1
	while [ $i -le 8 ]; do
		f=$1/churn.$2.$i
		run dd if=/dev/urandom of="$f" bs=1024 count=$((i * $3)) 2>/dev/null ||
			bad="$bad write-$f"
		md5 "$f"
		eval "sum_$i=\$md5_out"
		i=$((i + 1))
	done
	i=1
	while [ $i -le 8 ]; do
		f=$1/churn.$2.$i
		eval "want=\$sum_$i"
		md5 "$f"
		[ "$md5_out" = "$want" ] || bad="$bad churn-$f"
		if [ $((i % 2)) = 0 ] || [ "$2" != 1 ]; then
			run rm -f "$f"
		else
			echo "churn.$2.$i $want" >>"$1/churn.sums"
		fi
		i=$((i + 1))
	done
}

# checksums DIR: name every kept file whose md5 differs from churn.sums
checksums() {
	while read -r name want; do
		md5 "$1/$name"
		[ "$md5_out" = "$want" ] || echo "$1/$name"
	done <"$1/churn.sums"
}

r=1
while [ $r -le "$rounds" ]; do
	ballast
	sh -c 'echo 15 >/proc/self/oom_adj 2>/dev/null; exec /extra/bin/memhog' >/tmp/memhog.out 2>&1
	echo "stress_round${r}_memhog_status=$?"
	kb=0
	while IFS='=' read -r k v; do
		case $k in
		memhog_progress_kb|memhog_kb) kb=$v ;;
		memhog_check) [ "$v" = ok ] || bad="$bad memhog-$r" ;;
		esac
	done </tmp/memhog.out
	echo "stress_round${r}_memhog_kb=$kb"
	run rm -f /tmp/memhog.out

	# Under memory pressure a fork may fail with ENOMEM, or the OOM
	# killer may end a loop: counted, not a kernel failure.
	failed_forks=0
	ballast
	pids=""
	j=1
	while [ $j -le 4 ]; do
		(echo 15 >/proc/self/oom_adj 2>/dev/null
		k=0
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
	if [ -e /tmp/storm.fail ]; then
		while read -r _; do
			failed_forks=$((failed_forks + 1))
		done </tmp/storm.fail
		run rm -f /tmp/storm.fail
	fi
	echo "stress_round${r}_storm_failed=$failed_forks"
	echo "stress_round${r}_storm_killed=$killed"

	churn /tmp "$r" "$tmp_unit"
	[ -n "$disk" ] && churn "$disk" "$r" 8
	echo "stress_round${r}=done"
	r=$((r + 1))
done

checksums /tmp >/tmp/badsums
[ -s /tmp/badsums ] && bad="$bad tmpfs-final"
if [ -n "$disk" ]; then
	run sync
	{ run umount /mnt && run mount -t ext2 /dev/hda /mnt; } || bad="$bad remount"
	checksums /mnt >/tmp/badsums.disk
	[ -s /tmp/badsums.disk ] && bad="$bad disk-final"
	run rm -f /mnt/churn.*
	run umount /mnt
fi
[ -n "$bad" ] && run cat /tmp/badsums /tmp/badsums.disk 2>/dev/null
run rm -f /tmp/churn.* /tmp/badsums /tmp/badsums.disk
echo "stress_retries=$retries"
echo "stress_ballasts=$ballasts"
kill "$ballast1" "$ballast2" 2>/dev/null
kills=0
run dmesg >/tmp/dmesg.out
while read -r l; do
	case $l in *'Out of Memory: Killed process'*) kills=$((kills + 1)) ;; esac
done </tmp/dmesg.out
run rm -f /tmp/dmesg.out
echo "stress_oom_kills=$kills"
if [ -z "$bad" ]; then
	echo "stress=ok"
else
	echo "stress=fail"
	echo "stress_failed=${bad# }"
	exit 1
fi
