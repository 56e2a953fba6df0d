/*
 * crc32-cmp: lib/crc32.c's two forms side by side on the host.
 *
 * Linked with two copies of the kernel's lib/crc32.c (scripts/crc32-host
 * builds them): the table form (CONFIG_CRC32_TABLES=y, symbols renamed
 * *_tab) and the bit-by-bit form (CRC32_TABLES=n, *_bit).
 *
 * Usage: crc32-cmp [--bench] [CASES]
 *
 * Without --bench: the standard check values ("123456789" gives
 * 0xcbf43926 for the little-endian CRC and 0xfc891918 for the
 * big-endian one, with seed ~0 and the result inverted), then CASES
 * (default 20000) random buffers of 0 to 4096 bytes at every alignment,
 * with random seeds, each fed whole and in two pieces: both forms must
 * give the same crc32_le and crc32_be.  Exit 0 when all agree, 1 with
 * the first difference printed, 2 on bad usage.
 *
 * With --bench: MB/s of each form over a 64 KiB buffer and the ratio
 * table/bit, for crc32_le and crc32_be.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef uint32_t u32;

u32 crc32_le_tab(u32 crc, unsigned char const *p, size_t len);
u32 crc32_be_tab(u32 crc, unsigned char const *p, size_t len);
u32 crc32_le_bit(u32 crc, unsigned char const *p, size_t len);
u32 crc32_be_bit(u32 crc, unsigned char const *p, size_t len);

typedef u32 (*crc_fn)(u32, unsigned char const *, size_t);

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static u32 rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (u32)(rng >> 16);
}

static int check_value(const char *name, crc_fn f, u32 want)
{
	u32 got = f(~0u, (const unsigned char *)"123456789", 9) ^ ~0u;

	if (got == want)
		return 0;
	printf("%s(\"123456789\") = 0x%08x, not 0x%08x\n", name, got, want);
	return 1;
}

static int compare(long cases)
{
	static unsigned char buf[4096 + 8];
	const char *names[2] = { "crc32_le", "crc32_be" };
	crc_fn tab[2] = { crc32_le_tab, crc32_be_tab };
	crc_fn bit[2] = { crc32_le_bit, crc32_be_bit };
	long n;
	int k, bad = 0;

	bad |= check_value("crc32_le_tab", crc32_le_tab, 0xcbf43926);
	bad |= check_value("crc32_le_bit", crc32_le_bit, 0xcbf43926);
	bad |= check_value("crc32_be_tab", crc32_be_tab, 0xfc891918);
	bad |= check_value("crc32_be_bit", crc32_be_bit, 0xfc891918);
	if (bad)
		return 1;
	for (n = 0; n < cases; n++) {
		size_t off = n % 8, len, cut, i;
		u32 seed;

		/* short buffers often: the head and tail loops matter */
		len = (n & 1) ? rnd() % 4097 : rnd() % 33;
		for (i = 0; i < len; i++)
			buf[off + i] = (unsigned char)rnd();
		seed = (n % 5 == 0) ? ~0u : (n % 5 == 1) ? 0 : rnd();
		cut = len ? rnd() % (len + 1) : 0;
		for (k = 0; k < 2; k++) {
			u32 a = tab[k](seed, buf + off, len);
			u32 b = bit[k](seed, buf + off, len);
			u32 c = bit[k](bit[k](seed, buf + off, cut),
				       buf + off + cut, len - cut);

			if (a != b || a != c) {
				printf("%s differs: case %ld, %zu bytes at offset %zu, seed 0x%08x: tables 0x%08x, bit by bit 0x%08x, in two pieces 0x%08x\n",
				       names[k], n, len, off, seed, a, b, c);
				return 1;
			}
		}
	}
	printf("crc32_le and crc32_be: tables and bit by bit agree on %ld random buffers (0-4096 bytes, every alignment) and the check values\n",
	       cases);
	return 0;
}

static double mbps(crc_fn f, const unsigned char *buf, size_t len)
{
	struct timespec t0, t1;
	double secs, bytes = 0;
	volatile u32 sink = 0;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
		int i;

		for (i = 0; i < 16; i++)
			sink ^= f(sink, buf, len);
		bytes += 16.0 * len;
		clock_gettime(CLOCK_MONOTONIC, &t1);
		secs = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
	} while (secs < 0.5);
	return bytes / secs / 1e6;
}

static int bench(void)
{
	static unsigned char buf[65536];
	size_t i;
	double lt, lb, bt, bb;

	for (i = 0; i < sizeof(buf); i++)
		buf[i] = (unsigned char)rnd();
	lt = mbps(crc32_le_tab, buf, sizeof(buf));
	lb = mbps(crc32_le_bit, buf, sizeof(buf));
	bt = mbps(crc32_be_tab, buf, sizeof(buf));
	bb = mbps(crc32_be_bit, buf, sizeof(buf));
	printf("%-9s %12s %12s %8s\n", "function", "tables MB/s", "bits MB/s",
	       "ratio");
	printf("%-9s %12.1f %12.1f %8.1f\n", "crc32_le", lt, lb, lt / lb);
	printf("%-9s %12.1f %12.1f %8.1f\n", "crc32_be", bt, bb, bt / bb);
	return 0;
}

int main(int argc, char **argv)
{
	long cases = 20000;
	char *end;

	if (argc > 1 && strcmp(argv[1], "--bench") == 0)
		return bench();
	if (argc > 2) {
		fprintf(stderr, "usage: crc32-cmp [--bench] [CASES]\n");
		return 2;
	}
	if (argc == 2) {
		cases = strtol(argv[1], &end, 10);
		if (*end || end == argv[1] || cases <= 0) {
			fprintf(stderr, "crc32-cmp: bad number of cases '%s'\n",
				argv[1]);
			return 2;
		}
	}
	return compare(cases);
}
