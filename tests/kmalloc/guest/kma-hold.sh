# shellcheck shell=sh
# More live allocations than the first design's table could track
# (7168): the module kmahold holds 10000 x kmalloc(64) from one call
# site, kmahold_alloc.  Its row must show them all live (total and net
# 640000, 10000/0), with "lost callers" and "unknown frees" 0; after
# rmmod frees them, the row (named by its address) has net 0 and
# 10000/10000, and the header still has no lost caller or unknown free.
# shellcheck source=kma.inc
. /extra/tests/kma.inc

d=/tmp/kma-hold
insmod /extra/mod/kmahold.ko || bad "insmod kmahold.ko failed"
snap $d.1
invariants $d.1 >/dev/null || bad "invariants with kmahold loaded"
# The row of kmahold_alloc's call site.  kmaleak, unloaded before, may
# have left rows at addresses that kmahold_alloc now covers: pick the
# row with 10000 allocations, which must be unique and all live.
r=$(awk 'seen && $5 ~ /^kmahold_alloc[+]0x[0-9a-f]+[[]kmahold[]]$/ &&
	$4 ~ /^10000\// { print $1, $2, $3, $4 }
	/^   total    slack      net alloc\/free  caller$/ { seen = 1 }' $d.1)
echo "kma_hold_loaded=$r lost=$(hdr $d.1 "lost callers") unknown=$(hdr $d.1 "unknown frees")"
[ "$r" = "640000 0 640000 10000/0" ] ||
	bad "kmahold_alloc: not one row of 10000 x 64 bytes live: '$r'"
[ "$(hdr $d.1 "lost callers")" = 0 ] || bad "lost callers with kmahold"
[ "$(hdr $d.1 "lost allocs")" = 0 ] || bad "lost allocs with kmahold"
[ "$(hdr $d.1 "unknown frees")" = 0 ] || bad "unknown frees with kmahold"
net=$(hdr $d.1 "net bytes allocated")
[ "$net" -ge 640000 ] || bad "header net $net < 640000 with kmahold"

rmmod kmahold || bad "rmmod kmahold failed"
snap $d.2
invariants $d.2 >/dev/null || bad "invariants after rmmod kmahold"
n=$(awk '$1 == 640000 && $2 == 0 && $3 == 0 && $4 == "10000/10000" &&
	$5 ~ /^[0-9a-f]+$/' $d.2 | wc -l)
echo "kma_hold_freed_rows=$n unknown=$(hdr $d.2 "unknown frees")"
[ "$n" = 1 ] || bad "no row '640000 0 0 10000/10000 ADDRESS' after rmmod"
[ "$(hdr $d.2 "unknown frees")" = 0 ] || bad "unknown frees after rmmod"
[ "$(hdr $d.2 "lost callers")" = 0 ] || bad "lost callers after rmmod"
rm -f $d.1 $d.2
finish
