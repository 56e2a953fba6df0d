#!/bin/bash
# tests/host/count-inlines.sh: check scripts/count-inlines.
#
# Builds $BUILD/bin/count-inlines if it is missing or older than its
# source (and, unless ASAN=0, an AddressSanitizer+UBSan variant that
# every check is run with too).  Compiles small C files whose inline
# functions are marked deprecated, as CONFIG_MEASURE_INLINES does, with
# gcc and i686-linux-gnu-gcc, in the C and C.UTF-8 locales, with and
# without caret lines and colour, one by one and in parallel, and checks
# the table against counts made with grep from the same logs, and the
# header column against the headers the functions are defined in.  Also
# old-style warnings, clang's (make deps installs clang), and the errors:
# binary input, a missing file and a directory exit 2; a log without
# warnings gives totals of 0 and exit 0.  -s strips a prefix from the
# header paths.
set -eu

tool=count-inlines
top=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-$top/build}
ASAN=${ASAN:-1}
src=$top/scripts/$tool.c
bin=$BUILD/bin/$tool

fail() { echo "FAIL: $*" >&2; exit 1; }
need() { command -v "$1" >/dev/null 2>&1 || fail "needs $1"; }

for t in cc gcc i686-linux-gnu-gcc grep sed awk sort uniq head; do
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

# ---- fixtures: a tiny tree built with every inline deprecated ---------

mkdir -p include/linux kernel mm
cat >include/linux/compiler.h <<'EOF'
/* what CONFIG_MEASURE_INLINES does */
#define inline inline __attribute__((deprecated))
#define __inline__ inline
EOF
cat >include/linux/list.h <<'EOF'
#include <linux/compiler.h>
struct list_head { struct list_head *next, *prev; };
static inline void __list_add(struct list_head *new, struct list_head *prev,
			      struct list_head *next)
{
	next->prev = new;
	new->next = next;
	new->prev = prev;
	prev->next = new;
}
static inline void list_add(struct list_head *new, struct list_head *head)
{
	__list_add(new, head, head->next);
}
static __inline__ void list_del(struct list_head *entry)
{
	entry->next->prev = entry->prev;
	entry->prev->next = entry->next;
}
EOF
cat >include/linux/spinlock.h <<'EOF'
#include <linux/compiler.h>
typedef struct { volatile int slock; } spinlock_t;
static inline void _raw_spin_lock(spinlock_t *l) { l->slock = 0; }
static inline void _raw_spin_unlock(spinlock_t *l) { l->slock = 1; }
#define spin_lock(l)	_raw_spin_lock(l)
#define spin_unlock(l)	_raw_spin_unlock(l)
EOF
cat >kernel/sched.c <<'EOF'
#include <linux/list.h>
#include <linux/spinlock.h>
static inline int local_helper(int x) { return x * 2; }
static inline int dup_name(int x) { return x + 1; }
static spinlock_t lock;
int sched(struct list_head *a, struct list_head *b, struct list_head *c)
{
	spin_lock(&lock);
	list_add(a, b);
	list_add(c, b);
	list_del(a);
	spin_unlock(&lock);
	spin_lock(&lock);
	list_add(a, c);
	spin_unlock(&lock);
	return local_helper(1) + local_helper(2) + dup_name(3);
}
EOF
cat >mm/slab.c <<'EOF'
#include <linux/list.h>
#include <linux/spinlock.h>
static inline int dup_name(int x) { return x - 1; }
static spinlock_t cache_lock;
void slab(struct list_head *a, struct list_head *b)
{
	spin_lock(&cache_lock);
	list_add(a, b);
	spin_unlock(&cache_lock);
	(void)dup_name(4);
}
EOF
cat >mm/empty.c <<'EOF'
int nothing_inline(int x) { return x; }
EOF
sources="kernel/sched.c mm/slab.c mm/empty.c"

