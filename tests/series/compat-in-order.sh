#!/bin/bash
# Every compat and fixes patch applies in series order with patch -p1
# --fuzz=0.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
vanilla_tree

t=$TMP/linux-2.6.14
cp -al "$VANILLA" "$t"
n=0
for p in $(base_entries); do
	(cd "$t" && patch -p1 --fuzz=0 -s <"$TOP/patches/$p") >"$TMP/patch.log" 2>&1 ||
		{ cat "$TMP/patch.log"; fail "$p does not apply after the compat and fixes patches before it"; }
	echo "ok $p"
	n=$((n + 1))
done
[ "$n" -gt 0 ] || fail "series lists no compat patch"
echo "$n compat and fixes patches applied in order"
