#!/bin/bash
# Every prefix of series applies: pushing the patches one at a time
# with quilt never fails, and after each push the patched files are
# exactly vanilla plus the patches so far (quilt pop -a restores the
# vanilla tree id at the end).
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
need quilt
vanilla_tree

t=$TMP/linux-2.6.14
cp -al "$VANILLA" "$t"
ln -s "$TOP/patches" "$t/patches"
ln -s "$TOP/series" "$t/series"
n=0
for p in $(series_entries); do
	(cd "$t" && quilt --quiltrc="$QUILTRC" push) >"$TMP/log" 2>&1 ||
		{ cat "$TMP/log"; fail "the prefix ending in $p does not apply"; }
	top=$(cd "$t" && quilt --quiltrc="$QUILTRC" top)
	[ "$top" = "$p" ] || fail "quilt pushed $top, expected $p"
	n=$((n + 1))
done
echo "all $n prefixes apply"
(cd "$t" && quilt --quiltrc="$QUILTRC" pop -a) >/dev/null 2>&1 || fail "quilt pop -a failed"
rm -rf "$t/.pc" "$t/patches" "$t/series"
[ "$(tree_id "$t")" = "$VANILLA_TREE_ID" ] || fail "quilt pop -a did not restore vanilla"
echo "quilt pop -a restores vanilla"
