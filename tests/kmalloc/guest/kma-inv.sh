# shellcheck shell=sh
# The seed's format, and the sums: with no lost callers the rows add up
# to the header (total, slack, net, allocs; frees plus unknown frees),
# no row is charged to a kmalloc wrapper (nor to __alloc_percpu on SMP),
# every row has the 2005 format's five fields, and every row is consistent
# (slack and net within total, frees within allocs, net only with live
# allocations).  Twice, to see the counts move.
# shellcheck source=kma.inc
. /extra/tests/kma.inc

snap /tmp/kma-inv.1
invariants /tmp/kma-inv.1 || status=1
i=0
while [ $i -lt 20 ]; do
	/bin/true
	i=$((i + 1))
done
snap /tmp/kma-inv.2
invariants /tmp/kma-inv.2 || status=1
r=$(grep -E ' __alloc_percpu\+' /tmp/kma-inv.2 || true)
[ -z "$r" ] || bad "rows charged to __alloc_percpu: $r"
a1=$(hdr /tmp/kma-inv.1 "number of allocs")
a2=$(hdr /tmp/kma-inv.2 "number of allocs")
[ "$a2" -gt "$a1" ] || bad "number of allocs did not grow: $a1 -> $a2"
[ "$(hdr /tmp/kma-inv.2 "lost callers")" = 0 ] || bad "lost callers"
[ "$(hdr /tmp/kma-inv.2 "lost allocs")" = 0 ] || bad "lost allocs"
n=$(hdr /tmp/kma-inv.2 "number of callers")
[ "$n" -ge 20 ] || bad "only $n callers"
echo "kma_inv_callers=$n"
rm -f /tmp/kma-inv.1 /tmp/kma-inv.2
finish
