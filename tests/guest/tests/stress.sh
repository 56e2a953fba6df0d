# stress.sh: bounded stress for the guest (run by /init with tiny.test=stress).
#
# Rounds (tiny.rounds=N on the kernel command line, default 3) of:
#   memory pressure  /extra/bin/memhog grows until the OOM killer ends it
#                    (it is made the preferred victim with oom_adj 15)
#   fork storm       4 parallel loops of 50 fork+execs of /bin/true
#                    (failed forks are counted, not a failure)
#   file churn       files written, checked, rewritten and removed on
#                    the tmpfs and on the ext2 disk
# Files written in round 1 are kept and checked again at the end, after
# the ext2 disk is unmounted and mounted again.
# Prints stress_* key=value lines; exit 0 when every file and every
# memhog page checked out (the kernel's own health is run-qemu's part:
# no Oops, BUG or panic, and no hang).

rounds=$(sed -n 's/.*tiny\.rounds=\([0-9]*\).*/\1/p' /proc/cmdline)
rounds=${rounds:-3}
bad=""
echo -17 >/proc/self/oom_adj 2>/dev/null

disk=""
if grep -q ' hda$' /proc/partitions && mount -t ext2 /dev/hda /mnt; then
	disk=/mnt
fi
echo "stress_disk=${disk:-absent}"

# churn DIR ROUND: write 8 files of 1..64 KiB, check, rewrite, remove half
churn() {
	i=1
	while [ $i -le 8 ]; do
		dd if=/dev/urandom of="$1/churn.$2.$i" bs=1024 count=$((i * 8)) 2>/dev/null
		md5sum <"$1/churn.$2.$i" >"$1/churn.$2.$i.md5"
		i=$((i + 1))
	done
	i=1
	while [ $i -le 8 ]; do
		[ "$(md5sum <"$1/churn.$2.$i")" = "$(cat "$1/churn.$2.$i.md5")" ] ||
			bad="$bad churn-$1-$2-$i"
		if [ $((i % 2)) = 0 ]; then
			rm -f "$1/churn.$2.$i" "$1/churn.$2.$i.md5"
		fi
		i=$((i + 1))
	done
}

r=1
while [ $r -le "$rounds" ]; do
	sh -c 'echo 15 >/proc/self/oom_adj 2>/dev/null; exec /extra/bin/memhog' >/tmp/memhog.out 2>&1
	st=$?
	echo "stress_round${r}_memhog_status=$st"
	echo "stress_round${r}_memhog_kb=$(sed -n 's/memhog_progress_kb=//p' /tmp/memhog.out | tail -n 1)"
	grep -q 'memhog_check=fail' /tmp/memhog.out && bad="$bad memhog-$r"
	rm -f /tmp/memhog.out

	# Under memory pressure a fork may fail with ENOMEM: that is
	# counted, not a kernel failure.
	rm -f /tmp/storm.fail
	j=1
	while [ $j -le 4 ]; do
		(k=0; while [ $k -lt 50 ]; do
			/bin/true || echo "$j" >>/tmp/storm.fail
			k=$((k + 1))
		done) &
		j=$((j + 1))
	done
	wait
	storm=ok
	[ -e /tmp/storm.fail ] && storm="$(wc -l </tmp/storm.fail | tr -d ' ') failed"
	rm -f /tmp/storm.fail
	echo "stress_round${r}_storm=$storm"

	churn /tmp "$r"
	[ -n "$disk" ] && churn "$disk" "$r"
	echo "stress_round${r}=done"
	r=$((r + 1))
done

# The files kept from every round, checked again after a remount.
# checksums FILE...: name every file whose md5 differs from FILE.md5
checksums() {
	for f in "$@"; do
		case "$f" in *.md5|*'*'*) continue ;; esac
		[ "$(md5sum <"$f")" = "$(cat "$f.md5")" ] || echo "$f"
	done
}
checksums /tmp/churn.* >/tmp/badsums
[ -s /tmp/badsums ] && bad="$bad tmpfs-final"
if [ -n "$disk" ]; then
	sync
	umount /mnt && mount -t ext2 /dev/hda /mnt || bad="$bad remount"
	checksums /mnt/churn.* >/tmp/badsums
	[ -s /tmp/badsums ] && bad="$bad disk-final"
	rm -f /mnt/churn.*
	umount /mnt
fi
rm -f /tmp/churn.* /tmp/badsums
echo "stress_oom_kills=$(dmesg | grep -c 'Out of Memory: Killed process')"
if [ -z "$bad" ]; then
	echo "stress=ok"
else
	echo "stress=fail"
	echo "stress_failed=${bad# }"
	exit 1
fi
