#!/bin/bash
# fixes/oom-nofs.patch: 2.6.14's __alloc_pages(), taken from the patched
# mm/page_alloc.c, runs on the host against a model of one zone.  An
# allocation without __GFP_FS waits while kswapd can still free slab or
# pages are being written, and reaches the OOM killer when there is
# nothing left to free, whether or not kswapd marks the zone
# all_unreclaimable.  NOFS_PATCH=none (vanilla: loops for ever) and
# NOFS_PATCH=FILE (an older patch) must fail.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
need gcc patch
vanilla_tree

mkdir -p "$TMP/src/mm"
cp "$VANILLA/mm/page_alloc.c" "$TMP/src/mm/"
p=${NOFS_PATCH:-$TOP/patches/fixes/oom-nofs.patch}
if [ "$p" != none ]; then
	(cd "$TMP/src" && patch -p1 --fuzz=0 -s) <"$p" ||
		fail "$p does not apply to mm/page_alloc.c"
fi

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
timeout 120 "$TMP/nofs-cases" || fail "__alloc_pages calls the OOM killer too early, or never"
