# shellcheck shell=sh
# Writing "reset" (or "0") as root clears the counts; anything else is
# EINVAL and changes nothing; user 1000 cannot write.  After a reset,
# frees of older allocations are neither counted nor unknown, and the
# sums hold again.
# shellcheck source=kma.inc
. /extra/tests/kma.inc

r=/tmp/kma-reset
snap $r.1
a1=$(hdr $r.1 "number of allocs")
c1=$(hdr $r.1 "number of callers")

# dd, not the shell's printf, reports the error of write()
for w in bogus reset0 "" "reset reset"; do
	if printf '%s\n' "$w" | dd of="$KMA" conv=notrunc 2>$r.err; then
		bad "writing '$w' succeeded"
	fi
	grep -q 'Invalid argument' $r.err || bad "writing '$w': $(cat $r.err)"
done
if setuidgid user sh -c "echo reset >$KMA" 2>$r.err; then
	bad "user 1000 could reset"
fi
snap $r.2
a2=$(hdr $r.2 "number of allocs")
[ "$a2" -ge "$a1" ] || bad "a refused write cleared the counts: $a1 -> $a2"

echo reset >"$KMA" || bad "root cannot write reset"
snap $r.3
a3=$(hdr $r.3 "number of allocs")
c3=$(hdr $r.3 "number of callers")
echo "kma_reset=allocs $a2 -> $a3, callers $c1 -> $c3"
if [ "$a3" -ge "$a1" ] || [ "$a3" -ge 1000 ]; then
	bad "allocs $a2 -> $a3 after reset"
fi
[ "$c3" -lt "$c1" ] || bad "callers $c1 -> $c3 after reset"
[ "$(hdr $r.3 "unknown frees")" = 0 ] ||
	bad "frees of older allocations counted as unknown"
invariants $r.3 || status=1

# let older allocations be freed, then check again
i=0
while [ $i -lt 50 ]; do
	/bin/true
	i=$((i + 1))
done
sleep 1
snap $r.4
[ "$(hdr $r.4 "unknown frees")" = 0 ] ||
	bad "frees of older allocations counted as unknown"
invariants $r.4 || status=1

printf 0 >"$KMA" || bad "root cannot write 0"
snap $r.5
a5=$(hdr $r.5 "number of allocs")
a4=$(hdr $r.4 "number of allocs")
[ "$a5" -lt "$a4" ] || bad "allocs $a4 -> $a5 after writing 0"
rm -f $r.1 $r.2 $r.3 $r.4 $r.5 $r.err
finish
