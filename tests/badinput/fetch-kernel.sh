#!/bin/bash
# scripts/fetch-kernel refuses bad input with a one-line error and a
# non-zero exit, and damages nothing: no tarball at all (and no
# network), a wrong tarball, a corrupt kernel.org .tar.bz2, a tree that
# is not 2.6.14, a tree that is already patched, an existing tree.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
vanilla_tree

fk=$TOP/scripts/fetch-kernel
# expect_error NAME PATTERN CMD...: CMD fails, says PATTERN in one line
expect_error() {
	local name=$1 pattern=$2 status=0
	shift 2
	"$@" >"$TMP/out" 2>"$TMP/err" || status=$?
	[ "$status" -ne 0 ] || fail "$name: exit status 0"
	grep -q -- "$pattern" "$TMP/err" || { cat "$TMP/err"; fail "$name: no error matching '$pattern'"; }
	[ "$(grep -c . "$TMP/err")" -eq 1 ] || { cat "$TMP/err"; fail "$name: error is not one line"; }
	echo "ok $name: $(cat "$TMP/err")"
}

# 1. empty cache, no network (a port nobody listens on)
mkdir -p "$TMP/dl-empty"
DL_DIR=$TMP/dl-empty KERNEL_URL=http://127.0.0.1:9/linux-2.6.14.tar.bz2 \
	expect_error "no tarball" "put linux-2.6.14.tar.bz2.*into $TMP/dl-empty" \
	"$fk" "$TMP/dest1"
[ ! -e "$TMP/dest1" ] || fail "no tarball: $TMP/dest1 was created"

# 2. a tarball of the wrong tree: names the file and both tree ids
mkdir -p "$TMP/dl-wrong" "$TMP/wrong/linux-2.6.14"
echo "not a kernel" >"$TMP/wrong/linux-2.6.14/README"
tar -C "$TMP/wrong" -cf "$TMP/dl-wrong/linux-2.6.14.tar" linux-2.6.14
sum=$(sha256sum <"$TMP/dl-wrong/linux-2.6.14.tar")
DL_DIR=$TMP/dl-wrong expect_error "wrong tarball" \
	"dl-wrong/linux-2.6.14.tar: tree id [0-9a-f]\{40\}, expected $VANILLA_TREE_ID" \
	"$fk" "$TMP/dest2"
[ ! -e "$TMP/dest2" ] || fail "wrong tarball: it was unpacked"
[ "$(sha256sum <"$TMP/dl-wrong/linux-2.6.14.tar")" = "$sum" ] ||
	fail "wrong tarball: the downloaded file was changed"

# 3. a corrupt kernel.org .tar.bz2 (sha256 mismatch)
mkdir -p "$TMP/dl-bz2"
echo "corrupt" | bzip2 >"$TMP/dl-bz2/linux-2.6.14.tar.bz2"
DL_DIR=$TMP/dl-bz2 expect_error "corrupt bz2" "sha256 .*expected cc5628" \
	"$fk" "$TMP/dest3"
[ -f "$TMP/dl-bz2/linux-2.6.14.tar.bz2" ] || fail "corrupt bz2: the file was deleted"

# 4. KERNEL_SRC that is not 2.6.14
mkdir -p "$TMP/other"
printf 'VERSION = 2\nPATCHLEVEL = 6\nSUBLEVEL = 15\nEXTRAVERSION =\n' >"$TMP/other/Makefile"
KERNEL_SRC=$TMP/other expect_error "not 2.6.14" "version 2.6.15, not 2.6.14" \
	"$fk" "$TMP/dest4"

# 5. KERNEL_SRC that is already patched (quilt state in it)
cp -al "$VANILLA" "$TMP/patched"
ln -s "$TOP/patches" "$TMP/patched/patches"
printf '%s\n' "$(series_entries compat/ | head -n 1)" >"$TMP/patched/series"
(cd "$TMP/patched" && quilt --quiltrc="$QUILTRC" push -a) >/dev/null 2>&1 ||
	fail "cannot prepare a patched tree"
KERNEL_SRC=$TMP/patched expect_error "already patched" "already patched" \
	"$fk" "$TMP/dest5"

# 6. an existing, unverified destination is left alone
mkdir -p "$TMP/dest6"
echo keep >"$TMP/dest6/file"
expect_error "existing tree" "exists but is not a verified tree" "$fk" "$TMP/dest6"
[ "$(cat "$TMP/dest6/file")" = keep ] || fail "existing tree: it was changed"

# 7. the verified tree is kept, not unpacked again
"$fk" "$VANILLA" | grep -q "already in place" || fail "verified tree was not kept"
echo "all bad inputs refused"
