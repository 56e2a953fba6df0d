#!/bin/bash
# LTP's system call tests on boards, judged against the expected lists
# (Documentation/ltp.txt).
#
# Usage: tests/ltp/boards.sh [BOARD...]      (default: min tiny)
#
# Builds LTP's library and the folders of the programs of the tests it
# runs (scripts/build-ltp --leave-out tests/ltp/left-out.txt:
# build/ltp/root/ltp), the initramfs and each board's kernel (make
# BOARD=... kernel), and the list of tests to run,
# build/ltp/root/ltp/runtest/run: runtest/syscalls without the tests of
# tests/ltp/left-out.txt.  For each board it makes
# build/ltp/disk-BOARD.img, an ext2 image holding LTP, the board's
# .config as /ltp/kconfig (LTP reads the options from it) and room for
# the tests' files, and build/ltp/dev-BOARD.img, an empty 320 MiB disk
# for the tests that need a block device (LTP_DEV: LTP wants 300 MB).
# Then it boots every board at once, each with
#   scripts/boot-board -m 64 --hdb DEV --append "tiny.test=ltp" ...
# (tests/guest/tests/ltp.sh runs each test; console log
# build/logs/ltp-BOARD.log).  The results, one "TAG VERDICT" line per
# test, go to build/ltp/results-BOARD.txt, with the reasons of those
# that did not pass in build/ltp/reasons-BOARD.txt, and tests/ltp/judge
# decides:
#   min    against tests/ltp/expected-min.txt
#   other  against tests/ltp/expected-BOARD.txt and min's results of
#          the same LTP build (of this run, or build/ltp/results-min.txt
#          when it is newer than the LTP build)
# Fails when a kernel oopses, panics or hangs, when a guest could not
# run the list, when a test gave no result, or when the judge finds a
# result that the lists do not give.
#
# LTP_ONLY=a,b,c runs only those tests of runtest/syscalls, left out or
# not, and prints what did not pass, without judging (for a look at a
# few); the folders of their programs are built too.  LTP_TIMES=1 has the guest
# print each test's time (tiny.ltp_times=1), LTP_TAIL=N the last N lines
# of the output of each test that did not pass (tiny.ltp_tail=N).
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"

boards=${*:-min tiny}
ram=64
command -v debugfs >/dev/null || PATH=$PATH:/sbin:/usr/sbin
need qemu-system-i386 mke2fs e2fsck debugfs i386-linux-musl-gcc
for b in $boards; do
	[ -f "$TOP/configs/qemu-i386-$b.config" ] || fail "no board $b"
done
vanilla_tree

ltp=$BUILD/ltp
root=$ltp/root
# LTP's library and the folders of the programs of the tests run (with
# LTP_ONLY, of those tests too).
left=$TOP/tests/ltp/left-out.txt
[ -f "$left" ] || fail "no $left"
"$TOP/scripts/build-ltp" --leave-out "$left" ${LTP_ONLY:+--add "$LTP_ONLY"} || fail "scripts/build-ltp"
[ -f "$root/ltp/runtest/syscalls" ] || fail "no $root/ltp/runtest/syscalls"

case " $boards " in
*" min "*) ;;
*)
	if [ -z "${LTP_ONLY-}" ] &&
		{ [ ! -f "$ltp/results-min.txt" ] || [ "$ltp/.complete" -nt "$ltp/results-min.txt" ]; }; then
		fail "no results of the min board from this LTP build to judge against: run tests/ltp/boards.sh min $boards"
	fi
	;;
esac

echo "ltp: initramfs, kernels for $boards"
make -C "$TOP" --no-print-directory BUILD="$BUILD" initramfs >"$TMP/initramfs.log" 2>&1 ||
	{ tail -n 20 "$TMP/initramfs.log"; fail "make initramfs"; }
initramfs=$BUILD/initramfs.cpio.gz
for b in $boards; do
	make -C "$TOP" --no-print-directory BUILD="$BUILD" BOARD="$b" kernel >"$TMP/kernel-$b.log" 2>&1 ||
		{ tail -n 20 "$TMP/kernel-$b.log"; fail "make BOARD=$b kernel"; }
done

# The list: runtest/syscalls without what tests/ltp/left-out.txt names
# (each of its tags must be in runtest/syscalls: the list stays true).
sed -e 's/#.*//' "$left" | awk 'NF { print $1 }' | sort -u >"$TMP/left"
awk '!/^#/ && NF { print $1 }' "$root/ltp/runtest/syscalls" | sort -u >"$TMP/all"
stale=$(comm -23 "$TMP/left" "$TMP/all" | tr '\n' ' ')
[ -z "$stale" ] || fail "tests/ltp/left-out.txt names tests that runtest/syscalls does not have: $stale"
# LTP_ONLY's tests are taken from the whole runtest/syscalls, left out
# or not.
if [ -n "${LTP_ONLY-}" ]; then
	awk -v only=",$LTP_ONLY," '/^#/ || !NF { next } index(only, "," $1 ",")' \
		"$root/ltp/runtest/syscalls" >"$TMP/run"
else
	awk 'FILENAME == ARGV[1] { skip[$1] = 1; next } /^#/ || !NF { next } !($1 in skip)' \
		"$TMP/left" "$root/ltp/runtest/syscalls" >"$TMP/run"
