#!/bin/bash
# tests/host/size-delta.sh: check scripts/size-delta against GNU size and nm.
#
# Builds $BUILD/bin/size-delta if it is missing or older than its
# source (and, unless ASAN=0, an AddressSanitizer+UBSan variant that
# every check is run with too), then checks
#   - the article's layout, on objects made to the article's sizes;
#   - text/data/bss against `size` for host binaries, host and i686
#     objects, odd sections (read-only bss, TLS, notes), and the files
#     named in $VMLINUX_FILES (space separated) against i686-linux-gnu-size;
#   - the arithmetic of every row against figures computed here with awk
#     from the output of `size`;
#   - --symbols against sizes reported by nm;
#   - the errors: non-ELF, missing, truncated, mixed or bad ELF class,
#     directory, usage, which must exit 2 with one line on stderr.
# Expected numbers come from size and nm at test time.
set -eu

tool=size-delta
top=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-$top/build}
ASAN=${ASAN:-1}
src=$top/scripts/$tool.c
bin=$BUILD/bin/$tool

fail() { echo "FAIL: $*" >&2; exit 1; }
need() { command -v "$1" >/dev/null 2>&1 || fail "needs $1"; }

for t in cc gcc size nm as i686-linux-gnu-gcc i686-linux-gnu-size \
	 i686-linux-gnu-nm awk sort join; do
	need "$t"
done
[ -f "$src" ] || fail "missing $src"

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

# obj CC NAME TEXT DATA BSS: an object with the given section sizes
obj() {
	local cc=$1 out=$2 sec n
	shift 2
	for sec in text data bss; do
		n=$1
		shift
		printf '\t.%s\n' "$sec"
		[ "$n" = 0 ] || printf '\t.skip %s\n' "$n"
	done >"$out.s"
	"$cc" -c -o "$out" "$out.s"
}

# the article's two kernels, as i686 objects of the same sizes
obj i686-linux-gnu-gcc vmlinux.via 2695282 440124 178912
obj i686-linux-gnu-gcc vmlinux.tinylinux 2050286 229107 129976
# growth, zero sizes, no change; 32- and 64-bit
obj i686-linux-gnu-gcc small32 100 0 0
obj i686-linux-gnu-gcc big32 1000 4096 300
obj cc small64 5 0 8
obj cc big64 7 3 0

# C files that differ in array and function sizes
cat >a.c <<'EOF'
int grow_me[10];
int shrink_me[40] = { 1 };
const char gone[] = "removed in b";
static int counter;
int same(int x) { return x + 1; }
int user(int x) { static int count; count += x; return count + counter + grow_me[x]; }
EOF
cat >b.c <<'EOF'
int grow_me[100];
int shrink_me[4] = { 1 };
long added_obj[3] = { 1, 2, 3 };
static int counter;
int same(int x) { return x + 1; }
int user(int x) { static int count; count += x; return count + counter + grow_me[x]; }
int new_func(int y) { return y * y + user(y); }
EOF
for c in a b; do
	i686-linux-gnu-gcc -O2 -c -o "${c}32.o" "$c.c"
	cc -O2 -c -o "${c}64.o" "$c.c"
	i686-linux-gnu-gcc -O2 -o "${c}32.exe" -nostdlib -Wl,-e,same "$c.c"
done

# sections that size counts in less obvious ways
cat >odd.s <<'EOF'
	.section .robss,"a",@nobits
	.zero 100
	.section .xbss,"awx",@nobits
	.zero 50
	.section .tbss,"awT",@nobits
	.zero 8
	.section .tdata,"awT",@progbits
	.long 1
	.section .note.foo,"a",@note
	.long 4,4,1
	.ascii "abc\0"
	.section .nonalloc,"",@progbits
	.zero 30
	.section .nabss,"w",@nobits
	.zero 30
	.section .wx,"awx",@progbits
	.zero 12
	.section .data.init_task,"aw",@progbits
	.zero 64
	.section .bss.page_aligned,"aw",@nobits
	.zero 4096
	.section __ex_table,"a",@progbits
	.long 1,2
EOF
as --32 -o odd32.o odd.s
as --64 -o odd64.o odd.s

# ---- helpers ----------------------------------------------------------

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

# sizes_of SIZE FILE: "text data bss" as GNU size prints them
sizes_of() {
	"$1" "$2" | awk 'NR == 2 { print $1, $2, $3 }'
}

# expected OLDFILE NEWFILE SIZE: the output computed from size here
expected() {
	{ sizes_of "$3" "$1"; sizes_of "$3" "$2"; } | awk -v o="$1" -v n="$2" '
	function num(x) { return sprintf("%.0f", x) }
	function signed(x) { return (x < 0 ? "-" : "+") num(x < 0 ? -x : x) }
	function row(label, a, b,   d, p) {
		d = b - a
		if (a == 0)
			p = (b == 0 ? "+0%" : "n/a")
		else
			p = signed(int(d * 100 / a)) "%"
		printf "%5s: %8s %8s %8s %s\n", label, num(a), num(b), signed(d), p
	}
	NR == 1 { t0 = $1; d0 = $2; b0 = $3 }
	NR == 2 {
		print o "  =>  " n
		row("text", t0, $1); row("data", d0, $2); row("bss", b0, $3)
		row("total", t0 + d0 + b0, $1 + $2 + $3)
	}'
}

