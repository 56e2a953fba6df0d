#!/bin/bash
# scripts/size-delta counts text, data and bss exactly as binutils size
# (Berkeley format) does, on every vmlinux the tests have built
# (every vmlinux under build/, two levels down at most: build/out/*/,
# build/opt-*/*/ ...).  When none is there yet, it builds the min board
# first, so it does not depend on other tests having run.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
cross=${CROSS_COMPILE:-i686-linux-gnu-}
need "${cross}size"
make -s -C "$TOP" tools >/dev/null
sd=$BUILD/bin/size-delta
if [ -z "$(find "$BUILD" -mindepth 2 -maxdepth 3 -name vmlinux -type f 2>/dev/null)" ]; then
	vanilla_tree
	make -s -C "$TOP" --no-print-directory BOARD=min kernel >/dev/null ||
		fail "cannot build the min board"
fi
n=0
while read -r v; do
	want=$("${cross}size" "$v" | awk 'NR == 2 { print $1, $2, $3, $4 }')
	got=$("$sd" "$v" "$v" | awk '$1 == "text:" { t = $2 } $1 == "data:" { d = $2 }
		$1 == "bss:" { b = $2 } $1 == "total:" { s = $2 } END { print t, d, b, s }')
	[ "$want" = "$got" ] || fail "$v: size says $want, size-delta says $got"
	n=$((n + 1))
done < <(find "$BUILD" -mindepth 2 -maxdepth 3 -name vmlinux -type f | sort)
[ "$n" -gt 0 ] || fail "no vmlinux under $BUILD, even after building min"
echo "size-delta agrees with size on $n vmlinux files"
