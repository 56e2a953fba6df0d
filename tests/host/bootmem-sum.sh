#!/bin/bash
# tests/host/bootmem-sum.sh: check scripts/bootmem-sum.
#
# Builds $BUILD_DIR/bin/bootmem-sum (warnings are errors), then:
# - tests/host/bootmem-sample.log, the console log of a real boot of
#   the tiny board with AUDIT_BOOTMEM=y (tiny/audit-bootmem.patch), and
#   tests/host/bootmem-sample.map, the text symbols of that kernel's
#   System.map that the log's callers fall in: the per-caller rows add
#   up (awk) to the "total" lines and to the kernel's own totals line,
#   and each caller is named;
# - a synthetic log: sums per caller and kind, the order (kind, then
#   bytes, largest first), "TINY: " and "<6>" prefixes, CRs, stdin;
# - lost lines: a log missing one line exits 1 and names the kind;
# - bad input: an empty file, NUL bytes, a bootmem line that does not
#   parse, an unknown kind, a log without bootmem lines, a missing
#   file, a bad System.map and bad usage exit 2 with one line on stderr.
set -eu

tool=bootmem-sum
top=$(cd "$(dirname "$0")/../.." && pwd)
BUILD_DIR=${BUILD_DIR:-$top/build}
src=$top/scripts/$tool.c
bin=$BUILD_DIR/bin/$tool
sample=$top/tests/host/bootmem-sample.log
map=$top/tests/host/bootmem-sample.map

fail() { echo "FAIL: $*" >&2; exit 1; }
command -v gcc >/dev/null || fail "needs gcc"
for f in "$sample" "$map"; do
	[ -f "$f" ] || fail "missing $f"
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

mkdir -p "$(dirname "$bin")"
gcc -O2 -Wall -Wextra -Werror -o "$bin" "$src" || fail "$src does not build cleanly"

# The real boot: rows add up to the totals, which match the kernel's.
"$bin" -m "$map" "$sample" >"$tmp/real.out" || { cat "$tmp/real.out"; fail "sample log: exit $?"; }
grep -q "^sums match the kernel's totals$" "$tmp/real.out" || fail "sample: no match line"
for kind in alloc reserve free; do
	rows=$(awk -v k="$kind" 'NF >= 4 && $3 == k && $1 ~ /^[0-9]+$/ { s += $1 } END { print s + 0 }' "$tmp/real.out")
	total=$(sed -n "s/^total $kind //p" "$tmp/real.out")
	[ "$rows" = "$total" ] || fail "sample: $kind rows add up to $rows, total says $total"
	kernel=$(sed -n "s/^kernel total: .*$kind \([0-9]*\) .*/\1/p" "$tmp/real.out")
	[ "$rows" = "$kernel" ] || fail "sample: $kind rows $rows, kernel $kernel"
done
! awk 'NR > 1 && $1 ~ /^[0-9]+$/ && $4 ~ /^[0-9a-f]{8}$/' "$tmp/real.out" | grep -q . ||
	fail "sample: a caller was not named by the map"
echo "sample: $(grep -c 'alloc\|reserve\|free' "$tmp/real.out") rows, sums match the kernel's totals"

# Synthetic: sums, order, prefixes, CRs, stdin.
printf '%s\r\n' "Linux version x" "bootmem: free 8000 bytes by c0100020" \
	"TINY: bootmem: alloc 100 bytes by c0100010" "<6>bootmem: alloc 300 bytes by c0100020" \
	"bootmem: alloc 50 bytes by c0100014" "bootmem: reserve 4096 bytes by c0100000" \
	"xbootmem: alloc 7 bytes by c0100000" \
	"bootmem: total alloc 450 reserve 4096 free 8000 bytes, 2 pages to the page allocator" >"$tmp/s.log"
printf 'c0100000 T first\nc0100010 t second\nc0100020 T third\nc0100030 D data\n' >"$tmp/s.map"
cat >"$tmp/s.want" <<'EOW'
    bytes  calls  kind     caller
      300      1  alloc    third
      150      2  alloc    second
     4096      1  reserve  first
     8000      1  free     third
total alloc 450
total reserve 4096
total free 8000
kernel total: alloc 450 reserve 4096 free 8000 bytes, 2 pages
sums match the kernel's totals
EOW
"$bin" -m "$tmp/s.map" "$tmp/s.log" >"$tmp/s.out" || fail "synthetic log: exit $?"
diff -u "$tmp/s.want" "$tmp/s.out" || fail "synthetic log: wrong table"
"$bin" -m "$tmp/s.map" - <"$tmp/s.log" | cmp -s - "$tmp/s.want" || fail "stdin differs"
"$bin" "$tmp/s.log" | grep -q '^      150      2  alloc    c0100010$' && fail "unnamed callers merged"
"$bin" "$tmp/s.log" | grep -q '^      100      1  alloc    c0100010$' || fail "without a map: no address rows"

# Lost lines: exit 1, naming the kind.
grep -v 'reserve 4096 bytes' "$tmp/s.log" >"$tmp/lost.log"
st=0
"$bin" "$tmp/lost.log" >"$tmp/lost.out" || st=$?
[ "$st" = 1 ] || fail "a lost line: exit $st, not 1"
grep -q '^reserve: the lines add up to 0, the kernel counted 4096' "$tmp/lost.out" ||
	fail "a lost line is not reported"

# Bad input: exit 2, one line on stderr.
bad() {
	local what=$1 st=0
	shift
	"$bin" "$@" >/dev/null 2>"$tmp/err" || st=$?
	[ "$st" = 2 ] || fail "$what: exit $st, not 2"
	[ "$(wc -l <"$tmp/err")" = 1 ] || fail "$what: not one line on stderr: $(cat "$tmp/err")"
	grep -q "^$tool: " "$tmp/err" || fail "$what: message without the tool's name"
}
: >"$tmp/empty"
bad "empty file" "$tmp/empty"
printf 'bootmem: alloc 1 bytes by c0\0\n' >"$tmp/nul"
bad "NUL bytes" "$tmp/nul"
printf 'bootmem: alloc many bytes by c0100000\n' >"$tmp/bad1"
bad "bad size" "$tmp/bad1"
printf 'bootmem: alloc 12 bytes by c0100000 extra\n' >"$tmp/bad2"
bad "trailing text" "$tmp/bad2"
printf 'bootmem: grab 12 bytes by c0100000\n' >"$tmp/bad3"
bad "unknown kind" "$tmp/bad3"
printf 'bootmem: total alloc 1 bytes\n' >"$tmp/bad4"
bad "bad totals line" "$tmp/bad4"
printf 'Linux version x\nMemory: 6000k/8064k available\n' >"$tmp/none"
bad "no bootmem lines" "$tmp/none"
bad "missing file" "$tmp/no-such-file"
printf 'not a map\n' >"$tmp/bad.map"
bad "bad map" -m "$tmp/bad.map" "$tmp/s.log"
bad "no arguments"
bad "unknown option" -x "$tmp/s.log"
echo "bad input: exit 2 with one line each"

# The test can fail: a damaged sample (one line less) no longer matches.
sed '0,/^bootmem: alloc/{/^bootmem: alloc/d}' "$sample" >"$tmp/damaged.log"
! "$bin" -m "$map" "$tmp/damaged.log" >/dev/null 2>&1 ||
	fail "a sample with a line removed still matched the kernel's totals"
echo "PASS"
