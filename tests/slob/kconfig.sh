#!/bin/bash
# DEBUG_SLAB needs SLAB (tiny/slob.patch adds "depends on SLAB" in
# lib/Kconfig.debug): mm/slob.c has no slab debugging, so a .config
# that asks for DEBUG_KERNEL=y and DEBUG_SLAB=y with SLAB=n must come
# out of "make oldconfig" without DEBUG_SLAB.  The same request with
# SLAB=y keeps it, which shows that the request does reach it.
# Tree: vanilla + the compat series + tiny/slob.patch.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
need make quilt
vanilla_tree
set=$(series_entries compat/ | paste -sd, -),tiny/slob.patch
"$TOP/scripts/prepare-tree" "$VANILLA" "$TMP/tree" "$set" >/dev/null ||
	fail "prepare-tree failed"
for slab in n y; do
	out=$TMP/out-$slab
	mkdir -p "$out"
	{
		echo CONFIG_EMBEDDED=y
		if [ "$slab" = y ]; then
			echo CONFIG_SLAB=y
		else
			echo "# CONFIG_SLAB is not set"
		fi
		echo CONFIG_DEBUG_KERNEL=y
		echo CONFIG_DEBUG_SLAB=y
	} >"$out/.config"
	# Every other symbol takes its default.
	yes '' | make -s -C "$TMP/tree" O="$out" ARCH=i386 oldconfig \
		>"$TMP/log-$slab" 2>&1 ||
		{ tail -n 20 "$TMP/log-$slab"; fail "oldconfig failed (SLAB=$slab)"; }
	if [ "$slab" = y ]; then
		grep -qx "CONFIG_SLAB=y" "$out/.config" || fail "SLAB=y did not hold"
	else
		grep -qx "# CONFIG_SLAB is not set" "$out/.config" ||
			fail "SLAB=n did not hold"
	fi
	grep -qx "CONFIG_DEBUG_KERNEL=y" "$out/.config" ||
		fail "DEBUG_KERNEL=y did not hold (SLAB=$slab)"
	dbg=n
	if grep -qx "CONFIG_DEBUG_SLAB=y" "$out/.config"; then
		dbg=y
	fi
	echo "SLAB=$slab, DEBUG_SLAB asked for: DEBUG_SLAB=$dbg"
	if [ "$slab" = n ] && [ "$dbg" = y ]; then
		fail "DEBUG_SLAB=y with SLAB=n"
	fi
	if [ "$slab" = y ] && [ "$dbg" = n ]; then
		fail "DEBUG_SLAB=n with SLAB=y: the request did not reach it"
	fi
done