# build_log CC LOCALE FLAGS...: compile every file, stderr into stdout
build_log() {
	local cc=$1 loc=$2 f
	shift 2
	for f in $sources; do
		echo "  CC      ${f%.c}.o"
		# with -Werror the compiler fails; the log is what counts
		LANG=$loc LC_ALL=$loc "$cc" -Iinclude -O2 "$@" -c -o /dev/null \
			"$f" 2>&1 || true
	done
}

# grep_counts LOG: "count function" rows made with grep, sorted as the
# tool sorts them
LQ=$'\xe2\x80\x98'	# U+2018 and U+2019, gcc's quotes in a UTF-8 locale
RQ=$'\xe2\x80\x99'
DEP=": (warning|error): (['\`]|$LQ)[^'$RQ]+('|$RQ) is deprecated"
grep_counts() {
	{ LC_ALL=C grep -oE "$DEP" "$1" || true; } |
		LC_ALL=C sed -E "s/^: (warning|error): (['\`]|$LQ)//
				 s/('|$RQ) is deprecated\$//" |
		LC_ALL=C sort | uniq -c |
		awk '{ printf "%8s  %s\n", $1, $2 }' | LC_ALL=C sort -s -k1,1nr -k2
}

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

# ok T ARGS...: run, which must succeed
ok() {
	run "$@"
	[ "$rc" = 0 ] || fail "$tool ${*:2}: exit $rc: $(cat err)"
	[ ! -s err ] || fail "$tool ${*:2}: wrote to stderr: $(cat err)"
}

# expect_error T PATTERN ARGS...: exit 2, one line "count-inlines: ..."
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

HEADER='   count  function                        header'

# check_counts T LOG: the table agrees with grep on LOG
check_counts() {
	local t=$1 log=$2 total nfunc
	ok "$t" "$log"
	[ "$(head -n 1 out)" = "$HEADER" ] || fail "$log: column header"
	grep_counts "$log" >want
	sed '1d;$d' out | awk '{ printf "%8s  %s\n", $1, $2 }' >got
	diff -u want got || fail "$log: counts differ from grep"
	total=$(LC_ALL=C grep -cE "$DEP" "$log" || true)
	nfunc=$(wc -l <want)
	[ "$(tail -n 1 out)" = \
	  "total: $total instantiations of $nfunc functions" ] ||
		fail "$log: total line '$(tail -n 1 out)', want $total/$nfunc"
	[ "$total" -gt 0 ] || fail "$log: the fixture made no warnings"
}

# header_of FUNC: the header column of FUNC in out
header_of() {
	awk -v f="$1" '$2 == f { h = $3; for (i = 4; i <= NF; i++) h = h " " $i
			      print h }' out
}

check_headers() {
	local log=$1
	[ "$(header_of list_add)" = include/linux/list.h ] ||
		fail "$log: list_add header '$(header_of list_add)'"
	[ "$(header_of __list_add)" = include/linux/list.h ] ||
		fail "$log: __list_add header"
	[ "$(header_of list_del)" = include/linux/list.h ] ||
		fail "$log: list_del header"
	[ "$(header_of _raw_spin_lock)" = include/linux/spinlock.h ] ||
		fail "$log: _raw_spin_lock header"
	[ "$(header_of local_helper)" = kernel/sched.c ] ||
		fail "$log: local_helper header"
	case $(header_of dup_name) in
	"kernel/sched.c (+1 more)" | "mm/slab.c (+1 more)") ;;
	*) fail "$log: dup_name header '$(header_of dup_name)'" ;;
	esac
}

# ---- logs ---------------------------------------------------------------

logs=""
for cc in gcc i686-linux-gnu-gcc; do
	for loc in C C.UTF-8; do
		name=$cc.$loc
		build_log "$cc" "$loc" >"$name.log"
		build_log "$cc" "$loc" -fno-diagnostics-show-caret \
			>"$name.nocaret.log"
		logs="$logs $name.log $name.nocaret.log"
	done
