#!/bin/bash
# The measuring scripts refuse bad usage with a one-line error and exit
# status 2, before they build or boot anything: scripts/measure-option
# (no arguments, a bad -n, an unknown board, patch or fragment, an
# unknown flag), scripts/report (no output folder, an unknown board or
# REPORT_OPTIONS), scripts/bench-kmalloc-acct (a bad -n, flag or
# variant, --floor with slob), scripts/bench-oz (a bad or second
# number of boots), scripts/gc-sections (no folder, no
# vmlinux, a vmlinux not linked with --gc-sections) and
# scripts/plot-options (bad usage, a missing or malformed table).  Then
# plot-options draws a small table: the SVG names every option.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"

# expect_usage NAME PATTERN CMD...: CMD exits 2 with one line on stderr
# matching PATTERN, and writes nothing under its build folder.
expect_usage() {
	local name=$1 pattern=$2 status=0 d=$TMP/$1
	shift 2
	mkdir -p "$d/build"
	BUILD=$d/build "$@" >"$d/out" 2>"$d/err" || status=$?
	[ "$status" -eq 2 ] || { cat "$d/err"; fail "$name: exit status $status, expected 2"; }
	grep -q -- "$pattern" "$d/err" ||
		{ cat "$d/err"; fail "$name: no error matching '$pattern'"; }
	[ "$(grep -c . "$d/err")" -eq 1 ] ||
		{ cat "$d/err"; fail "$name: the error is not one line"; }
	[ -z "$(ls -A "$d/build")" ] || fail "$name: it wrote into its build folder"
	echo "ok $name: $(cat "$d/err")"
}

mo=$TOP/scripts/measure-option
frag=$TOP/configs/fragments/aio.config
expect_usage mo-no-args "usage: measure-option" "$mo"
expect_usage mo-bad-boots "-n x: give a number of boots" "$mo" -n x tiny/aio.patch "$frag"
expect_usage mo-zero-boots "-n 0: give a number of boots" "$mo" -n 0 tiny/aio.patch "$frag"
expect_usage mo-bad-flag "unknown option -z" "$mo" -z tiny/aio.patch "$frag"
expect_usage mo-no-patch "no such patch: patches/tiny/none.patch" "$mo" tiny/none.patch "$frag"
expect_usage mo-no-fragment "$TMP/none.config: no such fragment" \
	"$mo" tiny/aio.patch "$TMP/none.config"
expect_usage mo-no-board "$TMP/none-board.config: no such board file" \
	"$mo" -b "$TMP/none-board.config" tiny/aio.patch "$frag"
expect_usage report-no-args "usage: report OUTDIR" "$TOP/scripts/report"
expect_usage report-bad-board "REPORT_BOARDS: no board nosuch" \
	env REPORT_BOARDS=nosuch "$TOP/scripts/report" "$TMP/report"
expect_usage report-bad-options "REPORT_OPTIONS is all or none" \
	env REPORT_OPTIONS=some "$TOP/scripts/report" "$TMP/report"
ka=$TOP/scripts/bench-kmalloc-acct
expect_usage ka-bad-boots "-n x: give a number of boots" "$ka" -n x
expect_usage ka-bad-flag "unknown option -z" "$ka" -z
expect_usage ka-bad-variant "unknown variant slub" "$ka" slub
expect_usage ka-floor-slob "--floor and --tail are for slab only" "$ka" --floor slob
expect_usage ka-tail-slob "--floor and --tail are for slab only" "$ka" --tail slob
bo=$TOP/scripts/bench-oz
expect_usage bo-bad-boots "x: give a number of boots" "$bo" x
expect_usage bo-zero-boots "0: give a number of boots" "$bo" 0
expect_usage bo-two-args "usage: scripts/bench-oz" "$bo" 1 2
gc=$TOP/scripts/gc-sections
mkdir -p "$TMP/nogc"
: >"$TMP/nogc/vmlinux"
echo "cmd_vmlinux := ld -m elf_i386 -o vmlinux head.o" >"$TMP/nogc/.vmlinux.cmd"
expect_usage gc-no-args "usage: gc-sections \\[-l\\] OUT" "$gc"
expect_usage gc-no-vmlinux "$TMP/none/vmlinux: no such file" "$gc" "$TMP/none"
expect_usage gc-not-gc "not linked with --gc-sections" "$gc" -l "$TMP/nogc"
po=$TOP/scripts/plot-options
printf 'AIO 6455 8\nIGMP -7804\n' >"$TMP/bad.dat"
expect_usage po-no-args "usage: plot-options" "$po"
expect_usage po-no-table "$TMP/none.dat: missing or empty" "$po" "$TMP/none.dat" "$TMP/o.svg"
expect_usage po-bad-table "each line must be NAME BYTES KB" "$po" "$TMP/bad.dat" "$TMP/o.svg"

# a table that plots: every name is in the SVG, written as it is
need gnuplot
printf 'AIO 6455 8\nFILE_LOCKING 11496 12\nUID16 1296 -5\nMEASURE_INLINES 0 -1\n' >"$TMP/ok.dat"
"$po" "$TMP/ok.dat" "$TMP/ok.svg" >/dev/null || fail "plot-options failed on a good table"
for name in AIO FILE_LOCKING UID16 MEASURE_INLINES; do
	grep -q ">$name<" "$TMP/ok.svg" || fail "plot-options: $name is not in the SVG"
done
echo "ok plot-options: a 4-option chart names all four"
echo PASS
