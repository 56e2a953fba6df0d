#!/bin/bash
# scripts/ltp-cc, LTP's compiler in scripts/build-ltp: a compile-and-
# link of C sources in one call, as LTP's rule "%: %.c" makes each test
# program, gives the same program as the compiler alone, and the second
# time ccache has every compile (plain ccache has none: it does not
# cache a call that links).  Other calls pass through unchanged; no
# LTP_CC is bad input.  A private ccache folder, so that the counts are
# this test's own.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
need ccache i386-linux-musl-gcc cmp
ltpcc=$TOP/scripts/ltp-cc
gcc=i386-linux-musl-gcc

export CCACHE_DIR=$TMP/ccache
unset CCACHE_BASEDIR CCACHE_DISABLE CCACHE_RECACHE CCACHE_READONLY
cd "$TMP"
mkdir inc
cat >inc/two.h <<'EOF'
int two(int x);
EOF
cat >one.c <<'EOF'
#include <stdio.h>
#include "two.h"
int main(int argc, char **argv) { (void)argv; printf("%d\n", two(argc)); return 0; }
EOF
cat >two.c <<'EOF'
#include "two.h"
int two(int x) { return x * VALUE; }
EOF
cat >three.c <<'EOF'
int three(void) { return 3; }
EOF
"$gcc" -c three.c -o three.o
ar rc libthree.a three.o

# The call LTP's rule makes: flags, link flags, sources, a library, -o.
args=(-I inc -D VALUE=2 -O2 -Wall -fno-pie -static -no-pie
	"-Wl,--gc-sections" -L. one.c two.c -lthree -o prog)

# hits: ccache's count of cache hits so far
hits() {
	ccache --print-stats | awk '$1 == "direct_cache_hit" || $1 == "preprocessed_cache_hit" { n += $2 } END { print n + 0 }'
}

"$gcc" "${args[@]/#prog/ref}" || fail "$gcc could not build the test program"

ccache -z >/dev/null
ccache "$gcc" "${args[@]/#prog/plain}" || fail "ccache $gcc failed"
ccache "$gcc" "${args[@]/#prog/plain}" || fail "ccache $gcc failed"
[ "$(hits)" = 0 ] || fail "plain ccache had $(hits) hits on a compile-and-link: the test no longer shows what ltp-cc is for"
echo "ok plain ccache: no hits on the same compile-and-link twice"

LTP_CC="ccache $gcc" "$ltpcc" "${args[@]}" || fail "ltp-cc failed (first)"
cmp -s prog ref || fail "ltp-cc: the program differs from $gcc's in one call"
[ "$(hits)" = 0 ] || fail "ltp-cc: $(hits) hits on the first call, expected 0"
rm prog
LTP_CC="ccache $gcc" "$ltpcc" "${args[@]}" || fail "ltp-cc failed (second)"
cmp -s prog ref || fail "ltp-cc: the program of the second call differs from $gcc's"
[ "$(hits)" = 2 ] || fail "ltp-cc: $(hits) ccache hits on the second call, expected 2 (one.c, two.c)"
left=$(find . -maxdepth 1 -name '.prog.*' | head -n 1)
[ -z "$left" ] || fail "ltp-cc left $left behind"
echo "ok ltp-cc: the same program, and ccache has both compiles the second time"

# A compile (-c), a preprocess (-E) and a link of objects pass through.
LTP_CC="$gcc" "$ltpcc" -I inc -D VALUE=2 -c two.c -o two.o || fail "ltp-cc -c failed"
"$gcc" -I inc -D VALUE=2 -c two.c -o two-ref.o
cmp -s two.o two-ref.o || fail "ltp-cc -c: the object differs"
LTP_CC="$gcc" "$ltpcc" -E -I inc two.c >two.i || fail "ltp-cc -E failed"
grep -q 'two(int x)' two.i || fail "ltp-cc -E: no preprocessed source"
"$gcc" -I inc -O2 -c one.c -o one.o
"$gcc" -static one.o two.o -o objs-ref
LTP_CC="$gcc" "$ltpcc" -static one.o two.o -o objs || fail "ltp-cc: a link of objects failed"
cmp -s objs objs-ref || fail "ltp-cc: a link of objects differs"
echo "ok ltp-cc: -c, -E and a link of objects pass through"

# Bad input: no LTP_CC.
st=0
env -u LTP_CC "$ltpcc" -c two.c -o x.o >"$TMP/bad.out" 2>&1 || st=$?
[ "$st" = 2 ] || fail "ltp-cc without LTP_CC: exit $st, expected 2"
[ "$(wc -l <"$TMP/bad.out")" = 1 ] || fail "ltp-cc without LTP_CC: not a one-line error: $(cat "$TMP/bad.out")"
echo "ok ltp-cc without LTP_CC: exit 2, $(cat "$TMP/bad.out")"
