#!/bin/sh
# nofs.sh: guest side of tests/fixes/oom-nofs.sh (run by /init with
# tiny.test=nofs): ext2 work whose dentries and inodes fill memory, then
# block I/O (GFP_NOFS and GFP_NOIO allocations) with that slab in place.
#
# Creates NFILES empty files on the ext2 disk /dev/hda and stats them
# all, so that the dentry and inode caches fill memory, then writes a
# file larger than the free RAM, syncs, and reads it back.  kswapd can
# shrink those caches; an allocation without __GFP_FS cannot, and must
# not call the OOM killer while kswapd can.  Prints nofs_* key=value
# lines; exit 0 when the file reads back right and nobody was killed.
nfiles=${1:-1800}
big=${2:-6144}		# KiB

mount -t ext2 /dev/hda /mnt || { echo "nofs_io=fail mount"; exit 1; }
mkdir -p /mnt/d
i=0
while [ $i -lt "$nfiles" ]; do
	: >/mnt/d/f$i
	i=$((i + 1))
done
ls -l /mnt/d >/dev/null
echo "nofs_files=$(ls /mnt/d | wc -l)"
echo "nofs_slab_kb=$(awk '$1 == "Slab:" { print $2 }' /proc/meminfo)"
echo "nofs_memfree_kb=$(awk '$1 == "MemFree:" { print $2 }' /proc/meminfo)"

/extra/bin/pattern 5 "$big" 512 >/mnt/big || echo "nofs_write=fail"
sync
want=$(/extra/bin/pattern 5 "$big" | md5sum | cut -d' ' -f1)
got=$(md5sum </mnt/big | cut -d' ' -f1)
umount /mnt
kills=$(dmesg | grep -c "Out of Memory: Killed")
echo "nofs_oom_kills=$kills"
if [ "$want" = "$got" ]; then
	echo "nofs_io=ok"
else
	echo "nofs_io=fail"
	exit 1
fi
[ "$kills" = 0 ]
