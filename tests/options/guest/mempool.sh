#!/bin/sh
# mempool.sh: guest side of tests/options/mempool.sh (run by /init with
# tiny.test=mempool).
#
# Block I/O on the ext2 disk /dev/hda, more than the free RAM: two files
# of reproducible bytes (/extra/bin/pattern) are written at the same
# time (each synced every 512 KiB: see pattern.c for why), synced, the
# file system is unmounted and mounted again (2.6.14 has no
# drop_caches: this empties the page cache of the files), and both are
# read back and compared by md5 with the generator's output.
# Prints mempool_* key=value lines, mempool_bio_objs last (the bio
# slab's active objects); exit 0 when both files read back right.

big=${1:-6144}		# KiB, about 1.5 times MemFree at 8 MB
small=${2:-3072}
bad=""

echo "mempool_memfree_before=$(awk '$1 == "MemFree:" { print $2 }' /proc/meminfo)"
mount -t ext2 /dev/hda /mnt || { echo "mempool_io=fail mount"; exit 1; }
rm -f /mnt/p1 /mnt/p2
/extra/bin/pattern 1 "$big" 512 >/mnt/p1 &
pid=$!
/extra/bin/pattern 2 "$small" 512 >/mnt/p2 || bad="$bad write-p2"
wait "$pid" || bad="$bad write-p1"
sync
umount /mnt || bad="$bad umount"
mount -t ext2 /dev/hda /mnt || { echo "mempool_io=fail remount"; exit 1; }

want1=$(/extra/bin/pattern 1 "$big" | md5sum | cut -d' ' -f1)
want2=$(/extra/bin/pattern 2 "$small" | md5sum | cut -d' ' -f1)
got1=$(md5sum </mnt/p1 | cut -d' ' -f1)
got2=$(md5sum </mnt/p2 | cut -d' ' -f1)
echo "mempool_p1=$got1 $(wc -c </mnt/p1 | tr -d ' ') bytes"
echo "mempool_p2=$got2 $(wc -c </mnt/p2 | tr -d ' ') bytes"
[ "$got1" = "$want1" ] || bad="$bad p1-md5"
[ "$got2" = "$want2" ] || bad="$bad p2-md5"
rm -f /mnt/p1 /mnt/p2
umount /mnt || bad="$bad final-umount"

# the bios in use or set aside now, when no I/O is under way: with
# CONFIG_MEMPOOL the block layer's reserve of BIO_POOL_SIZE (256)
echo "mempool_bio_objs=$(awk '$1 == "bio" { print $2 }' /proc/slabinfo)"

if [ -z "$bad" ]; then
	echo "mempool_io=ok"
	exit 0
fi
echo "mempool_io=fail$bad"
exit 1
