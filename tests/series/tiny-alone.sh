#!/bin/bash
# Every patch under tiny/ applies alone with patch -p1 --fuzz=0, both to
# vanilla 2.6.14 and on top of the compat and fixes patches.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
vanilla_tree

compat=$TMP/compat
cp -al "$VANILLA" "$compat"
for p in $(base_entries); do
	(cd "$compat" && patch -s -p1 --fuzz=0 <"$TOP/patches/$p") ||
		fail "base patch $p does not apply in order"
done

n=0
bad=0
for p in $(series_entries tiny/); do
	for base in vanilla compat; do
		t=$TMP/t-$base
		rm -rf "$t"
		if [ $base = vanilla ]; then cp -al "$VANILLA" "$t"; else cp -al "$compat" "$t"; fi
		if (cd "$t" && patch -p1 --fuzz=0 <"$TOP/patches/$p") >"$TMP/log" 2>&1; then
			echo "ok $p on $base"
		else
			cat "$TMP/log"
			echo "FAILED $p on $base"
			bad=1
		fi
	done
	n=$((n + 1))
done
rm -rf "$TMP"/t-*
[ "$n" -gt 0 ] || fail "series lists no tiny patch"
[ $bad -eq 0 ] || fail "some tiny patches do not apply alone"
echo "$n tiny patches apply alone to vanilla and to vanilla + compat + fixes"
