#!/bin/bash
# switch_to() tells gcc that the task switch clobbers %ebx, %ecx, %edx,
# %esi and %edi (compat/switch-to-clobbers.patch), so that gcc keeps no
# value in them across it.
#
# Applies the compat series to a copy of vanilla 2.6.14, puts the
# switch_to() macro of its include/asm-i386/system.h in front of
# tests/host/switch-to-clobbers.c, and compiles that for i686 with the
# kernel's options (-Os, -O2; with and without frame pointers).  After
# each switch (the asm's "1: popl %ebp") up to the next call, jump or
# label, no instruction may read one of the five registers before
# writing it.  Vanilla's switch_to() names only %esi and %edi: gcc 12
# with -Os and frame pointers keeps the task pointer in %ecx across it.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
need i686-linux-gnu-gcc patch awk
vanilla_tree

t=$TMP/linux-2.6.14
compat_tree "$t"
src=$TMP/probe.c
sed -n '/^#define switch_to(/,/} while (0)/p' "$t/include/asm-i386/system.h" >"$src"
grep -q 'jmp __switch_to' "$src" || fail "no switch_to() macro in include/asm-i386/system.h"
cat "$TOP/tests/host/switch-to-clobbers.c" >>"$src"

# stale: the instructions that read a register gcc kept across a switch
cat >"$TMP/stale.awk" <<'AWK'
function reg(r) {
	sub(/^%/, "", r)
	if (r ~ /^(bl|bh|bx|ebx)$/) return "ebx"
	if (r ~ /^(cl|ch|cx|ecx)$/) return "ecx"
	if (r ~ /^(dl|dh|dx|edx)$/) return "edx"
	if (r ~ /^(si|esi)$/) return "esi"
	if (r ~ /^(di|edi)$/) return "edi"
	return ""
}
# reads S: the watched registers S names, read before written
function reads(s,    r) {
	while (match(s, /%[a-z]+/)) {
		r = reg(substr(s, RSTART, RLENGTH))
		if (r != "" && !(r in written))
			print fn ": %" r " read after the switch: " line
		s = substr(s, RSTART + RLENGTH)
	}
}
/^[a-z_]+:/ { fn = $1 }
/^1:\tpopl %ebp/ { on = 1; switches++; split("", written); next }
!on { next }
/^[ \t]*[#.]/ { next }
/^[^ \t]/ || /^[ \t]*(call|j[a-z]+)[ \t]/ || /^[ \t]*ret/ { on = 0; next }
{
	line = $0
	sub(/^[ \t]+/, "", line)
	op = line; sub(/[ \t].*/, "", op)
	args = line; sub(/^[^ \t]+[ \t]*/, "", args)
	# the operands, split at the commas outside parentheses
	n = 0; depth = 0; cur = ""
	for (i = 1; i <= length(args); i++) {
		c = substr(args, i, 1)
		if (c == "(") depth++
		if (c == ")") depth--
		if (c == "," && depth == 0) { a[++n] = cur; cur = ""; continue }
		cur = cur c
	}
	if (cur != "") a[++n] = cur
	for (i = 1; i < n; i++) reads(a[i])
	if (n == 0) next
	last = a[n]; gsub(/ /, "", last)
	if (last ~ /\(/ || op ~ /^push/) { reads(last); next }
	# mov, lea, pop and set only write their last operand
	if (op !~ /^(mov|lea|pop|set)/ || op ~ /^movs[bwl]?$/) reads(last)
	r = reg(last)
	if (r != "") written[r] = 1
}
END { print "switches " switches + 0 }
AWK

bad=
for flags in "-Os -fno-omit-frame-pointer" "-Os -fomit-frame-pointer" \
	"-O2 -fno-omit-frame-pointer" "-O2 -fomit-frame-pointer"; do
	# shellcheck disable=SC2086 # the flags are words
	i686-linux-gnu-gcc -m32 -march=i686 -mpreferred-stack-boundary=2 \
		-fno-strict-aliasing -fno-common -ffreestanding $flags \
		-S -o "$TMP/probe.s" "$src" || fail "cannot compile $src ($flags)"
	awk -f "$TMP/stale.awk" "$TMP/probe.s" >"$TMP/stale.out"
	grep -qx 'switches 3' "$TMP/stale.out" ||
		fail "$flags: not 3 switches in the probes' code ($(tail -n 1 "$TMP/stale.out"))"
	if grep -q 'after the switch' "$TMP/stale.out"; then
		sed "s/^/$flags: /" "$TMP/stale.out" | grep 'after the switch'
		bad="$bad; $flags"
	else
		echo "ok $flags: no register kept across switch_to()"
	fi
done
[ -z "$bad" ] || fail "gcc keeps values in registers across switch_to() with${bad#;}"
echo "switch_to() lets gcc keep no register across the switch (4 option sets)"
