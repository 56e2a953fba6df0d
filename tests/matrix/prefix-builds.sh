#!/bin/bash
# The series is bisectable: every prefix builds the min board.
#
# The first five compat patches each fix a different build failure with
# gcc 12 (make's mixed rules, compiler.h, PIE, the vsyscall link, GNU89
# inline), so 2.6.14 first builds once all five are in; from that
# prefix on, every prefix must build.  The prefixes are built one after
# the other in one tree and one output folder, so that kbuild rebuilds
# only what each patch touches.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
need quilt
vanilla_tree

first=5
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
