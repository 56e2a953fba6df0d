#!/bin/bash
# tiny/mempool.patch: the thin mempool_alloc() of CONFIG_MEMPOOL=n,
# taken from the patched mm/mempool.c, runs on the host with an
# allocator that fails.  Every allocator call must carry __GFP_NOWARN,
# as the real mempool's do: atomic users (the block layer's bio and
# request pools) expect failures.  MEMPOOL_PATCH=FILE runs it against
# another version of the patch.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
need gcc patch
vanilla_tree

for f in mm/mempool.c include/linux/mempool.h init/Kconfig; do
	mkdir -p "$TMP/src/$(dirname "$f")"
	cp "$VANILLA/$f" "$TMP/src/$f"
done
p=${MEMPOOL_PATCH:-$TOP/patches/tiny/mempool.patch}
(cd "$TMP/src" && patch -p1 --fuzz=0 -s) <"$p" ||
	fail "$p does not apply to mm/mempool.c"

# The second mempool_alloc() in the file is the one of CONFIG_MEMPOOL=n.
awk '/^void \* ?mempool_alloc\(/ { n++ } n == 2 { print } n == 2 && /^}/ { exit }' \
	"$TMP/src/mm/mempool.c" >"$TMP/mempool-extract.c"
[ -s "$TMP/mempool-extract.c" ] ||
	fail "no mempool_alloc() for CONFIG_MEMPOOL=n in mm/mempool.c"

gcc -O2 -Wall -I"$TMP" -o "$TMP/mempool-cases" \
	"$TOP/tests/fixes/mempool-cases.c" || fail "mempool-cases.c does not build"
"$TMP/mempool-cases" || fail "the thin mempool_alloc() lets the allocator warn"
