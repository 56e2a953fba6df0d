# speed.sh: three loops that spend their time in the kernel, timed by
# the guest's clock (run by /init with tiny.test=speed).  Under
# run-qemu --icount the clock counts guest instructions, so the figures
# are the same in every boot whatever the host does (scripts/bench-oz).
#   speed_syscalls_cs  dd of 1,000,000 one-byte blocks, /dev/zero to
#                      /dev/null (2,000,000 read and write calls)
#   speed_forks_cs     5,000 fork+execs of /bin/true
#   speed_tmpfs_cs     100 times: a 512 KiB file written to /tmp in 1 KiB
#                      blocks, read back in 1 KiB blocks, removed
# Each figure is in centiseconds, from /proc/uptime.

# cs: centiseconds since boot
cs() {
	read -r u _ </proc/uptime
	echo $((${u%%.*} * 100 + 1${u#*.} - 100))
}

t0=$(cs)
dd if=/dev/zero of=/dev/null bs=1 count=1000000 2>/dev/null
t1=$(cs)
i=0
while [ $i -lt 5000 ]; do
	/bin/true
	i=$((i + 1))
done
t2=$(cs)
i=0
while [ $i -lt 100 ]; do
	dd if=/dev/zero of=/tmp/speed bs=1024 count=512 2>/dev/null
	dd if=/tmp/speed of=/dev/null bs=1024 2>/dev/null
	rm -f /tmp/speed
	i=$((i + 1))
done
t3=$(cs)
echo "speed_syscalls_cs=$((t1 - t0))"
echo "speed_forks_cs=$((t2 - t1))"
echo "speed_tmpfs_cs=$((t3 - t2))"
