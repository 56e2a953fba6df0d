#!/bin/bash
# CONFIG_BINFMT_SCRIPT (tiny/binfmt-script.patch).  Builds the min board
# from the compat series plus binfmt-script.patch with BINFMT_SCRIPT=n.
# The guest's /init is a script, which this kernel cannot exec, so it
# boots with "rdinit=/bin/sh /init": the kernel starts busybox sh with
# /init as its argument, and sh reads the script.  Checks that the
# guest's probe (tests/guest/probe-misc.c) got ENOEXEC from execve() of
# a "#!/bin/sh" script, that the guest's checks still pass (ash runs a
# script that execve() refuses by itself), and that binfmt_script's
# loader is not in System.map.  (BINFMT_SCRIPT=y, the default, is
# checked by every min boot: probe exec_script=ok, misc.expect.)
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
need quilt qemu-system-i386 "${CROSS}gcc" i386-linux-musl-gcc
vanilla_tree

opt_init binfmt-script
opt_tree "$W/tree" tiny/binfmt-script.patch
cp "$TOP/configs/fragments/binfmt-script.config" "$W/n.config"	# the small setting
opt_kernel "$W/tree" "$W/out-n" "$W/n.config"
opt_initramfs "$W"

! grep -q ' load_script$' "$W/out-n/System.map" ||
	fail "BINFMT_SCRIPT=n: load_script is still in System.map"

opt_boot "$W/n.log" "$W/out-n" --append "panic=1 rdinit=/bin/sh /init"
expect_kv "$W/n.log" probe_exec_script ENOEXEC
expect_kv "$W/n.log" results pass
echo "n: execve() of a script gives ENOEXEC; the guest passes under sh /init"
echo "PASS"
