#!/bin/bash
# Every tiny patch keeps today's kernel at its defaults: the min board
# built from the compat series plus the tiny patches has a vmlinux
# whose every section has exactly the size the compat series alone
# gives.  Every section but .init.ramfs: the built-in initramfs carries
# the time of the build, and its gzip'd size varies by a byte or so from
# build to build on its own.
#
# Every kernel is built from the same tree path ($BUILD/opt-default/tree)
# into the same folder (out-CONFIG), so that the source paths the
# compiler sees, and __FILE__ in BUG(), are the same for every build.
# Alone, each patch is applied to that tree with patch(1) and taken out
# again after its builds: patch(1) gives the files it writes the time of
# the day both ways, so kbuild rebuilds only what the patch touches.
# Usage: tests/kernel/default-unchanged.sh [--together] [tiny/NAME.patch...]
# With --together (make check) the patches are applied all at once and
# built twice: with the board as it is (EMBEDDED off, the options
# hidden) and with EMBEDDED=y and SWAP=y (the options shown, at their
# defaults; swap on for max-swapfiles.patch), 4 kernels in all.  Without
# it (make check-matrix) each patch is built alone with the options
# shown; the board as it is, each patch on top of the ones before it, is
# checked by tests/matrix/prefix-builds.sh from the builds it makes
# anyway.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=../options/lib.sh
. "$TOP/tests/options/lib.sh"
need quilt patch "${CROSS}gcc" "${CROSS}size" "${CROSS}objdump"
vanilla_tree

together=0
if [ "${1:-}" = --together ]; then
	together=1
	shift
fi
patches=("$@")
[ ${#patches[@]} -gt 0 ] || mapfile -t patches < <(series_entries tiny/)
[ ${#patches[@]} -gt 0 ] || fail "no tiny patches in series"
opt_init default
fragment "$W/shown.config" CONFIG_EMBEDDED=y CONFIG_SWAP=y
configs="board shown"
[ "$together" = 1 ] || configs=shown

# frags CONFIG: the fragment for CONFIG, if any
frags() {
	[ "$1" = board ] || echo "$W/$1.config"
}

bad=""
# build N: build every config in the tree as it is; the sections go to
# $W/sections-N-CONFIG
build() {
	local n=$1 c
	for c in $configs; do
		# shellcheck disable=SC2046 # zero or one fragment
		opt_kernel "$W/tree" "$W/out-$c" $(frags "$c")
		sections "$W/out-$c" >"$W/sections-$n-$c"
		sizes "$W/out-$c" >"$W/sizes-$n-$c"
	done
}

# the compat series alone, built from scratch (an earlier run may have
# stopped with a patch in the tree)
rm -rf "$W/tree" "$W/tree.manifest"
for c in $configs; do rm -rf "$W/out-$c"; done
opt_tree "$W/tree"
build 0
for c in $configs; do
	echo "compat series only, $c: text data bss $(cat "$W/sizes-0-$c")"
done

# apply PATCH [-R]: put PATCH into the tree, or with -R take it out
apply() {
	patch -d "$W/tree" -p1 --fuzz=0 -s -E --no-backup-if-mismatch ${2:+"$2"} \
		<"$TOP/patches/$1" || fail "patch ${2:+-R }$1 failed in $W/tree"
}

if [ "$together" = 1 ]; then
	# one build with every patch: the loop below runs once
	for p in "${patches[@]}"; do
		apply "$p"
	done
	build 1
	patches=("${patches[*]}")
fi
i=0
for p in "${patches[@]}"; do
	i=$((i + 1))
	if [ "$together" = 0 ]; then
		apply "$p"
		build "$i"
		apply "$p" -R
	fi
	for c in $configs; do
		if diff "$W/sections-0-$c" "$W/sections-$i-$c" >"$W/diff.out"; then
			echo "$p, $c: same size ($(cat "$W/sizes-$i-$c"))"
		else
			echo "$p, $c: vmlinux differs from the compat series alone:"
			cat "$W/diff.out"
			bad="$bad $p($c)"
		fi
	done
done
rm -rf "$W/tree" "$W/tree.manifest"
[ -z "$bad" ] || fail "vmlinux differs at the default:$bad"
if [ "$together" = 1 ]; then
	echo "the tiny patches together leave vmlinux unchanged at their defaults"
else
	echo "${#patches[@]} patches leave vmlinux unchanged at their defaults"
fi
