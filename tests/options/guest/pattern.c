/*
 * pattern: write a reproducible stream of pseudo-random bytes.
 *
 * Usage: pattern SEED KIB [SYNC_KIB]
 *
 * Writes KIB KiB to stdout, from a xorshift32 generator seeded with
 * SEED (not 0), so the same arguments always give the same bytes: a
 * file written with it can be checked by running it again into md5sum.
 *
 * With SYNC_KIB, stdout (a file) is flushed and fdatasync()ed after
 * every SYNC_KIB KiB, so that no more than that is ever dirty or under
 * writeback for this writer: at 8 MB, 2.6.14 calls the OOM killer when
 * hundreds of pages wait for writeback to a slow disk, with mempools
 * or without, and the test is about the I/O, not that race.
 *
 * Built static for i386 with musl; runs in the guest.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* Write n bytes; flush and fdatasync() at every sync_every bytes. */
static int put(const void *buf, size_t n, unsigned long *since,
	       unsigned long sync_every)
{
	if (fwrite(buf, 1, n, stdout) != n)
		return -1;
	*since += n;
	if (sync_every && *since >= sync_every) {
		*since = 0;
		if (fflush(stdout) || fdatasync(fileno(stdout)))
			return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	uint32_t x, buf[1024];
	unsigned long kib, done, sync_every = 0, since = 0;
	size_t i;

	if (argc < 3 || argc > 4 || !(x = strtoul(argv[1], NULL, 0)) ||
	    !(kib = strtoul(argv[2], NULL, 10))) {
		fprintf(stderr,
			"usage: pattern SEED KIB [SYNC_KIB] (SEED not 0)\n");
		return 2;
	}
	if (argc == 4)
		sync_every = strtoul(argv[3], NULL, 10) * 1024;
	for (done = 0; done < kib; done += sizeof(buf) / 1024) {
		for (i = 0; i < sizeof(buf) / sizeof(buf[0]); i++) {
			x ^= x << 13;
			x ^= x >> 17;
			x ^= x << 5;
			buf[i] = x;
		}
		if (put(buf, sizeof(buf), &since, sync_every)) {
			perror("pattern");
			return 1;
		}
	}
	return fflush(stdout) ? 1 : 0;
}
