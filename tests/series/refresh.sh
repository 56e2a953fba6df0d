#!/bin/bash
# The patches are kept refreshed: pushing them one by one onto vanilla
# and running "quilt refresh" after each changes no patch (no fuzz, no
# offsets, same header and diff options).
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
need quilt
vanilla_tree

t=$TMP/linux-2.6.14
cp -al "$VANILLA" "$t"
cp -a "$TOP/patches" "$TMP/patches"
ln -s "$TMP/patches" "$t/patches"
cp "$TOP/series" "$t/series"
n=0
while (cd "$t" && quilt --quiltrc="$QUILTRC" push) >"$TMP/push.log" 2>&1; do
	p=$(cd "$t" && quilt --quiltrc="$QUILTRC" top)
	if grep -q -E 'offset|fuzz' "$TMP/push.log"; then
		cat "$TMP/push.log"
		fail "$p applies with an offset or fuzz in series order: refresh it"
	fi
	(cd "$t" && quilt --quiltrc="$QUILTRC" refresh) >/dev/null 2>&1 ||
		fail "quilt refresh of $p failed"
	cmp -s "$TOP/patches/$p" "$TMP/patches/$p" || {
		diff -u "$TOP/patches/$p" "$TMP/patches/$p" | head -n 30
		fail "quilt refresh changes $p"
	}
	n=$((n + 1))
done
grep -q 'No patch\|File series fully applied' "$TMP/push.log" ||
	{ cat "$TMP/push.log"; fail "quilt push stopped early"; }
[ "$n" -eq "$(series_entries | wc -l)" ] || fail "only $n patches were pushed"
echo "$n patches pushed and refreshed, none changed"
