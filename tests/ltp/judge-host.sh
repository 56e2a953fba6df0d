#!/bin/bash
# tests/ltp/judge on made-up results: it passes results that the lists
# give, and fails, one error line each, on a failure not listed, a
# listed failure that now passes, a verdict other than the listed one,
# a listed test that did not run, a tiny difference not listed, a
# listed difference that min shows too, and an option whose document
# does not name the test; a malformed list is bad input (exit 2).
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
judge=$TOP/tests/ltp/judge

# run_judge NAME WANT_STATUS [PATTERN] -- ARGS: judge ARGS exits with
# WANT_STATUS, and its output matches PATTERN (when given)
run_judge() {
	local name=$1 want=$2 pattern=$3 st=0
	shift 4
	"$judge" "$@" >"$TMP/$name.out" 2>&1 || st=$?
	[ "$st" = "$want" ] || { cat "$TMP/$name.out"; fail "$name: exit $st, expected $want"; }
	if [ -n "$pattern" ]; then
		grep -q -- "$pattern" "$TMP/$name.out" ||
			{ cat "$TMP/$name.out"; fail "$name: no line matching '$pattern'"; }
	fi
	echo "ok $name: $(head -n 1 "$TMP/$name.out")"
}

cat >"$TMP/exp-min" <<'EOF'
# comment
getpid01 broken board: no /proc/sys (CONFIG_SYSCTL off)
fallocate01 fail 2.6.14 has no fallocate (2.6.23)
EOF
printf 'getpid01 broken\nfallocate01 fail\nflock01 pass\nfoo01 conf\n' >"$TMP/min"
run_judge min-ok 0 "judge: 4 tests, ok" -- min "$TMP/min" "$TMP/exp-min"

printf 'getpid01 broken\nfallocate01 fail\nflock01 fail\nfoo01 conf\n' >"$TMP/r1"
run_judge min-unlisted 1 "flock01: fail, not in exp-min" -- min "$TMP/r1" "$TMP/exp-min"
printf 'getpid01 broken\nfallocate01 pass\nflock01 pass\nfoo01 conf\n' >"$TMP/r2"
run_judge min-now-passes 1 "fallocate01: pass, exp-min says fail" -- min "$TMP/r2" "$TMP/exp-min"
printf 'getpid01 timeout\nfallocate01 fail\nflock01 pass\nfoo01 conf\n' >"$TMP/r3"
run_judge min-other-verdict 1 "getpid01: timeout, exp-min says broken" -- min "$TMP/r3" "$TMP/exp-min"
printf 'getpid01 broken\nflock01 pass\nfoo01 conf\n' >"$TMP/r4"
run_judge min-not-run 1 "fallocate01: in exp-min, but it did not run" -- min "$TMP/r4" "$TMP/exp-min"
printf 'getpid01 broken\nfallocate01 fail\nflock01 passed\n' >"$TMP/r5"
run_judge min-bad-results 2 "not TAG VERDICT" -- min "$TMP/r5" "$TMP/exp-min"
printf 'getpid01 broken\n' >"$TMP/exp-bad"
run_judge min-bad-list 2 "malformed" -- min "$TMP/min" "$TMP/exp-bad"
printf 'getpid01 broken a\ngetpid01 broken b\n' >"$TMP/exp-twice"
run_judge min-twice 2 "listed twice" -- min "$TMP/min" "$TMP/exp-twice"
run_judge usage 2 "usage:" -- min "$TMP/min"

# tiny: flock01 fails through FILE_LOCKING, whose document names it
export LTP_JUDGE_DOCS=$TMP/docs
mkdir -p "$LTP_JUDGE_DOCS"
printf 'File locking\n\nCONFIG_FILE_LOCKING ("Enable file locking")\n\nLTP: flock01 fails.\n' \
	>"$LTP_JUDGE_DOCS/tiny-file-locking.txt"
printf 'flock01 fail FILE_LOCKING flock() gives ENOSYS\n' >"$TMP/exp-tiny"
printf 'getpid01 broken\nfallocate01 fail\nflock01 fail\nfoo01 conf\n' >"$TMP/tiny"
run_judge tiny-ok 0 "judge: 4 tests, ok" -- other "$TMP/tiny" "$TMP/exp-tiny" "$TMP/min"
printf 'getpid01 broken\nfallocate01 fail\nflock01 fail\nfoo01 fail\n' >"$TMP/t1"
run_judge tiny-unlisted 1 "foo01: fail, on min conf, not in exp-tiny" -- other "$TMP/t1" "$TMP/exp-tiny" "$TMP/min"
printf 'getpid01 broken\nfallocate01 fail\nflock01 pass\nfoo01 conf\n' >"$TMP/t2"
run_judge tiny-now-passes 1 "flock01: pass, exp-tiny says fail" -- other "$TMP/t2" "$TMP/exp-tiny" "$TMP/min"
run_judge tiny-same-on-min 1 "flock01: fail on min too" -- other "$TMP/tiny" "$TMP/exp-tiny" "$TMP/r1"
printf 'getpid01 broken\nfallocate01 fail\nflock01 fail\nfoo01 conf\n' >"$TMP/t3"
printf 'flock01 fail FILE_LOCKING x\nfoo01 fail FILE_LOCKING y\n' >"$TMP/exp-nodoc"
printf 'getpid01 broken\nfallocate01 fail\nflock01 fail\nfoo01 fail\n' >"$TMP/t4"
run_judge tiny-doc 1 "foo01: Documentation/tiny-file-locking.txt does not name it" -- \
	other "$TMP/t4" "$TMP/exp-nodoc" "$TMP/min"
printf 'flock01 fail NO_SUCH_OPTION x\n' >"$TMP/exp-noopt"
run_judge tiny-no-option 1 "flock01: no Documentation/tiny-\*.txt describes CONFIG_NO_SUCH_OPTION" -- \
	other "$TMP/t3" "$TMP/exp-noopt" "$TMP/min"
printf 'getpid01 broken\nfallocate01 fail\nflock01 fail\n' >"$TMP/t5"
run_judge tiny-no-min 1 "foo01: no result on min" -- other "$TMP/tiny" "$TMP/exp-tiny" "$TMP/t5"
echo PASS
