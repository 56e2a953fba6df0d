#!/bin/bash
# NET_DEV_MULTICAST=n cannot be combined with the protocols that need
# the device multicast lists (tiny/dev-multicast.patch): IPv6 (neighbour
# discovery joins solicited-node groups), DECnet and AppleTalk over
# Ethernet (their hello and AARP multicasts) and the CLUSTERIP target
# (its cluster MAC).  With compat + tiny/dev-multicast.patch, a .config
# asking for all four keeps them through "make oldconfig" with
# NET_DEV_MULTICAST=y, and loses every one with NET_DEV_MULTICAST=n.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=../options/lib.sh
. "$TOP/tests/options/lib.sh"
need quilt
vanilla_tree

opt_tree "$TMP/tree" tiny/dev-multicast.patch
wanted="IPV6 DECNET ATALK IP_NF_TARGET_CLUSTERIP"

# conf LINE: the .config that "make oldconfig" makes, taking every
# default, from the networking options, the four protocols and LINE
conf() {
	local s
	# shellcheck disable=SC2046 # one word per option
	oldconfig_of "$TMP/tree" CONFIG_EMBEDDED=y CONFIG_EXPERIMENTAL=y \
		CONFIG_NET=y CONFIG_INET=y CONFIG_NETFILTER=y \
		CONFIG_IP_NF_CONNTRACK=y CONFIG_IP_NF_CONNTRACK_MARK=y \
		CONFIG_IP_NF_IPTABLES=y "$1" $(for s in $wanted; do echo "CONFIG_$s=y"; done)
}

conf CONFIG_NET_DEV_MULTICAST=y >"$TMP/with"
grep -qx 'CONFIG_NET_DEV_MULTICAST=y' "$TMP/with" || fail "NET_DEV_MULTICAST=y did not stick"
for s in $wanted; do
	grep -qx "CONFIG_$s=y" "$TMP/with" ||
		fail "$s cannot be set even with NET_DEV_MULTICAST=y"
done
conf '# CONFIG_NET_DEV_MULTICAST is not set' >"$TMP/without"
grep -q '^CONFIG_NET_DEV_MULTICAST=y' "$TMP/without" && fail "NET_DEV_MULTICAST=n did not stick"
for s in $wanted; do
	if grep -q "^CONFIG_$s=[ym]" "$TMP/without"; then
		fail "$s is on with NET_DEV_MULTICAST=n: it cannot work without the lists"
	fi
done
echo "$wanted: on with NET_DEV_MULTICAST=y, none with NET_DEV_MULTICAST=n"
