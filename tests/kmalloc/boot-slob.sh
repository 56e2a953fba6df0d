#!/bin/bash
# /proc/kmalloc with SLOB: tests/kmalloc/boot.sh slob (compat +
# tiny/slob.patch + tiny/kmalloc-accounting.patch, CONFIG_SLAB=n).
exec "$(dirname "$0")/boot.sh" slob
