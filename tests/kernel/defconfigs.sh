#!/bin/bash
# Each board ships as a complete .config, configs/qemu-i386-B_defconfig,
# made by "make defconfigs".  Checks that each equals what make-config
# gives from the board file in a tree with the whole series (so none is
# stale), and that copying it into such a tree as .config and running
# "make oldconfig" changes nothing.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
need "${CROSS_COMPILE:-i686-linux-gnu-}gcc"
vanilla_tree

tree=$BUILD/trees/series
"$TOP/scripts/prepare-tree" "$VANILLA" "$tree" series >/dev/null ||
	fail "prepare-tree $tree failed"
mapfile -t boards < <(ls "$TOP"/configs/qemu-i386-*.config)
[ ${#boards[@]} -gt 0 ] || fail "no board files in configs/"
BUILD=$TMP "$TOP/scripts/make-defconfigs" "$tree" "$TMP/new" "${boards[@]}" >/dev/null ||
	fail "make-defconfigs failed"

undated() {
	sed '1,5{/^# [A-Z][a-z][a-z] [A-Z][a-z][a-z] .* [0-9][0-9][0-9][0-9]$/d}' "$1"
}

for b in "${boards[@]}"; do
	name=$(basename "$b" .config)
	shipped=$TOP/configs/${name}_defconfig
	[ -f "$shipped" ] || fail "configs/${name}_defconfig missing (run make defconfigs)"
	diff -u "$shipped" "$TMP/new/${name}_defconfig" >"$TMP/diff" ||
		{ head -n 20 "$TMP/diff"; fail "configs/${name}_defconfig is stale (run make defconfigs)"; }
	o=$TMP/o-$name
	mkdir -p "$o"
	cp "$shipped" "$o/.config"
	make -s -C "$tree" O="$o" ARCH=i386 \
		CROSS_COMPILE="${CROSS_COMPILE:-i686-linux-gnu-}" oldconfig \
		</dev/null >"$o.log" 2>&1 || { cat "$o.log"; fail "oldconfig on ${name}_defconfig failed"; }
	undated "$o/.config" | diff -u "$shipped" - >"$TMP/diff" ||
		{ head -n 20 "$TMP/diff"; fail "make oldconfig changes configs/${name}_defconfig"; }
	echo "ok ${name}_defconfig: current, and make oldconfig keeps it"
done
echo "PASS: ${#boards[@]} defconfigs"
