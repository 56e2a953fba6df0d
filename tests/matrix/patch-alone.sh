#!/bin/bash
# Every patch under tiny/, alone on top of the compat patches, builds the
# min board with its option at the small setting, boots at 8 MB and
# passes the guest checks.
#
# The small setting of tiny/NAME.patch is configs/fragments/NAME.config,
# laid over the min board; tinyconfig.patch is tried with the tiny
# board instead (that is, "make tinyconfig").  A line "# append: ARGS"
# in it adds ARGS to the kernel command line of its boot.
# Usage: tests/matrix/patch-alone.sh [tiny/NAME.patch...]
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
vanilla_tree

patches=("$@")
[ ${#patches[@]} -gt 0 ] || mapfile -t patches < <(series_entries tiny/)
compat=$(base_entries | paste -sd, -)
make -s -C "$TOP" initramfs disk >/dev/null
bad=""
for p in "${patches[@]}"; do
	name=$(basename "$p" .patch)
	tree=$BUILD/trees/alone-$name
	out=$BUILD/out/alone-$name
	board=$TOP/configs/qemu-i386-min.config
	frag=()
	append=""
	if [ "$name" = tinyconfig ]; then
		board=$TOP/configs/qemu-i386-tiny.config
	else
		[ -f "$TOP/configs/fragments/$name.config" ] ||
			fail "no small setting for $p: add configs/fragments/$name.config"
		frag=("$TOP/configs/fragments/$name.config")
		append=$(sed -n 's/^# append: *//p' "${frag[0]}")
	fi
	echo "== $p"
	if ! "$TOP/scripts/prepare-tree" "$VANILLA" "$tree" "$compat,$p" ||
	   ! "$TOP/scripts/build-kernel" "$tree" "$board" "$out" "${frag[@]}"; then
		bad="$bad $name(build)"
		continue
	fi
	BOOT_APPEND=$append "$TOP/scripts/boot-board" "$board" "$out/arch/i386/boot/bzImage" \
		"$BUILD/initramfs.cpio.gz" "$BUILD/disk.img" "$BUILD/logs/alone-$name.log" 8 ||
		bad="$bad $name(boot)"
done
[ -z "$bad" ] || fail "failed:$bad"
echo "${#patches[@]} patches build and boot alone on top of compat"
