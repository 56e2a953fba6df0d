#!/bin/bash
# "make tinyconfig" has every option of the series at its small setting:
# each CONFIG_ line of every configs/fragments/NAME.config (the small
# setting of tiny/NAME.patch, as the matrix builds it) is a line of
# arch/i386/configs/tiny.config in tiny/tinyconfig.patch, except
# CONFIG_EMBEDDED=y (tinyconfig sets it) and fragments that say
# "# not in tiny.config: WHY" (a setting the tiny board cannot have).
# And every tiny patch has such a fragment.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"

patch=$TOP/patches/tiny/tinyconfig.patch
[ -f "$patch" ] || fail "no patches/tiny/tinyconfig.patch"
# the lines the patch adds to tiny.config
awk '/^\+\+\+ b\/arch\/i386\/configs\/tiny.config/ { on = 1; next }
	/^(\+\+\+|---) / { on = 0 }
	on && /^\+/ { print substr($0, 2) }' "$patch" >"$TMP/tiny.config"
[ -s "$TMP/tiny.config" ] || fail "tinyconfig.patch adds no arch/i386/configs/tiny.config"

bad=0 n=0
for p in $(series_entries tiny/); do
	name=$(basename "$p" .patch)
	[ "$name" = tinyconfig ] && continue
	frag=$TOP/configs/fragments/$name.config
	if [ ! -f "$frag" ]; then
		echo "$p: no configs/fragments/$name.config"
		bad=1
		continue
	fi
	if grep -q '^# not in tiny.config: ' "$frag"; then
		echo "$name: $(sed -n 's/^# not in tiny.config: //p' "$frag")"
		continue
	fi
	while read -r line; do
		[ "$line" = CONFIG_EMBEDDED=y ] && continue
		n=$((n + 1))
		if ! grep -qxF -- "$line" "$TMP/tiny.config"; then
			echo "$name: tiny.config lacks '$line'"
			bad=1
		fi
	done < <(grep -E '^(CONFIG_|# CONFIG_.* is not set)' "$frag")
done
[ "$bad" = 0 ] || fail "tinyconfig does not have every small setting"
echo "tiny.config has all $n small settings of the tiny patches"
echo PASS
