#!/bin/bash
# scripts/mkinitramfs needs no root: run as the user "nobody" (or as the
# ordinary user running the tests), it packs the guest's initramfs,
# device nodes included, owned by root in the archive, and the same
# input gives the same bytes twice.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
need cpio setpriv
vanilla_tree
"$TOP/scripts/build-busybox" >"$TMP/bb.out" 2>&1 ||
	{ tail -n 20 "$TMP/bb.out"; fail "build-busybox failed"; }

as_user=()
if [ "$(id -u)" = 0 ]; then
	as_user=(setpriv --reuid=nobody --regid=nogroup --clear-groups --)
	chmod 755 "$TMP"
fi
mkdir -p "$TMP/out"
chmod 777 "$TMP/out"
for i in 1 2; do
	"${as_user[@]}" "$TOP/scripts/mkinitramfs" -b "$BUILD/busybox/busybox" \
		-s "$TMP/out/stage$i" -k "$VANILLA" "$TMP/out/i$i.cpio.gz" \
		"$TOP/tests/guest/tests" >"$TMP/mk$i.out" 2>&1 ||
		{ cat "$TMP/mk$i.out"; fail "mkinitramfs as $("${as_user[@]}" id -un) failed"; }
done
echo "packed as $("${as_user[@]}" id -un): $(tail -n 1 "$TMP/mk1.out")"
cmp -s "$TMP/out/i1.cpio.gz" "$TMP/out/i2.cpio.gz" || fail "two runs gave different archives"

listing=$(zcat "$TMP/out/i1.cpio.gz" | cpio -tv --quiet --numeric-uid-gid)
check() {
	grep -qE "$1" <<<"$listing" || fail "no entry matching '$1' in the archive"
}
check '^crw------- +1 0 +0 +5, +1 .* dev/console$'
check '^brw------- +1 0 +0 +3, +0 .* dev/hda$'
check '^crw-rw-rw- +1 0 +0 +1, +3 .* dev/null$'
check '^-rwxr-xr-x +1 0 +0 .* init$'
check '^-rwxr-xr-x +1 0 +0 .* bin/busybox$'
check '^lrwxrwxrwx +1 0 +0 .* bin/sh -> busybox$'
check '^drwxrwxrwt +[0-9]+ 0 +0 .* tmp$'
check '^-[rwx-]+ +1 0 +0 .* extra/tests/stress.sh$'
! grep -vE '^[-dlcb][rwxst-]{9} +[0-9]+ 0 +0 ' <<<"$listing" | grep -q . ||
	fail "an entry not owned by root:root"
echo "$(wc -l <<<"$listing") entries, all root:root, nodes included"
echo PASS
