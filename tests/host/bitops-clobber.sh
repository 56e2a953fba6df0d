#!/bin/bash
# The i386 bitops that take the bit number in a register tell gcc that
# they may touch any word of the bitmap, not only the first one
# (compat/bitops-asm-constraints.patch).
#
# Applies the compat series to a copy of vanilla 2.6.14 and compiles
# tests/host/bitops-clobber.c against its include/asm-i386/bitops.h:
#   - for the host, and runs it: every probe stores to the word holding
#     bit 100 of a 140-bit bitmap, runs one bitop on bit 100 and reads
#     that word back with a plain access (see the .c file);
#   - for i686 (i686-linux-gnu-gcc -m32 -O2, as the kernel is built; this
#     host cannot run it): probe___set_bit must store word 3 (offset 12)
#     before the btsl and load it again after, instead of returning a
#     value gcc kept in a register.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
need gcc i686-linux-gnu-gcc patch
vanilla_tree

t=$TMP/linux-2.6.14
compat_tree "$t"
# bitops.h includes linux/config.h, which wants a configured tree.
mkdir -p "$TMP/shim/linux"
: >"$TMP/shim/linux/autoconf.h"
src=$TOP/tests/host/bitops-clobber.c
flags=(-O2 -D__KERNEL__ -I"$t/include" -I"$TMP/shim")

gcc "${flags[@]}" -o "$TMP/host" "$src" || fail "cannot build $src for the host"
bad=
"$TMP/host" >"$TMP/host.out" || bad="a bitop was reordered or cached (host build)"
cat "$TMP/host.out"

i686-linux-gnu-gcc -m32 "${flags[@]}" -S -o "$TMP/i686.s" "$src" ||
	fail "cannot compile $src for i686"
sed -n '/^probe___set_bit:/,/^[[:space:]]*ret/p' "$TMP/i686.s" >"$TMP/probe.s"
grep -q btsl "$TMP/probe.s" || { cat "$TMP/probe.s"; fail "no btsl in probe___set_bit (i686)"; }
cat "$TMP/probe.s"
# Word 3 is 12(%reg): stored before the btsl and loaded after it.
awk '/btsl/ { bts = NR }
     /movl[[:space:]]+\$0, 12\(%e[a-z]+\)/ && !bts { store = 1 }
     /movl[[:space:]]+12\(%e[a-z]+\), %e[a-z]+/ && bts { load = 1 }
     END { exit !(store && load) }' "$TMP/probe.s" || {
	bad="${bad:+$bad; }i686: probe___set_bit does not store word 3 before the btsl and load it after"
}
[ -z "$bad" ] || fail "$bad"
echo "$(grep -c "^ok" "$TMP/host.out") checks ok on the host; i686 __set_bit(100) reloads word 3"
