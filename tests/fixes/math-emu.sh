#!/bin/bash
# compat/math-emu-pointer.patch: the min board with MATH_EMULATION=y,
# built from the compat and fixes patches, booted with no387 so that
# every x87 instruction goes through the kernel's emulator.  The guest
# program tests/options/guest/fpu.c checks the results of square roots,
# divisions, conversions, a long series, printf and libm, and that an
# x87 load from a kernel address kills its process with SIGSEGV
# through math_abort(), which unwinds to entry.S by the stack layout the
# patch changed.  The standard guest workload runs under emulation too.
# The same kernel with REGPARM=y (-mregparm=3) boots and passes too.
# The CPU is QEMU's qemu32 without FXSR and SSE: with FXSR, 2.6.14 runs
# fxsave at boot even after no387 has set CR0.EM, and the boot dies
# before the console is up.  A 386 or 486SX has no FXSR either.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=../options/lib.sh
. "$TOP/tests/options/lib.sh"
need quilt qemu-system-i386 "${CROSS}gcc" i386-linux-musl-gcc
vanilla_tree

opt_init math-emu
opt_tree "$W/tree"
fragment "$W/emu.config" CONFIG_MATH_EMULATION=y
opt_kernel "$W/tree" "$W/out" "$W/emu.config"
[ "$(config_value "$W/out" MATH_EMULATION)" = y ] ||
	fail "MATH_EMULATION=y did not stick in the min board's config"
opt_initramfs "$W"

# The same with REGPARM (-mregparm=3, tinyconfig's setting): the
# emulator's assembly calls C (FPU_exception, arith_overflow, ...) and
# C calls its assembly, all through asmlinkage declarations.
fragment "$W/regparm.config" CONFIG_MATH_EMULATION=y CONFIG_EXPERIMENTAL=y \
	CONFIG_CLEAN_COMPILE=y CONFIG_STANDALONE=y CONFIG_REGPARM=y
opt_kernel "$W/tree" "$W/out-regparm" "$W/regparm.config"
[ "$(config_value "$W/out-regparm" REGPARM)" = y ] ||
	fail "REGPARM=y did not stick in the min board's config"

for k in out out-regparm; do
	log=$W/emu${k#out}.log
	opt_boot "$log" "$W/$k" --cpu qemu32,-fxsr,-sse,-sse2 \
		--append "panic=1 no387 tiny.test=math-emu"
	guest_passed "$log" math-emu
	expect_kv "$log" fpu_hw no
	expect_kv "$log" fpu_results ok
	expect_kv "$log" fpu_fault sigsegv
done
echo "PASS: emulated floating point gives the right results, and a fault in it a SIGSEGV, with and without REGPARM"
