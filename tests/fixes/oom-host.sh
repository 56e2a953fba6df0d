#!/bin/bash
# fixes/oom-no-spin.patch: 2.6.14's OOM killer, taken from the patched
# mm/oom_kill.c, runs on the host over made-up task lists.  It never
# spins or waits for ever, never kills an OOM_DISABLE task (a child, or
# a process sharing the victim's mm), passes over kernel threads and AIO
# workers on a borrowed mm, reads a task's mm once under task_lock (an
# AIO worker leaving use_mm() on another CPU), and panics 10 s after
# only OOM_DISABLE tasks are left, also when a round of reclaim sleeps
# 1.2 s between two calls; a kill, or an allocation that gets its page,
# starts a new wait.  OOM_PATCHES=none runs it against vanilla's
# oom_kill.c, and OOM_PATCHES=FILE against an older patch: both must
# fail.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
need gcc patch
vanilla_tree

mkdir -p "$TMP/src/mm" "$TMP/src/include/linux"
cp "$VANILLA/mm/oom_kill.c" "$VANILLA/mm/page_alloc.c" "$TMP/src/mm/"
cp "$VANILLA/include/linux/swap.h" "$TMP/src/include/linux/"
p=${OOM_PATCHES:-$TOP/patches/fixes/oom-no-spin.patch}
if [ "$p" != none ]; then
	(cd "$TMP/src" && patch -p1 --fuzz=0 -s) <"$p" ||
		fail "$p does not apply"
fi

# Everything after badness(): select_bad_process() to out_of_memory().
awk 'f; /^unsigned long badness\(/ { b = 1 } b && /^}/ && !f { f = 1 }' \
	"$TMP/src/mm/oom_kill.c" >"$TMP/oom-extract.c"
grep -q '^void out_of_memory(' "$TMP/oom-extract.c" ||
	fail "out_of_memory() not found in mm/oom_kill.c"
# Every read of a task's mm goes through the model's MM(), which plays
# another CPU (oom-cases.c).  Code without oom_wait_end() (vanilla, an
# older patch) gets one that does nothing, so that its cases run.
sed -i -E 's/\b([a-z]+)->mm\b/MM(\1)/g' "$TMP/oom-extract.c"
grep -q '^void oom_wait_end(' "$TMP/oom-extract.c" ||
	echo 'void oom_wait_end(void) { }' >>"$TMP/oom-extract.c"

gcc -O2 -Wall -Wno-unused-function -I"$TMP" -o "$TMP/oom-cases" \
	"$TOP/tests/fixes/oom-cases.c" || fail "oom-cases.c does not build"
timeout 120 "$TMP/oom-cases" || fail "the OOM killer spins, waits for ever, panics too early, oopses or kills an OOM_DISABLE task"
