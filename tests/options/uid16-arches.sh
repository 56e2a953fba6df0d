#!/bin/bash
# CONFIG_UID16 (tiny/uid16.patch) on the host: include/linux/highuid.h's
# SET_UID() and kernel/sys.c's export of overflowuid, from vanilla 2.6.14
# and from the tree with the patch, preprocessed for three kinds of
# architecture:
#   i386 with UID16 (the default)   an id above 65535 in a 16-bit field
#                                   becomes overflowuid, exported
#   i386 without UID16 (the option) the same (i386's struct stat and
#                                   old ipc_perm keep 16-bit ids)
#   no UID16, not i386 (ppc, alpha, mips, ...) as in vanilla: the id is
#                                   truncated, and overflowuid is not
#                                   exported
# The default and the other architectures must give what vanilla gives.
# UID16_PATCH=FILE runs it against another version of the patch.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
need gcc patch
vanilla_tree

p=${UID16_PATCH:-$TOP/patches/tiny/uid16.patch}
# the files the patch changes, from vanilla, then the patch
while read -r f; do
	mkdir -p "$TMP/patched/$(dirname "$f")" "$TMP/vanilla/$(dirname "$f")"
	cp "$VANILLA/$f" "$TMP/patched/$f"
	cp "$VANILLA/$f" "$TMP/vanilla/$f"
done < <(sed -n 's|^+++ b/||p' "$p")
for f in include/linux/highuid.h kernel/sys.c; do
	[ -f "$TMP/patched/$f" ] || fail "$p does not change $f"
done
(cd "$TMP/patched" && patch -p1 --fuzz=0 -s) <"$p" || fail "$p does not apply"

# the two headers highuid.h includes, cut down to what it needs
mkdir -p "$TMP/stub/linux"
: >"$TMP/stub/linux/config.h"
cat >"$TMP/stub/linux/types.h" <<'STUB'
typedef unsigned int uid_t;
typedef unsigned int gid_t;
typedef unsigned short uid16_t;
typedef unsigned short gid16_t;
#ifdef CONFIG_UID16
typedef unsigned short old_uid_t;
typedef unsigned short old_gid_t;
#endif
STUB
cat >"$TMP/prog.c" <<'PROG'
#include <stdio.h>
#include <linux/highuid.h>
int overflowuid = DEFAULT_OVERFLOWUID;
int overflowgid = DEFAULT_OVERFLOWGID;
int main(void)
{
	unsigned short u16, g16;
	unsigned int u32;
	uid_t id = 70000;

	SET_UID(u16, id);
	SET_GID(g16, id);
	SET_UID(u32, id);
	printf("16-bit %u %u, 32-bit %u", u16, g16, u32);
	return 0;
}
PROG
# the #if line before sys.c's EXPORT_SYMBOL(overflowuid), as a program
# that prints whether it holds
export_test() {
	local cond
	cond=$(grep -B 1 '^EXPORT_SYMBOL(overflowuid);' "$TMP/$1/kernel/sys.c" | head -n 1)
	case "$cond" in
	'#if'*) ;;
	*) cond="#if 1" ;;
	esac
	printf '#include <stdio.h>\nint main(void)\n{\n%s\n\tputs(", exported");\n#else\n\tputs(", not exported");\n#endif\n\treturn 0;\n}\n' \
		"$cond" >"$TMP/export-$1.c"
}

# run TREE DEFINES...: what SET_UID and the export give
run() {
	local t=$1
	shift
	gcc -Wall -I"$TMP/$t/include" -I"$TMP/stub" "$@" -o "$TMP/prog" "$TMP/prog.c" ||
		fail "highuid.h of $t does not build with $*"
	gcc -Wall "$@" -o "$TMP/export" "$TMP/export-$t.c" ||
		fail "sys.c's export line of $t does not build with $*"
	echo "$("$TMP/prog")$("$TMP/export")"
}

export_test vanilla
export_test patched
bad=0
# check NAME DEFINES... -- WANT: the patched tree must give WANT
check() {
	local name=$1 got want defs=()
	shift
	while [ "$1" != -- ]; do defs+=("$1"); shift; done
	want=$2
	got=$(run patched "${defs[@]}")
	if [ "$got" = "$want" ]; then
		echo "ok $name: $got"
	else
		echo "FAIL: $name: $got, wanted $want"
		bad=1
	fi
}
i386_default=$(run vanilla -DCONFIG_X86 -DCONFIG_UID16)
other=$(run vanilla -DCONFIG_PPC32)
check "i386, UID16=y (as vanilla)" -DCONFIG_X86 -DCONFIG_UID16 -- "$i386_default"
check "i386, UID16=n" -DCONFIG_X86 -- "16-bit 65534 65534, 32-bit 70000, exported"
check "ppc, no UID16 (as vanilla)" -DCONFIG_PPC32 -- "$other"
check "x86_64 without IA32_EMULATION (as vanilla)" -DCONFIG_X86 -DCONFIG_X86_64 -- "$other"
[ "$i386_default" = "16-bit 65534 65534, 32-bit 70000, exported" ] ||
	fail "vanilla i386 gives '$i386_default': the test is wrong"
[ "$other" = "16-bit 4464 4464, 32-bit 70000, not exported" ] ||
	fail "vanilla without UID16 gives '$other': the test is wrong"
[ "$bad" = 0 ] || fail "the patch changes SET_UID or the export where it should not"
echo "PASS"
