#!/bin/bash
# tiny/crc32-tables.patch: lib/crc32.c, from vanilla 2.6.14 with the
# patch, built for the host in both forms (scripts/crc32-host): with
# CRC32_TABLES=y (8-bit tables) and =n (bit by bit) crc32_le and
# crc32_be give the standard check values and the same CRC on 20000
# random buffers, seeds and alignments (tests/crc32/crc32-cmp.c).  Then
# a copy with the bit-by-bit crc32_le damaged (--break) must fail it.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
need gcc patch nm
vanilla_tree

mkdir -p "$TMP/src/lib"
for f in crc32.c crc32defs.h gen_crc32table.c Kconfig; do
	cp "$VANILLA/lib/$f" "$TMP/src/lib/"
done
(cd "$TMP/src" && patch -p1 --fuzz=0 -s) <"$TOP/patches/tiny/crc32-tables.patch" ||
	fail "tiny/crc32-tables.patch does not apply to lib/"

"$TOP/scripts/crc32-host" "$TMP/src" "$TMP/good" || fail "crc32-host failed"
timeout 120 "$TMP/good/crc32-cmp" 20000 || fail "the two forms of lib/crc32.c differ"

"$TOP/scripts/crc32-host" --break "$TMP/src" "$TMP/broken" ||
	fail "crc32-host --break failed"
if timeout 120 "$TMP/broken/crc32-cmp" 20000 >"$TMP/broken.out"; then
	fail "a broken bit-by-bit crc32_le passed the comparison"
fi
echo "a broken bit-by-bit crc32_le fails: $(head -n 1 "$TMP/broken.out")"
