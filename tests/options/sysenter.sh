#!/bin/bash
# CONFIG_SYSENTER=n after kexec (tiny/sysenter.patch).  A kernel started
# by kexec finds the SYSENTER MSRs as the kernel before it left them:
# SYSENTER_CS __KERNEL_CS and an entry point of that kernel.  With
# SYSENTER=n the new kernel must still make a SYSENTER from user space
# fault (enable_sep_cpu() clears SYSENTER_CS) instead of entering ring 0
# at the stale address.
#
# The tiny board is built from the compat series, sysenter.patch,
# tinyconfig.patch and the test-only tests/options/stale-sysenter.patch,
# whose boot option "stale_sysenter" sets the three MSRs before
# identify_cpu() runs, as kexec would leave them, with the entry point
# at a function that prints "stale-sysenter: BUG: ..." and restarts the
# machine.  Booted with that option, the guest workload must pass and
# probe-x86's SYSENTER (probe_sysenter) must end in a general
# protection fault at the instruction (gp), not in the kernel.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
need quilt patch qemu-system-i386 "${CROSS}gcc" i386-linux-musl-gcc
vanilla_tree

TINY_BOARD=$TOP/configs/qemu-i386-tiny.config
opt_init sysenter
opt_tree "$W/tree" tiny/sysenter.patch tiny/tinyconfig.patch
# the test code goes into a copy (hard links: patch replaces the files
# it changes, so the tree stays as prepare-tree made it)
rm -rf "$W/hook"
cp -al "$W/tree" "$W/hook"
patch -s -p1 --fuzz=0 -d "$W/hook" <"$TOP/tests/options/stale-sysenter.patch" ||
	fail "tests/options/stale-sysenter.patch does not apply"

echo "building opt-sysenter/out (the tiny board with the test code)"
"$TOP/scripts/build-kernel" "$W/hook" "$TINY_BOARD" "$W/out" \
	>"$W/out.build.out" 2>&1 ||
	{ tail -n 30 "$W/out.build.out"; fail "kernel build failed: $W/out"; }
[ "$(config_value "$W/out" SYSENTER)" = n ] || fail "SYSENTER is not n in $W/out/.config"
[ -f "$W/out/arch/i386/kernel/stale-sysenter.o" ] || fail "the test code was not built"
opt_initramfs "$W"
opt_disk "$W/disk.img"

echo "booting opt-sysenter/out with stale_sysenter"
"$TOP/scripts/boot-board" --quiet --append stale_sysenter "$TINY_BOARD" \
	"$W/out/arch/i386/boot/bzImage" "$W/initramfs.cpio.gz" "$W/disk.img" \
	"$W/boot.log" ||
	{ grep -a -m1 'stale-sysenter: BUG' "$W/boot.log" || tail -n 20 "$W/boot.log"
	  fail "the boot failed: a user SYSENTER must fault (log: $W/boot.log)"; }
line=$(tr -d '\r' <"$W/boot.log" | grep -a -m1 'stale-sysenter: ' || true)
case $line in
*"SYSENTER MSRs set"*) echo "$line" ;;
*) fail "the test code did not set the MSRs: '${line:-no stale-sysenter line}' (log: $W/boot.log)" ;;
esac
expect_kv "$W/boot.log" probe_sysenter gp
echo "a user SYSENTER after stale MSRs: $(kv "$W/boot.log" probe_sysenter) (general protection fault, SIGSEGV)"
echo "PASS"
