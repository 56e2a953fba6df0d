#!/bin/bash
# Documentation/report/ (the output of make report) names no absolute
# path of the machine that made it: no "/home/...", "/root/...",
# "/tmp/..." or a checkout's own path.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
dir=$TOP/Documentation/report
[ -d "$dir" ] || fail "no $dir"
n=$(find "$dir" -type f | wc -l)
[ "$n" -gt 0 ] || fail "$dir is empty"
if grep -rnE -e "(^|[^A-Za-z0-9_.~-])/(home|root|tmp|work|srv|opt)/" \
	-e "$TOP" "$dir" >"$TMP/hits"; then
	head -n 5 "$TMP/hits"
	fail "Documentation/report/ names paths of the machine that made it"
fi
echo "PASS: $n files, no absolute paths"
