#!/bin/sh
# net.sh: the guest half of tests/net/transfer.sh (tiny.test=net).
#
# Needs tiny.netport=PORT on the kernel command line: the port of
# tests/net/netserv.c on the host's 127.0.0.1, which QEMU's user network
# shows the guest as 10.0.2.2:PORT.  The standard workload has already
# set eth0 up as 10.0.2.15/24.  Pings the gateway 10.0.2.2 (ICMP), then
# /extra/bin/netclient (tests/guest/netclient.c) fetches the server's
# file, sends 1100000 bytes back and exchanges UDP datagrams, checking
# every CRC-32, and prints MemFree after all that (net_memfree_kb).
# Prints key=value lines; exit status 0 only if all passed.

port=""
read -r cmdline </proc/cmdline
for w in $cmdline; do
	case $w in
	tiny.netport=*) port=${w#tiny.netport=} ;;
	esac
done
if [ -z "$port" ]; then
	echo "net_reason=no tiny.netport= on the kernel command line"
	exit 1
fi

st=0
if out=$(ping -c 3 -w 10 10.0.2.2 2>&1) &&
	echo "$out" | grep -q '3 packets received'; then
	echo "net_ping_gw=ok"
else
	echo "net_ping_gw=fail"
	echo "net_ping_gw_reason=$(echo "$out" | tail -n 2 | tr '\n' ' ')"
	st=1
fi
/extra/bin/netclient 10.0.2.2 "$port" 1100000 || st=1
echo "net_memfree_kb=$(awk '$1 == "MemFree:" { print $2 }' /proc/meminfo)"
exit $st
