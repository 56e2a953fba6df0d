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
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
need quilt
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
cp -al "$VANILLA" "$tree"
ln -s "$TOP/patches" "$tree/patches"
cp "$TOP/series" "$tree/series"
n=0
built=0
for p in $(series_entries); do
	(cd "$tree" && quilt --quiltrc="$QUILTRC" push) >"$TMP/push.log" 2>&1 ||
		{ cat "$TMP/push.log"; fail "prefix ending in $p does not apply"; }
	n=$((n + 1))
	[ "$n" -ge "$first" ] || continue
	echo "== prefix $n: $p"
	"$TOP/scripts/build-kernel" "$tree" "$TOP/configs/qemu-i386-min.config" "$out" ||
		fail "the prefix ending in $p does not build the min board"
	built=$((built + 1))
done
echo "$built prefixes (of $n) built the min board"
rm -rf "$tree"
