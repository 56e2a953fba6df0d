# shellcheck shell=bash disable=SC2034
# tests/lib.sh: shared set-up for the test scripts (bash, sourced).
#
# Sets TOP, BUILD, VANILLA and TMP (a scratch folder removed on exit),
# and offers fail/need/vanilla_tree.  A test that cannot run must fail
# and say why: "need" and "vanilla_tree" do exactly that.

set -eu
# die, kv, board_ram, board_value, series_entries, hash_check, CROSS ...
# shellcheck source=../scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib.sh"
BUILD=${BUILD:-$TOP/build}
export BUILD
VANILLA=$BUILD/linux-2.6.14
export DL_DIR=${DL_DIR:-$HOME/.cache/linux-tiny/dl}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/linux-tiny-test.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

fail() {
	echo "FAIL: $*"
	exit 1
}

# need CMD...: fail unless every command exists.
need() {
	local c
	for c in "$@"; do
		command -v "$c" >/dev/null || fail "$c not found (run make deps)"
	done
}

# vanilla_tree: make sure the verified vanilla tree is in place.
vanilla_tree() {
	"$TOP/scripts/fetch-kernel" "$VANILLA" >/dev/null ||
		fail "no verified vanilla 2.6.14 tree: put linux-2.6.14.tar.bz2 (or .tar.gz, .tar.xz, .tar) into $DL_DIR"
}

# compat_tree DIR: the vanilla tree hard-linked into DIR with the
# series' compat patches applied in order (patch writes new files, so
# the vanilla tree stays as it is).  Call vanilla_tree first.
compat_tree() {
	local p
	cp -al "$VANILLA" "$1"
	for p in $(series_entries compat/); do
		(cd "$1" && patch -s -p1 --fuzz=0 <"$TOP/patches/$p") ||
			fail "compat patch $p does not apply in order"
	done
}

# base_entries: the patches every build starts from, compat/ and then
# fixes/, in series order.
base_entries() {
	series_entries '\(compat\|fixes\)/'
}

# tree_id DIR: the git tree id of the files under DIR.
tree_id() {
	local g
	g=$(mktemp -d "$TMP/git.XXXXXX")
	git --git-dir="$g" --work-tree="$1" init -q
	git --git-dir="$g" --work-tree="$1" add -A -f .
	git --git-dir="$g" write-tree
	rm -rf "$g"
}

VANILLA_TREE_ID=69ebfee77c8a174c87ea8ed31e023c94b09a9d6e
QUILTRC=$TOP/scripts/quiltrc

# build_2m: build the 2m board and its root disk (make kernel rootdisk
# BOARD=2m).  Sets M2_BOARD (its board file), M2_RAM (the RAM of its
# "# lowmem:" line, its least RAM, e.g. 2176K) and M2_IMAGE (its boot
# image); fails when any is missing.
build_2m() {
	M2_BOARD=$TOP/configs/qemu-i386-2m.config
	M2_RAM=$(sed -n 's/^# lowmem: *\([0-9]*K\).*/\1/p' "$M2_BOARD")
	[ -n "$M2_RAM" ] || fail "$M2_BOARD has no '# lowmem: NK' line"
	make -s -C "$TOP" --no-print-directory BOARD=2m kernel rootdisk >"$TMP/build.log" 2>&1 ||
		{ tail -n 20 "$TMP/build.log"; fail "cannot build the 2m board"; }
	M2_IMAGE=$(board_image "$M2_BOARD" "$BUILD/out/series-2m")
	[ -f "$M2_IMAGE" ] || fail "no boot image $M2_IMAGE"
}
