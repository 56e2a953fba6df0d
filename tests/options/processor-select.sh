#!/bin/bash
# CONFIG_PROCESSOR_SELECT (tiny/processor-select.patch).  Builds the tiny
# board from the whole series with PROCESSOR_SELECT=y and every vendor
# but Intel left out (configs/fragments/processor-select.config), checks
# that System.map has Intel's setup and none of AMD's, and boots it at
# 8 MB on QEMU's "athlon", an AMD processor (AuthenticAMD), whose vendor
# this kernel does not know: the kernel must boot on the generic setup
# and the guest workload (disk, fork, network) must pass, with no Oops.
# The guest's /proc/cpuinfo (tests/guest/probe-hw.c) must show the AMD
# vendor string and no cache size (no vendor setup ran).  Then the same
# kernel boots on the board's own processor (qemu32, GenuineIntel) as a
# control: there Intel's setup runs and /proc/cpuinfo has the cache size.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
need quilt qemu-system-i386 "${CROSS}gcc" i386-linux-musl-gcc
vanilla_tree

tiny=$TOP/configs/qemu-i386-tiny.config
frag=$TOP/configs/fragments/processor-select.config
opt_init processor-select
series_tree
echo "building tiny + $(basename "$frag")"
"$TOP/scripts/build-kernel" "$BUILD/trees/series" "$tiny" "$W/out" "$frag" \
	>"$W/out.build.out" 2>&1 ||
	{ tail -n 30 "$W/out.build.out"; fail "kernel build failed: $W/out"; }
[ "$(config_value "$W/out" CPU_SUP_AMD)" = n ] || fail "CPU_SUP_AMD is not off"
[ "$(config_value "$W/out" CPU_SUP_INTEL)" = y ] || fail "CPU_SUP_INTEL is not on"
grep -q ' intel_cpu_init$' "$W/out/System.map" ||
	fail "no intel_cpu_init in System.map"
! grep -q -e ' amd_init_cpu$' -e ' init_amd$' "$W/out/System.map" ||
	fail "AMD's setup is still in System.map"
opt_initramfs "$W"
opt_disk "$W/disk.img"

OPT_RAM=8
for cpu in athlon qemu32; do
	opt_boot "$W/$cpu.log" "$W/out" --cpu "$cpu" --hda "$W/disk.img"
	expect_kv "$W/$cpu.log" results pass
	echo "$cpu: booted, guest checks passed," \
		"vendor $(kv "$W/$cpu.log" probe_cpu_vendor)," \
		"cache size shown: $(kv "$W/$cpu.log" probe_cpu_cache)"
done
expect_kv "$W/athlon.log" probe_cpu_vendor AuthenticAMD
expect_kv "$W/athlon.log" probe_cpu_cache no
expect_kv "$W/qemu32.log" probe_cpu_vendor GenuineIntel
expect_kv "$W/qemu32.log" probe_cpu_cache yes
echo "PASS"
