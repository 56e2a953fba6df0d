/*
 * netclient: the guest end of the network test (tests/net/transfer.sh,
 * tests/guest/tests/net.sh), against tests/net/netserv.c on the host.
 *
 * Usage: netclient ADDR PORT PUTBYTES
 *
 * Over TCP to ADDR:PORT: GET the server's file, checking its CRC-32
 * against the one the server announced; PUT PUTBYTES of a fixed
 * pseudo-random pattern with its CRC-32 and check the server's answer;
 * then over UDP to the same port, datagrams of several sizes (one larger
 * than the MTU, so fragmented both ways), each checked on its way back
 * (the server XORs every byte with 0xa5); then BYE.  Prints key=value
 * lines (net_get, net_put, net_udp: ok | fail, with bytes, crc, ms and
 * kB/s); exit status 0 only if all passed.  Bad usage: exit status 2.
 * Every socket has a 20 s timeout, the whole run 180 s.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "../net/netcommon.h"

static struct sockaddr_in server;
static unsigned char buf[16384];

/* pattern: the next n bytes of a xorshift32 stream. */
static void pattern(uint32_t *state, unsigned char *p, size_t n)
{
	uint32_t x = *state;

	while (n--) {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		*p++ = x >> 24;
	}
	*state = x;
}

static void set_timeout(int fd)
{
	struct timeval tv = { 20, 0 };

	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
}

static int connect_server(const char *what)
{
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	if (fd < 0 || connect(fd, (struct sockaddr *)&server, sizeof(server))) {
		printf("%s_reason=connect: %s\n", what, strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	set_timeout(fd);
	return fd;
}

/* rate: print the transfer's figures under KEY. */
static void rate(const char *key, unsigned long bytes, uint32_t crc, long ms)
{
	printf("%s_bytes=%lu\n%s_crc=%08x\n%s_ms=%ld\n", key, bytes, key, crc,
	       key, ms);
	printf("%s_kBps=%lu\n", key, ms > 0 ? bytes * 1000UL / 1024 / ms : 0);
}

static int do_get(void)
{
	unsigned long size, got = 0;
	unsigned int want;
	uint32_t crc = 0;
	char line[64];
	ssize_t n;
	long t0;
	int fd;

	fd = connect_server("net_get");
	if (fd < 0)
		return -1;
	t0 = now_ms();
	if (write_all(fd, "GET\n", 4) || read_line(fd, line, sizeof(line)) ||
	    sscanf(line, "%lu %x", &size, &want) != 2) {
		printf("net_get_reason=no header\n");
		close(fd);
		return -1;
	}
	while (got < size) {
		n = read(fd, buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		crc = crc_update(crc, buf, n);
		got += n;
	}
	close(fd);
	rate("net_get", got, crc, now_ms() - t0);
	if (got != size || crc != want) {
		printf("net_get_reason=got %lu bytes crc %08x, server said %lu crc %08x\n",
		       got, crc, size, want);
		return -1;
	}
	return 0;
}

static int do_put(unsigned long size)
{
	uint32_t st = 2463534242U, crc = 0;
	unsigned long left;
	unsigned int back;
	char line[64];
	size_t n;
	long t0;
	int fd;

	for (left = size; left; left -= n) {
		n = left < sizeof(buf) ? left : sizeof(buf);
		pattern(&st, buf, n);
		crc = crc_update(crc, buf, n);
	}
	fd = connect_server("net_put");
	if (fd < 0)
		return -1;
	t0 = now_ms();
	snprintf(line, sizeof(line), "PUT %lu %08x\n", size, crc);
	if (write_all(fd, line, strlen(line)))
		goto bad;
	st = 2463534242U;
	for (left = size; left; left -= n) {
		n = left < sizeof(buf) ? left : sizeof(buf);
		pattern(&st, buf, n);
		if (write_all(fd, buf, n))
			goto bad;
	}
	if (read_line(fd, line, sizeof(line)))
		goto bad;
	close(fd);
	rate("net_put", size, crc, now_ms() - t0);
	if (sscanf(line, "OK %x", &back) != 1 || back != crc) {
		printf("net_put_reason=server said '%s' for crc %08x\n", line, crc);
		return -1;
	}
	return 0;
bad:
	printf("net_put_reason=connection lost: %s\n", strerror(errno));
	close(fd);
	return -1;
}

static int do_udp(void)
{
	static const size_t sizes[] = { 1, 512, 1472, 4000, 8192 };
	static unsigned char out[8192];
	uint32_t st = 88172645U;
	unsigned int i, try;
	ssize_t n;
	size_t j, len;
	int fd, ok = 0;

	fd = socket(AF_INET, SOCK_DGRAM, 0);
	if (fd < 0 || connect(fd, (struct sockaddr *)&server, sizeof(server))) {
		printf("net_udp_reason=socket: %s\n", strerror(errno));
		return -1;
	}
	{
		struct timeval tv = { 3, 0 };

		setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	}
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		len = sizes[i];
		pattern(&st, out, len);
		/* UDP may lose a datagram: up to three tries each */
		for (try = 0; try < 3; try++) {
			if (send(fd, out, len, 0) != (ssize_t)len)
				continue;
			n = recv(fd, buf, sizeof(buf), 0);
			if (n != (ssize_t)len)
				continue;
			for (j = 0; j < len; j++)
				if (buf[j] != (out[j] ^ 0xa5))
					break;
			if (j == len)
				break;
		}
		if (try < 3)
			ok++;
		else
			printf("net_udp_reason=no good echo of %zu bytes\n", len);
	}
	close(fd);
	printf("net_udp_datagrams=%d/%u\n", ok, i);
	return ok == (int)i ? 0 : -1;
}

static void verdict(const char *key, int r, int *failed)
{
	printf("%s=%s\n", key, r ? "fail" : "ok");
	if (r)
		*failed = 1;
}

int main(int argc, char **argv)
{
	unsigned long put;
	int failed = 0, fd;
	char *end;
	long port;

	if (argc != 4) {
		fprintf(stderr, "usage: netclient ADDR PORT PUTBYTES\n");
		return 2;
	}
	memset(&server, 0, sizeof(server));
	server.sin_family = AF_INET;
	port = strtol(argv[2], &end, 10);
	put = strtoul(argv[3], &end, 10);
	if (inet_pton(AF_INET, argv[1], &server.sin_addr) != 1 ||
	    port <= 0 || port > 65535 || *end || !put) {
		fprintf(stderr, "netclient: bad address, port or size\n");
		return 2;
	}
	server.sin_port = htons(port);
	setvbuf(stdout, NULL, _IOLBF, 0);
	alarm(180);
	crc_init();

	verdict("net_get", do_get(), &failed);
	verdict("net_put", do_put(put), &failed);
	verdict("net_udp", do_udp(), &failed);
	fd = connect_server("net_bye");
	if (fd >= 0) {
		write_all(fd, "BYE\n", 4);
		close(fd);
	}
	return failed;
}
