#!/bin/bash
# CONFIG_PANIC and CONFIG_FULL_PANIC (tiny/panic.patch).  Builds the
# tiny board from the compat series plus panic.patch and tinyconfig.patch
# three times: PANIC=y FULL_PANIC=y (the default), PANIC=y FULL_PANIC=n
# and PANIC=n.  Boots each with "panic=1 rdinit=/bin/false": PID 1
# exits at once and the kernel panics ("Attempted to kill init!").
# Each must still reboot after a second, which ends QEMU (-no-reboot)
# before the console has been silent for 30 s (run-qemu notes "killed
# by run-qemu" in the log when it has to stop QEMU).  Then the report:
#   default    "Kernel panic - not syncing: Attempted to kill init!" and
#              "Rebooting in 1 seconds"
#   FULL=n     "Kernel panic - not syncing (called from ADDR)", ADDR in
#              do_exit (System.map), and no message text
#   PANIC=n    no "Kernel panic" line at all
# Prints the vmlinux deltas.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
need quilt qemu-system-i386 "${CROSS}gcc" i386-linux-musl-gcc
vanilla_tree

TINY_BOARD=$TOP/configs/qemu-i386-tiny.config
opt_init panic
opt_tree "$W/tree" tiny/panic.patch tiny/tinyconfig.patch
fragment "$W/y.config" CONFIG_PANIC=y CONFIG_FULL_PANIC=y
fragment "$W/m.config" CONFIG_PANIC=y "# CONFIG_FULL_PANIC is not set"
fragment "$W/n.config" "# CONFIG_PANIC is not set"
for k in y m n; do
	echo "building opt-panic/out-$k"
	"$TOP/scripts/build-kernel" "$W/tree" "$TINY_BOARD" "$W/out-$k" \
		"$W/$k.config" >"$W/out-$k.build.out" 2>&1 ||
		{ tail -n 30 "$W/out-$k.build.out"; fail "kernel build failed: $W/out-$k"; }
done
opt_initramfs "$W"

# panic_boot K: boot out-K until PID 1 exits and the kernel panics; the
# log is $W/K.log.  The marker is the last line before init runs, so
# run-qemu passes on a kernel that says nothing about the panic.
panic_boot() {
	local k=$1
	echo "booting out-$k with panic=1 rdinit=/bin/false"
	"$TOP/scripts/run-qemu" -m 8 --timeout 120 --idle-timeout 30 \
		--marker "Freeing unused kernel memory" --log "$W/$k.log" \
		--append "panic=1 rdinit=/bin/false" \
		"$W/out-$k/arch/i386/boot/bzImage" "$W/initramfs.cpio.gz" \
		>"$W/$k.run" 2>&1 || true
	grep -a -q "Freeing unused kernel memory" "$W/$k.log" ||
		{ tail -n 20 "$W/$k.log"; fail "$k: the kernel did not get to init"; }
	if grep -a -q "killed by run-qemu" "$W/$k.log"; then
		tail -n 20 "$W/$k.log"
		fail "$k: the kernel did not reboot after its panic (panic=1)"
	fi
	echo "$k: the panic rebooted the machine"
}

panic_boot y
grep -a -q "Kernel panic - not syncing: Attempted to kill init!" "$W/y.log" ||
	fail "default: no panic message (log: $W/y.log)"
grep -a -q "Rebooting in 1 seconds" "$W/y.log" ||
	fail "default: no 'Rebooting in 1 seconds' (log: $W/y.log)"

panic_boot m
line=$(tr -d '\r' <"$W/m.log" | grep -a "Kernel panic - not syncing (called from " | head -n 1) ||
	fail "FULL_PANIC=n: no panic line with the caller (log: $W/m.log)"
! grep -a -q "Attempted to kill init" "$W/m.log" ||
	fail "FULL_PANIC=n: the message text is still printed"
addr=$(echo "$line" | sed -n 's/.*called from \([0-9a-f]*\)).*/\1/p')
[ -n "$addr" ] || fail "FULL_PANIC=n: no address in '$line'"
# the text symbol at or below addr
func=$(awk -v a="$addr" '$2 ~ /^[tT]$/ && $1 <= a { f = $3 } END { print f }' \
	"$W/out-m/System.map")
[ "$func" = do_exit ] ||
	fail "FULL_PANIC=n: caller $addr is in '$func', not do_exit"
echo "FULL_PANIC=n: '$line' ($func)"
! strings "$W/out-m/vmlinux" | grep -q "Attempted to kill init" ||
	fail "FULL_PANIC=n: the message string is still in vmlinux"

panic_boot n
! grep -a -q "Kernel panic" "$W/n.log" ||
	fail "PANIC=n: a panic line was printed (log: $W/n.log)"
echo "PANIC=n: no report"

echo "vmlinux FULL_PANIC=n - default: $(size_delta "$W/out-y" "$W/out-m")"
echo "vmlinux PANIC=n - default: $(size_delta "$W/out-y" "$W/out-n")"
echo "PASS"