fi
[ -s "$TMP/run" ] || fail "no test to run"
cmp -s "$TMP/run" "$root/ltp/runtest/run" || cp "$TMP/run" "$root/ltp/runtest/run"
echo "ltp: $(wc -l <"$TMP/run") tests of $(wc -l <"$TMP/all") in runtest/syscalls ($(wc -l <"$TMP/left") left out)"

# The disks: LTP with 64 MiB for the tests' files, and LTP_DEV.
kib=$(($(du -sk --apparent-size "$root" | cut -f1) * 5 / 4 + 65536))
for b in $boards; do
	img=$ltp/disk-$b.img
	"$TOP/scripts/mkdisk" -d "$root" "$img" "$kib" >/dev/null || fail "scripts/mkdisk -d $root"
	config=$BUILD/out/series-$b/.config
	[ -f "$config" ] || fail "no $config"
	debugfs -w -R "write $config /ltp/kconfig" "$img" >/dev/null 2>&1 || true
	debugfs -R "dump /ltp/kconfig $TMP/kconfig" "$img" >/dev/null 2>&1 || true
	cmp -s "$config" "$TMP/kconfig" || fail "cannot write $config into $img"
	rm -f "$ltp/dev-$b.img"
	truncate -s 320M "$ltp/dev-$b.img"
done

# Every board at once; the guest allows 300 s per test, the host 90 min
# per boot, and 7 min of silence.
append="tiny.test=ltp"
[ "${LTP_TIMES-}" = 1 ] && append="$append tiny.ltp_times=1"
[ -n "${LTP_TAIL-}" ] && append="$append tiny.ltp_tail=$LTP_TAIL"
start=$(date +%s)
pids=""
for b in $boards; do
	board_file=$TOP/configs/qemu-i386-$b.config
	bzimage=$(board_image "$board_file" "$BUILD/out/series-$b")
	"$TOP/scripts/boot-board" --quiet -m "$ram" --hdb "$ltp/dev-$b.img" \
		--append "$append" --timeout 5400 --idle-timeout 420 \
		"$board_file" "$bzimage" "$initramfs" "$ltp/disk-$b.img" \
		"$BUILD/logs/ltp-$b.log" >"$TMP/boot-$b.out" 2>&1 &
	pids="$pids $!"
done
st=""
# shellcheck disable=SC2086 # the list of pids
set -- $pids
for b in $boards; do
	s=0
	wait "$1" || s=$?
	shift
	st="$st $b=$s"
done
echo "ltp: $boards at $ram MB, $(($(date +%s) - start)) s"

# TINY: ltp_TAG=VERDICT for each tag of the list; no line is "missing"
bad=""
for b in $boards; do
	log=$BUILD/logs/ltp-$b.log
	echo "ltp: $b: $(tail -n 1 "$TMP/boot-$b.out")"
	tr -d '\r' <"$log" | sed -n 's/^TINY: ltp_//p' >"$TMP/kv-$b"
	awk 'FILENAME == ARGV[1] { i = index($0, "="); v[substr($0, 1, i - 1)] = substr($0, i + 1); next }
		{ print $1, (($1) in v) ? v[$1] : "missing" }' "$TMP/kv-$b" "$TMP/run" >"$TMP/results-$b"
	awk 'FILENAME == ARGV[1] { i = index($0, "="); v[substr($0, 1, i - 1)] = substr($0, i + 1); next }
		$2 != "pass" { print $1, $2, v[$1 "_reason"] }' "$TMP/kv-$b" "$TMP/results-$b" >"$TMP/reasons-$b"
	line=""
	for v in pass fail conf broken timeout missing; do
		line="$line $v=$(awk -v v="$v" '$2 == v' "$TMP/results-$b" | wc -l)"
	done
	echo "ltp: $b:$line (log: $log)"
	if [ -n "${LTP_ONLY-}" ]; then
		sed 's/^/    /' "$TMP/reasons-$b"
	else
		cp "$TMP/results-$b" "$ltp/results-$b.txt"
		cp "$TMP/reasons-$b" "$ltp/reasons-$b.txt"
	fi
	case " $st " in
	*" $b=0 "*) ;;
	*) bad="$bad $b: boot-board failed (the kernel, or the guest could not run LTP: see $log);" ;;
	esac
	if grep -q ' missing$' "$TMP/results-$b"; then
		bad="$bad $b: no result from $(awk '$2 == "missing" { print $1 }' "$TMP/results-$b" | head -n 5 | tr '\n' ' ');"
	fi
done
[ -z "$bad" ] || fail "$bad"
[ -n "${LTP_ONLY-}" ] && exit 0

for b in $boards; do
	if [ "$b" = min ]; then
		"$TOP/tests/ltp/judge" min "$ltp/results-min.txt" "$TOP/tests/ltp/expected-min.txt" ||
			bad="$bad min: results not as tests/ltp/expected-min.txt says (reasons: $ltp/reasons-min.txt);"
	else
		"$TOP/tests/ltp/judge" other "$ltp/results-$b.txt" "$TOP/tests/ltp/expected-$b.txt" \
			"$ltp/results-min.txt" ||
			bad="$bad $b: results not as tests/ltp/expected-$b.txt says (reasons: $ltp/reasons-$b.txt);"
	fi
done
[ -z "$bad" ] || fail "$bad"
echo "ltp: $boards ok"
