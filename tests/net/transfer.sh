#!/bin/bash
# The network test: over QEMU's user network (ne2k_pci, scripts/boot-board
# --nic), the min board (every option at its default) and the tiny board
# (every option small, the networking ones too) each boot once with
# tiny.test=net (tests/guest/tests/net.sh), against tests/net/netserv.c
# started here on 127.0.0.1 only, which stops on its own.  It passes when,
# on each board:
#   - the guest pings the gateway 10.0.2.2 (ICMP, 3 of 3 answered);
#   - the guest fetches a 1 MiB + 4321 byte file of random bytes (GET) and
#     its CRC-32 equals the server's, and this test's own (from gzip);
#   - the guest sends 1100000 bytes (PUT); the server, the guest and this
#     test (from the file the server wrote) find the same size and CRC-32;
#   - UDP datagrams of 1, 512, 1472, 4000 and 8192 bytes go to the server
#     and come back transformed, each checked by the guest, and the server
#     saw all five sizes;
#   - the guest's workload passed and the server ended by itself ("bye").
# The throughput of each transfer (guest clock and host clock) is printed
# as a figure only.  NET_BOARDS="min" boots fewer boards; NET_CORRUPT=1
# makes the server flip one byte of the file it sends, and the test must
# then fail.  Logs: build/logs/net-BOARD.log and net-BOARD.serv.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
vanilla_tree
need qemu-system-i386 gzip od "${HOSTCC:-gcc}"

mkdir -p "$BUILD/logs"
make -C "$TOP" --no-print-directory initramfs >"$TMP/initramfs.log" 2>&1 ||
	{ tail -n 20 "$TMP/initramfs.log"; fail "make initramfs"; }

# crc32 FILE: the file's CRC-32 (IEEE 802.3) in hex, from gzip's trailer
crc32() {
	gzip -c <"$1" | tail -c 8 | od -An -tx4 -N4 --endian=little | tr -d ' '
}

get=$TMP/get.bin
head -c $((1048576 + 4321)) /dev/urandom >"$get"
get_size=$(stat -c %s "$get")
get_crc=$(crc32 "$get")
put_size=1100000
corrupt=()
[ "${NET_CORRUPT:-0}" = 1 ] && corrupt=(-c)

bad=0
for board in ${NET_BOARDS:-min tiny}; do
	board_file=$TOP/configs/qemu-i386-$board.config
	[ -f "$board_file" ] || fail "no board $board"
	ram=$(board_ram "$board_file")
	make -C "$TOP" --no-print-directory BOARD="$board" kernel \
		>"$TMP/kernel-$board.log" 2>&1 ||
		{ tail -n 20 "$TMP/kernel-$board.log"; fail "make BOARD=$board kernel"; }
	bzimage=$BUILD/out/series-$board/arch/i386/boot/bzImage
	log=$BUILD/logs/net-$board.log
	serv=$BUILD/logs/net-$board.serv
	put=$TMP/put-$board.bin
	rm -f "$put"

	netserv_start "$serv" ${corrupt[@]+"${corrupt[@]}"} -t 300 "$get" "$put" ||
		fail "cannot start the host's network server"
	pid=$NETSERV_PID port=$NETSERV_PORT

	qemu_ok=1
	"$TOP/scripts/boot-board" --quiet --timeout 280 \
		--append "tiny.test=net tiny.netport=$port" "$board_file" \
		"$bzimage" "$BUILD/initramfs.cpio.gz" - "$log" >/dev/null || qemu_ok=0
	serv_status=0
	if kill -0 "$pid" 2>/dev/null; then
		sleep 2
		kill "$pid" 2>/dev/null || true
	fi
	wait "$pid" || serv_status=$?

	problems=()
	check() { # check WHAT WANT GOT
		[ "$2" = "$3" ] || problems+=("$1: expected '$2', got '$3'")
	}
	[ "$qemu_ok" = 1 ] || problems+=("boot-board failed: the kernel, or a guest check (see $log)")
	check results pass "$(kv "$log" results)"
	check test_net ok "$(kv "$log" test_net)"
	check ping_gw ok "$(kv "$log" net_ping_gw)"
	check get ok "$(kv "$log" net_get)"
	check get_bytes "$get_size" "$(kv "$log" net_get_bytes)"
	check get_crc_guest "$get_crc" "$(kv "$log" net_get_crc)"
	check get_server "get bytes=$get_size crc=$get_crc" \
		"$(grep -o '^get bytes=[0-9]* crc=[0-9a-f]*' "$serv")"
	check put ok "$(kv "$log" net_put)"
	check put_bytes "$put_size" "$(kv "$log" net_put_bytes)"
	put_crc=$(kv "$log" net_put_crc)
	check put_server "put bytes=$put_size crc=$put_crc want=$put_crc ok" \
		"$(grep -o '^put bytes=.* ok' "$serv")"
	if [ -f "$put" ]; then
		check put_file "$put_size $put_crc" "$(stat -c %s "$put") $(crc32 "$put")"
	else
		problems+=("the server wrote no file")
	fi
	check udp ok "$(kv "$log" net_udp)"
	check udp_server "1 512 1472 4000 8192" \
		"$(sed -n 's/^udp bytes=//p' "$serv" | sort -n -u | tr '\n' ' ' | sed 's/ $//')"
	check server_end "bye 0" "$(grep -c '^bye$' "$serv" | sed 's/^1$/bye/') $serv_status"

	ms() { sed -n "s/^$1 .* ms=\([0-9]*\).*/\1/p" "$serv"; }
	kbps() { [ "${2:-0}" -gt 0 ] && echo $(($1 * 1000 / 1024 / $2)) || echo -; }
	echo "$board at $ram MB: GET $(kv "$log" net_get_bytes) bytes in $(kv "$log" net_get_ms) ms: $(kv "$log" net_get_kBps) kB/s (guest clock)"
	echo "$board at $ram MB: PUT $(kv "$log" net_put_bytes) bytes in $(kv "$log" net_put_ms) ms: $(kv "$log" net_put_kBps) kB/s (guest clock), $(kbps "$put_size" "$(ms put)") kB/s (host clock)"
	echo "$board at $ram MB: UDP $(kv "$log" net_udp_datagrams) datagrams echoed, ping 10.0.2.2 $(kv "$log" net_ping_gw)"
	if [ ${#problems[@]} -gt 0 ]; then
		printf '%s: %s\n' "$board" "${problems[@]}"
		echo "$board: logs $log $serv"
		bad=1
	else
		echo "$board: network test ok"
	fi
done
[ "$bad" = 0 ] || fail "network test"
echo "PASS: network test on ${NET_BOARDS:-min tiny}"
