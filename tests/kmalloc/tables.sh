#!/bin/bash
# Host unit tests of the kmalloc accounting tables: the core of
# mm/kmallocacct.c, taken from patches/tiny/kmalloc-accounting.patch as
# it is, compiled against tests/kmalloc/tables.c (see its header) with
# several table sizes, including the Kconfig minimum and the defaults:
#   - gcc with AddressSanitizer and UBSan, 64-bit (unsigned long and
#     pointers wider than the u32 the seed cast them to)
#   - i386-linux-musl-gcc, 32-bit like the kernel (12-byte slots), with
#     UBSan trapping
# Every program must print "ok" for every test.  KMA_SEEDS lists the
# seeds of the random test (default 1 2 3).
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
need gcc i386-linux-musl-gcc awk timeout

patch=$TOP/patches/tiny/kmalloc-accounting.patch
test_c=$TOP/tests/kmalloc/tables.c
[ -f "$patch" ] || fail "no $patch"

# The new file is one hunk "@@ -0,0 +1,N @@" of N added lines.
src=$TMP/src
mkdir -p "$src"
awk -v out="$src/kmallocacct.c" '
	/^\+\+\+ b\/mm\/kmallocacct\.c$/ { file = 1; next }
	file && !n && /^@@ -0,0 \+1,[0-9]+ @@/ {
		split($3, r, ","); n = r[2]; next }
	file && n && left < n { if (substr($0, 1, 1) != "+") exit 1
		print substr($0, 2) > out; left++; next }
	file && n { exit }
	END { if (!n || left != n) exit 1 }' "$patch" ||
	fail "cannot take mm/kmallocacct.c out of $patch"
echo "mm/kmallocacct.c: $(wc -l <"$src/kmallocacct.c") lines"

tests="row0 collisions stale unknown implicit fullcallers fullallocs reset wide null random"
sizes="7:13 8:16 16:64 1024:8192"
seeds=${KMA_SEEDS:-1 2 3}

# run NAME PROGRAM: every seed, every test "ok"
run() {
	local name=$1 prog=$2 seed t runner=()
	[ -z "${3:-}" ] || runner=("$3")
	for seed in $seeds; do
		timeout 300 "${runner[@]}" "$prog" "$seed" 20000 >"$TMP/out" 2>&1 || {
			cat "$TMP/out"
			fail "$name, seed $seed: exit status $?"
		}
		for t in $tests; do
			grep -qx "ok $t" "$TMP/out" || {
				cat "$TMP/out"
				fail "$name, seed $seed: no 'ok $t'"
			}
		done
	done
	echo "$(head -n 1 "$TMP/out"): ok"
}

# The i386 programs run natively, or through qemu-i386 on a host that
# cannot run i386 executables.
i386_run=
printf 'int main(void) { return 0; }\n' >"$TMP/true.c"
i386-linux-musl-gcc -static -o "$TMP/true-i386" "$TMP/true.c" ||
	fail "i386-linux-musl-gcc cannot build a static program"
if ! "$TMP/true-i386" 2>/dev/null; then
	need qemu-i386
	i386_run=qemu-i386
fi

for s in $sizes; do
	c=${s%:*} a=${s#*:}
	gcc -O1 -g -Wall -Wextra -Werror -fsanitize=address,undefined \
		-fno-sanitize-recover=all -DKMA_CALLERS="$c" -DKMA_ALLOCS="$a" \
		-I "$src" -o "$TMP/asan-$c" "$test_c" ||
		fail "cannot compile the ASan test with $c callers, $a slots"
	ASAN_OPTIONS=detect_leaks=1 run "asan $c/$a" "$TMP/asan-$c"

	i386-linux-musl-gcc -static -O2 -Wall -Wextra -Werror \
		-fsanitize=undefined -fsanitize-undefined-trap-on-error \
		-DKMA_CALLERS="$c" -DKMA_ALLOCS="$a" -I "$src" \
		-o "$TMP/i386-$c" "$test_c" ||
		fail "cannot compile the i386 test with $c callers, $a slots"
	run "i386 $c/$a" "$TMP/i386-$c" "$i386_run"
done
grep -q '^tables: .* 12 bytes per slot, 40 per row$' "$TMP/out" ||
	fail "32-bit slot or row size changed: $(head -n 1 "$TMP/out")"
echo PASS
