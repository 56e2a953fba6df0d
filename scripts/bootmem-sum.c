/*
 * bootmem-sum: sum a CONFIG_AUDIT_BOOTMEM boot log per caller.
 *
 * Usage: bootmem-sum [-m System.map] LOG|-
 *
 * LOG is a kernel console log (other lines are skipped; a "TINY: " or
 * "<6>" prefix and CRs at either end are taken) with the lines of
 * tiny/audit-bootmem.patch:
 *
 *	bootmem: alloc SIZE bytes by CALLER
 *	bootmem: reserve SIZE bytes by CALLER
 *	bootmem: free SIZE bytes by CALLER
 *	bootmem: total alloc A reserve R free F bytes, P pages to the page allocator
 *
 * SIZE is decimal, CALLER a hexadecimal return address.  With -m, each
 * caller is named by the System.map symbol at or below it
 * (function+0xoffset becomes function: one row per function); without
 * it, the address is the caller.
 *
 * Output: one row per kind and caller, kinds in the order alloc,
 * reserve, free, and within a kind the largest byte count first (ties
 * by caller name):
 *
 *	    bytes  calls  kind     caller
 *	   524288      1  alloc    alloc_large_system_hash
 *
 * printf("%9llu %6lu  %-7s  %s\n"), then for each kind a line
 * "total KIND BYTES" and, when the log has a totals line (the last one
 * counts), "kernel total: alloc A reserve R free F bytes, P pages" and
 * "sums match the kernel's totals".
 *
 * Exit status 0; 1 when the sums differ from the kernel's totals
 * (lines lost, as when printk's buffer overflowed before the console
 * started: the message says which kind); 2 on bad input, with one line
 * on stderr, "bootmem-sum: FILE:LINE: message" or "bootmem-sum: FILE:
 * message": an unreadable or empty file, NUL bytes, a "bootmem:" line
 * that does not parse, a log without any bootmem line, a System.map
 * line that does not parse.
 */
#define PROG "bootmem-sum"
#include "tool.h"

#define NKINDS 3
static const char *kinds[NKINDS] = { "alloc", "reserve", "free" };

struct row {
	int kind;
	char *caller;
	unsigned long long bytes;
	unsigned long calls;
};

struct sym {
	unsigned long long addr;
	char *name;
};

static struct row *rows;
static size_t nrows, maxrows;
static struct sym *syms;
static size_t nsyms, maxsyms;

static void *grow(void *p, size_t *max, size_t size)
{
	*max = *max ? *max * 2 : 64;
	return xrealloc(p, *max * size);
}