done
grep -q "${LQ}list_add$RQ is deprecated" gcc.C.UTF-8.log ||
	fail "no UTF-8 quotes in the C.UTF-8 log (locale missing?)"
grep -q "'list_add' is deprecated" gcc.C.log || fail "no ASCII quotes in C log"
grep -q '^ *[0-9]* | ' gcc.C.log || fail "no caret lines in gcc.C.log"
build_log gcc C -Werror >werror.log
grep -q "error: 'list_add' is deprecated" werror.log || fail "no -Werror errors"
logs="$logs werror.log"
build_log gcc C.UTF-8 -fdiagnostics-color=always >color.log
grep -q $'\033\\[' color.log || fail "no colour codes in color.log"

# parallel build: compilers write to one log at the same time
for _ in 1 2 3 4 5 6; do
	for f in $sources; do
		gcc -Iinclude -O2 -c -o /dev/null "$f" 2>>parallel.log &
	done
done
wait

# two logs interleaved line by line
awk 'NR == FNR { a[FNR] = $0; n = FNR; next }
     { if (FNR <= n) print a[FNR]; print }
     END { for (i = FNR + 1; i <= n; i++) print a[i] }' \
	gcc.C.log i686-linux-gnu-gcc.C.UTF-8.nocaret.log >interleaved.log

# gcc 3.x/4.x wrote the header into the warning
cat >old.log <<'EOF'
  CC      kernel/sched.o
In file included from kernel/sched.c:1:
include/linux/list.h: In function `list_add':
include/linux/list.h:13: warning: `__list_add' is deprecated (declared at include/linux/list.h:3)
kernel/sched.c: In function `sched':
kernel/sched.c:9: warning: `list_add' is deprecated (declared at include/linux/list.h:11)
kernel/sched.c:10: warning: 'list_add' is deprecated (declared at include/linux/list.h:11)
kernel/sched.c:11: warning: `list_del' is deprecated (declared at include/linux/list.h:15)
kernel/sched.c:12: warning: `other' is unused
kernel/sched.c:12:3: note: declared here
EOF

# a note belongs to the diagnostic just before it, and to no other
cat >notes.log <<'EOF'
kernel/a.c:9:2: warning: 'list_del' is deprecated [-Wdeprecated-declarations]
kernel/a.c:10:2: warning: call to 'foo' declared with attribute warning [-Wattribute-warning]
kernel/a.c:3:6: note: declared here
kernel/a.c:11:2: warning: 'list_add' is deprecated [-Wdeprecated-declarations]
    11 |  list_add(a, b);
       |  ^~~~~~~~
In file included from kernel/a.c:1:
include/linux/list.h:11:20: note: declared here
EOF

# an O= kernel build names headers by absolute path (-s strips it)
cat >abs.log <<'EOF'
/src/linux/kernel/a.c:9:2: warning: 'list_add' is deprecated [-Wdeprecated-declarations]
/src/linux/include/linux/list.h:11:20: note: declared here
/src/linux/kernel/a.c:10:2: warning: 'get_current' is deprecated [-Wdeprecated-declarations]
include2/asm/current.h:8:20: note: declared here
EOF

printf 'make: Entering directory\n  CC      init/main.o\nall fine\n' >clean.log
: >empty.log
{ head -c 4096 /dev/urandom; printf 'x\0y\n'; } >garbage.log

# ---- checks -------------------------------------------------------------

