#!/bin/sh
# slabinfo: SLOB's statistics (CONFIG_SLOB_STATS) after the workload, as
# slob_small=HELD LIVE and slob_all=HELD LIVE (bytes), then the table.
[ -r /proc/slabinfo ] || exit 1
head -n 1 /proc/slabinfo | grep -q '^slabinfo - SLOB' || exit 1
sed -n -e 's/^small: held \([0-9]*\) live \([0-9]*\).*/slob_small=\1 \2/p' \
	-e 's/^all: held \([0-9]*\) live \([0-9]*\)$/slob_all=\1 \2/p' /proc/slabinfo
cat /proc/slabinfo
