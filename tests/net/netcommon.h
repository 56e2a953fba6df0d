/*
 * tests/net/netcommon.h: what the network test's two ends share, the
 * host's server (tests/net/netserv.c) and the guest's client
 * (tests/guest/netclient.c): CRC-32, a millisecond clock, and whole
 * writes and line reads on a socket.  Static functions: each program
 * includes it once.
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>
#include <unistd.h>

static uint32_t crc_table[256];

static void crc_init(void)
{
	uint32_t c, n, k;

	for (n = 0; n < 256; n++) {
		c = n;
		for (k = 0; k < 8; k++)
			c = c & 1 ? 0xedb88320U ^ (c >> 1) : c >> 1;
		crc_table[n] = c;
	}
}

/* crc_update: CRC-32 running value; start at 0. */
static uint32_t crc_update(uint32_t crc, const unsigned char *p, size_t n)
{
	crc = ~crc;
	while (n--)
		crc = crc_table[(crc ^ *p++) & 0xff] ^ (crc >> 8);
	return ~crc;
}

static long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000L + ts.tv_nsec / 1000000;
}

/* read_line: one line of at most n-1 bytes, without its '\n'. */
static int read_line(int fd, char *buf, size_t n)
{
	size_t i = 0;
	char c;

	while (i + 1 < n) {
		if (read(fd, &c, 1) != 1)
			return -1;
		if (c == '\n') {
			buf[i] = 0;
			return 0;
		}
		buf[i++] = c;
	}
	return -1;
}

static int write_all(int fd, const void *p, size_t n)
{
	const char *s = p;
	ssize_t w;

	while (n) {
		w = write(fd, s, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		s += w;
		n -= w;
	}
	return 0;
}