for T in $variants; do
	echo "== $T"

	echo "counts against grep"
	for log in $logs; do
		check_counts "$T" "$log"
		check_headers "$log"
	done
	check_counts "$T" gcc.C.log
	# a use inside another inline in a header counts once per file
	[ "$(header_of __list_add)" = include/linux/list.h ] ||
		fail "__list_add (used in list_add) not counted"
	# same compilation, any locale or caret setting: same table
	for log in gcc.C.nocaret.log gcc.C.UTF-8.log gcc.C.UTF-8.nocaret.log; do
		cp out want
		ok "$T" "$log"
		diff -u want out || fail "$log differs from gcc.C.log"
	done
	ok "$T" color.log
	diff -u want out || fail "colour codes change the table"

	echo "sort order"
	ok "$T" gcc.C.log
	sed '1d;$d' out >rows
	LC_ALL=C sort -s -k1,1nr -k2,2 rows | diff -u - rows ||
		fail "not sorted by count, then name"

	echo "parallel and interleaved logs"
	check_counts "$T" parallel.log
	check_counts "$T" interleaved.log

	echo "old-style warnings"
	check_counts "$T" old.log
	[ "$(header_of list_add)" = include/linux/list.h ] ||
		fail "old.log: list_add header"
	[ "$(header_of list_del)" = include/linux/list.h ] ||
		fail "old.log: list_del header"
	grep -q ' other ' out && fail "old.log: counted an unrelated warning"

	check_counts "$T" notes.log
	[ "$(header_of list_del)" = "?" ] ||
		fail "notes.log: list_del got the header '$(header_of list_del)'"
	[ "$(header_of list_add)" = include/linux/list.h ] ||
		fail "notes.log: list_add header"

	echo "-s PREFIX"
	check_counts "$T" abs.log
	[ "$(header_of list_add)" = /src/linux/include/linux/list.h ] ||
		fail "abs.log: list_add header '$(header_of list_add)' without -s"
	cp out want
	for opt in "-s /src/linux/" "-s/src/linux/"; do
		# shellcheck disable=SC2086 # the option and its argument
		ok "$T" $opt abs.log
		[ "$(header_of list_add)" = include/linux/list.h ] ||
			fail "abs.log: $opt: list_add header '$(header_of list_add)'"
		[ "$(header_of get_current)" = include2/asm/current.h ] ||
			fail "abs.log: $opt: get_current header"
		diff <(awk '{ print $1, $2 }' want) <(awk '{ print $1, $2 }' out) ||
			fail "abs.log: $opt changes the counts"
	done
	ok "$T" -s /elsewhere/ abs.log
	[ "$(header_of list_add)" = /src/linux/include/linux/list.h ] ||
		fail "abs.log: -s /elsewhere/ changed the header"

	command -v clang >/dev/null 2>&1 ||
		fail "clang not found (run make deps): clang's format cannot be checked"
	echo "clang"
	build_log clang C >clang.log
	check_counts "$T" clang.log
	[ "$(header_of list_add)" = include/linux/list.h ] ||
		fail "clang.log: list_add header"

	echo "top N and stdin"
	ok "$T" gcc.C.log
	head -n 3 out >want
	tail -n 1 out >>want
	ok "$T" -n 2 gcc.C.log
	diff -u want out || fail "-n 2"
	ok "$T" -n2 - <gcc.C.log
	diff -u want out || fail "-n2 from '-'"
	ok "$T" -n 2 <gcc.C.log
	diff -u want out || fail "-n 2 from stdin"

	echo "no warnings"
	for log in clean.log empty.log; do
		ok "$T" "$log"
		printf '%s\ntotal: 0 instantiations of 0 functions\n' "$HEADER" |
			diff -u - out || fail "$log: want an empty table"
	done

	echo "errors"
	expect_error "$T" 'garbage.log:[0-9]*: NUL byte' garbage.log
	expect_error "$T" '<stdin>:[0-9]*: NUL byte' - <garbage.log
	expect_error "$T" 'missing.log: No such file' missing.log
	expect_error "$T" '\.: read error: Is a directory' .
	expect_error "$T" 'bad row count' -n x gcc.C.log
	expect_error "$T" '-n needs an argument' -n
	expect_error "$T" '-s needs an argument' gcc.C.log -s
	expect_error "$T" "unknown option '--bogus'" --bogus
	expect_error "$T" 'too many arguments' a.log b.log
done

echo "PASS"
