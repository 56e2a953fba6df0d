#!/bin/bash
# Every tiny patch keeps today's kernel at its defaults: the min board
# built from the compat series plus one patch of tiny/ has a vmlinux
# whose every section has exactly the size the compat series alone
# gives.  Twice: with the board as it is (EMBEDDED off, the options
# hidden) and with EMBEDDED=y and SWAP=y (the options shown, at their
# defaults; swap on for max-swapfiles.patch).  Every section but
# .init.ramfs: the built-in initramfs carries the time of the build, and
# its gzip'd size varies by a byte or so from build to build on its own.
#
# Every kernel is built from the same tree path ($BUILD/opt-default/tree,
# made again for each patch) into the same folder (out-CONFIG, emptied
# first), so that ccache finds every file a patch does not change: the
# source paths the compiler sees, and __FILE__ in BUG(), are then the
# same for every build.
# Usage: tests/kernel/default-unchanged.sh [--together] [tiny/NAME.patch...]
# With --together the patches are applied all at once and built once
# per config (4 kernels in all, for make check); without it each patch
# is built alone (make check-matrix).
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=../options/lib.sh
. "$TOP/tests/options/lib.sh"
need quilt "${CROSS}gcc" "${CROSS}size" "${CROSS}objdump"
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

# frags CONFIG: the fragment for CONFIG, if any
frags() {
	[ "$1" = board ] || echo "$W/$1.config"
}

bad=""
# build N [PATCH]: the tree with PATCH (none: the compat series alone),
# each config built from scratch; the sections go to $W/sections-N-CONFIG
build() {
	local n=$1 c
	shift
	opt_tree "$W/tree" "$@"
	for c in $configs; do
		rm -rf "$W/out-$c"
		# shellcheck disable=SC2046 # zero or one fragment
		opt_kernel "$W/tree" "$W/out-$c" $(frags "$c")
		sections "$W/out-$c" >"$W/sections-$n-$c"
		sizes "$W/out-$c" >"$W/sizes-$n-$c"
	done
}

build 0
for c in $configs; do
	echo "compat series only, $c: text data bss $(cat "$W/sizes-0-$c")"
done

if [ "$together" = 1 ]; then
	# one build with every patch: the loop below runs once
	build 1 "${patches[@]}"
	patches=("${patches[*]}")
fi
i=0
for p in "${patches[@]}"; do
	i=$((i + 1))
	[ "$together" = 1 ] || build "$i" "$p"
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
[ -z "$bad" ] || fail "vmlinux differs at the default:$bad"
if [ "$together" = 1 ]; then
	echo "the tiny patches together leave vmlinux unchanged at their defaults"
else
	echo "${#patches[@]} patches leave vmlinux unchanged at their defaults"
fi
