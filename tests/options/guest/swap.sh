#!/bin/sh
# swap.sh: guest side of tests/options/max-swapfiles.sh (run by /init
# with tiny.test=swap).
#
# On the ext2 disk /dev/hda: one big swap file (1.5 times MemTotal and
# 4 MiB more) and 32 small ones.  They
# are switched on in turn until a swapon fails (or all 33 are on): the
# host checks that exactly 2^CONFIG_MAX_SWAPFILES_SHIFT succeeded.  Then
# /extra/bin/touchmem writes and checks more memory than the machine
# has, which only works if swapping does; then every area is switched
# off again.
#
# Prints swap_* key=value lines:
#   swap_on          number of swapons that succeeded
#   swap_error       the message of the first failed swapon ("none")
#   swap_proc        areas listed in /proc/swaps afterwards
#   swap_pswpout, swap_pswpin   pages swapped out and in by touchmem
#   touchmem_*       touchmem's own lines
#   swap_off         ok when every area was switched off again
# Exit status 0 when the swapons stopped at the first failure, touchmem
# checked out and swapoff worked.

# touch 1.5 times the memory the kernel manages, with room to spare in
# the big swap file
total=$(awk '$1 == "MemTotal:" { print $2 }' /proc/meminfo)
touch_kb=$((total * 3 / 2))
big=$((touch_kb + 4096))
ok=0

mount -t ext2 /dev/hda /mnt || { echo "swap_setup=fail mount"; exit 1; }
mkdir -p /mnt/swap
dd if=/dev/zero of=/mnt/swap/0 bs=1024 count="$big" 2>/dev/null
i=1
while [ "$i" -le 32 ]; do
	dd if=/dev/zero of="/mnt/swap/$i" bs=1024 count=64 2>/dev/null
	i=$((i + 1))
done
i=0
while [ "$i" -le 32 ]; do
	mkswap "/mnt/swap/$i" >/dev/null 2>&1 ||
		{ echo "swap_setup=fail mkswap $i"; exit 1; }
	i=$((i + 1))
done
echo "swap_setup=ok"

n=0
err=none
while [ "$n" -le 32 ]; do
	if ! out=$(swapon "/mnt/swap/$n" 2>&1); then
		err=$(echo "$out" | tr '\n' ' ')
		break
	fi
	n=$((n + 1))
done
echo "swap_on=$n"
echo "swap_error=$err"
# (2.6.14 prints the header of /proc/swaps only with area 0 in use)
echo "swap_proc=$(grep -c '^/' /proc/swaps)"
echo "swap_total_kb=$(awk '$1 == "SwapTotal:" { print $2 }' /proc/meminfo)"

vm() { awk -v k="$1" '$1 == k { print $2 }' /proc/vmstat; }
out0=$(vm pswpout)
in0=$(vm pswpin)
# 2.6.14's reclaim calls the OOM killer when a program dirties memory
# faster than the disk (PIO on these boards) takes the pages already
# under writeback; that is the VM of the time, not the swap areas under
# test.  So touchmem waits after each 128 KiB until at most 256 KiB are
# under writeback.
/extra/bin/touchmem "$touch_kb" 256 || ok=1
echo "swap_pswpout=$(($(vm pswpout) - out0))"
echo "swap_pswpin=$(($(vm pswpin) - in0))"

i=0
off=ok
while [ "$i" -lt "$n" ]; do
	swapoff "/mnt/swap/$i" || off="fail swapoff $i"
	i=$((i + 1))
done
left=$(grep -c '^/' /proc/swaps)
[ "$left" = 0 ] || off="fail $left areas left"
echo "swap_off=$off"
[ "$off" = ok ] || ok=1
rm -rf /mnt/swap
umount /mnt || ok=1
exit $ok
