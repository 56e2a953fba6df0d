#!/bin/bash
# mm/slob.c of tiny/slob.patch on the host, under AddressSanitizer and
# UBSan: tests/slob/harness.c runs randomized sequences of kmalloc(),
# kfree(), ksize() and kmem_cache operations against a shim of the
# kernel API (tests/slob/shim) with pages from a bounded arena, and
# checks that live objects never overlap, alignment holds, ksize() is at
# least the size asked for, contents are kept, every page comes back
# when everything is freed, and running out of memory gives clean NULLs
# (see engine.c for the whole list).
#
# mm/slob.c comes from the patch as committed, applied to vanilla
# 2.6.14 with --fuzz=0 (SLOB_TREE=DIR: from a patched tree instead).
# Two builds: uniprocessor, and SMP + NUMA + SLOB_STATS +
# KMALLOC_ACCOUNTING (which adds the threads and accounting-hook
# tests).  SEEDS (default "1 2 3 4 5 6") picks the random sequences.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
CC=${CC:-cc}
need "$CC" patch timeout
seeds=${SEEDS:-1 2 3 4 5 6}

slob_source "$TMP/src"
flags=$(slob_host_flags "$TMP/src")
for v in up smp; do
	if [ $v = up ]; then defs=$SLOB_HOST_UP; else defs=$SLOB_HOST_SMP; fi
	# shellcheck disable=SC2086 # lists of flags
	"$CC" $flags $defs -o "$TMP/harness-$v" "$TOP/tests/slob/harness.c" \
		"$TOP/tests/slob/shim/shim.c" -lpthread ||
		fail "the harness does not compile ($v)"
	echo "== $v${defs:+ ($defs)}"
	# shellcheck disable=SC2086 # a list of seeds
	timeout 600 "$TMP/harness-$v" $seeds >"$TMP/out-$v" 2>&1 || {
		tail -n 30 "$TMP/out-$v"
		fail "the harness failed ($v; a hang shows as exit status 124)"
	}
	cat "$TMP/out-$v"
	tail -n 1 "$TMP/out-$v" | grep -qx "all passed" || fail "the harness did not finish ($v)"
done
