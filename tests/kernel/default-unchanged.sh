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
# The trees have paths of one length ($BUILD/opt-default/tree-N): BUG()
# puts each source file's path into the kernel, so a tree at a longer
# path alone makes a bigger vmlinux.
# Usage: tests/kernel/default-unchanged.sh [tiny/NAME.patch...]
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=../options/lib.sh
. "$TOP/tests/options/lib.sh"
need quilt "${CROSS}gcc" "${CROSS}size" "${CROSS}objdump"
vanilla_tree

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
opt_tree "$W/tree-0"
for c in $configs; do
	# shellcheck disable=SC2046 # zero or one fragment
	opt_kernel "$W/tree-0" "$W/out-0-$c" $(frags "$c")
	echo "compat series only, $c: text data bss $(sizes "$W/out-0-$c")"
done

i=0
for p in "${patches[@]}"; do
	i=$((i + 1))
	opt_tree "$W/tree-$i" "$p"
	for c in $configs; do
		# shellcheck disable=SC2046 # zero or one fragment
		opt_kernel "$W/tree-$i" "$W/out-$i-$c" $(frags "$c")
		if diff <(sections "$W/out-0-$c") <(sections "$W/out-$i-$c") \
			>"$W/diff.out"; then
			echo "$p, $c: same size ($(sizes "$W/out-$i-$c"))"
		else
			echo "$p, $c: vmlinux differs from the compat series alone:"
			cat "$W/diff.out"
			bad="$bad $p($c)"
		fi
	done
done
[ -z "$bad" ] || fail "vmlinux differs at the default:$bad"
echo "${#patches[@]} patches leave vmlinux unchanged at their defaults"
