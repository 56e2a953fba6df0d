#!/bin/bash
# The 2m board (configs/qemu-i386-2m.config, issue 19): built from the
# whole series with its root on its own ext2 disk (make rootdisk), it
# boots at the RAM of its board file's "# lowmem:" line, through
# scripts/boot-board with the board's own command (zImage, no initramfs,
# ne2k_isa, root=/dev/hda), and passes tests/guest/init-2m's workload:
# shell commands, a file larger than the RAM written, synced and read
# back from the disk with its md5 compared, ping of the gateway, 50
# forks, and, against tests/net/netserv.c on 127.0.0.1, a TCP transfer
# each way (a 256 KiB + 1 byte file fetched, 262144 bytes sent) with
# CRC-32s compared by the guest, the server and this test.  The guest
# must print MemTotal, MemFree and Slab, right after boot (as Mackall
# measured in 2004) and after the workload, with the same MemTotal, and
# /proc/zoneinfo's "min" watermark must be the board's
# CONFIG_MIN_FREE_KBYTES.  CORRUPT_2M=1
# makes the server flip a byte of what it sends: the test must then
# fail.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
need qemu-system-i386 gzip od "${HOSTCC:-gcc}"
vanilla_tree

build_2m
board=$M2_BOARD ram=$M2_RAM image=$M2_IMAGE

mkdir -p "$BUILD/logs"
crc32() {
	gzip -c <"$1" | tail -c 8 | od -An -tx4 -N4 --endian=little | tr -d ' '
}
get=$TMP/get.bin
put=$TMP/put.bin
head -c 262145 /dev/urandom >"$get"
corrupt=()
[ "${CORRUPT_2M:-0}" = 1 ] && corrupt=(-c)
log=$BUILD/logs/2m-$ram.log
serv=$BUILD/logs/2m-$ram.serv
netserv_start "$serv" ${corrupt[@]+"${corrupt[@]}"} -t 200 "$get" "$put" ||
	fail "cannot start the host's network server"
pid=$NETSERV_PID port=$NETSERV_PORT

ok=1
"$TOP/scripts/boot-board" --timeout 180 --append "tiny.netport=$port" \
	"$board" "$image" - "$BUILD/2m/disk.img" "$log" "$ram" || ok=0
kill "$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true

problems=()
[ "$ok" = 1 ] || problems+=("boot-board failed at $ram (log: $log)")
for k in shell disk ping_gw fork50 net_get net_put; do
	[ "$(kv "$log" "$k")" = ok ] || problems+=("$k=$(kv "$log" "$k") (log: $log)")
done
for k in memtotal_kb memfree_kb slab_kb boot_memtotal_kb boot_memfree_kb \
	boot_meminfo_Slab; do
	case $(kv "$log" "$k") in
	'' | *[!0-9]*) problems+=("$k=$(kv "$log" "$k")") ;;
	esac
done
[ "$(kv "$log" boot_memtotal_kb)" = "$(kv "$log" memtotal_kb)" ] ||
	problems+=("MemTotal $(kv "$log" boot_memtotal_kb) kB at boot, $(kv "$log" memtotal_kb) kB after the workload")
# the page allocator's reserve is the board's (tiny/min-free-kbytes.patch)
want=$(sed -n 's/^CONFIG_MIN_FREE_KBYTES=//p' "$BUILD/out/series-2m/.config")
if [ -n "$want" ] && [ "$want" != 0 ]; then
	[ "$(kv "$log" zone_min_kb)" = "$want" ] ||
		problems+=("zone_min_kb=$(kv "$log" zone_min_kb), the board sets MIN_FREE_KBYTES=$want")
fi
# the host's own CRC-32s of what was sent, and of what the server got
grep -q "^get bytes=262145 crc=$(crc32 "$get") " "$serv" ||
	problems+=("the server did not send the whole file ($serv)")
[ -f "$put" ] && [ "$(stat -c %s "$put")" = 262144 ] &&
	grep -q "^put bytes=262144 crc=$(crc32 "$put") .* ok " "$serv" ||
	problems+=("the server did not get 262144 good bytes ($serv)")
if [ ${#problems[@]} -gt 0 ]; then
	printf '%s\n' "${problems[@]}"
	fail "the 2m board at $ram"
fi
echo "2m board at $ram: right after boot MemTotal $(kv "$log" boot_memtotal_kb) kB, MemFree $(kv "$log" boot_memfree_kb) kB; after the workload MemFree $(kv "$log" memfree_kb) kB, Slab $(kv "$log" slab_kb) kB"
