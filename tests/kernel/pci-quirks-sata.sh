#!/bin/bash
# PCI_QUIRKS=n keeps the SATA combined-mode quirk (tiny/pci-quirks.patch).
# quirk_intel_ide_combined() reserves the legacy ports of an ICH5/6/7
# SATA channel in combined mode, so that the IDE driver, which starts
# before libata, leaves it alone; it is keyed on SCSI_SATA_INTEL_COMBINED
# and is not one of the quirks PCI_QUIRKS removes.  With compat +
# tiny/pci-quirks.patch, the min board with PCI_QUIRKS=n and libata's
# ata_piix (so SCSI_SATA_INTEL_COMBINED=y, as IDE=y) is configured and
# only drivers/pci/quirks.o is compiled: it must define
# quirk_intel_ide_combined and none of the PCI_QUIRKS quirks
# (quirk_passive_release, the first of them, stands for them).
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=../options/lib.sh
. "$TOP/tests/options/lib.sh"
need quilt "${CROSS}gcc" "${CROSS}nm"
vanilla_tree

opt_init pci-quirks-sata
opt_tree "$W/tree" tiny/pci-quirks.patch
fragment "$W/sata.config" CONFIG_EMBEDDED=y "# CONFIG_PCI_QUIRKS is not set" \
	CONFIG_SCSI=y CONFIG_SCSI_SATA=y CONFIG_SCSI_ATA_PIIX=y \
	CONFIG_SCSI_SATA_INTEL_COMBINED=y
rm -rf "$W/out"
"$TOP/scripts/make-config" "$MIN_BOARD" "$W/tree" "$W/out" "$W/sata.config" \
	>"$W/config.out" 2>&1 || { tail -n 20 "$W/config.out"; fail "make-config failed"; }
kernel_cc "$W/tree" "$W/out"
# prepare (include/asm, asm-offsets, ...), then the one object
for target in prepare drivers/pci/quirks.o; do
	# shellcheck disable=SC2154 # kcc: set by kernel_cc
	make -s -C "$W/tree" O="$W/out" ARCH=i386 CROSS_COMPILE="$CROSS" CC="$kcc" \
		"$target" >"$W/make.out" 2>&1 ||
		{ tail -n 20 "$W/make.out"; fail "make $target failed (drivers/pci/quirks.o)"; }
done
syms=$("${CROSS}nm" "$W/out/drivers/pci/quirks.o")
! grep -q ' quirk_passive_release$' <<<"$syms" ||
	fail "PCI_QUIRKS=n: quirk_passive_release is still built"
grep -q ' quirk_intel_ide_combined$' <<<"$syms" ||
	fail "PCI_QUIRKS=n with SCSI_SATA_INTEL_COMBINED=y: no quirk_intel_ide_combined in drivers/pci/quirks.o"
echo "PCI_QUIRKS=n, SCSI_SATA_INTEL_COMBINED=y: quirk_intel_ide_combined built, the PCI_QUIRKS quirks not"
