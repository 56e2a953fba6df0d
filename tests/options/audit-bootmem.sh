#!/bin/bash
# CONFIG_AUDIT_BOOTMEM (tiny/audit-bootmem.patch) on a real boot.
# Builds the tiny board from the whole series with AUDIT_BOOTMEM=y,
# boots it at 8 MB with the disk and the NIC, and checks that:
# - the guest workload passes (the option changes no behaviour);
# - the console log has the kernel's "bootmem: total ..." line and
#   bootmem lines of all three kinds (alloc, reserve, free);
# - scripts/bootmem-sum, with the kernel's System.map, names every
#   caller and finds that the per-caller rows add up to its totals and
#   to the kernel's own (it exits 1 when a line was lost);
# Prints bootmem-sum's table: where "reserved" goes on the tiny board.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
need quilt qemu-system-i386 "${CROSS}gcc" i386-linux-musl-gcc gcc
vanilla_tree

tiny=$TOP/configs/qemu-i386-tiny.config
opt_init audit-bootmem
fragment "$W/y.config" CONFIG_AUDIT_BOOTMEM=y
series_tree
echo "building tiny + AUDIT_BOOTMEM=y"
"$TOP/scripts/build-kernel" "$BUILD/trees/series" "$tiny" "$W/out" "$W/y.config" \
	>"$W/out.build.out" 2>&1 ||
	{ tail -n 30 "$W/out.build.out"; fail "kernel build failed: $W/out"; }
[ "$(config_value "$W/out" AUDIT_BOOTMEM)" = y ] || fail "AUDIT_BOOTMEM is not on"
opt_initramfs "$W"
opt_disk "$W/disk.img"
OPT_RAM=8
opt_boot "$W/boot.log" "$W/out" --hda "$W/disk.img"
expect_kv "$W/boot.log" results pass

# the serial console's lines carry CRs
tr -d '\r' <"$W/boot.log" >"$W/boot.txt"
grep -a -q '^bootmem: total alloc ' "$W/boot.txt" ||
	fail "no 'bootmem: total' line in the console log (log: $W/boot.log)"
for kind in alloc reserve free; do
	grep -a -q "^bootmem: $kind [0-9]* bytes by " "$W/boot.txt" ||
		fail "no 'bootmem: $kind' line in the console log"
done

bin=$BUILD/bin/bootmem-sum
make -s -C "$TOP" --no-print-directory tools >"$TMP/tools.log" 2>&1 ||
	{ cat "$TMP/tools.log"; fail "make tools failed"; }
st=0
"$bin" -m "$W/out/System.map" "$W/boot.log" >"$W/sum.out" || st=$?
cat "$W/sum.out"
[ "$st" = 0 ] || fail "bootmem-sum exit $st: the log does not add up"
grep -q "^sums match the kernel's totals$" "$W/sum.out" ||
	fail "bootmem-sum: no match line"
! awk 'NR > 1 && $1 ~ /^[0-9]+$/ && $4 ~ /^[0-9a-f]{8}$/' "$W/sum.out" | grep -q . ||
	fail "a caller was not named by System.map"
for kind in alloc reserve free; do
	rows=$(awk -v k="$kind" '$1 ~ /^[0-9]+$/ && $3 == k { s += $1 } END { print s + 0 }' "$W/sum.out")
	total=$(sed -n "s/^total $kind //p" "$W/sum.out")
	[ "$rows" = "$total" ] || fail "$kind rows add up to $rows, total says $total"
done

# For the reader: the boot line that bootmem's figures explain.
grep -a -m1 '^Memory: ' "$W/boot.txt" || fail "no Memory: line"
echo "PASS"
