#!/bin/bash
# The libFuzzer target for mm/slob.c (tests/slob/fuzz.c: operation
# sequences read from the input bytes, the checks of engine.c) runs
# every input of the corpus tests/slob/corpus/, built with clang
# -fsanitize=fuzzer,address,undefined, uniprocessor and SMP + NUMA +
# SLOB_STATS + KMALLOC_ACCOUNTING.  mm/slob.c comes from the patch as
# committed (see harness.sh).
#
# FUZZ_SECONDS=N then fuzzes for N more seconds from a copy of the
# corpus (SMP build); new inputs stay in $BUILD/slob-test/fuzz, a crash
# fails the test.  That is for looking for bugs, not a timed assertion.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
need clang patch timeout
corpus=$TOP/tests/slob/corpus
n=$(find "$corpus" -type f 2>/dev/null | wc -l)
[ "$n" -gt 0 ] || fail "no inputs in $corpus"

slob_source "$TMP/src"
flags=$(slob_host_flags "$TMP/src" | sed 's/-fsanitize=address,undefined/-fsanitize=fuzzer,address,undefined/')
for v in up smp; do
	if [ $v = up ]; then defs=$SLOB_HOST_UP; else defs=$SLOB_HOST_SMP; fi
	# shellcheck disable=SC2086 # lists of flags
	clang $flags $defs -o "$TMP/fuzz-$v" "$TOP/tests/slob/fuzz.c" \
		"$TOP/tests/slob/shim/shim.c" -lpthread ||
		fail "the fuzz target does not compile ($v)"
	# Given files, libFuzzer runs each of them once.
	timeout 900 "$TMP/fuzz-$v" "$corpus"/* >"$TMP/out-$v" 2>&1 || {
		grep -v '^Running:\|^Executed' "$TMP/out-$v" | tail -n 30
		fail "an input of the corpus failed ($v)"
	}
	ran=$(grep -c '^Executed ' "$TMP/out-$v" || true)
	[ "$ran" -eq "$n" ] || fail "$ran of $n inputs ran ($v)"
	echo "$v: $n inputs passed"
done

if [ -n "${FUZZ_SECONDS:-}" ]; then
	dir=$SW/fuzz
	mkdir -p "$dir/corpus"
	cp -n "$corpus"/* "$dir/corpus/"
	"$TMP/fuzz-smp" -max_total_time="$FUZZ_SECONDS" -max_len=4096 \
		-artifact_prefix="$dir/" "$dir/corpus" >"$dir/fuzz.out" 2>&1 || {
		tail -n 30 "$dir/fuzz.out"
		fail "fuzzing found a failure (in $dir)"
	}
	tail -n 1 "$dir/fuzz.out"
fi
