#!/bin/bash
# The zImage decompressor's memory check (tiny/bzimage-lowmem.patch), on
# both sides of the boundary, with the 2m board's own kernel.
#
# The check asks the BIOS for the RAM this kernel needs before it sets
# up its own memory: up to pg0 (text, data, bss), head.S's page tables
# there, the bootmem bitmap, and the page that setup_bootmem_allocator's
# reserve rounds up.  This test computes that figure from System.map, as
# arch/i386/boot/compressed/misc.c does, and boots the board's zImage
# through scripts/run-qemu with the board's command:
#   - at the least RAM (QEMU's sizes are multiples of 8 KiB, and SeaBIOS
#     keeps the top 128 KiB) whose BIOS map holds that figure, the kernel
#     must start, print its own messages (the Memory line) and run
#     init-2m to its end (tiny.rounds=0: the meminfo right after boot
#     and the shell commands, no disk, network or fork rounds), with no
#     Oops, BUG or panic;
#   - 8 KiB lower, the decompressor must halt with "Not enough memory:
#     this kernel needs RAM up to NEEDk, the BIOS reports RAM up to
#     HAVEk" on the serial console (console=ttyS0), with NEED the figure
#     computed here and HAVE below it.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
need qemu-system-i386
vanilla_tree

build_2m
board=$M2_BOARD image=$M2_IMAGE
map=$BUILD/out/series-2m/System.map
[ -f "$map" ] || fail "no $map"
pg0=$(sed -n 's/^\([0-9a-f]*\) . pg0$/\1/p' "$map")
[ -n "$pg0" ] || fail "no pg0 in $map"

# need_k RAM_K: the RAM (KiB from 0) the kernel needs on a machine with
# RAM_K KiB, as misc.c's kernel_needs_k() computes it
need_k() {
	local end=$((0x$pg0 - 0xc0000000)) mapped=0 bitmap
	while :; do
		end=$((end + 4096))
		mapped=$((mapped + (4 << 20)))
		[ "$mapped" -lt $((end + (128 << 10))) ] || break
	done
	bitmap=$(((($1 / 4) + 7) / 8))
	bitmap=$(((bitmap + 3) / 4 * 4))
	echo $((((end + bitmap + 2 * 4096 - 2) / 4096 * 4096) / 1024))
}
need=$(need_k 2048)
# the least multiple of 8 KiB whose BIOS map (SeaBIOS: 128 KiB less)
# reaches the need; its bitmap is no larger than at 2048K
ram=$(((need + 128 + 7) / 8 * 8))
below=$((ram - 8))
echo "pg0 at 0x$pg0: the kernel needs RAM up to ${need}k; booting at ${ram}K and ${below}K"

logs=$BUILD/logs/2m-fits
mkdir -p "$logs"
# the whole "# append:" line (board_value gives its first word only)
append=$(sed -n 's/^# append: *//p' "$board" | head -n 1)
[ -n "$append" ] || fail "$board has no '# append:' line"
# boots RAM LOG [run-qemu options]: the board's boot, on a fresh copy of
# its disk
boots() {
	local ram=$1 log=$2
	shift 2
	cp "$BUILD/2m/disk.img" "$log.disk"
	"$TOP/scripts/run-qemu" -m "${ram}K" --hda "$log.disk" \
		--nic-model "$(board_value "$board" nic)" --log "$log" \
		--timeout 60 "$@" "$image" - >"$log.run-qemu" 2>&1
	local st=$?
	rm -f "$log.disk"
	return "$st"
}

problems=()
log=$logs/fits-${ram}K.log
if ! boots "$ram" "$log" --append "panic=1 $append tiny.rounds=0"; then
	problems+=("at ${ram}K the kernel did not boot to init-2m: $(tail -n 1 "$log.run-qemu")")
fi
tr -d '\r' <"$log" | grep -aq "^Memory: " ||
	problems+=("at ${ram}K no Memory line from the kernel (log: $log)")
case $(kv "$log" boot_memtotal_kb) in
'' | *[!0-9]*) problems+=("at ${ram}K init-2m printed no MemTotal (log: $log)") ;;
esac
grep -aq "Not enough memory" "$log" &&
	problems+=("at ${ram}K the decompressor refused the kernel (log: $log)")

log=$logs/fits-${below}K.log
boots "$below" "$log" --append "panic=1 $append" \
	--marker "System halted" --idle-timeout 8 || true
msg=$(tr -d '\r' <"$log" | grep -a "^Not enough memory" | head -n 1)
want="Not enough memory: this kernel needs RAM up to ${need}k, the BIOS reports RAM up to "
case $msg in
"$want"*k) ;;
*) problems+=("at ${below}K, on the serial console: '$msg', expected '$want...k' (log: $log)") ;;
esac
have=${msg##*up to }
have=${have%k}
case $have in
'' | *[!0-9]*) ;;
*) [ "$have" -lt "$need" ] ||
	problems+=("at ${below}K the BIOS reports ${have}k, not less than ${need}k") ;;
esac
grep -aq "Linux version" "$log" &&
	problems+=("at ${below}K the kernel started (log: $log)")

if [ ${#problems[@]} -gt 0 ]; then
	printf '%s\n' "${problems[@]}"
	fail "the decompressor's check does not match what the kernel needs"
fi
echo "starts at ${ram}K (MemTotal $(kv "$logs/fits-${ram}K.log" boot_memtotal_kb) kB right after boot); at ${below}K: $msg"
