#!/bin/bash
# Host unit tests of the kmalloc accounting core: mm/kmallocacct.c and
# include/linux/kmallocacct.h, taken from
# patches/tiny/kmalloc-accounting.patch as they are, compiled against
# tests/kmalloc/tables.c (see its header) with several table sizes, the
# Kconfig minimum and the default included:
#   - gcc with AddressSanitizer and UBSan, 64-bit (unsigned long and
#     pointers wider than the u32 the seed cast them to)
#   - i386-linux-musl-gcc, 32-bit like the kernel (32-byte rows), with
#     UBSan trapping
# Every program must print "ok" for every test.  KMA_SEEDS lists the
# seeds of the random test (default 1 2 3).
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
need gcc i386-linux-musl-gcc awk timeout

patch=$TOP/patches/tiny/kmalloc-accounting.patch
test_c=$TOP/tests/kmalloc/tables.c
[ -f "$patch" ] || fail "no $patch"

# extract FILE: a new file of the patch is one hunk "@@ -0,0 +1,N @@"
# of N added lines
extract() {
	mkdir -p "$(dirname "$src/$2")"
	awk -v name="$1" -v out="$src/$2" '
		$0 == "+++ b/" name { file = 1; next }
		file && !n && /^@@ -0,0 \+1,[0-9]+ @@/ {
			split($3, r, ","); n = r[2]; next }
		file && n && left < n { if (substr($0, 1, 1) != "+") exit 1
			print substr($0, 2) > out; left++; next }
		file && n { exit }
		END { if (!n || left != n) exit 1 }' "$patch" ||
		fail "cannot take $1 out of $patch"
	echo "$1: $(wc -l <"$src/$2") lines"
}
src=$TMP/src
extract mm/kmallocacct.c kmallocacct.c
extract include/linux/kmallocacct.h linux/kmallocacct.h

tests="home collisions fullcallers unknown notcharged reset wrap wide many random"
sizes="16 64 512"
seeds=${KMA_SEEDS:-1 2 3}

# run NAME PROGRAM: every seed, every test "ok"
run() {
	local name=$1 prog=$2 seed t
	for seed in $seeds; do
		timeout 300 "$prog" "$seed" 20000 >"$TMP/out" 2>&1 || {
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

for c in $sizes; do
	gcc -O1 -g -Wall -Wextra -Werror -fsanitize=address,undefined \
		-fno-sanitize-recover=all -DKMA_ROWS="$c" \
		-I "$src" -o "$TMP/asan-$c" "$test_c" ||
		fail "cannot compile the ASan test with $c rows"
	ASAN_OPTIONS=detect_leaks=1 run "asan $c" "$TMP/asan-$c"

	i386-linux-musl-gcc -static -O2 -Wall -Wextra -Werror \
		-fsanitize=undefined -fsanitize-undefined-trap-on-error \
		-DKMA_ROWS="$c" -I "$src" \
		-o "$TMP/i386-$c" "$test_c" ||
		fail "cannot compile the i386 test with $c rows"
	run "i386 $c" "$TMP/i386-$c"
done
grep -q '^tables: 512 rows, 448 usable, 32 bytes per row, 16416 in all$' \
	"$TMP/out" || fail "32-bit row size changed: $(head -n 1 "$TMP/out")"
echo PASS
