#!/bin/sh
# ltp.sh: LTP's system call tests (run by /init with tiny.test=ltp).
#
# Needs /dev/hda with an ext2 file system holding /ltp, LTP's install
# tree as scripts/build-ltp makes it (testcases/bin/, testcases/data/,
# runtest/), and /ltp/runtest/run, the list to run: runtest/syscalls'
# format, one "TAG COMMAND [ARGS]" line per test (tests/ltp/board.sh
# makes both).  The disk is mounted read-write on /mnt; the tests'
# temporary folders go to /mnt/ltp-tmp (TMPDIR), emptied first.
#
# Each test runs alone, as root, with LTPROOT=/mnt/ltp, PATH starting
# with $LTPROOT/testcases/bin, its output in a file, under a watchdog
# of $limit seconds (tiny.ltp_timeout=N on the kernel command line,
# default 300): "timeout -s KILL".  LTP's own library limits each test
# too (30 s and the test's runtime, times LTP_TIMEOUT_MUL: 4 here, for
# QEMU without KVM); when it gives up it kills the test and says "Test
# timeouted".  tiny.ltp=a,b,c runs only those tags.
#
# Verdict per test, from the exit status (LTP's: the bits TFAIL 1,
# TBROK 2, TWARN 4, TCONF 32; a test that passed anything exits 0) and
# the output:
#   pass     exit 0
#   conf     exit 32: every check was skipped (TCONF: what the kernel,
#            the board or the libc lacks)
#   fail     TFAIL set, TBROK not
#   broken   TBROK or TWARN set, killed by a signal that was not the
#            watchdog's, or any other status (127: no such program)
#   timeout  killed by the watchdog, or LTP's library said "Test
#            timeouted"
# Keys: ltp_version; ltp_TAG=VERDICT per test (TAG as in the list); for
# every verdict but pass, ltp_TAG_reason= the first TFAIL, TBROK, TWARN
# or TCONF line (at most 160 characters), and with tiny.ltp_tail=N the
# last N lines of the output on the console, each after "    | " (none
# by default: the serial console takes about 400 bytes a second under
# QEMU, and 30 lines for each test that did not pass tripled the time
# of a board's run); with tiny.ltp_times=1,
# ltp_TAG_cs= its run time in centiseconds; at the end ltp_pass,
# ltp_fail, ltp_conf, ltp_broken, ltp_timeout (counts), ltp_tests and
# ltp_seconds.  The verdicts are the host's to judge
# (tests/ltp/judge); this script fails only when it could not run the
# list at all (no disk, no list).
#
# Every process left after a test (a child the test did not reap, the
# watchdog's own) is killed with SIGKILL before the next one starts:
# every process but those there when this script started, which
# kernel threads ignore.
#
# What the guest gets for LTP before the first test:
#   - in /etc, the users and groups LTP's tests look up (nobody, bin,
#     daemon; groups nobody, nogroup, bin, daemon, users);
#   - /dev/shm, a tmpfs where the kernel has one (LTP's library keeps
#     its shared results page there, else in TMPDIR), /dev/pts (devpts)
#     where the kernel has it, and the nodes the initramfs lacks:
#     /dev/full, /dev/tty, /dev/console, /dev/ptmx, /dev/loop0-7;
#   - KCONFIG_PATH=/mnt/ltp/kconfig, the kernel's .config, when the
#     disk has it (tests/ltp/board.sh puts the board's there): LTP reads
#     it for the tests that need a kernel option, and breaks them
#     ("Cannot parse kernel .config") when it finds none;
#   - LTP_DEV=/dev/hdb when there is a second disk: the tests that need
#     a block device get it, instead of a loop device on a 300 MB file.

LTPROOT=/mnt/ltp
LIST=$LTPROOT/runtest/run
OUT=/mnt/ltp.out
TMPDIR=/mnt/ltp-tmp
export LTPROOT TMPDIR
PATH=$LTPROOT/testcases/bin:/bin:/sbin
export PATH
LTP_TIMEOUT_MUL=4
export LTP_TIMEOUT_MUL

