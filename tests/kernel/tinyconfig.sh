#!/bin/bash
# "make tinyconfig && make" in a tree with the whole series gives a
# kernel that boots in QEMU at 8 MB and passes the guest checks; the
# config is allnoconfig plus arch/i386/configs/tiny.config, and every
# line of that fragment holds in the result.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
cross=${CROSS_COMPILE:-i686-linux-gnu-}
need quilt "${cross}gcc" qemu-system-i386
vanilla_tree

tree=$BUILD/trees/series
"$TOP/scripts/prepare-tree" "$VANILLA" "$tree" series
out=$BUILD/out/tinyconfig
mkdir -p "$out"
rm -f "$out/.config"
make -s -C "$tree" O="$out" ARCH=i386 tinyconfig >"$TMP/config.log" 2>&1 ||
	{ tail "$TMP/config.log"; fail "make tinyconfig failed"; }
frag=$tree/arch/i386/configs/tiny.config
[ -f "$frag" ] || fail "no $frag"
bad=0
while read -r line; do
	case "$line" in
	CONFIG_*=*) grep -qxF "$line" "$out/.config" || { echo "not in .config: $line"; bad=1; } ;;
	"# CONFIG_"*" is not set")
		sym=${line#\# }
		sym=${sym%% *}
		if grep -q "^$sym=" "$out/.config"; then echo "set in .config: $line"; bad=1; fi ;;
	esac
done <"$frag"
[ $bad -eq 0 ] || fail "the tinyconfig fragment does not hold"
echo "every line of tiny.config holds"

kernel_cc "$tree" "$out"
# shellcheck disable=SC2154 # kcc: set by kernel_cc (scripts/lib.sh)
make -s -C "$tree" O="$out" ARCH=i386 CROSS_COMPILE="$cross" CC="$kcc" \
	-j"${JOBS:-2}" >"$TMP/build.log" 2>&1 ||
	{ grep -E 'error|Error' "$TMP/build.log" | head; fail "make after tinyconfig failed"; }
"${cross}size" "$out/vmlinux"
make -s -C "$TOP" initramfs disk >/dev/null
"$TOP/scripts/boot-board" "$TOP/configs/qemu-i386-tiny.config" \
	"$out/arch/i386/boot/bzImage" "$BUILD/initramfs.cpio.gz" "$BUILD/disk.img" \
	"$BUILD/logs/tinyconfig.log" 8