static int cmp_sym(const void *a, const void *b)
{
	const struct sym *x = a, *y = b;

	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static void read_map(const char *path)
{
	struct lines in;
	char *buf, type, sym[512];
	unsigned long long addr;

	lines_open(&in, path, "a System.map");
	while ((buf = lines_next(&in, 1))) {
		if (sscanf(buf, "%llx %c %511s", &addr, &type, sym) != 3)
			die("%s:%lu: not a System.map line (ADDRESS TYPE NAME)",
			    in.name, in.lineno);
		if (type != 't' && type != 'T')
			continue;
		if (nsyms == maxsyms)
			syms = grow(syms, &maxsyms, sizeof(*syms));
		syms[nsyms].addr = addr;
		syms[nsyms].name = xstrdup(sym);
		nsyms++;
	}
	lines_close(&in);
	if (!nsyms)
		die("%s: no text symbols in the map", in.name);
	qsort(syms, nsyms, sizeof(*syms), cmp_sym);
}

/* the function containing addr, or NULL */
static const char *lookup(unsigned long long addr)
{
	size_t lo = 0, hi = nsyms;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (syms[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo ? syms[lo - 1].name : NULL;
}

static void add(int kind, const char *caller, unsigned long long bytes)
{
	size_t i;

	for (i = 0; i < nrows; i++)
		if (rows[i].kind == kind && !strcmp(rows[i].caller, caller)) {
			rows[i].bytes += bytes;
			rows[i].calls++;
			return;
		}
	if (nrows == maxrows)
		rows = grow(rows, &maxrows, sizeof(*rows));
	rows[nrows].kind = kind;
	rows[nrows].caller = strdup(caller);
	rows[nrows].bytes = bytes;
	rows[nrows].calls = 1;
	nrows++;
}

static int cmp_row(const void *a, const void *b)
{
	const struct row *x = a, *y = b;

	if (x->kind != y->kind)
		return x->kind - y->kind;
	if (x->bytes != y->bytes)
		return x->bytes > y->bytes ? -1 : 1;
	return strcmp(x->caller, y->caller);
}

int main(int argc, char **argv)
{
	const char *map = NULL, *name;
	struct lines in;
	char *buf, *line, *p, word[16], callbuf[64], end;
	size_t i;
	unsigned long long size, caller, sum[NKINDS] = { 0 }, tot[NKINDS];
	unsigned long long pages;
	int k, have_total = 0, bad = 0, any = 0;

	if (argc == 4 && !strcmp(argv[1], "-m")) {
		map = argv[2];
		argv += 2;
		argc -= 2;
	}
	if (argc != 2 || (argv[1][0] == '-' && argv[1][1])) {
		fprintf(stderr, "bootmem-sum: usage: bootmem-sum [-m System.map] LOG|-\n");
		return 2;
	}
	if (map)
		read_map(map);
	lines_open(&in, argv[1], "a text log");
	name = in.name;
	while ((buf = lines_next(&in, 1))) {
		/* the serial console may start a line with a CR */
		line = buf + strspn(buf, "\r");
		p = strstr(line, "bootmem: ");
		if (!p)
			continue;
		/* only at the start, after an optional prefix */
		if (p != line && strncmp(line, "TINY: ", 6) && line[0] != '<')
			continue;
		p += 9;
		any = 1;
		if (!strncmp(p, "total ", 6)) {
			if (sscanf(p, "total alloc %llu reserve %llu free %llu bytes, %llu pages to the page allocator%c",
				   &tot[0], &tot[1], &tot[2], &pages, &end) != 4)
				die("%s:%lu: bad totals line", name, in.lineno);
			have_total = 1;
			continue;
		}
		if (sscanf(p, "%15s %llu bytes by %llx%c", word, &size,
			   &caller, &end) != 3)
			die("%s:%lu: bad bootmem line (want KIND SIZE bytes by ADDRESS)",
			    name, in.lineno);
		for (k = 0; k < NKINDS; k++)
			if (!strcmp(word, kinds[k]))
				break;
		if (k == NKINDS)
			die("%s:%lu: unknown kind (want alloc, reserve or free)",
			    name, in.lineno);
		sum[k] += size;
		if (map && lookup(caller))
			snprintf(callbuf, sizeof(callbuf), "%s", lookup(caller));
		else
			snprintf(callbuf, sizeof(callbuf), "%08llx", caller);
		add(k, callbuf, size);
	}
	lines_close(&in);
	if (!in.lineno)
		die("%s: empty file", name);
	if (!any)
		die("%s: no \"bootmem:\" lines (a kernel without AUDIT_BOOTMEM?)",
		    name);

	qsort(rows, nrows, sizeof(*rows), cmp_row);
	printf("%9s %6s  %-7s  %s\n", "bytes", "calls", "kind", "caller");
	for (i = 0; i < nrows; i++)
		printf("%9llu %6lu  %-7s  %s\n", rows[i].bytes, rows[i].calls,
		       kinds[rows[i].kind], rows[i].caller);
	for (k = 0; k < NKINDS; k++)
		printf("total %s %llu\n", kinds[k], sum[k]);
	if (!have_total)
		return 0;
	printf("kernel total: alloc %llu reserve %llu free %llu bytes, %llu pages\n",
	       tot[0], tot[1], tot[2], pages);
	for (k = 0; k < NKINDS; k++)
		if (sum[k] != tot[k]) {
			printf("%s: the lines add up to %llu, the kernel counted %llu (lines lost?)\n",
			       kinds[k], sum[k], tot[k]);
			bad = 1;
		}
	if (bad)
		return 1;
	printf("sums match the kernel's totals\n");
	return 0;
}
