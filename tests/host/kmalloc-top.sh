#!/bin/bash
# tests/host/kmalloc-top.sh: check scripts/kmalloc-top.
#
# Builds $BUILD/bin/kmalloc-top if it is missing or older than its
# source (and, unless ASAN=0, an AddressSanitizer+UBSan variant that
# every check is run with too), then feeds it a sample of the 2005
# format ($KMALLOC_SEED, by default tests/host/kmalloc-2005.txt: the
# sample output posted with the /proc/kmalloc patch for 2.6.10 in
# February 2005, from its first header line to "...") and synthetic
# snapshots:
# sorting by every column against sort(1), top N, stdin, wide and
# misaligned values, --diff, and bad input, which must exit 2 with one
# line on stderr naming the file and line.
set -eu

tool=kmalloc-top
top=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-$top/build}
ASAN=${ASAN:-1}
KMALLOC_SEED=${KMALLOC_SEED:-$top/tests/host/kmalloc-2005.txt}
src=$top/scripts/$tool.c
bin=$BUILD/bin/$tool

fail() { echo "FAIL: $*" >&2; exit 1; }
need() { command -v "$1" >/dev/null 2>&1 || fail "needs $1"; }

for t in cc gcc awk sed sort; do
	need "$t"
done
[ -f "$src" ] || fail "missing $src"
[ -f "$KMALLOC_SEED" ] || fail "missing seed $KMALLOC_SEED (set KMALLOC_SEED)"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# compile OUT FLAGS...: build the tool, failing on any compiler warning
compile() {
	local out=$1
	shift
	mkdir -p "$(dirname "$out")"
	"$@" -o "$out" "$src" 2>"$tmp/cc.err" ||
		{ cat "$tmp/cc.err"; fail "cannot compile $src"; }
	[ ! -s "$tmp/cc.err" ] || { cat "$tmp/cc.err"; fail "warnings"; }
}

if [ ! -x "$bin" ] || [ "$src" -nt "$bin" ]; then
	compile "$bin" cc -O2 -Wall -Wextra
fi
variants=$bin
if [ "$ASAN" != 0 ]; then
	compile "$tmp/asan/$tool" gcc -O1 -g -Wall -Wextra \
		-fsanitize=address,undefined -fno-sanitize-recover=all
	variants="$variants $tmp/asan/$tool"
fi
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1

cd "$tmp"

# ---- fixtures ---------------------------------------------------------

# The sample in the seed: from the first header line up to "...".
sed -n '/^total bytes allocated:/,/^\.\.\.$/p' "$KMALLOC_SEED" |
	sed '$d' >sample
grep -q '^   total    slack      net alloc/free  caller$' sample ||
	fail "no column header in the seed's sample"
nrows=$(awk 'seen { n++ } /alloc\/free/ { seen = 1 } END { print n + 0 }' \
	sample)
[ "$nrows" -gt 20 ] || fail "seed sample has only $nrows rows"

HEADER='   total    slack      net  allocs   frees  caller'

# table FILE: the rows of FILE in the output format, in input order
table() {
	awk 'seen && NF >= 5 {
		split($4, p, "/")
		c = $5
		for (i = 6; i <= NF; i++)
			c = c " " $i
		printf "%8s %8s %8s %7s %7s  %s\n", $1, $2, $3, p[1], p[2], c
	     }
	     /alloc\/free/ { seen = 1 }' "$1"
}

# run T ARGS...: run variant T, output in out/err, status in rc
run() {
	local t=$1
	shift
	rc=0
	"$t" "$@" >out 2>err || rc=$?
	if grep -q -e 'Sanitizer' -e 'runtime error' err; then
		cat err
		fail "$t $*: sanitizer report"
	fi
}

# ok T ARGS...: run, which must succeed
ok() {
	run "$@"
	[ "$rc" = 0 ] || fail "$tool ${*:2}: exit $rc: $(cat err)"
	[ ! -s err ] || fail "$tool ${*:2}: wrote to stderr: $(cat err)"
}

# expect_error T PATTERN ARGS...: exit 2, one line "kmalloc-top: ..."
expect_error() {
	local t=$1 pat=$2
	shift 2
	run "$t" "$@"
	[ "$rc" = 2 ] || fail "$tool $*: exit $rc, expected 2"
	[ "$(wc -l <err)" = 1 ] || fail "$tool $*: stderr not one line"
	grep -q "^$tool: $pat" err ||
		fail "$tool $*: message '$(cat err)' does not match '$pat'"
	[ ! -s out ] || fail "$tool $*: printed to stdout on error"
}

