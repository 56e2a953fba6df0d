#!/bin/bash
# scripts/install-deps against stub apt-get, dpkg and dpkg-query (no
# package is installed or removed):
# - an i386 package whose native twin is installed is asked for at the
#   native version (Multi-Arch: same; an i386 index that failed to come
#   once made apt remove linux-libc-dev:amd64, libc6-dev and gcc's
#   headers to install a different i386 version);
# - apt-get install always runs with --no-remove;
# - an apt without a deb-src entry gets one (APT_ETC: a temporary
#   folder, not /etc/apt);
# - an apt-get update that fails twice does not stop the install;
# - an apt-get install that fails ends install-deps with one line and
#   status 2.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"

stubs=$TMP/bin
mkdir -p "$stubs"
# dpkg-query -W -f=FMT PKG: linux-libc-dev:amd64 and quilt are
# installed, nothing else.
cat >"$stubs/dpkg-query" <<'EOF'
#!/bin/bash
pkg=${!#}
case $pkg in
linux-libc-dev:amd64) echo "install ok installed 6.1.176-1" ;;
quilt) echo "install ok installed 0.67" ;;
*) exit 1 ;;
esac
EOF
cat >"$stubs/dpkg" <<'EOF'
#!/bin/bash
case $1 in
--print-foreign-architectures) echo i386 ;;
--print-architecture) echo amd64 ;;
*) exit 1 ;;
esac
EOF
# apt-get: logs its arguments; "update" fails, "install" fails when
# APT_INSTALL_FAILS is set.
cat >"$stubs/apt-get" <<'EOF'
#!/bin/bash
echo "apt-get $*" >>"$APT_LOG"
case " $* " in
*" update "*) exit 100 ;;
*" install "*) [ -z "${APT_INSTALL_FAILS-}" ] || exit 100 ;;
esac
EOF
cat >"$stubs/id" <<'EOF'
#!/bin/bash
echo 0
EOF
chmod +x "$stubs"/*
# apt's configuration, empty: install-deps adds its deb-src entry here.
export APT_ETC=$TMP/apt
mkdir -p "$APT_ETC/sources.list.d"

export APT_LOG=$TMP/apt.log
run() {
	PATH=$stubs:$PATH "$TOP/scripts/install-deps" "$@" >"$TMP/out" 2>&1
}

run quilt linux-libc-dev:i386 musl-dev:i386 ||
	{ cat "$TMP/out"; fail "install-deps failed though apt-get install succeeded"; }
grep -c '^apt-get update' "$APT_LOG" | grep -qx 2 ||
	{ cat "$APT_LOG"; fail "a failed apt-get update was not tried twice"; }
install=$(grep '^apt-get install' "$APT_LOG") ||
	{ cat "$TMP/out"; fail "no apt-get install after the failed updates"; }
echo "$install"
# asked WORD: WORD is one of apt-get install's arguments
asked() {
	case " $install " in
	*" $1 "*) return 0 ;;
	esac
	return 1
}
asked --no-remove || fail "apt-get install ran without --no-remove"
asked linux-libc-dev:i386=6.1.176-1 ||
	fail "linux-libc-dev:i386 was not asked for at the native 6.1.176-1"
asked musl-dev:i386 || fail "musl-dev:i386 (no native twin) was not asked for as it is"
! asked quilt || fail "quilt, installed, was asked for again"
grep -qx 'Types: deb-src' "$APT_ETC/sources.list.d/linux-tiny-src.sources" ||
	fail "no deb-src entry was added to an apt without one"

: >"$APT_LOG"
status=0
APT_INSTALL_FAILS=1 run linux-libc-dev:i386 || status=$?
[ $status = 2 ] || { cat "$TMP/out"; fail "a failed apt-get install gave status $status, not 2"; }
last=$(tail -n 1 "$TMP/out")
echo "$last"
case $last in
"install-deps: "*) ;;
*) fail "the last line is not install-deps' own error" ;;
esac
echo "pass"