# same_as_size T SIZE FILE...: text/data/bss of each FILE equal size's
same_as_size() {
	local t=$1 sz=$2 f want got n=0
	shift 2
	for f in "$@"; do
		want=$(sizes_of "$sz" "$f" 2>/dev/null) || continue
		[ -n "$want" ] || continue
		run "$t" "$f" "$f"
		[ "$rc" = 0 ] || fail "$t $f: exit $rc: $(cat err)"
		got=$(awk '$1 == "text:" { t = $2 } $1 == "data:" { d = $2 }
			   $1 == "bss:" { b = $2 } END { print t, d, b }' out)
		[ "$want" = "$got" ] ||
			fail "$f: $sz says '$want', $tool says '$got'"
		n=$((n + 1))
	done
	echo "  $n files agree with $sz"
	[ "$n" -gt 0 ] || fail "no files compared with $sz"
}

# expect_error T PATTERN ARGS...: exit 2, one line "size-delta: ..."
expect_error() {
	local t=$1 pat=$2
	shift 2
	run "$t" "$@"
	[ "$rc" = 2 ] || fail "$tool $*: exit $rc, expected 2"
	[ "$(wc -l <err)" = 1 ] || fail "$tool $*: stderr not one line"
	grep -q "^$tool: .*$pat" err ||
		fail "$tool $*: message '$(cat err)' lacks '$pat'"
	[ ! -s out ] || fail "$tool $*: printed to stdout on error"
}

# nm_sizes NM FILE: "name size" per symbol, as --symbols counts them
nm_sizes() {
	"$1" -t d --size-sort "$2" | awk '
	NF == 3 && $2 ~ /^[tTdDbBrRvVwWiu]$/ {
		n = $3
		while (match(n, /\.[0-9]+(\.|$)/))
			n = substr(n, 1, RSTART - 1) \
			    (substr(n, RSTART + RLENGTH - 1, 1) == "." ? "." : "") \
			    substr(n, RSTART + RLENGTH)
		s[n] += $1
	}
	END { for (k in s) print k, s[k] }' | LC_ALL=C sort
}

# symbols_summary NM OLD NEW: the add/remove line computed from nm
symbols_summary() {
	nm_sizes "$1" "$2" >old.nm
	nm_sizes "$1" "$3" >new.nm
	LC_ALL=C join -a1 -a2 -e - -o 0,1.2,2.2 old.nm new.nm | awk '
	$2 == "-" { a++; up += $3; next }
	$3 == "-" { r++; dn += $2; next }
	$3 > $2 { g++; up += $3 - $2 }
	$3 < $2 { s++; dn += $2 - $3 }
	END {
		printf "add/remove: %d/%d grow/shrink: %d/%d up/down: %.0f/%s (%.0f)\n",
		       a, r, g, s, up, (dn ? sprintf("-%.0f", dn) : "0"), up - dn
	}'
}

# ---- checks -----------------------------------------------------------

for T in $variants; do
	echo "== $T"

	echo "article layout"
	[ "$(sizes_of i686-linux-gnu-size vmlinux.via)" = \
	  "2695282 440124 178912" ] || fail "fixture vmlinux.via has wrong sizes"
	run "$T" vmlinux.via vmlinux.tinylinux
	[ "$rc" = 0 ] || fail "exit $rc: $(cat err)"
	# The article's figures as printed there: the format specification.
	cat >article <<'EOF'
vmlinux.via  =>  vmlinux.tinylinux
 text:  2695282  2050286  -644996 -23%
 data:   440124   229107  -211017 -47%
  bss:   178912   129976   -48936 -27%
total:  3314318  2409369  -904949 -27%
EOF
	diff -u article out || fail "article layout not reproduced"

	echo "arithmetic against size"
	for pair in "vmlinux.via vmlinux.tinylinux" \
		    "vmlinux.tinylinux vmlinux.via" "small32 big32" \
		    "big32 small32" "small32 small32" "a32.o b32.o" \
		    "b32.o a32.o" "a32.exe b32.exe"; do
		# shellcheck disable=SC2086
		set -- $pair
		expected "$1" "$2" i686-linux-gnu-size >want
		run "$T" "$1" "$2"
		[ "$rc" = 0 ] || fail "$pair: exit $rc: $(cat err)"
		diff -u want out || fail "$pair: differs from size"
	done
	for pair in "small64 big64" "big64 small64" "a64.o b64.o" \
		    "odd64.o odd64.o"; do
		# shellcheck disable=SC2086
		set -- $pair
		expected "$1" "$2" size >want
		run "$T" "$1" "$2"
		[ "$rc" = 0 ] || fail "$pair: exit $rc: $(cat err)"
		diff -u want out || fail "$pair: differs from size"
	done

	echo "text/data/bss against size"
	bins=$(for f in /usr/bin/*; do
		[ -f "$f" ] && [ "$(head -c 4 "$f" | od -An -c | tr -d ' ')" = \
			'177ELF' ] && echo "$f"
	done | head -n 150)
	[ -n "$bins" ] || fail "no ELF files found in /usr/bin"
	# shellcheck disable=SC2086
	same_as_size "$T" size $bins a64.o b64.o odd64.o small64 big64 \
		"$(command -v cc)"
	same_as_size "$T" i686-linux-gnu-size a32.o b32.o a32.exe b32.exe \
		odd32.o small32 big32 vmlinux.via vmlinux.tinylinux
	if [ -n "${VMLINUX_FILES:-}" ]; then
		# shellcheck disable=SC2086
		same_as_size "$T" i686-linux-gnu-size $VMLINUX_FILES
	fi

	echo "--symbols"
	for arch in 32:i686-linux-gnu-nm 64:nm; do
		b=${arch%%:*}
		nm=${arch#*:}
		run "$T" --symbols "a$b.o" "b$b.o"
		[ "$rc" = 0 ] || fail "--symbols: exit $rc: $(cat err)"
		symbols_summary "$nm" "a$b.o" "b$b.o" >want
		head -n 1 out | diff -u want - || fail "--symbols summary ($b)"
		sed -n 2p out | grep -qx 'function \{37\}old     new   delta' ||
			fail "--symbols header line"
		tail -n 1 out | grep -qE '^Total: Before=[0-9]+, After=[0-9]+, chg [+-][0-9]+\.[0-9]{2}%$' ||
			fail "--symbols total line"
		# each row: old/new as nm has them, delta = new - old
		sed '1,2d;$d' out >rows
		awk 'NR == FNR { o[$1] = $2; next }
		     FILENAME == ARGV[2] { n[$1] = $2; next }
		     {
			want_o = ($1 in o) ? o[$1] : "-"
			want_n = ($1 in n) ? n[$1] : "-"
			d = (want_n == "-" ? 0 : want_n) - (want_o == "-" ? 0 : want_o)
			if ($2 != want_o || $3 != want_n || $4 + 0 != d || d == 0) {
				print "bad row: " $0; bad = 1
			}
			if (FNR > 1 && $4 + 0 > last) { print "unsorted: " $0; bad = 1 }
			last = $4 + 0
		     }
		     END { exit bad }' old.nm new.nm rows ||
			fail "--symbols rows disagree with nm"
		grep -qE '^grow_me +40 +400 +\+360$' rows || fail "grow_me row"
		grep -qE '^new_func +- +[0-9]+ +\+[0-9]+$' rows ||
			fail "added new_func not shown"
		grep -qE '^gone +13 +- +-13$' rows || fail "removed gone not shown"
		grep -qE '^shrink_me +160 +16 +-144$' rows || fail "shrink_me row"
		! grep -qE '^(same|user) ' rows || fail "unchanged symbol shown"
	done

	echo "errors"
	printf 'hello\n' >notelf
	: >empty
	head -c 40 a32.o >trunc-header.o
	head -c "$(($(wc -c <a32.o) / 2))" a32.o >trunc-half.o
	cp a32.o badclass.o
	printf '\003' | dd of=badclass.o bs=1 seek=4 conv=notrunc 2>/dev/null
	i686-linux-gnu-gcc -O2 -c -o stripped.o a.c
	i686-linux-gnu-strip stripped.o 2>/dev/null || strip stripped.o
	expect_error "$T" 'notelf: not an ELF file' notelf a32.o
	expect_error "$T" 'notelf: not an ELF file' a32.o notelf
	expect_error "$T" 'empty: not an ELF file' empty a32.o
	expect_error "$T" 'missing: No such file' a32.o missing
	expect_error "$T" 'trunc-header.o: truncated' a32.o trunc-header.o
	expect_error "$T" 'trunc-half.o: .*truncated' a32.o trunc-half.o
	expect_error "$T" 'ELFCLASS32 but .*ELFCLASS64' a32.o a64.o
	expect_error "$T" 'ELFCLASS64 but .*ELFCLASS32' a64.o a32.o
	expect_error "$T" 'badclass.o: invalid ELF class 3' a32.o badclass.o
	expect_error "$T" 'Is a directory' a32.o .
	expect_error "$T" 'stripped.o: no symbol table' --symbols stripped.o a32.o
	expect_error "$T" 'usage' a32.o
	expect_error "$T" 'usage' a32.o b32.o a32.o
	expect_error "$T" 'usage' --bogus a32.o b32.o
	expect_error "$T" 'usage'
done

echo "PASS"
