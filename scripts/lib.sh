# shellcheck shell=bash disable=SC2034
# scripts/lib.sh: what the scripts and the tests share (bash, sourced).
#
# Before sourcing, set prog to the script's name (for die's messages).
# Sets TOP (the checkout), DL_DIR (the download cache) and CROSS (the
# cross compiler's prefix).

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
DL_DIR=${DL_DIR:-$HOME/.cache/linux-tiny/dl}
CROSS=${CROSS_COMPILE:-i686-linux-gnu-}
HASH_FILE=$TOP/downloads.hash

# die MESSAGE...: one line on stderr, exit status 2.
die() {
	echo "${prog:-linux-tiny}: $*" >&2
	exit 2
}

# median: the median of the numbers on stdin (separated by blanks or
# newlines); exit status 1 when there are none.
median() {
	tr ' ' '\n' | sed '/^$/d' | sort -n | awk '{ v[NR] = $1 } END {
		if (NR == 0) exit 1
		if (NR % 2) print v[(NR + 1) / 2]
		else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# kv LOG KEY: the value of the first "TINY: KEY=value" line of a guest
# console log (carriage returns dropped first: the serial console may
# put one at the start of a line); empty if there is none.
kv() {
	tr -d '\r' <"$1" | grep -a "^TINY: $2=" | head -n 1 | sed "s/^TINY: $2=//"
}

# uapi_include DIR: make DIR a folder of symlinks to the i386 Linux UAPI
# headers (linux, asm, asm-generic) and print its path, for the guest
# programs' -idirafter: never all of a system include folder, whose libc
# headers would mix in with musl's.  They come from Debian's cross
# toolchain, linux-libc-dev-i386-cross (Architecture: all): no amd64
# twin, so no version has to match another package's.
UAPI_DIR=/usr/i686-linux-gnu/include
uapi_include() {
	local t
	mkdir -p "$1"
	for t in linux asm asm-generic; do
		[ -d "$UAPI_DIR/$t" ] ||
			die "$UAPI_DIR/$t missing (make deps installs linux-libc-dev-i386-cross)"
		ln -sfn "$UAPI_DIR/$t" "$1/$t"
	done
	echo "$1"
}

# board_ram BOARD_FILE: the board's RAM in MB, from its "# ram:" line.
board_ram() {
	sed -n 's/^# ram: *\([0-9]*\).*/\1/p' "$1"
}

# board_value BOARD_FILE KEY: the value of the board file's "# KEY:" line.
board_value() {
	sed -n "s/^# $2: *\\([^ ]*\\).*/\\1/p" "$1" | head -n 1
}

# kernel_cc TREE OUT: sets kcc to the compiler for a kernel build of TREE
# into OUT (an existing folder), and ksrc to TREE as the compiler's
# messages name it: ${CROSS}gcc, through ccache when it is
# installed, with __FILE__ relative to TREE.  2.6.14's kbuild compiles
# TREE's files by their absolute path, and every BUG() keeps __FILE__, so
# without the map vmlinux changes size with where the checkout is, and
# ccache cannot reuse a compile made in another clone.  With ccache,
# CCACHE_BASEDIR (exported: the deepest folder holding TREE and OUT) has
# it hash and compile those paths relative to OUT, hence a second map.
kernel_cc() {
	local tree out base
	tree=$(cd "$1" && pwd -P)
	out=$(cd "$2" && pwd -P)
	kcc="${CROSS}gcc -fmacro-prefix-map=$tree/="
	ksrc=$tree
	command -v ccache >/dev/null || return 0
	kcc="ccache $kcc"
	base=$tree
	while [ "${out#"$base"/}" = "$out" ]; do
		base=${base%/*}
	done
	[ -n "$base" ] || return 0
	export CCACHE_BASEDIR=$base
	ksrc=$(realpath -m --relative-to="$out" "$tree")
	kcc="$kcc -fmacro-prefix-map=$ksrc/="
}

# series_entries [PREFIX]: the patches of the series file, in order.
series_entries() {
	sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e '/^$/d' "$TOP/series" |
		awk '{print $1}' | grep "^${1:-}" || true
}

# known_hash TYPE NAME: the checksum downloads.hash gives NAME, or
# nothing.
known_hash() {
	awk -v t="$1" -v n="$2" '$1 == t && $3 == n { print $2; exit }' "$HASH_FILE"
}

# hash_check FILE: FILE's sha256 must be the one downloads.hash gives
# for its name; a file it does not list, or a different sum, is an error.
hash_check() {
	local name want sum
	name=$(basename "$1")
	want=$(known_hash sha256 "$name")
	[ -n "$want" ] ||
		die "$1: no known checksum for $name in downloads.hash; refused"
	sum=$(sha256sum "$1" | cut -d' ' -f1)
	[ "$sum" = "$want" ] ||
		die "$1: sha256 $sum, expected $want (downloads.hash); remove it or replace it"
}

# board_image BOARD_FILE OUT: the board's boot image in the output
# folder OUT ("# image:" line, or the bzImage).
board_image() {
	local img
	img=$(board_value "$1" image)
	echo "$2/arch/i386/boot/${img:-bzImage}"
}

# netserv_start LOG NETSERV_ARGS...: start $BUILD/bin/netserv (tests/net/
# netserv.c, compiled first when it is missing or older than its source:
# it listens on 127.0.0.1 only and stops on its own) in the background
# with its output in LOG, and wait for the port it listens on.  Sets
# NETSERV_PID and NETSERV_PORT; returns 1, with one line on stderr, when
# it does not compile or no port shows within 5 seconds.
netserv_start() {
	local log=$1 bin=$BUILD/bin/netserv src=$TOP/tests/net/netserv.c
	shift
	if [ ! -x "$bin" ] || [ "$src" -nt "$bin" ]; then
		mkdir -p "$BUILD/bin"
		"${HOSTCC:-gcc}" -O2 -Wall -Wextra -o "$bin" "$src" ||
			{ echo "cannot compile $src" >&2; return 1; }
	fi
	"$bin" "$@" >"$log" 2>&1 &
	NETSERV_PID=$!
	NETSERV_PORT=""
	for _ in $(seq 1 50); do
		NETSERV_PORT=$(sed -n 's/^port=//p' "$log" 2>/dev/null)
		[ -n "$NETSERV_PORT" ] && return 0
		sleep 0.1
	done
	kill "$NETSERV_PID" 2>/dev/null || true
	echo "netserv gave no port: $(head -c 200 "$log")" >&2
	return 1
}
