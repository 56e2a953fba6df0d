#!/bin/bash
# fixes/tcp-clone-mc-list.patch in a guest: the min board from the
# compat and fixes patches; a listening TCP socket on 127.0.0.1 joins a
# multicast group, and the socket accept() returns for it must not be in
# that group (tests/options/guest/mc-clone.c, 20 rounds).  Vanilla
# 2.6.14 gives the child the listener's membership list, and closing
# both frees its entries twice (LTP's accept02, CVE-2017-8890).
# MC_PATCH=none builds the tree without the patch (it must fail).
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=../options/lib.sh
. "$TOP/tests/options/lib.sh"
need quilt qemu-system-i386 "${CROSS}gcc" i386-linux-musl-gcc
vanilla_tree

opt_init mc-clone
if [ "${MC_PATCH:-}" = none ]; then
	set=$(base_entries | grep -vx 'fixes/tcp-clone-mc-list.patch' | paste -sd, -)
	"$TOP/scripts/prepare-tree" "$VANILLA" "$W/tree-none" "$set" >/dev/null ||
		fail "prepare-tree $W/tree-none failed"
	tree=$W/tree-none out=$W/out-none
else
	base_entries | grep -qx 'fixes/tcp-clone-mc-list.patch' ||
		fail "fixes/tcp-clone-mc-list.patch is not in series"
	opt_tree "$W/tree"
	tree=$W/tree out=$W/out
fi
opt_kernel "$tree" "$out"
opt_initramfs "$W"
opt_boot "$W/mc-clone.log" "$out" --append "panic=1 tiny.test=mc-clone"
guest_passed "$W/mc-clone.log" mc-clone
expect_kv "$W/mc-clone.log" mc_clone ok
echo "PASS: $(kv "$W/mc-clone.log" mc_clone_rounds) accepted sockets, none in the listener's group"
