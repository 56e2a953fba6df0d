#!/bin/bash
# tests/host/busybox.sh: the guest userspace, checked on the host.
#
# 1. scripts/build-busybox (does nothing when up to date).
# 2. The binary is a static i386 ET_EXEC.
# 3. A handful of applets run on this (amd64) host and print what they
#    should.
# 4. Every command tests/guest/init runs is a busybox applet (or an ash
#    builtin).
# 5. scripts/mkinitramfs packs /init, /bin/sh, /dev/console and /extra.
# 6. The packed /init runs as PID 1 in new PID, mount and network
#    namespaces, chrooted into the unpacked image, with poweroff and
#    reboot replaced by stubs; under strace every i386 syscall that Linux
#    2.6.14 lacks (number 294 and up, and its sys_ni_syscall slots) fails
#    with ENOSYS, as it would there.  Once plain, once with tiny.test=
#    selecting an extra test script.
#
# Needs root (mknod, chroot, unshare) and strace.  Exit 0 = pass; any
# failure says why.  Where i386 programs run under qemu-i386-static
# (scripts/enable-i386-exec), strace cannot see their syscalls, and step 6
# runs without the ENOSYS emulation and says so; the boot tests run the
# same /init on 2.6.14 itself.
set -eu

top=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-$top/build}
export BUILD
bb=$BUILD/busybox/busybox
init=$top/tests/guest/init

failures=0
fail() {
	echo "FAIL: $*"
	failures=$((failures + 1))
}
die() {
	echo "FAIL: $*"
	exit 1
}

[ "$(id -u)" = 0 ] || die "must run as root (the PID 1 run needs unshare and chroot)"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# --- 1. build ---------------------------------------------------------------
"$top/scripts/build-busybox" || die "scripts/build-busybox failed"
[ -x "$bb" ] || die "$bb missing after build"
echo "busybox: $(stat -c %s "$bb") bytes"

# --- 2. ELF -----------------------------------------------------------------
hdr=$(LC_ALL=C readelf -h "$bb") || die "readelf -h $bb failed"
grep -q 'Class:.*ELF32' <<<"$hdr" || fail "not ELF32"
grep -q 'Machine:.*80386' <<<"$hdr" || fail "not i386"
grep -q 'Type:.*EXEC' <<<"$hdr" || fail "not ET_EXEC"
phdr=$(LC_ALL=C readelf -l "$bb")
if grep -Eq 'INTERP|DYNAMIC' <<<"$phdr"; then
	fail "not static: $(grep -E 'INTERP|DYNAMIC' <<<"$phdr" | tr -s ' ')"
fi
echo "elf: $(grep -c LOAD <<<"$phdr") LOAD segments"

# --- 3. applets on the host -------------------------------------------------
"$bb" true 2>/dev/null || die "cannot run $bb here (no 32-bit execution support?)"

# check NAME EXPECTED COMMAND...: run COMMAND, compare its stdout.
check() {
	local name=$1 want=$2 got
	shift 2
	got=$("$@" 2>&1) || true
	if [ "$got" = "$want" ]; then
		echo "ok: $name"
	else
		fail "$name: expected '$want', got '$got'"
	fi
}
# shellcheck disable=SC2016 # the busybox shell expands these
{
check echo "a b" "$bb" echo a b
check sh_arith "42 12884901888" "$bb" sh -c 'echo $(((6 * 9 + 30) / 2)) $((4294967296 * 3))'
check sh_pipe HELLO "$bb" sh -c 'echo hello | tr ehlo EHLO'
check seq_wc 1000 "$bb" sh -c 'seq 1 1000 | wc -l'
check md5sum "900150983cd24fb0d6963f7d28e17f72  -" "$bb" sh -c 'printf abc | md5sum'
check md5_256k ce8709b3fe7301386408b33d97a1a487 "$bb" sh -c 'seq 1 50000 | head -c 262144 | md5sum | cut -d" " -f1'
check expr 42 "$bb" expr 6 '*' 7
check sed aXc "$bb" sh -c 'echo abc | sed s/b/X/'
check awk 500500 "$bb" sh -c 'seq 1 1000 | awk "{ s += \$1 } END { print s }"'
check sort "1 2 3" "$bb" sh -c 'printf "3\n1\n2\n" | sort | tr "\n" " " | sed "s/ \$//"'
check printf "x=07" "$bb" printf 'x=%02d' 7
check od "0000000 061 062" "$bb" sh -c 'printf 12 | od -b | head -n 1 | tr -s " "'
check hexdump "00000000  61 62 63                                          |abc|" "$bb" sh -c 'printf abc | hexdump -C | head -n 1'
check dd_stat 4096 "$bb" sh -c "dd if=/dev/zero of=$work/dd bs=1024 count=4 2>/dev/null && stat -c %s $work/dd"
check cmp same "$bb" sh -c "cp $work/dd $work/dd2 && cmp $work/dd $work/dd2 && echo same"
check find dd "$bb" sh -c "find $work -name dd -type f | xargs basename"
check readlink_f "$work/dd" "$bb" sh -c "ln -s dd $work/l && readlink -f $work/l"
check test_bracket yes "$bb" sh -c '[ 3 -gt 2 ] && test -e / && echo yes'
check id0 0 "$bb" id -u
check setuidgid 65534 "$bb" setuidgid nobody "$bb" id -u
check uname Linux "$bb" uname -s
check ulimit ok "$bb" sh -c 'ulimit -n >/dev/null && echo ok'
}

