#!/bin/bash
# CONFIG_ELF_CORE (tiny/elf-core.patch).  Builds the min board from the
# compat series plus elf-core.patch with ELF_CORE=y and =n, boots both
# at the board's RAM with tiny.test=elf-core (tests/options/guest), and
# checks that with "ulimit -c unlimited" a program that dies of SIGSEGV
# leaves a valid ELF core file with y (ET_CORE, EM_386, an NT_PRSTATUS
# note for SIGSEGV, the program's memory) and none with n, and that the
# kernel keeps running either way (no Oops, the guest's checks pass).
# Prints the vmlinux delta.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
need quilt qemu-system-i386 "${CROSS}gcc" i386-linux-musl-gcc
vanilla_tree

opt_init elf-core
opt_tree "$W/tree" tiny/elf-core.patch
fragment "$W/y.config" CONFIG_EMBEDDED=y CONFIG_ELF_CORE=y
cp "$TOP/configs/fragments/elf-core.config" "$W/n.config"	# the small setting
opt_kernel "$W/tree" "$W/out-y" "$W/y.config"
opt_kernel "$W/tree" "$W/out-n" "$W/n.config"
opt_initramfs "$W"

# The core dumper is in the y kernel only.
grep -q ' elf_core_dump$' "$W/out-y/System.map" ||
	fail "ELF_CORE=y: no elf_core_dump in System.map"
! grep -q -e ' elf_core_dump$' -e ' dump_task_regs$' "$W/out-n/System.map" ||
	fail "ELF_CORE=n: the core dumper is still in System.map"

opt_boot "$W/y.log" "$W/out-y" --append "panic=1 tiny.test=elf-core"
guest_passed "$W/y.log" elf-core
expect_kv "$W/y.log" core_segv_status 139
expect_kv "$W/y.log" core_file present
expect_kv "$W/y.log" core_ident ok
expect_kv "$W/y.log" core_type 4		# ET_CORE
expect_kv "$W/y.log" core_od_type 4
expect_kv "$W/y.log" core_machine 3		# EM_386
expect_kv "$W/y.log" core_prstatus ok
expect_kv "$W/y.log" core_marker ok
expect_kv "$W/y.log" core_check ok
expect_kv "$W/y.log" core_after ok
echo "y: core file of $(kv "$W/y.log" core_size) bytes, a valid ELF core"

opt_boot "$W/n.log" "$W/out-n" --append "panic=1 tiny.test=elf-core"
guest_passed "$W/n.log" elf-core
expect_kv "$W/n.log" core_segv_status 139
expect_kv "$W/n.log" core_file absent
expect_kv "$W/n.log" core_after ok
echo "n: no core file, the kernel kept running"

echo "vmlinux n - y: $(size_delta "$W/out-y" "$W/out-n")"
echo "PASS"