cmdline=$(cat /proc/cmdline)
limit=300 only="" times="" tail=0
for w in $cmdline; do
	case $w in
	tiny.ltp_timeout=*) limit=${w#*=} ;;
	tiny.ltp=*) only=$(echo "${w#*=}" | tr , ' ') ;;
	tiny.ltp_times=1) times=1 ;;
	tiny.ltp_tail=*) tail=${w#*=} ;;
	esac
done

# This shell must outlive the OOM killer.
echo -17 >/proc/self/oom_adj 2>/dev/null

# cs: centiseconds since boot, without a fork
cs() {
	read -r up _ </proc/uptime
	echo "${up%.*}${up#*.}"
}
start=$(cs)

if ! grep -q ' hda$' /proc/partitions || ! mount -t ext2 /dev/hda /mnt; then
	echo "ltp=fail"
	echo "ltp_reason=no ext2 disk on /dev/hda"
	exit 1
fi
if [ ! -f "$LIST" ]; then
	echo "ltp=fail"
	echo "ltp_reason=no $LIST on the disk"
	umount /mnt
	exit 1
fi
echo "ltp_version=$(cat "$LTPROOT/Version" 2>/dev/null)"

cat >>/etc/passwd <<'EOF'
bin:x:1:1:bin:/bin:/bin/sh
daemon:x:2:2:daemon:/:/bin/sh
nobody:x:65534:65534:nobody:/:/bin/sh
EOF
cat >>/etc/group <<'EOF'
bin:x:1:
daemon:x:2:
users:x:100:
nobody:x:65534:
nogroup:x:65533:
EOF
if grep -q tmpfs /proc/filesystems; then
	mkdir -p /dev/shm
	mount -t tmpfs -o size=4m tmpfs /dev/shm
fi
if grep -q devpts /proc/filesystems; then
	mkdir -p /dev/pts
	mount -t devpts devpts /dev/pts
fi
mknod -m 666 /dev/full c 1 7 2>/dev/null
mknod -m 666 /dev/tty c 5 0 2>/dev/null
mknod -m 600 /dev/console c 5 1 2>/dev/null
mknod -m 666 /dev/ptmx c 5 2 2>/dev/null
for i in 0 1 2 3 4 5 6 7; do
	mknod -m 600 /dev/loop$i b 7 $i 2>/dev/null
done
if [ -f "$LTPROOT/kconfig" ]; then
	KCONFIG_PATH=$LTPROOT/kconfig
	export KCONFIG_PATH
fi
if grep -q ' hdb$' /proc/partitions; then
	LTP_DEV=/dev/hdb
	export LTP_DEV
fi

rm -rf "$TMPDIR"
mkdir -p "$TMPDIR"
chmod 1777 "$TMPDIR"

# The processes there now: never killed.
known=" $$ "
for p in /proc/[0-9]*; do
	known="$known${p#/proc/} "
done

# kill_leftovers: SIGKILL to every process that was not there at the
# start (twice: a killed parent's child may be reparented meanwhile).
kill_leftovers() {
	for _ in 1 2; do
		for p in /proc/[0-9]*; do
			case $known in
			*" ${p#/proc/} "*) ;;
			*) kill -9 "${p#/proc/}" 2>/dev/null ;;
			esac
		done
	done
}

npass=0 nfail=0 nconf=0 nbroken=0 ntimeout=0 ntests=0

# run_one TAG COMMAND...
run_one() {
	tag=$1
	shift
	t0=$(cs)
	(cd "$TMPDIR" && exec timeout -s KILL "$limit" sh -c "$*") \
		</dev/null >"$OUT" 2>&1
	rc=$?
	t1=$(cs)
	kill_leftovers
	el=$((t1 - t0))
	verdict="" why=""
	if { [ "$rc" = 137 ] && [ "$el" -ge $((limit * 100)) ]; } ||
		grep -q 'Test timeouted' "$OUT"; then
		verdict=timeout why="no result within $((el / 100)) s"
	elif [ "$rc" = 0 ]; then
		verdict=pass
	elif [ "$rc" = 32 ]; then
		verdict=conf
	elif [ "$rc" -gt 128 ]; then
		verdict=broken why="killed by signal $((rc - 128))"
	elif [ $((rc & 6)) != 0 ] || [ "$rc" -ge 64 ] ||
		[ $((rc & 1)) = 0 ]; then
		verdict=broken
	else
		verdict=fail
	fi
	case $verdict in
	fail) why=$(grep -m 1 'TFAIL' "$OUT") ;;
	broken) [ -n "$why" ] || why=$(grep -m 1 -E 'TBROK|TWARN' "$OUT") ;;
	conf) why=$(grep -m 1 'TCONF' "$OUT") ;;
	esac
	[ "$verdict" = broken ] && [ -z "$why" ] && why="exit $rc"
	if [ "$verdict" != pass ] && [ "$tail" -gt 0 ]; then
		tail -n "$tail" "$OUT" | sed 's/^/    | /'
	fi
	echo "ltp_$tag=$verdict"
	[ -n "$why" ] && echo "ltp_${tag}_reason=$(echo "$why" | cut -c 1-160)"
	[ -n "$times" ] && echo "ltp_${tag}_cs=$el"
	ntests=$((ntests + 1))
	case $verdict in
	pass) npass=$((npass + 1)) ;;
	fail) nfail=$((nfail + 1)) ;;
	conf) nconf=$((nconf + 1)) ;;
	broken) nbroken=$((nbroken + 1)) ;;
	timeout) ntimeout=$((ntimeout + 1)) ;;
	esac
}

while read -r tag cmd; do
	case $tag in ''|'#'*) continue ;; esac
	if [ -n "$only" ]; then
		case " $only " in *" $tag "*) ;; *) continue ;; esac
	fi
	run_one "$tag" "$cmd"
done <"$LIST"

rm -f "$OUT"
rm -rf "$TMPDIR"
umount /dev/shm 2>/dev/null
umount /mnt
echo "ltp_pass=$npass"
echo "ltp_fail=$nfail"
echo "ltp_conf=$nconf"
echo "ltp_broken=$nbroken"
echo "ltp_timeout=$ntimeout"
echo "ltp_tests=$ntests"
echo "ltp_seconds=$((($(cs) - start) / 100))"
echo "ltp=ok"
