#!/bin/bash
# fixes/oom-nofs.patch in a guest: the min board from the compat and
# fixes patches, booted at 6 MB with a 16 MB ext2 disk, fills memory
# with ext2 dentries and inodes (1,800 files, most of the disk's
# inodes, all stat'ed), then writes and reads back a file larger than
# the free RAM.  The block I/O allocates
# without __GFP_FS while kswapd can still shrink those caches: nobody
# may be OOM-killed, and the file must read back right.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=../options/lib.sh
. "$TOP/tests/options/lib.sh"
need quilt qemu-system-i386 "${CROSS}gcc" i386-linux-musl-gcc
vanilla_tree

opt_init oom-nofs
opt_tree "$W/tree"
opt_kernel "$W/tree" "$W/out"
opt_initramfs "$W"
opt_disk "$W/disk.img" 16384
OPT_RAM=6 opt_boot "$W/nofs.log" "$W/out" --hda "$W/disk.img" \
	--append "panic=1 tiny.test=nofs"
guest_passed "$W/nofs.log" nofs
expect_kv "$W/nofs.log" nofs_io ok
expect_kv "$W/nofs.log" nofs_oom_kills 0
echo "6 MB: $(kv "$W/nofs.log" nofs_files) files, Slab $(kv "$W/nofs.log" nofs_slab_kb) kB and MemFree $(kv "$W/nofs.log" nofs_memfree_kb) kB before the big write; no OOM kill"
echo "PASS"
