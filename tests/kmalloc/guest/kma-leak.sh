# shellcheck shell=sh
# The module kmaleak leaks 1000 x kmalloc(128) from kmaleak_kmalloc (a
# constant size: kmalloc's inline fast path) and 10 allocations from
# each wrapper: "kmalloc-top --diff" of snapshots around insmod must
# put kmaleak_kmalloc on top with net +128000, and charge every wrapper
# call to the module's function (net = total, total - slack = 10 x the
# request).  The caller is one field, the module's name in brackets
# right after the offset, as the 2005 format has the caller last.  After
# rmmod the rows stay, with the address for a name.
# shellcheck source=kma.inc
. /extra/tests/kma.inc

KTOP=/extra/bin/kmalloc-top

d=/tmp/kma-leak
snap $d.1
insmod /extra/mod/kmaleak.ko || bad "insmod kmaleak.ko failed"
snap $d.2
invariants $d.2 >/dev/null || bad "invariants after insmod"
"$KTOP" --diff -n 0 $d.1 $d.2 >$d.diff || bad "kmalloc-top --diff failed"
sed '1,/^   total    slack      net  allocs   frees  caller$/d' $d.diff >$d.rows
top=$(head -n 1 $d.rows)
echo "kma_leak_top=$top"
echo "$top" | awk '$1 != "+128000" || $3 != "+128000" || $4 != "+1000" ||
	$5 != "+0" || $6 !~ /^kmaleak_kmalloc\+0x[0-9a-f]+\[kmaleak\]$/ ||
	NF != 6 { exit 1 }' ||
	bad "top of kmalloc-top --diff is not kmaleak_kmalloc, +128000: $top"

# expect FUNCTION REQUEST: one row, 10 allocations of REQUEST bytes
expect() {
	r=$(grep " $1+0x[0-9a-f]*\[kmaleak\]\$" $d.rows)
	echo "kma_leak_$1=$r"
	echo "$r" | awk -v req="$2" '{ t = $1 + 0; s = $2 + 0 }
		NR != 1 || t != $3 + 0 || t - s != 10 * req || $4 != "+10" ||
		$5 != "+0" { exit 1 }' ||
		bad "$1: not 10 x $2 bytes charged to it: $r"
}
expect kmaleak_kmalloc_var 200
expect kmaleak_kzalloc 100
expect kmaleak_kcalloc 100
expect kmaleak_kstrdup 19
r=$(grep -E '  (__kmalloc|kzalloc|kcalloc|kstrdup)\+' $d.rows)
[ -z "$r" ] && r=none
echo "kma_leak_wrappers=$r"
[ "$r" = none ] || bad "rows charged to a wrapper: $r"

rmmod kmaleak || bad "rmmod kmaleak failed"
snap $d.3
invariants $d.3 >/dev/null || bad "invariants after rmmod"
grep -q '\[kmaleak\]' $d.3 && bad "kmaleak rows still named after rmmod"
n=$(awk '$3 == 128000 && $4 == "1000/0" && $5 ~ /^[0-9a-f]+$/' $d.3 | wc -l)
[ "$n" = 1 ] || bad "no row '128000 1000/0 ADDRESS' after rmmod"
rm -f $d.1 $d.2 $d.3 $d.diff $d.rows
finish
