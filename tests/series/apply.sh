#!/bin/bash
# The whole series applies to a pristine, verified tree with quilt push -a
# (the way the README tells users to do it), and quilt pop -a brings the
# tree back to vanilla's tree id.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
need quilt git
vanilla_tree

t=$TMP/linux-2.6.14
cp -al "$VANILLA" "$t"
ln -s "$TOP/patches" "$t/patches"
ln -s "$TOP/series" "$t/series"
n=$(series_entries | wc -l)
[ "$n" -gt 0 ] || fail "series is empty"

(cd "$t" && quilt --quiltrc="$QUILTRC" push -a) >"$TMP/push.log" 2>&1 ||
	{ tail -n 20 "$TMP/push.log"; fail "quilt push -a failed"; }
applied=$(cd "$t" && quilt --quiltrc="$QUILTRC" applied | wc -l)
[ "$applied" -eq "$n" ] || fail "quilt applied $applied of $n patches"
echo "quilt push -a: $applied patches applied"

(cd "$t" && quilt --quiltrc="$QUILTRC" pop -a) >"$TMP/pop.log" 2>&1 ||
	{ tail -n 20 "$TMP/pop.log"; fail "quilt pop -a failed"; }
rm -rf "$t/.pc" "$t/patches" "$t/series"
id=$(tree_id "$t")
[ "$id" = "$VANILLA_TREE_ID" ] ||
	fail "after quilt pop -a the tree id is $id, not vanilla's $VANILLA_TREE_ID"
echo "quilt pop -a: tree id $id (vanilla)"
