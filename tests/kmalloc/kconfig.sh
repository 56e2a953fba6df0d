#!/bin/bash
# KMALLOC_ACCOUNTING depends on PROC_FS: its only interface is
# /proc/kmalloc.  With compat + tiny/kmalloc-accounting.patch, a
# .config asking for EMBEDDED and KMALLOC_ACCOUNTING keeps
# KMALLOC_ACCOUNTING=y through "make oldconfig" with PROC_FS=y, and
# loses it with PROC_FS=n.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=../options/lib.sh
. "$TOP/tests/options/lib.sh"
need quilt
vanilla_tree

opt_tree "$TMP/tree" tiny/kmalloc-accounting.patch

# conf PROC_FS_LINE: the .config that "make oldconfig" makes, taking
# every default, from EMBEDDED=y, KMALLOC_ACCOUNTING=y and that line
# (2.6.14's allnoconfig has no KCONFIG_ALLCONFIG without tinyconfig.patch)
conf() {
	local out=$TMP/out
	rm -rf "$out"
	mkdir -p "$out"
	printf '%s\n' CONFIG_EMBEDDED=y CONFIG_KMALLOC_ACCOUNTING=y "$1" \
		>"$out/.config"
	yes '' | make -s -C "$TMP/tree" O="$out" ARCH=i386 oldconfig \
		>"$TMP/make.log" 2>&1 ||
		{ tail -n 20 "$TMP/make.log"; fail "make oldconfig failed"; }
	cat "$out/.config"
}

conf CONFIG_PROC_FS=y >"$TMP/with"
grep -qx 'CONFIG_PROC_FS=y' "$TMP/with" || fail "PROC_FS=y did not stick"
grep -qx 'CONFIG_KMALLOC_ACCOUNTING=y' "$TMP/with" ||
	fail "KMALLOC_ACCOUNTING cannot be set even with PROC_FS=y"
conf '# CONFIG_PROC_FS is not set' >"$TMP/without"
grep -q '^CONFIG_PROC_FS=y' "$TMP/without" && fail "PROC_FS=n did not stick"
if grep -q '^CONFIG_KMALLOC_ACCOUNTING=y' "$TMP/without"; then
	fail "KMALLOC_ACCOUNTING=y with PROC_FS=n: no /proc/kmalloc to read it"
fi
echo "KMALLOC_ACCOUNTING=y with PROC_FS=y, not set without PROC_FS"
