#!/bin/bash
# Every patch under tiny/, alone on top of the compat patches, builds the
# min board with its option at the small setting, boots at 8 MB and
# passes the guest checks.
#
# The small setting of tiny/NAME.patch is configs/fragments/NAME.config,
# laid over the min board; tinyconfig.patch is tried with the tiny
# board instead (that is, "make tinyconfig").  A line "# append: ARGS"
# in it adds ARGS to the kernel command line of its boot.
#
# One tree ($BUILD/trees/alone: vanilla and the compat series, made
# afresh at the start) and one output folder per board serve every
# patch: each patch is applied with patch(1), built, booted and taken
# out again.  patch(1) gives the files it writes the time of the day,
# both ways, so kbuild rebuilds only what the patch and its option
# touch, and the whole run costs one full build and a short one per
# patch.  Each patch's build and boot times are printed.
# Usage: tests/matrix/patch-alone.sh [tiny/NAME.patch...]
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
need patch
vanilla_tree

patches=("$@")
[ ${#patches[@]} -gt 0 ] || mapfile -t patches < <(series_entries tiny/)
compat=$(base_entries | paste -sd, -)
make -s -C "$TOP" initramfs disk >/dev/null
tree=$BUILD/trees/alone
# an earlier run may have stopped with a patch in the tree
rm -rf "$tree" "$tree.manifest"
"$TOP/scripts/prepare-tree" "$VANILLA" "$tree" "$compat" >/dev/null ||
	fail "prepare-tree $tree failed"
mkdir -p "$BUILD/logs"
bad=""
for p in "${patches[@]}"; do
	name=$(basename "$p" .patch)
	board=$TOP/configs/qemu-i386-min.config
	out=$BUILD/out/alone-min
	frag=()
	append=""
	if [ "$name" = tinyconfig ]; then
		board=$TOP/configs/qemu-i386-tiny.config
		out=$BUILD/out/alone-tiny
	else
		[ -f "$TOP/configs/fragments/$name.config" ] ||
			fail "no small setting for $p: add configs/fragments/$name.config"
		frag=("$TOP/configs/fragments/$name.config")
		append=$(sed -n 's/^# append: *//p' "${frag[0]}")
	fi
	echo "== $p"
	patch -d "$tree" -p1 --fuzz=0 -s --no-backup-if-mismatch \
		<"$TOP/patches/$p" || fail "$p does not apply alone on top of compat"
	start=$(date +%s)
	if "$TOP/scripts/build-kernel" "$tree" "$board" "$out" "${frag[@]}" \
		>"$TMP/build.out" 2>&1; then
		built=$(date +%s)
		BOOT_APPEND=$append "$TOP/scripts/boot-board" --quiet "$board" \
			"$out/arch/i386/boot/bzImage" "$BUILD/initramfs.cpio.gz" \
			"$BUILD/disk.img" "$BUILD/logs/alone-$name.log" 8 ||
			bad="$bad $name(boot)"
		echo "   build $((built - start)) s, boot $(($(date +%s) - built)) s"
	else
		cat "$TMP/build.out"
		bad="$bad $name(build)"
	fi
	patch -d "$tree" -p1 -R --fuzz=0 -s -E --no-backup-if-mismatch \
		<"$TOP/patches/$p" || fail "$p could not be taken out again"
done
rm -rf "$tree" "$tree.manifest"
[ -z "$bad" ] || fail "failed:$bad"
echo "${#patches[@]} patches build and boot alone on top of compat"
