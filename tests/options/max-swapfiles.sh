#!/bin/bash
# CONFIG_MAX_SWAPFILES_SHIFT (tiny/max-swapfiles.patch).  Builds the min
# board with swap from the compat series plus max-swapfiles.patch with
# the shift at 0, 2 and 5, and boots each at 16 MB with an ext2 disk
# and tiny.test=swap (tests/options/guest): swapon must succeed for
# exactly 2^shift swap files, the next swapon must fail with EPERM,
# /proc/swaps must list 2^shift areas, a program that touches 1.5 times
# the memory the kernel has must read all of it back right (and pages
# must really have gone out to swap and come back), and swapoff must
# work.  swap_info[] must shrink with the shift.  Prints the vmlinux
# deltas against the shift 5 kernel.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
need quilt qemu-system-i386 "${CROSS}gcc" "${CROSS}nm" i386-linux-musl-gcc
vanilla_tree

opt_init max-swapfiles
opt_tree "$W/tree" tiny/max-swapfiles.patch
shifts="0 2 5"
# 16 MB, not the board's 8: at 8 MB, on a busy host, 2.6.14's reclaim
# now and then calls the OOM killer on a program that swaps to the PIO
# disk, whatever the number of swap areas (see guest/swap.sh)
RAM=16
for s in $shifts; do
	fragment "$W/shift$s.config" CONFIG_EMBEDDED=y CONFIG_SWAP=y \
		"CONFIG_MAX_SWAPFILES_SHIFT=$s"
	opt_kernel "$W/tree" "$W/out-$s" "$W/shift$s.config"
done
opt_initramfs "$W"

# swap_info_size OUT: the size in bytes of swap_info[] in OUT/vmlinux
swap_info_size() {
	local hex
	hex=$("${CROSS}nm" -S "$1/vmlinux" | awk '$4 == "swap_info" { print $2 }')
	[ -n "$hex" ] || fail "no swap_info in $1/vmlinux"
	echo $((16#$hex))
}
one=$(swap_info_size "$W/out-0")

for s in $shifts; do
	n=$((1 << s))
	size=$(swap_info_size "$W/out-$s")
	[ "$size" = $((n * one)) ] ||
		fail "shift $s: swap_info[] is $size bytes, not $n x $one"

	log=$W/shift$s.log
	opt_disk "$W/disk-$s.img" 36864
	OPT_RAM=$RAM opt_boot "$log" "$W/out-$s" --hda "$W/disk-$s.img" \
		--append "panic=1 tiny.test=swap"
	guest_passed "$log" swap
	expect_kv "$log" swap_setup ok
	expect_kv "$log" swap_on "$n"
	expect_kv "$log" swap_proc "$n"
	err=$(kv "$log" swap_error)
	case $err in
	*"/mnt/swap/$n"*"Operation not permitted"*) ;;
	*) fail "shift $s: swapon of area $((n + 1)) gave '$err', expected EPERM" ;;
	esac
	expect_kv "$log" touchmem ok
	out=$(kv "$log" swap_pswpout)
	in=$(kv "$log" swap_pswpin)
	case "$out,$in" in
	[0-9]*,[0-9]*) ;;
	*) fail "shift $s: no swap counts (pswpout '$out', pswpin '$in')" ;;
	esac
	if [ "$out" -eq 0 ] || [ "$in" -eq 0 ]; then
		fail "shift $s: no swapping (pswpout $out, pswpin $in)"
	fi
	expect_kv "$log" swap_off ok
	echo "shift $s at $RAM MB: $n swap areas, the next refused ($err), $(kv "$log" touchmem_kib) KiB touched and checked, $out pages out, $in in; swap_info[] $size bytes"
done

for s in 0 2; do
	echo "vmlinux shift $s - shift 5: $(size_delta "$W/out-5" "$W/out-$s")"
done
echo "PASS"
