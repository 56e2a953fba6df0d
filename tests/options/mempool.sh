#!/bin/bash
# CONFIG_MEMPOOL (tiny/mempool.patch).  Builds the min board from the
# compat series plus mempool.patch with MEMPOOL=y and =n, boots both at
# the board's RAM with an ext2 disk and tiny.test=mempool
# (tests/options/guest): more data than the free RAM is written to the
# disk by two writers at once, synced, the file system is mounted again
# to empty the page cache, and the files are read back and compared.
# Both kernels must pass it, with no Oops.  With y the block layer's
# bio reserve (BIO_POOL_SIZE, 256 bios) is in the bio slab; with n it
# must be gone.  Prints the vmlinux delta and MemFree after each boot.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
need quilt qemu-system-i386 "${CROSS}gcc" i386-linux-musl-gcc
vanilla_tree

opt_init mempool
opt_tree "$W/tree" tiny/mempool.patch
fragment "$W/y.config" CONFIG_EMBEDDED=y CONFIG_MEMPOOL=y
cp "$TOP/configs/fragments/mempool.config" "$W/n.config"	# the small setting
opt_kernel "$W/tree" "$W/out-y" "$W/y.config"
opt_kernel "$W/tree" "$W/out-n" "$W/n.config"
opt_initramfs "$W"

for c in n y; do
	opt_disk "$W/disk-$c.img" 16384
	opt_boot "$W/$c.log" "$W/out-$c" --hda "$W/disk-$c.img" \
		--append "panic=1 tiny.test=mempool"
	guest_passed "$W/$c.log" mempool
	expect_kv "$W/$c.log" disk ok
	expect_kv "$W/$c.log" mempool_io ok
	bios=$(kv "$W/$c.log" mempool_bio_objs)
	case $bios in
	'' | *[!0-9]*) fail "MEMPOOL=$c: no bio count (log: $W/$c.log)" ;;
	esac
	if [ "$c" = y ]; then
		[ "$bios" -ge 256 ] ||
			fail "MEMPOOL=y: $bios bios, fewer than the reserve of 256"
	else
		[ "$bios" -lt 256 ] ||
			fail "MEMPOOL=n: $bios bios: the reserve is still there"
	fi
	echo "MEMPOOL=$c: I/O ok, $bios bios, MemFree $(kv "$W/$c.log" memfree_kb) kB, Slab $(kv "$W/$c.log" slab_kb) kB after the workload"
done

echo "vmlinux n - y: $(size_delta "$W/out-y" "$W/out-n")"
echo "PASS"
