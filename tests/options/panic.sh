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
# FULL_PANIC=n is booted a second time where the call of panic() is its
# caller's last instruction, so that the return address is already the
# next function's: "No init found" at the end of init/main.c's init(),
# reached with "rdinit=/nonexistent root=0300" (hda: the board has no
# sysfs to look the name up in) and an empty ext2
# disk (no /sbin/init, /bin/sh, ...).  The test first checks in the
# disassembly that the call is init()'s last instruction, then that the
# printed ADDR still lies in init (ADDR is the return address minus
# one, inside the call instruction).
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

# panic_boot K [LOG [APPEND [RUN-QEMU-OPTION...]]]: boot out-K (by
# default with "rdinit=/bin/false") until the kernel panics; the log is
# $W/LOG.log (default K).  The marker is the last line before init
# runs, so run-qemu passes on a kernel that says nothing about the
# panic.
panic_boot() {
	local k=$1 log=${2:-$1} append=${3:-rdinit=/bin/false}
	shift $(($# < 3 ? $# : 3))
	echo "booting out-$k with panic=1 $append"
	"$TOP/scripts/run-qemu" -m 8 --timeout 120 --idle-timeout 30 \
		--marker "Freeing unused kernel memory" --log "$W/$log.log" \
		--append "panic=1 $append" "$@" \
		"$W/out-$k/arch/i386/boot/bzImage" "$W/initramfs.cpio.gz" \
		>"$W/$log.run" 2>&1 || true
	grep -a -q "Freeing unused kernel memory" "$W/$log.log" ||
		{ tail -n 20 "$W/$log.log"; fail "$log: the kernel did not get to init"; }
	if grep -a -q "killed by run-qemu" "$W/$log.log"; then
		tail -n 20 "$W/$log.log"
		fail "$log: the kernel did not reboot after its panic (panic=1)"
	fi
	echo "$log: the panic rebooted the machine"
}

# caller_of LOG OUT: the address of LOG's "called from ADDR" line, and
# the text symbol of OUT/System.map at or below it: "ADDR FUNCTION"
caller_of() {
	local line addr func
	line=$(tr -d '\r' <"$1" | grep -a "Kernel panic - not syncing (called from " | head -n 1) ||
		fail "FULL_PANIC=n: no panic line with the caller (log: $1)"
	addr=$(echo "$line" | sed -n 's/.*called from \([0-9a-f]*\)).*/\1/p')
	[ -n "$addr" ] || fail "FULL_PANIC=n: no address in '$line'"
	func=$(awk -v a="$addr" '$2 ~ /^[tT]$/ && $1 <= a { f = $3 } END { print f }' \
		"$2/System.map")
	echo "$addr $func"
}

panic_boot y
grep -a -q "Kernel panic - not syncing: Attempted to kill init!" "$W/y.log" ||
	fail "default: no panic message (log: $W/y.log)"
grep -a -q "Rebooting in 1 seconds" "$W/y.log" ||
	fail "default: no 'Rebooting in 1 seconds' (log: $W/y.log)"

panic_boot m
! grep -a -q "Attempted to kill init" "$W/m.log" ||
	fail "FULL_PANIC=n: the message text is still printed"
res=$(caller_of "$W/m.log" "$W/out-m") || { echo "$res"; exit 1; }
read -r addr func <<<"$res"
[ "$func" = do_exit ] ||
	fail "FULL_PANIC=n: caller $addr is in '$func', not do_exit"
echo "FULL_PANIC=n: called from $addr ($func)"
! strings "$W/out-m/vmlinux" | grep -q "Attempted to kill init" ||
	fail "FULL_PANIC=n: the message string is still in vmlinux"

# The last call of panic() in init() must be its last instruction: the
# byte after it starts the next symbol of System.map.
map=$W/out-m/System.map
start=$(awk '$3 == "init" && $2 ~ /^[tT]$/ { print $1 }' "$map")
case $start in
'') fail "no text symbol init in $map" ;;
*[!0-9a-f]*) fail "more than one text symbol init in $map" ;;
esac
next=$(awk -v a="$start" '$2 ~ /^[tTwW]$/ && $1 > a { print $1; exit }' "$map")
[ -n "$next" ] || fail "no symbol after init in $map"
ret=$("${CROSS}objdump" -d --start-address=0x"$start" --stop-address=0x"$next" \
	"$W/out-m/vmlinux" | awk '/call.*<panic>/ { a = $1 } END { sub(":", "", a); print a }')
[ -n "$ret" ] || fail "no call of panic() in init ($start-$next)"
# the call is 5 bytes (e8 rel32)
ret=$(printf '%08x' $((16#$ret + 5)))
[ "$ret" = "$next" ] ||
	fail "init's last panic() call returns to $ret, not to the next symbol at $next: this gcc does not make the case this test needs"
opt_disk "$W/empty.img"
panic_boot m noinit "rdinit=/nonexistent root=0300" --hda "$W/empty.img"
grep -a -q "VFS: Mounted root" "$W/noinit.log" ||
	fail "FULL_PANIC=n: the empty disk was not mounted as root (log: $W/noinit.log)"
res=$(caller_of "$W/noinit.log" "$W/out-m") || { echo "$res"; exit 1; }
read -r addr func <<<"$res"
[ "$func" = init ] ||
	fail "FULL_PANIC=n: 'No init found' called from $addr, which System.map puts in '$func', not init (the return address $ret is the next function's)"
echo "FULL_PANIC=n: 'No init found' called from $addr (init), return address $ret"

panic_boot n
! grep -a -q "Kernel panic" "$W/n.log" ||
	fail "PANIC=n: a panic line was printed (log: $W/n.log)"
echo "PANIC=n: no report"

echo "vmlinux FULL_PANIC=n - default: $(size_delta "$W/out-y" "$W/out-m")"
echo "vmlinux PANIC=n - default: $(size_delta "$W/out-y" "$W/out-n")"
echo "PASS"
