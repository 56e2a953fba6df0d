#!/bin/sh
# math-emu.sh: guest side of tests/fixes/math-emu.sh (run by /init with
# tiny.test=math-emu on a kernel booted with no387): floating point
# through the kernel's math emulator (see fpu.c).
/extra/bin/fpu
