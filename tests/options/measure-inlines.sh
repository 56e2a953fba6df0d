#!/bin/bash
# CONFIG_MEASURE_INLINES (tiny/measure-inlines.patch) with
# scripts/count-inlines.  Configures the min board with SMP (so that the
# spin lock helpers are inline functions) from the compat series plus
# measure-inlines.patch, with MEASURE_INLINES=y and =n, and compiles
# mm/ and kernel/ with each, from an empty output folder so that every
# file is compiled (ccache replays the warnings).  With y, count-inlines
# must list known inline functions (list_add, __list_add, list_del,
# get_current, __raw_spin_lock, __raw_spin_unlock) from their headers,
# with the counts that grep finds in the same log, and a total equal to
# grep's count of deprecation warnings.  With n the log must have no
# deprecation warning at all.  Prints the top 10.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
need quilt cc "${CROSS}gcc"
vanilla_tree

opt_init measure-inlines
opt_tree "$W/tree" tiny/measure-inlines.patch
cc -O2 -Wall -Wextra -o "$W/count-inlines" "$TOP/scripts/count-inlines.c" ||
	fail "cannot compile scripts/count-inlines.c"

# build_dirs y|n: configure and compile mm/ and kernel/, log in $W/c.log
build_dirs() {
	local c=$1 out=$W/out-$1 d
	rm -rf "$out"
	"$TOP/scripts/make-config" "$MIN_BOARD" "$W/tree" "$out" "$W/$c.config" ||
		fail "make-config failed for MEASURE_INLINES=$c"
	: >"$W/$c.log"
	kernel_cc "$W/tree" "$out"
	# one goal at a time: two goals race in a parallel 2.6.14 make
	for d in mm/ kernel/; do
		echo "compiling $d with MEASURE_INLINES=$c"
		# shellcheck disable=SC2154 # kcc: set by kernel_cc (scripts/lib.sh)
		LC_ALL=C make -C "$W/tree" O="$out" ARCH=i386 \
			CROSS_COMPILE="$CROSS" CC="$kcc" -j"$JOBS" "$d" \
			>>"$W/$c.log" 2>&1 ||
			{ tail -n 20 "$W/$c.log"; fail "make $d failed (MEASURE_INLINES=$c)"; }
	done
}

fragment "$W/y.config" CONFIG_EMBEDDED=y CONFIG_SMP=y CONFIG_MEASURE_INLINES=y
fragment "$W/n.config" CONFIG_EMBEDDED=y CONFIG_SMP=y \
	"# CONFIG_MEASURE_INLINES is not set"
build_dirs y
build_dirs n

DEP=": (warning|error): '[^']+' is deprecated"

# ksrc (kernel_cc): the tree as the warnings name it, the same for y and n
# shellcheck disable=SC2154
"$W/count-inlines" -s "$ksrc/" "$W/y.log" >"$W/y.table" ||
	fail "count-inlines failed on $W/y.log"
total=$(grep -cE "$DEP" "$W/y.log" || true)
nfunc=$(grep -oE "$DEP" "$W/y.log" | sort -u | wc -l)
[ "$total" -gt 0 ] || fail "MEASURE_INLINES=y: no deprecation warning in $W/y.log"
[ "$(tail -n 1 "$W/y.table")" = \
  "total: $total instantiations of $nfunc functions" ] ||
	fail "total line '$(tail -n 1 "$W/y.table")', grep finds $total of $nfunc"

# known FUNCTION HEADER: FUNCTION is listed with grep's count and HEADER
known() {
	local f=$1 h=$2 want got hdr
	want=$(grep -cE ": (warning|error): '$f' is deprecated" "$W/y.log" || true)
	got=$(awk -v f="$f" '$2 == f { print $1 }' "$W/y.table")
	hdr=$(awk -v f="$f" '$2 == f { print $3 }' "$W/y.table")
	[ "$want" -gt 0 ] || fail "$f: not used in mm/ and kernel/ (grep finds 0)"
	[ "$got" = "$want" ] || fail "$f: count-inlines says '$got', grep $want"
	[ "$hdr" = "$h" ] || fail "$f: header '$hdr', expected $h"
	printf '  %-20s %5s  %s\n' "$f" "$got" "$hdr"
}
echo "known inlines, count-inlines = grep:"
known list_add include/linux/list.h
known __list_add include/linux/list.h
known list_del include/linux/list.h
known get_current include2/asm/current.h
known __raw_spin_lock include2/asm/spinlock.h
known __raw_spin_unlock include2/asm/spinlock.h

off=$(grep -cE "$DEP" "$W/n.log" || true)
[ "$off" = 0 ] || fail "MEASURE_INLINES=n: $off deprecation warnings in $W/n.log"
"$W/count-inlines" "$W/n.log" | tail -n 1 |
	grep -qx 'total: 0 instantiations of 0 functions' ||
	fail "MEASURE_INLINES=n: count-inlines finds instantiations"
echo "MEASURE_INLINES=n: no deprecation warnings"

echo "top 10 of mm/ and kernel/ (min board, SMP):"
"$W/count-inlines" -n 10 -s "$ksrc/" "$W/y.log"
echo "PASS"
