/*
 * probe-hw: how the PC hardware options of linux-tiny are set, seen from
 * user space on QEMU's PC (tests/options/probes/hw.expect says what to
 * expect).  One "probe_KEY=value" line per option:
 *
 *   ide_interfaces  IDE interfaces in /proc/ide (ide0, ide1, ...): the
 *                   disk is on ide0 and QEMU's DVD-ROM on ide1, so a
 *                   kernel with IDE_HWIFS=1 shows 1, the default 2
 *   dmi             "present" when the kernel log says "DMI ... present"
 *                   (QEMU's BIOS has an SMBIOS table), "absent" when it
 *                   says "DMI not present", "none" when it says nothing
 *                   about DMI (DMI_SCAN=n)
 *   pci_quirk       "yes" when a quirk of drivers/pci/quirks.c claimed an
 *                   I/O region ("PCI quirk: region ..." in the log: the
 *                   PIIX4 ACPI and SMBus regions of QEMU's PC), else "no"
 *   serial_pci      "yes" when sysfs lists the 8250 PCI driver
 *                   (/sys/bus/pci/drivers/serial), "no" when sysfs is
 *                   there without it, "unknown" without sysfs
 *   cpu_vendor      /proc/cpuinfo's vendor_id (the processor's CPUID
 *                   string, whether or not the kernel knows the vendor)
 *   cpu_cache       "yes" when /proc/cpuinfo has a "cache size" line:
 *                   only a vendor's setup (intel.c, amd.c, ...) reads
 *                   the cache size, the generic setup does not
 *
 * The kernel log is read with syslog(2) (SYSLOG_ACTION_READ_ALL).
 * Built static with musl by scripts/build-guest-progs; run by
 * tests/guest/init on every boot.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/klog.h>
#include <sys/stat.h>

static char *klog;

static void read_klog(void)
{
	int size = klogctl(10, NULL, 0);	/* SYSLOG_ACTION_SIZE_BUFFER */
	int n;

	if (size <= 0)
		size = 1 << 17;
	klog = calloc(1, size + 1);
	if (!klog)
		return;
	n = klogctl(3, klog, size);		/* SYSLOG_ACTION_READ_ALL */
	if (n < 0)
		n = 0;
	klog[n] = '\0';
}

static void ide_interfaces(void)
{
	DIR *d = opendir("/proc/ide");
	struct dirent *e;
	int n = 0;

	if (!d) {
		printf("probe_ide_interfaces=absent\n");
		return;
	}
	while ((e = readdir(d)) != NULL)
		if (strncmp(e->d_name, "ide", 3) == 0 &&
		    e->d_name[3] >= '0' && e->d_name[3] <= '9')
			n++;
	closedir(d);
	printf("probe_ide_interfaces=%d\n", n);
}

static void dmi(void)
{
	const char *v = "none";

	if (!klog)
		v = "unknown";
	else if (strstr(klog, "DMI not present"))
		v = "absent";
	else if (strstr(klog, "DMI ") && strstr(klog, " present."))
		v = "present";
	printf("probe_dmi=%s\n", v);
}

static void pci_quirk(void)
{
	const char *v = "no";

	if (!klog)
		v = "unknown";
	else if (strstr(klog, "PCI quirk: region"))
		v = "yes";
	printf("probe_pci_quirk=%s\n", v);
}

static void serial_pci(void)
{
	struct stat st;
	const char *v = "unknown";

	if (stat("/sys/bus/pci/drivers", &st) == 0)
		v = stat("/sys/bus/pci/drivers/serial", &st) == 0 ?
			"yes" : "no";
	printf("probe_serial_pci=%s\n", v);
}

static void cpuinfo(void)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[256], vendor[64] = "absent";
	const char *cache = "no";

	if (!f) {
		printf("probe_cpu_vendor=unknown\nprobe_cpu_cache=unknown\n");
		return;
	}
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, "processor", 9) == 0 && strcmp(vendor, "absent"))
			break;		/* the first processor only */
		if (strncmp(line, "vendor_id", 9) == 0 &&
		    sscanf(line, "vendor_id : %63s", vendor) != 1)
			strcpy(vendor, "unreadable");
		if (strncmp(line, "cache size", 10) == 0)
			cache = "yes";
	}
	fclose(f);
	printf("probe_cpu_vendor=%s\nprobe_cpu_cache=%s\n", vendor, cache);
}

int main(void)
{
	read_klog();
	ide_interfaces();
	dmi();
	pci_quirk();
	serial_pci();
	cpuinfo();
	return 0;
}
