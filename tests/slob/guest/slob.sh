#!/bin/sh
# slob: checks of a kernel built with CONFIG_SLAB=n (tiny/slob.patch).
#   slob_slabinfo   absent: /proc/slabinfo is gone (or says SLOB)
#   slob_files      ok: 1000 files made and removed on a tmpfs, unmounted
#   slob_kb_before, slob_kb_peak, slob_kb_after   Slab: around it
#   slob_returned   ok: at least half of what the files took came back
#                   (SLOB gives empty pages back at once)
slab() {
	awk '$1 == "Slab:" { print $2 }' /proc/meminfo
}
if [ ! -e /proc/slabinfo ]; then
	echo slob_slabinfo=absent
elif head -n 1 /proc/slabinfo | grep -q SLOB; then
	echo slob_slabinfo=slob
else
	echo slob_slabinfo=slab
	exit 1
fi
# a tmpfs of its own: /tmp has too few inodes
mkdir -p /slob && mount -t tmpfs -o size=64k,nr_inodes=2000 tmpfs /slob || exit 1
before=$(slab)
i=0
while [ $i -lt 1000 ]; do
	: >/slob/f$i || { umount /slob; exit 1; }
	i=$((i + 1))
done
peak=$(slab)
rm /slob/f* || exit 1
# The unmount drops the negative dentries the files leave behind; they
# are freed after an RCU grace period, a few at each timer tick.
umount /slob || exit 1
sleep 2
after=$(slab)
echo slob_files=ok
echo "slob_kb_before=$before"
echo "slob_kb_peak=$peak"
echo "slob_kb_after=$after"
if [ "$peak" -gt "$before" ] && [ $((after - before)) -lt $(((peak - before) / 2)) ]; then
	echo slob_returned=ok
else
	echo slob_returned=fail
	exit 1
fi