# line_of PATTERN FILE: number of the first line matching PATTERN
line_of() {
	grep -n -m 1 -e "$1" "$2" | cut -d: -f1
}

# snapshots for --diff: in s2 one caller leaks 1000 x 128 bytes more,
# one caller (in a module, named as /proc/kmalloc names it) is new
# and one is gone; s2's columns do not line up
leak=acpi_ut_allocate+0x38
grep -q " $leak\$" sample || fail "seed sample lacks $leak"
cp sample s1
awk -v leak="$leak" '
	/^total bytes allocated:/ { print "total bytes allocated: " $4 + 128000; next }
	/^number of allocs:/ { print "number of allocs: " $4 + 1000; next }
	/fb_add_videomode/ { next }
	$5 == leak { split($4, p, "/")
		print $1 + 128000, $2, $3 + 128000, p[1] + 1000 "/" p[2], $5
		next }
	{ print }
	END { print "  99999999999  1 -7  1/0     new_caller+0x1[mod]" }' \
	sample >s2
gone_line=$(grep ' fb_add_videomode+' sample)

# wide values, negative net, bare addresses, odd names, misaligned
cat >wide <<'EOF'
total bytes allocated: 123456789012
slack bytes allocated: 3
net bytes allocated:   -5
number of allocs: 7
number of frees: 6

   total    slack      net alloc/free  caller
123456789012 3 -200 5/4 big.part.0+0x1a
   64     0     64   1/0   c01234ab
   32   0   -32   0/1   0xc01234ab
   10   1    10   1/0   x$y_z.isra.0+0x4 [my_mod]
EOF

# ---- checks -----------------------------------------------------------

