#!/bin/bash
# With tiny/tinyconfig.patch, "make randconfig" with KCONFIG_ALLCONFIG
# keeps the values the file sets, choices included: a fragment picking
# the PC sub-architecture, the 486 processor and no high memory holds in
# every one of 4
# randconfig runs (2.6.14's conf seeds random() with the time in
# seconds, so the runs are a second apart), while the symbols it does
# not set still vary.  Without the fix a choice was drawn at random
# again: the processor family has more than 20 entries.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=../options/lib.sh
. "$TOP/tests/options/lib.sh"
need quilt
vanilla_tree

opt_tree "$TMP/tree" tiny/tinyconfig.patch
frag=$TMP/frag.config
# X86_PC too: the processor family is hidden on the ELAN sub-architecture.
printf '%s\n' CONFIG_EMBEDDED=y CONFIG_X86_PC=y CONFIG_M486=y CONFIG_NOHIGHMEM=y \
	>"$frag"

bad=0
for run in 1 2 3 4; do
	out=$TMP/out
	rm -rf "$out"
	mkdir -p "$out"
	[ "$run" = 1 ] || sleep 1
	KCONFIG_ALLCONFIG=$frag make -s -C "$TMP/tree" O="$out" ARCH=i386 \
		randconfig >"$TMP/make.log" 2>&1 ||
		{ tail -n 20 "$TMP/make.log"; fail "make randconfig failed"; }
	while read -r line; do
		grep -qxF "$line" "$out/.config" || {
			echo "run $run: $line not kept"
			bad=1
		}
	done <"$frag"
	cp "$out/.config" "$TMP/config.$run"
done
[ $bad -eq 0 ] || fail "randconfig did not keep KCONFIG_ALLCONFIG's values"
# the rest is still random
cmp -s "$TMP/config.1" "$TMP/config.2" && cmp -s "$TMP/config.2" "$TMP/config.3" &&
	fail "4 randconfig runs gave the same .config"
echo "4 randconfig runs kept EMBEDDED, X86_PC, M486 and NOHIGHMEM; the rest varied"
