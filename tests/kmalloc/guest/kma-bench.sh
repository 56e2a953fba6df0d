# shellcheck shell=sh
# For scripts/bench-kmalloc-acct, not a check: load kmbench.ko (the
# kmalloc/kfree microbenchmark of tests/slob/kmbench.c) and print the
# median over its rounds of each pattern, in cycles per operation:
#   kma_bench=random R batch B
insmod /extra/mod/kmbench.ko || exit 1
dmesg | sed -n 's/.*kmbench: round=[0-9]* random=\([0-9]*\) batch=\([0-9]*\).*/\1 \2/p' \
	>/tmp/kma-bench
rmmod kmbench
n=$(wc -l </tmp/kma-bench)
[ "$n" -gt 0 ] || exit 1
# median COLUMN
median() {
	cut -d' ' -f"$1" /tmp/kma-bench | sort -n |
		awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}
r=$(median 1)
b=$(median 2)
[ "$r" -gt 0 ] && [ "$b" -gt 0 ] || exit 1
echo "kma_bench=random $r batch $b"
