#!/bin/bash
# /proc/kmalloc on two processors: tests/kmalloc/boot.sh smp
# (CONFIG_SMP=y, QEMU -smp 2).
exec "$(dirname "$0")/boot.sh" smp
