#!/bin/bash
# CONFIG_REGPARM (-mregparm=3): every C function that assembly calls,
# and every assembly function that C calls, must say how it takes its
# arguments (asmlinkage: on the stack; fastcall: in %eax, %edx, %ecx),
# since -mregparm=3 changes the default for everything else.  On the
# tiny board's build (make BOARD=tiny kernel), this test:
#  - finds every C function that an object built from assembly (entry.S,
#    head.S, the syscall table, the decompressor's head.S, ...) refers
#    to, and the C functions that the inline asm of semaphores, rwsems,
#    switch_to, kernel_thread and the 4K-stack IRQ code calls (a fixed
#    list: inline asm leaves no trace in the object);
#  - compiles the object that defines each with -mregparm=3 and
#    -fdump-tree-optimized, and reads from the dump whether its
#    definition has regparm(0) or regparm(3): every one must have one
#    of the two, and the system calls must have regparm(0);
#  - for every assembly function that a C object refers to, compiles
#    that C file again with a declaration of the function as asmlinkage
#    appended: gcc stops with "conflicting types" when the C side
#    declares it otherwise (a function only inline asm names, such as
#    __get_user_4, has no C declaration and is skipped).
# Prints each function with its convention to $BUILD/opt-regparm-callers/
# callers.txt.  Usage: tests/kernel/regparm-callers.sh [OUT]
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=../options/lib.sh
. "$TOP/tests/options/lib.sh"
need "${CROSS}gcc" "${CROSS}nm"

# C functions called from inline asm, with the convention the asm uses
inline_callees="__do_IRQ:3 __do_softirq:0 do_exit:3 __down:3
__down_interruptible:3 __down_trylock:3 __up:3 rwsem_down_read_failed:3
rwsem_down_write_failed:3 rwsem_wake:3 rwsem_downgrade_wake:3
__switch_to:3 save_v86_state:3"

out=${1:-}
if [ -z "$out" ]; then
	vanilla_tree
	make -C "$TOP" --no-print-directory BOARD=tiny kernel >"$TMP/kernel.out" 2>&1 ||
		{ tail -n 20 "$TMP/kernel.out"; fail "make BOARD=tiny kernel"; }
	out=$BUILD/out/series-tiny
fi
out=$(cd "$out" && pwd) || fail "no build folder $out"
[ -f "$out/vmlinux" ] || fail "$out has no vmlinux"
opt_init regparm-callers
rm -rf "$W/dump"
mkdir -p "$W/dump"

# compile_cmd OBJ: the command kbuild compiled OUT/OBJ with
compile_cmd() {
	local c
	c=$(dirname "$1")/.$(basename "$1").cmd
	sed -n 's/^cmd_[^ ]* := //p' "$out/$c" | head -n 1
}

cd "$out"
# Objects from assembly, and the other objects of the kernel
find . -name '.*.o.cmd' | sort | while read -r c; do
	o=$(dirname "$c")/$(basename "$c" .cmd)
	o=${o#./}
	o=${o/\/./\/}
	[ -f "$o" ] || continue
	case $o in */built-in.o|scripts/*|*/vsyscall-syms.o) continue ;; esac
	if grep -q -- '-D__ASSEMBLY__' "$c"; then
		echo "asm $o"
	elif grep -q -- ' -c -o ' "$c"; then
		echo "c $o"
	fi
done >"$W/objects"
awk '$1 == "asm" { print $2 }' "$W/objects" >"$W/asm-objs"
awk '$1 == "c" { print $2 }' "$W/objects" >"$W/c-objs"
if [ ! -s "$W/asm-objs" ] || [ ! -s "$W/c-objs" ]; then
	fail "no objects found in $out"
fi

# "SYMBOL OBJECT" for the functions each C object defines
while read -r o; do
	"${CROSS}nm" --defined-only "$o" 2>/dev/null | awk -v o="$o" '$2 ~ /^[TtWw]$/ { print $3, o }'
done <"$W/c-objs" | sort -k1,1 >"$W/c-defs"
# "SYMBOL ASM-OBJECT" for what the assembly refers to
while read -r o; do
	"${CROSS}nm" -u "$o" 2>/dev/null | awk -v o="$o" '{ print $2, o }'
