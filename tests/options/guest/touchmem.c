/*
 * touchmem: touch more memory than the machine has, then check it all.
 *
 * Usage: touchmem KIB [WRITEBACK_KIB]
 *
 * Maps KIB KiB of anonymous memory, writes a value derived from its
 * address into every word, page by page (so that the first pages must
 * be swapped out to make room for the last), then reads every word back
 * twice, forwards and backwards.  Prints "touchmem_kib=KIB", then
 * "touchmem=ok" or "touchmem=fail ..." with the first bad word.  Exit
 * status 0 only if every word read back right.
 *
 * With WRITEBACK_KIB, the writer waits after every 128 KiB until the
 * "Writeback:" of /proc/meminfo is at most WRITEBACK_KIB.  At 8 MB,
 * 2.6.14's reclaim gives up and calls the OOM killer when a program
 * dirties memory faster than the (PIO) disk takes the pages already
 * under writeback; a swap test paces itself so that it tests swap, not
 * that race.  It waits 20 s at most each time.
 *
 * Built static for i386 with musl; runs in the guest.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#define CHUNK_WORDS (128 * 1024 / sizeof(uint32_t))

static uint32_t value(size_t i)
{
	uint32_t x = (uint32_t)i * 2654435761u;	/* Knuth's multiplier */

	return x ^ (x >> 15) ^ 0x5a5a5a5au;
}

static int check(const uint32_t *p, size_t i)
{
	if (p[i] == value(i))
		return 1;
	printf("touchmem=fail word %zu: read %08x, wrote %08x\n", i,
	       (unsigned)p[i], (unsigned)value(i));
	return 0;
}

/* The "Writeback:" line of /proc/meminfo in kB, or -1. */
static long writeback_kib(void)
{
	FILE *f = fopen("/proc/meminfo", "r");
	char line[128];
	long kib = -1;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, "Writeback:", 10)) {
			kib = strtol(line + 10, NULL, 10);
			break;
		}
	fclose(f);
	return kib;
}

static void wait_writeback(long limit)
{
	struct timespec ms10 = { 0, 10 * 1000 * 1000 };
	int n;

	for (n = 0; n < 2000 && writeback_kib() > limit; n++)
		nanosleep(&ms10, NULL);
}

int main(int argc, char **argv)
{
	size_t kib, words, i;
	long limit = -1;
	uint32_t *p;

	if (argc < 2 || argc > 3 || (kib = strtoul(argv[1], NULL, 10)) == 0) {
		fprintf(stderr, "usage: touchmem KIB [WRITEBACK_KIB]\n");
		return 2;
	}
	if (argc == 3)
		limit = strtol(argv[2], NULL, 10);
	words = kib * 1024 / sizeof(*p);
	printf("touchmem_kib=%zu\n", kib);
	fflush(stdout);
	p = mmap(NULL, kib * 1024, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED) {
		printf("touchmem=fail mmap\n");
		return 1;
	}
	for (i = 0; i < words; i++) {
		p[i] = value(i);
		if (limit >= 0 && i % CHUNK_WORDS == CHUNK_WORDS - 1)
			wait_writeback(limit);
	}
	for (i = 0; i < words; i++)
		if (!check(p, i))
			return 1;
	for (i = words; i-- > 0;)
		if (!check(p, i))
			return 1;
	printf("touchmem=ok\n");
	return 0;
}