for T in $variants; do
	echo "== $T"

	echo "sort orders"
	table sample >rows
	[ "$(wc -l <rows)" = "$nrows" ] || fail "table() lost rows"
	k=1
	for col in total slack net allocs frees; do
		ok "$T" -s "$col" -n 0 sample
		{ echo "$HEADER"; LC_ALL=C sort -s -k"$k,$k"nr -k6 rows; } >want
		diff -u want out || fail "-s $col differs from sort"
		ok "$T" --sort="$col" --top=0 sample
		diff -u want out || fail "--sort=$col differs from sort"
		k=$((k + 1))
	done
	ok "$T" -s caller -n 0 sample
	{ echo "$HEADER"; LC_ALL=C sort -s -k6 rows; } >want
	diff -u want out || fail "-s caller differs from sort"
	ok "$T" -n 0 sample
	{ echo "$HEADER"; LC_ALL=C sort -s -k3,3nr -k6 rows; } >want
	diff -u want out || fail "default sort is not by net"

	echo "top N and stdin"
	ok "$T" sample
	head -n 21 want | diff -u - out || fail "default is not the top 20"
	ok "$T" -n 5 sample
	head -n 6 want | diff -u - out || fail "-n 5"
	ok "$T" -n 5 - <sample
	head -n 6 want | diff -u - out || fail "-n 5 from '-'"
	ok "$T" -n5 <sample
	head -n 6 want | diff -u - out || fail "-n5 from stdin"
	ok "$T" -n 100000 sample
	[ "$(wc -l <out)" = $((nrows + 1)) ] || fail "-n larger than the table"

	echo "wide and misaligned input"
	ok "$T" -s caller wide
	{ echo "$HEADER"; table wide | LC_ALL=C sort -s -k6; } >want
	diff -u want out || fail "wide input"
	grep -q '^123456789012        3     -200       5       4  big.part.0+0x1a$' \
		out || fail "wide row"
	# shellcheck disable=SC2016 # a literal $ in a caller name
	grep -qF '  x$y_z.isra.0+0x4 [my_mod]' out || fail "module caller"

	echo "--diff"
	ok "$T" --diff -n 0 s1 s2
	# header deltas, a blank line, the column header, rows
	grep -qx 'total bytes allocated: *+128000' out ||
		fail "--diff: header delta of total"
	grep -qx 'number of allocs: *+1000' out || fail "--diff: allocs delta"
	grep -qx 'number of frees: *+0' out || fail "--diff: unchanged field"
	[ "$(grep -c ': *[+-][0-9]*$' out)" = \
	  "$(sed -n '1,/^$/p' sample | grep -c :)" ] ||
		fail "--diff: not one line per header field"
	sed -n '/^$/,$p' out | sed 1d >rows
	[ "$(head -n 1 rows)" = "$HEADER" ] || fail "--diff: column header"
	sed -n 2p rows | awk -v c="$leak" '$1 != "+128000" || $2 != "+0" ||
		$3 != "+128000" || $4 != "+1000" || $5 != "+0" || $6 != c ||
		NF != 6 { exit 1 }' ||
		fail "--diff: the leak is not the first row: $(sed -n 2p rows)"
	grep -qE '^\+99999999999 +\+1 +-7 +\+1 +\+0  new_caller\+0x1\[mod\]$' \
		rows || fail "--diff: new caller"
	echo "$gone_line" | awk '{ split($4, p, "/")
		printf "%+8d %+8d %+8d %+7d %+7d  %s\n", -$1, -$2, -$3, -p[1], -p[2], $5 }' >want
	grep -qxF -f want rows || fail "--diff: caller gone from NEW"
	[ "$(wc -l <rows)" = 4 ] || fail "--diff: unchanged callers listed"
	ok "$T" --diff s1 s1
	[ "$(sed -n '/^$/,$p' out | wc -l)" = 2 ] ||
		fail "--diff of a file with itself is not empty"
	ok "$T" --diff -s total -n 1 s1 s2
	tail -n 1 out | grep -q ' new_caller+0x1\[mod\]$' ||
		fail "--diff -s total -n 1"
	ok "$T" --diff -s caller s1 s2
	sed -n '/^$/,$p' out | sed 1,2d |
		awk '{ c = $6; for (i = 7; i <= NF; i++) c = c " " $i; print c }' \
		>callers
	LC_ALL=C sort -c callers || fail "--diff -s caller is not sorted"

	echo "bad input"
	: >empty
	expect_error "$T" 'empty: empty input' empty
	sed '/^   total/d' sample >nocolhdr
	n=$(line_of '^   *[0-9]' nocolhdr)
	expect_error "$T" "nocolhdr:$n: missing column header" nocolhdr
	sed '/^$/q' sample >hdronly
	expect_error "$T" 'hdronly: no column header' hdronly
	sed '1,/^$/d' sample >nohdr
	expect_error "$T" 'nohdr: no header lines' nohdr
	printf 'hello world\n' >text
	expect_error "$T" 'text:1: not /proc/kmalloc text' text
	n=$(line_of 'net bytes allocated' sample)
	sed "${n}s/[0-9][0-9]*/12x4/" sample >badhdr
	expect_error "$T" "badhdr:$n: header 'net bytes allocated': not a number" \
		badhdr
	n=$(line_of 'sys_ioperm' sample)
	sed "${n}s/sys_ioperm.*//" sample >short
	expect_error "$T" "short:$n: truncated row (expected 5 fields" short
	head -n "$n" sample | sed '$s/ *[0-9]*\/.*//' >cutrow
	expect_error "$T" "cutrow:$n: truncated row" cutrow
	sed "${n}s/ 1\\/0 / 1-0 /" sample >pair
	expect_error "$T" "pair:$n: bad alloc/free pair '1-0'" pair
	sed "${n}s/ 1\\/0 / 1\\/x /" sample >pair2
	expect_error "$T" "pair2:$n: bad alloc/free pair '1/x'" pair2
	sed "${n}s/^ *8192/8k/" sample >nonnum
	expect_error "$T" "nonnum:$n: total: not a number '8k'" nonnum
	sed "${n}s/^ *8192/99999999999999999999/" sample >huge
	expect_error "$T" "huge:$n: total: number out of range" huge
	{ head -n "$n" sample; printf '1 2 3 4/5 a\0b\n'; } >nul
	expect_error "$T" "nul:$((n + 1)): NUL byte" nul
	expect_error "$T" "<stdin>:$n: total: not a number" - <nonnum
	expect_error "$T" 'missing: No such file' missing
	expect_error "$T" '\.: read error: Is a directory' .
	expect_error "$T" "badhdr:$(line_of 'net bytes' badhdr): " --diff s1 badhdr

	echo "usage"
	expect_error "$T" "unknown sort column 'size'" -s size sample
	expect_error "$T" "bad row count '-3'" -n -3 sample
	expect_error "$T" "bad row count 'x'" -n x sample
	expect_error "$T" '--diff needs two files' --diff s1
	expect_error "$T" 'too many arguments' s1 s2
	expect_error "$T" "unknown option" --bogus s1
	expect_error "$T" "option '-s' needs an argument" -s
done

echo "PASS"
