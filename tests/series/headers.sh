#!/bin/bash
# Every patch in series exists and is a mail: From, Subject, a body that
# says why, and Signed-off-by; and every patch file is in series.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"

bad=0
for p in $(series_entries); do
	f=$TOP/patches/$p
	if [ ! -f "$f" ]; then
		echo "series names patches/$p, which does not exist"
		bad=1
		continue
	fi
	head=$(sed '/^---$/,$d; /^diff \|^--- a\//,$d' "$f")
	for h in '^From: .*<.*@.*>' '^Subject: ' '^Signed-off-by: .*<.*@.*>'; do
		echo "$head" | grep -q "$h" || { echo "$p: no header line matching $h"; bad=1; }
	done
	body=$(echo "$head" | sed -e '/^From: /d' -e '/^Subject: /d' -e '/^Signed-off-by: /d' -e '/^$/d' | wc -l)
	[ "$body" -ge 3 ] || { echo "$p: the header says too little ($body lines) about why"; bad=1; }
done
for f in $(cd "$TOP/patches" && find . -name '*.patch' | sed 's|^\./||' | sort); do
	series_entries | grep -qx "$f" || { echo "patches/$f is not in series"; bad=1; }
done
[ $bad -eq 0 ] || fail "patch headers or series are incomplete"
echo "$(series_entries | wc -l) patches, all with headers"
