#!/bin/bash
# CONFIG_CONSOLE_TRANSLATIONS (tiny/console-translations.patch).  Builds
# the min board (which has VT=y) from the compat series plus
# console-translations.patch with CONSOLE_TRANSLATIONS=n, boots it with
# the guest's standard checks and checks that the guest's probe
# (tests/guest/probe-misc.c) gets EINVAL from GIO_SCRNMAP on /dev/tty0,
# that the checks pass, and that consolemap.c is not in System.map.
# (y, the default, is checked by every min boot: probe scrnmap=ok.)
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
need quilt qemu-system-i386 "${CROSS}gcc" i386-linux-musl-gcc
vanilla_tree

opt_init console-translations
opt_tree "$W/tree" tiny/console-translations.patch
fragment "$W/n.config" CONFIG_EMBEDDED=y "# CONFIG_CONSOLE_TRANSLATIONS is not set"
opt_kernel "$W/tree" "$W/out-n" "$W/n.config"
opt_initramfs "$W"

grep -q '^CONFIG_VT=y' "$W/out-n/.config" || fail "the min board has no VT"
! grep -q -e ' set_translate$' -e ' con_set_unimap$' "$W/out-n/System.map" ||
	fail "CONSOLE_TRANSLATIONS=n: consolemap.c is still in System.map"

opt_boot "$W/n.log" "$W/out-n" --append "panic=1"
expect_kv "$W/n.log" probe_scrnmap EINVAL
expect_kv "$W/n.log" results pass
echo "n: a VT kernel without translation tables boots; GIO_SCRNMAP gives EINVAL"
echo "PASS"
