#!/bin/bash
# The series is bisectable: every prefix builds the min board.
#
# The first compat patches each fix a different build failure with
# gcc 12 (make's mixed rules, compiler.h, PIE, the vsyscall link, GNU89
# inline), so 2.6.14 first builds once all of them are in.  The series
# file marks that place with the comment line "# -- every prefix from
# here on builds"; from that prefix on, every prefix must build.  The prefixes are built one after
# the other in one tree and one output folder, so that kbuild rebuilds
# only what each patch touches.
#
# Every prefix past the compat and fixes patches must also leave the min
# board's vmlinux as the compat and fixes patches alone make it: every
# section (but .init.ramfs) of the same size.  The tiny patches at
# their defaults change nothing, one on top of the other; this is the
# board-config half of tests/kernel/default-unchanged.sh, taken
# cumulatively from builds this test makes anyway.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=../options/lib.sh
. "$TOP/tests/options/lib.sh"
need quilt "${CROSS}objdump" "${CROSS}size"
vanilla_tree

# first: how many patches come before the marker
first=$(sed -e '/^# -- every prefix from here on builds/q' -e 's/#.*//' \
	-e 's/[[:space:]]*$//' -e '/^$/d' "$TOP/series" | grep -vc '^# --' || true)
if [ "$first" = 0 ] || ! grep -q '^# -- every prefix from here on builds' "$TOP/series"; then
	fail "series has no '# -- every prefix from here on builds' line"
fi
echo "every prefix of $first patches or more must build"
tree=$BUILD/trees/prefixes
out=$BUILD/out/prefixes-min
rm -rf "$tree" "$tree.manifest"
mkdir -p "$BUILD/trees"
cp -al "$VANILLA" "$tree"
ln -s "$TOP/patches" "$tree/patches"
cp "$TOP/series" "$tree/series"
base=$(base_entries | wc -l)
[ "$(series_entries | head -n "$base")" = "$(base_entries)" ] ||
	fail "series: the compat and fixes patches must come before the others"
n=0
built=0
same=0
changed=""
for p in $(series_entries); do
	(cd "$tree" && quilt --quiltrc="$QUILTRC" push) >"$TMP/push.log" 2>&1 ||
		{ cat "$TMP/push.log"; fail "prefix ending in $p does not apply"; }
	n=$((n + 1))
	[ "$n" -ge "$first" ] || continue
	echo "== prefix $n: $p"
	"$TOP/scripts/build-kernel" "$tree" "$TOP/configs/qemu-i386-min.config" "$out" ||
		fail "the prefix ending in $p does not build the min board"
	built=$((built + 1))
	if [ "$n" = "$base" ]; then
		sections "$out" >"$TMP/sections-base"
		echo "   compat and fixes: text data bss $(sizes "$out")"
	elif [ "$n" -gt "$base" ]; then
		sections "$out" >"$TMP/sections-now"
		if diff "$TMP/sections-base" "$TMP/sections-now" >"$TMP/diff.out"; then
			same=$((same + 1))
		else
			echo "   vmlinux differs from compat and fixes alone:"
			cat "$TMP/diff.out"
			changed="$changed $p"
		fi
	fi
done
echo "$built prefixes (of $n) built the min board"
[ "$n" -gt "$base" ] || fail "no tiny patches after the $base compat and fixes patches"
rm -rf "$tree"
[ -z "$changed" ] || fail "vmlinux changed at the defaults with:$changed"
echo "$same prefixes with tiny patches leave the min board's vmlinux unchanged"
