# shellcheck shell=sh
# /proc/kmalloc is mode 0600 (root reads it and writes "reset" to it),
# owned by root: a read as user 1000 fails.
# shellcheck source=kma.inc
. /extra/tests/kma.inc

mode=$(stat -c '%A %u:%g' "$KMA")
echo "kma_perm_mode=$mode"
[ "$mode" = "-rw------- 0:0" ] || bad "mode and owner '$mode', not '-rw------- 0:0'"
if setuidgid user cat "$KMA" >/tmp/kma-user.out 2>/tmp/kma-user.err; then
	bad "user 1000 read $KMA"
fi
[ ! -s /tmp/kma-user.out ] || bad "user 1000 got $(wc -c </tmp/kma-user.out) bytes"
grep -q 'Permission denied' /tmp/kma-user.err ||
	bad "no 'Permission denied' for user 1000: $(cat /tmp/kma-user.err)"
head -n 1 "$KMA" | grep -q '^total bytes allocated: ' || bad "root cannot read $KMA"
rm -f /tmp/kma-user.out /tmp/kma-user.err
finish