# --- 4. every command of the guest init is an applet ------------------------
list=$("$bb" --list) || die "$bb --list failed"
for a in sh mount umount ls cat echo dmesg free sync cmp md5sum mkswap \
	swapon swapoff ifconfig ping insmod sleep poweroff reboot halt mknod \
	mkdir grep sed head tail wc dd uname seq true false test [ expr kill \
	ps rm cp mv ln chmod id setuidgid hexdump od tr cut sort awk printf env \
	readlink find mountpoint stat touch dirname basename xargs cttyhack \
	setsid timeout; do
	grep -qxF -- "$a" <<<"$list" || fail "applet $a missing from busybox"
done

# Command names in a POSIX sh script, by a simple scan: the first word of
# each pipeline element, after $( and keywords, skipping assignments,
# single-quoted text, arithmetic, here-document bodies and functions the
# script defines; the command after setsid, cttyhack, env, setuidgid USER
# and timeout SECS too.
read -r -d '' scan <<'EOF' || true
BEGIN {
	split("if then else elif fi do done while until in esac ! { } [ [[", kw, " ")
	for (i in kw) skip[kw[i]] = 1
}
heredoc != "" { if ($0 == heredoc) heredoc = ""; next }
{
	line = $0
	if (match(line, /<<-?'?[A-Za-z_]+'?/)) {
		h = substr(line, RSTART, RLENGTH); gsub(/[<'-]/, "", h); heredoc = h
	}
	sub(/(^|[ \t])#.*/, "", line)
	if (match(line, /^[A-Za-z_][A-Za-z0-9_]*\(\)/)) {
		funcs[substr(line, 1, RLENGTH - 2)] = 1; next
	}
	gsub(/\$\(\(([^()]|\([^()]*\))*\)\)/, "0", line)
	gsub(/'[^']*'/, " ", line)
	gsub(/[;|&(){}`]/, "\n", line)
	n = split(line, parts, "\n")
	for (p = 1; p <= n; p++) {
		m = split(parts[p], w, /[ \t]+/)
		for (j = 1; j <= m; j++) {
			if (w[j] == "for" || w[j] == "case") break
			if (w[j] == "" || w[j] in skip || w[j] ~ /^[A-Za-z_][A-Za-z0-9_]*=/) continue
			c = w[j]; sub(/^\/s?bin\//, "", c)
			if (c !~ /^[a-z][a-z0-9_-]*$/) break
			used[c] = 1
			if (c == "setsid" || c == "cttyhack" || c == "env") continue
			if (c == "setuidgid" || c == "timeout") { j++; continue }
			break
		}
	}
}
END { for (c in used) if (!(c in funcs)) print c }
EOF
builtins=" break cd command continue eval exec exit export local read readonly return set shift trap type ulimit umask unset wait "
used=$(awk "$scan" "$init" | LC_ALL=C sort)
[ -n "$used" ] || fail "found no commands in $init"
for c in $used; do
	case $builtins in *" $c "*) continue ;; esac
	grep -qxF -- "$c" <<<"$list" || fail "tests/guest/init runs '$c', which busybox lacks"
done
echo "init uses: $(echo "$used" | tr '\n' ' ')"

# --- 5. mkinitramfs ---------------------------------------------------------
mkdir -p "$work/x/tests"
cat >"$work/x/tests/hello.sh" <<'EOF'
echo "hello_key=value with spaces"
echo "a plain line"
[ "$(pwd)" = /extra ]
EOF
echo data >"$work/file.txt"
# the guest test programs, as the real initramfs has them in /extra/bin
"$top/scripts/build-guest-progs" "$work/bin" "$top"/tests/guest/*.c ||
	die "scripts/build-guest-progs failed"
img=$work/initramfs.cpio.gz
"$top/scripts/fetch-kernel" "$BUILD/linux-2.6.14" >/dev/null ||
	die "no vanilla tree for gen_init_cpio (scripts/fetch-kernel)"
"$top/scripts/mkinitramfs" -b "$bb" -s "$work/stage" -k "$BUILD/linux-2.6.14" \
	"$img" "$work/x/tests" "$work/file.txt" "$work/bin" ||
	die "scripts/mkinitramfs failed"
listing=$(zcat "$img" | cpio -t --quiet) || die "cannot list $img"
for f in init bin/sh bin/busybox dev/console dev/null dev/ttyS0 dev/hda \
	dev/ram0 etc/passwd proc sys tmp mnt extra/tests/hello.sh \
	extra/file.txt; do
	grep -qxF "$f" <<<"$listing" || fail "initramfs lacks /$f"
done
owners=$(zcat "$img" | cpio -tv --quiet | awk '{ print $3 ":" $4 }' | sort -u)
[ "$owners" = "root:root" ] || fail "initramfs owners: $owners"

# --- 6. /init as PID 1 --------------------------------------------------------
root=$work/root
mkdir "$root"
(cd "$root" && zcat "$img" | cpio -idm --quiet) || die "cannot unpack $img"
for p in poweroff reboot halt; do
	rm -f "$root/bin/$p"
	printf '#!/bin/sh\necho "HOST-STUB: %s $*"\n' "$p" >"$root/bin/$p"
	chmod 755 "$root/bin/$p"
done
grep -q HOST-STUB "$root/bin/reboot" || die "could not stub reboot"

strace_args=()
command -v strace >/dev/null || die "strace not found (run make deps)"
if [ -e /proc/sys/fs/binfmt_misc/qemu-i386 ] &&
	grep -qx enabled /proc/sys/fs/binfmt_misc/qemu-i386; then
	# strace would see qemu's amd64 syscalls, not the program's.
	echo "pid1: i386 runs under qemu-i386-static here, so strace cannot make"
	echo "pid1: the syscalls 2.6.14 lacks fail; the boot tests run this /init on 2.6.14"
else
	# i386 numbers 2.6.14 does not have: 294 and up, and its
	# sys_ni_syscall slots below that.
	missing=$(awk '/^#define __NR_/ && $3 >= 294 { print $3 }' \
		"$UAPI_DIR/asm/unistd_32.h")
	missing="$missing 17 31 32 35 44 53 56 58 98 112 127 130 137 167 188 189 273"
	set32=$(for n in $missing; do echo "$n@32"; done | paste -sd, -)
	# 88@32 is reboot: a second guard besides the stubs.
	strace_args=(strace -f -qq -o "$work/strace" -e trace="$set32,88@32"
		-e inject="$set32:error=ENOSYS" -e inject=88@32:error=EPERM)
	echo "pid1: with strace, syscalls 2.6.14 lacks fail with ENOSYS"
fi

# pid1 CMDLINE: run /init, print its output.
pid1() {
	TINY_NO_PROBES=1 TINY_CMDLINE=$1 timeout 120 ${strace_args[@]+"${strace_args[@]}"} \
		unshare -f -p -m -n chroot "$root" /init 2>&1 || true
}

# expect_line LOG LINE
expect_line() {
	grep -qxF -- "$2" <<<"$1" || fail "PID 1 run: no line '$2'"
}

out=$(pid1 "console=ttyS0")
printf '%s\n' "$out" | sed 's/^/    | /' # indent
for l in "TINY: init=start" "TINY: proc=ok" "TINY: disk=absent" \
	"TINY: fork200=ok" "TINY: fork200_count=200" "TINY: ping_lo=ok" \
	"TINY: userspace=ok" "TINY: results=pass" "TINY: done" \
	"HOST-STUB: poweroff -f" "HOST-STUB: reboot -f"; do
	expect_line "$out" "$l"
done
grep -Eq '^TINY: memfree_kb=[0-9]+$' <<<"$out" || fail "no memfree_kb"
if grep -q 'not found' <<<"$out"; then
	fail "PID 1 run: $(grep 'not found' <<<"$out" | head -n 3)"
fi
if [ -f "$work/strace" ]; then
	echo "syscalls 2.6.14 lacks that were tried (each fell back):"
	sed -n 's/^[0-9]* \([a-z_0-9]*\)(.*/\1/p' "$work/strace" | sort | uniq -c |
		sed 's/^/    /'
fi

out=$(pid1 "console=ttyS0 tiny.test=hello,nosuch")
echo "$out" | grep -E '^(TINY: (test_|hello|results|failed)|a plain)' | sed 's/^/    | /'
for l in "TINY: hello_key=value with spaces" "a plain line" \
	"TINY: test_hello=ok" "TINY: test_nosuch=missing" \
	"TINY: results=fail" "TINY: failed=test_nosuch" "TINY: done"; do
	expect_line "$out" "$l"
done

if [ "$failures" -ne 0 ]; then
	echo "busybox: $failures failure(s)"
	exit 1
fi
echo "busybox: all checks passed"
