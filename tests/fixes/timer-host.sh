#!/bin/bash
# fixes/timer-cascade.patch: 2.6.14's timer wheel, taken from
# kernel/timer.c, runs on the host with CONFIG_BASE_SMALL=1 (tiny and
# tiniest) and timers far beyond its 2^22 jiffies fire once, on time.
# Without the patch one such timer is lost and two hang cascade().
# TIMER_PATCH=none runs it against vanilla's timer.c, which must fail.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
need gcc patch
vanilla_tree

mkdir -p "$TMP/src/kernel"
cp "$VANILLA/kernel/timer.c" "$TMP/src/kernel/"
if [ "${TIMER_PATCH:-}" != none ]; then
	(cd "$TMP/src" && patch -p1 --fuzz=0 -s) <"$TOP/patches/fixes/timer-cascade.patch" ||
		fail "fixes/timer-cascade.patch does not apply to kernel/timer.c"
fi

# The wheel's definitions, internal_add_timer(), cascade(), INDEX and
# __run_timers(), as they stand in the file.
t=$TMP/src/kernel/timer.c
{
	sed -n '/^#define TVN_BITS/,/^static void check_timer_failed/p' "$t" | sed '$d'
	sed -n '/^static void internal_add_timer/,/^}/p' "$t"
	sed -n '/^static int cascade/,/^}/p' "$t"
	grep '^#define INDEX' "$t"
	sed -n '/^static inline void __run_timers/,/^}/p' "$t"
} >"$TMP/timer-extract.c"
for f in internal_add_timer cascade __run_timers; do
	grep -q "$f(" "$TMP/timer-extract.c" || fail "$f not found in kernel/timer.c"
done

gcc -O2 -Wall -DCONFIG_BASE_SMALL=1 -I"$TMP" -o "$TMP/timer-wheel" \
	"$TOP/tests/fixes/timer-wheel.c" || fail "timer-wheel.c does not build"
timeout 300 "$TMP/timer-wheel" || fail "the BASE_SMALL timer wheel loses or hangs on long timers"
