#!/bin/sh
# slob-stress: four jobs at once that allocate and free kernel objects
# (files on tmpfs, pipes, fork and exec, ping of lo from softirq), for
# SMP kernels: both CPUs in the allocator at the same time.
#   slob_stress       ok when every job finished cleanly
#   slob_stress_cpus  CPUs the kernel runs on
job() {
	n=0
	mkdir -p "/stress/s$1" || return 1
	while [ $n -lt 150 ]; do
		echo "$n" >"/stress/s$1/f$n" || return 1
		tr 0-9 a-j <"/stress/s$1/f$n" | wc -c >/dev/null || return 1
		rm "/stress/s$1/f$n" || return 1
		n=$((n + 1))
	done
	rm -r "/stress/s$1"
}
echo "slob_stress_cpus=$(grep -c '^processor' /proc/cpuinfo)"
# a tmpfs of its own: /tmp is small
mkdir -p /stress && mount -t tmpfs -o size=512k tmpfs /stress || exit 1
ping -c 10 -s 1000 127.0.0.1 >/dev/null 2>&1 &
ping_pid=$!
job 1 &
p1=$!
job 2 &
p2=$!
job 3 &
p3=$!
job 4 &
p4=$!
ok=1
for p in $p1 $p2 $p3 $p4; do
	wait "$p" || ok=0
done
wait "$ping_pid" || ok=0
umount /stress || ok=0
if [ $ok = 1 ]; then
	echo slob_stress=ok
else
	echo slob_stress=fail
	exit 1
fi
