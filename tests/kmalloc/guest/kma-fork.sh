# shellcheck shell=sh
# Task stacks: on i386 alloc_thread_info() is kmalloc(THREAD_SIZE) in
# dup_task_struct(), a constant size, so the row must be
# dup_task_struct's.  200 fork+exec raise its allocs by 200 or more and
# leave its net where it was once they are reaped; 20 live sleepers
# raise its net by 20 stacks until they are killed.
# Tasks are freed after an RCU grace period, so net is polled.
# shellcheck source=kma.inc
. /extra/tests/kma.inc

re='^dup_task_struct[+]0x'
f=/tmp/kma-fork

# net_of: the row's net in $f (after snap $f)
net_of() {
	row "$f" "$re" | awk '{ print $3 }'
}

# settle: snapshots 1 s apart until the row's net stays put
settle() {
	snap $f
	last=$(net_of)
	for _ in 1 2 3 4 5 6 7 8 9 10; do
		sleep 1
		snap $f
		now=$(net_of)
		[ "$now" = "$last" ] && return 0
		last=$now
	done
	bad "net of dup_task_struct does not settle"
}

# wait_net WANT: poll until the row's net is WANT (10 s)
wait_net() {
	for _ in 1 2 3 4 5 6 7 8 9 10; do
		snap $f
		[ "$(net_of)" = "$1" ] && return 0
		sleep 1
	done
	return 1
}

settle
# shellcheck disable=SC2046 # five numbers
set -- $(row $f "$re")
[ $# = 5 ] || { bad "no dup_task_struct row"; finish; }
net1=$3 allocs1=$4 frees1=$5
live=$((allocs1 - frees1))
[ "$live" -gt 0 ] || { bad "no live task stacks"; finish; }
stack=$((net1 / live))
echo "kma_fork_before=net $net1 allocs $allocs1 frees $frees1 stack $stack"
[ $((stack * live)) = "$net1" ] || bad "net $net1 is not $live equal stacks"

i=0
while [ $i -lt 200 ]; do
	/bin/true
	i=$((i + 1))
done
wait_net "$net1" || bad "net $(net_of) after 200 exits, was $net1"
# shellcheck disable=SC2046 # five numbers
set -- $(row $f "$re")
echo "kma_fork_after200=net $3 allocs $4 frees $5"
[ $(($4 - allocs1)) -ge 200 ] || bad "allocs grew by $(($4 - allocs1)) < 200"

pids=""
i=0
while [ $i -lt 20 ]; do
	sleep 600 &
	pids="$pids $!"
	i=$((i + 1))
done
want=$((net1 + 20 * stack))
wait_net "$want" || bad "net $(net_of) with 20 sleepers, want $want"
echo "kma_fork_sleepers=net $(net_of)"
# shellcheck disable=SC2086 # a list of pids
kill $pids
# shellcheck disable=SC2086
wait $pids 2>/dev/null
wait_net "$net1" || bad "net $(net_of) after the sleepers, was $net1"
echo "kma_fork_end=net $(net_of)"
rm -f $f
finish
