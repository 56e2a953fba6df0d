#!/bin/bash
# The IDE chipset drivers that always drive ide0 and ide1 together
# (CMD640 and the VLB drivers ALI14XX, DTC2278, HT6560B, QD65XX,
# UMC8672, which write to ide_hwifs[1]) cannot be chosen with a table of
# one interface (tiny/ide-hwifs.patch).  With compat +
# tiny/ide-hwifs.patch, a .config asking for all six keeps them through
# "make oldconfig" with IDE_HWIFS=2, and loses every one with
# IDE_HWIFS=1.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=../options/lib.sh
. "$TOP/tests/options/lib.sh"
need quilt
vanilla_tree

opt_tree "$TMP/tree" tiny/ide-hwifs.patch
wanted="BLK_DEV_CMD640 BLK_DEV_ALI14XX BLK_DEV_DTC2278 BLK_DEV_HT6560B BLK_DEV_QD65XX BLK_DEV_UMC8672"

# conf N: the .config that "make oldconfig" makes, taking every default,
# from IDE with the six drivers and IDE_HWIFS=N
conf() {
	local s
	# shellcheck disable=SC2046 # one word per option
	oldconfig_of "$TMP/tree" CONFIG_EMBEDDED=y CONFIG_ISA=y CONFIG_IDE=y \
		CONFIG_BLK_DEV_IDE=y CONFIG_IDE_CHIPSETS=y "CONFIG_IDE_HWIFS=$1" \
		$(for s in $wanted; do echo "CONFIG_$s=y"; done)
}

for n in 2 1; do
	conf "$n" >"$TMP/hwifs-$n"
	grep -qx "CONFIG_IDE_HWIFS=$n" "$TMP/hwifs-$n" || fail "IDE_HWIFS=$n did not stick"
done
for s in $wanted; do
	grep -qx "CONFIG_$s=y" "$TMP/hwifs-2" || fail "$s cannot be set even with IDE_HWIFS=2"
	if grep -q "^CONFIG_$s=[ym]" "$TMP/hwifs-1"; then
		fail "$s is on with IDE_HWIFS=1: it writes to ide_hwifs[1]"
	fi
done
echo "the six two-channel chipset drivers: on with IDE_HWIFS=2, none with IDE_HWIFS=1"
