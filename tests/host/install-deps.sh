#!/bin/bash
# make deps (scripts/install-deps, then scripts/enable-i386-exec)
# against stub apt-get, dpkg, dpkg-query and i386-linux-musl-gcc: no
# package is installed or removed.  The stubs are the new machine of
# 2026-12-06: linux-libc-dev:amd64 installed at 6.1.187-1, the
# bookworm-security i386 index not fetched (apt-get update fails), so no
# linux-libc-dev:i386 at that version.
# - make deps passes there: it asks for no i386 package but
#   musl-dev:i386, and no linux-libc-dev:i386 at all (its version would
#   have to match the amd64 one);
# - apt-get install always runs with --no-remove;
# - an apt without a deb-src entry gets one (APT_ETC: a temporary
#   folder, not /etc/apt);
# - an apt-get update that fails twice does not stop the install;
# - a package apt cannot install keeps no other package away, is named
#   in install-deps' one-line error (status 2), and enable-i386-exec
#   still runs: make deps reports both steps and fails at the end.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"

stubs=$TMP/bin
mkdir -p "$stubs"
# dpkg-query -W -f=FMT PKG: linux-libc-dev (amd64) and quilt are
# installed, nothing else.
cat >"$stubs/dpkg-query" <<'EOS'
#!/bin/bash
case ${!#} in
linux-libc-dev|linux-libc-dev:amd64) echo "install ok installed 6.1.187-1" ;;
quilt) echo "install ok installed 0.67" ;;
*) exit 1 ;;
esac
EOS
cat >"$stubs/dpkg" <<'EOS'
#!/bin/bash
case $1 in
--print-foreign-architectures) echo i386 ;;
--print-architecture) echo amd64 ;;
*) exit 1 ;;
esac
EOS
# apt-get: logs its arguments.  "update" fails (the i386 security
# index).  "install" fails for linux-libc-dev:i386 in any form, as apt
# does here (6.1.187-1 is not in the indexes that came; 6.1.176-1 would
# need the amd64 one removed), and for $APT_UNKNOWN.
cat >"$stubs/apt-get" <<'EOS'
#!/bin/bash
echo "apt-get $*" >>"$APT_LOG"
case " $* " in
*" update "*) exit 100 ;;
esac
for a in "$@"; do
	case $a in
	linux-libc-dev:i386=*)
		echo "E: Version '${a#*=}' for 'linux-libc-dev:i386' was not found" >&2
		exit 100 ;;
	linux-libc-dev:i386)
		echo "E: linux-libc-dev:amd64 would have to be removed" >&2
		exit 100 ;;
	"${APT_UNKNOWN:-}")
		echo "E: Unable to locate package $a" >&2
		exit 100 ;;
	esac
done
EOS
cat >"$stubs/id" <<'EOS'
#!/bin/bash
echo 0
EOS
# i386-linux-musl-gcc ... -o OUT ...: OUT is a program that exits 42,
# the answer enable-i386-exec's probe gives where i386 programs run.
cat >"$stubs/i386-linux-musl-gcc" <<'EOS'
#!/bin/bash
echo "musl-gcc $*" >>"$APT_LOG"
while [ $# -gt 0 ]; do
	[ "$1" = -o ] && out=$2
	shift
done
printf '#!/bin/sh\nexit 42\n' >"$out" && chmod +x "$out"
EOS
chmod +x "$stubs"/*
# apt's configuration, empty: install-deps adds its deb-src entry here.
export APT_ETC=$TMP/apt
mkdir -p "$APT_ETC/sources.list.d"
export APT_LOG=$TMP/apt.log
# no pause before install-deps' second apt-get update
export APT_RETRY_SECONDS=0

# deps: make deps with the stubs, its output in $TMP/out.
deps() {
	PATH=$stubs:$PATH make -s -C "$TOP" deps >"$TMP/out" 2>&1
}

deps || { cat "$TMP/out"; fail "make deps failed on the new machine's apt"; }
grep -c '^apt-get update' "$APT_LOG" | grep -qx 2 ||
	{ cat "$APT_LOG"; fail "a failed apt-get update was not tried twice"; }
install=$(grep '^apt-get install' "$APT_LOG") ||
	{ cat "$TMP/out"; fail "no apt-get install after the failed updates"; }
[ "$(grep -c '^apt-get install' "$APT_LOG")" = 1 ] ||
	{ cat "$APT_LOG"; fail "apt-get install ran more than once, though it succeeded"; }
echo "$install"
# asked WORD: WORD is one of apt-get install's arguments
asked() {
	case " $install " in
	*" $1 "*) return 0 ;;
	esac
	return 1
}
asked --no-remove || fail "apt-get install ran without --no-remove"
asked musl-dev:i386 || fail "musl-dev:i386 was not asked for"
asked linux-libc-dev-i386-cross ||
	fail "linux-libc-dev-i386-cross (the guest's UAPI headers) was not asked for"
i386=$(tr ' ' '\n' <<<"$install" | grep ':i386' | grep -vx 'musl-dev:i386' || true)
[ -z "$i386" ] || fail "i386 packages besides musl-dev:i386 were asked for: $i386"
! asked quilt || fail "quilt, installed, was asked for again"
grep -qx 'Types: deb-src' "$APT_ETC/sources.list.d/linux-tiny-src.sources" ||
	fail "no deb-src entry was added to an apt without one"
grep -q '^enable-i386-exec: i386 programs run here' "$TMP/out" ||
	{ cat "$TMP/out"; fail "enable-i386-exec did not run, or did not pass"; }

# One package out of reach: the others are still installed, one by one.
: >"$APT_LOG"
status=0
APT_UNKNOWN=ccache deps || status=$?
cat "$TMP/out"
[ $status != 0 ] || fail "make deps passed though apt could not install ccache"
grep -q '^apt-get install .* musl-dev:i386$' "$APT_LOG" ||
	{ cat "$APT_LOG"; fail "musl-dev:i386 was not tried alone after the set failed"; }
grep -q '^install-deps: apt-get install failed for ccache (above)' "$TMP/out" ||
	fail "install-deps' error does not name ccache alone"
grep -q '^enable-i386-exec: i386 programs run here' "$TMP/out" ||
	fail "enable-i386-exec was skipped because apt failed"
grep -qx 'make deps: failed (above)' "$TMP/out" ||
	fail "make deps did not end with its own error"
echo "pass"
