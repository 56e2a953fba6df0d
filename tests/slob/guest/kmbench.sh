#!/bin/sh
# kmbench: load the kmalloc()/kfree() microbenchmark (tests/slob/kmbench.c,
# packed as /extra/kmbench.ko by scripts/bench-slob) and print its rounds
# as kmbench_roundN=RANDOM BATCH SAME LEAST (cycles per operation).
insmod /extra/kmbench.ko || exit 1
dmesg | sed -n 's/.*kmbench: round=\([0-9]*\) random=\([0-9]*\) batch=\([0-9]*\) same=\([0-9]*\) least=\([0-9]*\).*/kmbench_round\1=\2 \3 \4 \5/p'
rmmod kmbench
