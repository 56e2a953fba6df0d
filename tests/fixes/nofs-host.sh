#!/bin/bash
# fixes/oom-nofs.patch: 2.6.14's __alloc_pages(), taken from the patched
# mm/page_alloc.c, runs on the host against a model of one zone.  An
# allocation without __GFP_FS waits while kswapd can still free slab or
# pages are being written, and reaches the OOM killer when there is
# nothing left to free, whether or not kswapd marks the zone
# all_unreclaimable, but not while the few pages its reclaim freed lift
# the zone above pages_min.  An allocation that called the OOM killer
# and got its page ends the OOM killer's wait (fixes/oom-no-spin.patch).
# The patches are the series' fixes that change mm/page_alloc.c, in
# order; NOFS_PATCHES=none (vanilla: loops for ever) and
# NOFS_PATCHES="FILE..." (older patches) must fail.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
need gcc patch
vanilla_tree

mkdir -p "$TMP/src/mm" "$TMP/src/include/linux"
cp "$VANILLA/mm/page_alloc.c" "$VANILLA/mm/oom_kill.c" "$TMP/src/mm/"
cp "$VANILLA/include/linux/swap.h" "$TMP/src/include/linux/"
patches=${NOFS_PATCHES:-$TOP/patches/fixes/oom-no-spin.patch $TOP/patches/fixes/oom-nofs.patch}
if [ "$patches" = none ]; then
	patches=""
fi
# shellcheck disable=SC2086 # a list of paths
for p in $patches; do
	(cd "$TMP/src" && patch -p1 --fuzz=0 -s) <"$p" ||
		fail "$p does not apply"
done

# nofs_may_oom() and its constant where the patch has them, and
# __alloc_pages().
f=$TMP/src/mm/page_alloc.c
{
	sed -n '/^#define NOFS_OOM_ROUNDS/p' "$f"
	sed -n '/^static int nofs_may_oom(/,/^}/p' "$f"
	awk 'prev ~ /^struct page \* fastcall$/ && /^__alloc_pages\(/ {
		f = 1; print prev }
	f { print } f && /^}/ { f = 0 } { prev = $0 }' "$f"
} >"$TMP/nofs-extract.c"
grep -q '^__alloc_pages(' "$TMP/nofs-extract.c" ||
	fail "__alloc_pages() not found in mm/page_alloc.c"

gcc -O2 -Wall -Wno-unused-label -Wno-unused-function -I"$TMP" \
	-o "$TMP/nofs-cases" "$TOP/tests/fixes/nofs-cases.c" ||
	fail "nofs-cases.c does not build"
timeout 120 "$TMP/nofs-cases" || fail "__alloc_pages calls the OOM killer too early or never, or does not end its wait"