done <"$W/asm-objs" | sort -k1,1 -u >"$W/asm-refs"
# "SYMBOL CALLER EXPECTED": 0 for a system call (the table's entries,
# and the functions its ptregs_ stubs call), else 0 or 3 (-)
{
	table=$(compile_cmd arch/i386/kernel/entry.o)
	table=${table##* }
	sed -n 's/^[[:space:]]*\.long[[:space:]]*\([A-Za-z_0-9]*\).*/\1/p' \
		"${table%entry.S}syscall_table.S" | sed 's/^ptregs_//' |
		sort -u >"$W/syscalls"
	join "$W/asm-refs" "$W/syscalls" | awk '{ print $1, $2, 0 }'
	join -v 1 "$W/asm-refs" "$W/syscalls" | awk '{ print $1, $2, "-" }'
	for e in $inline_callees; do
		echo "${e%:*} inline-asm ${e#*:}"
	done
} | sort -k1,1 >"$W/callees"
[ "$(wc -l <"$W/syscalls")" -gt 200 ] || fail "cannot read the syscall table"

# the C object that defines each callee (callees defined nowhere in C,
# such as data and assembly labels, drop out here)
join "$W/callees" "$W/c-defs" >"$W/callee-defs"
[ "$(wc -l <"$W/callee-defs")" -gt 200 ] || fail "too few C callees found"

# redeclare OBJ N SYMBOL...: compile the C file of OBJ again, with
# -mregparm=3 and, appended, a declaration of each SYMBOL with
# regparm(N); print "SYMBOL ok" for each that gcc takes, "SYMBOL
# conflict TYPE" for each whose own declaration differs (TYPE as gcc
# gives it), "SYMBOL undeclared" for each the file does not declare.
redeclare() {
	local o=$1 n=$2 cmd src w sym
	shift 2
	cmd=$(compile_cmd "$o")
	src=${cmd##* }
	w=$W/dump/$(echo "$o" | tr / _)-$n.c
	{
		printf '#include "%s"\n' "$src"
		for sym in "$@"; do
			printf 'extern __typeof__(%s) %s __attribute__((regparm(%s)));\n' \
				"$sym" "$sym" "$n"
		done
	} >"$w"
	LC_ALL=C eval "${cmd% *} $w -mregparm=3 -fsyntax-only" >"$w.err" 2>&1 || true
	for sym in "$@"; do
		if grep -q "error: conflicting types for '$sym'" "$w.err"; then
			echo "$sym conflict $(sed -n "s/.*error: conflicting types for '$sym'; have '\(.*\)'.*/\1/p" \
				"$w.err" | head -n 1)"
		elif grep -q "error: '$sym' undeclared" "$w.err"; then
			echo "$sym undeclared"
		else
			echo "$sym ok"
		fi
	done
	# any other error: the check itself is broken
	if grep "error:" "$w.err" | grep -v -e "conflicting types for" \
		-e "undeclared here" -e "undeclared (first use"; then
		fail "cannot compile $o again with the declarations appended ($w.err)"
	fi
}

# The C functions assembly calls: their definitions must say regparm(0)
# or regparm(3), and the system calls regparm(0).  cond_syscall()'s
# weak sys_* aliases of sys_ni_syscall are checked as sys_ni_syscall.
bad=0
ni=$(redeclare kernel/sys_ni.o 0 sys_ni_syscall)
: >"$W/callers.txt"
awk '{ print $4 }' "$W/callee-defs" | sort -u >"$W/callee-objs"
while read -r obj; do
	mapfile -t syms < <(awk -v o="$obj" '$4 == o { print $1 }' "$W/callee-defs")
	redeclare "$obj" 0 "${syms[@]}" >"$W/r0"
	mapfile -t not0 < <(awk '$2 != "ok" { print $1 }' "$W/r0")
	: >"$W/r3"
	[ ${#not0[@]} -eq 0 ] || redeclare "$obj" 3 "${not0[@]}" >"$W/r3"
	while read -r sym caller want o; do
		[ "$o" = "$obj" ] || continue
		if grep -qx "$sym ok" "$W/r0"; then
			got=0
		elif grep -qx "$sym ok" "$W/r3"; then
			got=3
		elif grep -qx "$sym undeclared" "$W/r0"; then
			got="alias"
		else
			got=none
		fi
		echo "$sym $obj called-from=$caller regparm=$got" >>"$W/callers.txt"
		case $got in
		alias)	# cond_syscall(): a weak alias of sys_ni_syscall
			if [ "$obj" = kernel/sys_ni.o ] && [ "$ni" = "sys_ni_syscall ok" ]; then
				continue
			fi ;;
		0|3)	if [ "$want" = - ] || [ "$want" = "$got" ]; then
				continue
			fi ;;
		esac
		echo "$sym ($obj, called from $caller): regparm $got, the caller expects ${want/-/0 or 3}"
		bad=$((bad + 1))
	done <"$W/callee-defs"
done <"$W/callee-objs"
n_c=$(wc -l <"$W/callers.txt")

# The assembly functions C refers to: where C declares one with
# arguments, it must be asmlinkage (none of them takes its arguments in
# registers).  __get_user_4 and the like, called from inline asm with
# their own register convention, are declared "void f(void)".
while read -r o; do
	"${CROSS}nm" --defined-only "$o" 2>/dev/null | awk '$2 == "T" { print $3 }'
done <"$W/asm-objs" | sort -u >"$W/asm-funcs"
while read -r o; do
	"${CROSS}nm" -u "$o" 2>/dev/null | awk -v o="$o" '{ print $2, o }'
done <"$W/c-objs" | sort -k1,1 | join - "$W/asm-funcs" >"$W/c-to-asm"
n_a=0
awk '{ print $2 }' "$W/c-to-asm" | sort -u >"$W/c-to-asm-objs"
while read -r obj; do
	mapfile -t syms < <(awk -v o="$obj" '$2 == o { print $1 }' "$W/c-to-asm")
	while read -r sym how type; do
		case $how in
		ok) n_a=$((n_a + 1)); echo "$sym $obj declared-in-C regparm=0" ;;
		undeclared) echo "$sym $obj inline-asm-only" ;;
		conflict)
			case $type in
			*"(void)") echo "$sym $obj declared-in-C no-arguments" ;;
			*)	echo "$sym: declared as $type, not asmlinkage, in the C of $obj" >&2
				bad=$((bad + 1)) ;;
			esac ;;
		esac
	done < <(redeclare "$obj" 0 "${syms[@]}") >>"$W/callers.txt"
done <"$W/c-to-asm-objs"
[ "$bad" = 0 ] || fail "$bad functions between C and assembly have the wrong calling convention"
echo "PASS: $n_c C functions called from assembly, $n_a C declarations of assembly functions: every one asmlinkage or fastcall as its caller expects (list: $W/callers.txt)"
