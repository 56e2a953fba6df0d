/*
 * netserv: the host end of the network test (tests/net/transfer.sh).
 *
 * Usage: netserv [-c] -t SECONDS GETFILE PUTFILE
 *
 * Listens on 127.0.0.1 only, TCP and UDP on the same free port, and
 * prints "port=N" on stdout once both are bound.  A guest behind QEMU's
 * user network reaches it as 10.0.2.2:N.  The protocol (one client at
 * a time, lines end with '\n'):
 *
 *   TCP "GET"              reply "SIZE CRC", then the SIZE bytes of
 *                          GETFILE (CRC: CRC-32 of IEEE 802.3, in hex)
 *   TCP "PUT SIZE CRC"     then SIZE bytes, written to PUTFILE; reply
 *                          "OK CRC" when the CRC-32 of what came equals
 *                          CRC, else "BAD CRC" (CRC: what came)
 *   TCP "BYE"              reply "BYE", and netserv exits
 *   UDP datagram           sent back to its sender with every byte
 *                          XORed with 0xa5
 *
 * Each event is one line on stdout: "get bytes=N crc=X ms=M",
 * "put bytes=N crc=X want=Y ok|bad ms=M", "udp bytes=N", "bye".
 * netserv stops on its own after SECONDS (exit status 1, "timeout")
 * whatever the guest does.  -c corrupts one byte of what GET sends
 * (the header keeps the true CRC): it shows that the test can fail.
 * Bad usage: one line on stderr, exit status 2.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "netcommon.h"

static void die(const char *what)
{
	fprintf(stderr, "netserv: %s: %s\n", what, strerror(errno));
	exit(1);
}

static void usage(void)
{
	fprintf(stderr, "usage: netserv [-c] -t SECONDS GETFILE PUTFILE\n");
	exit(2);
}

static void on_alarm(int sig)
{
	static const char msg[] = "timeout\n";

	(void)sig;
	if (write(1, msg, sizeof(msg) - 1) < 0)
		_exit(1);
	_exit(1);
}

static void do_get(int fd, const char *path, int corrupt)
{
	static unsigned char buf[65536];
	unsigned long size = 0, sent = 0;
	uint32_t crc = 0;
	char line[64];
	size_t n;
	long t0;
	FILE *f;

	f = fopen(path, "rb");
	if (!f)
		die(path);
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0) {
		crc = crc_update(crc, buf, n);
		size += n;
	}
	rewind(f);
	snprintf(line, sizeof(line), "%lu %08x\n", size, crc);
	t0 = now_ms();
	if (write_all(fd, line, strlen(line)))
		goto out;
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0) {
		if (corrupt && sent == 0)
			buf[n / 2] ^= 1;
		if (write_all(fd, buf, n))
			break;
		sent += n;
	}
out:
	fclose(f);
	printf("get bytes=%lu crc=%08x ms=%ld\n", sent, crc, now_ms() - t0);
}

static void do_put(int fd, const char *path, const char *args)
{
	static unsigned char buf[65536];
	unsigned long size, got = 0;
	unsigned int want;
	uint32_t crc = 0;
	char line[64];
	ssize_t n;
	size_t ask;
	long t0;
	FILE *f;

	if (sscanf(args, "%lu %x", &size, &want) != 2) {
		printf("put bad-request\n");
		return;
	}
	f = fopen(path, "wb");
	if (!f)
		die(path);
	t0 = now_ms();
	while (got < size) {
		ask = size - got < sizeof(buf) ? size - got : sizeof(buf);
		n = read(fd, buf, ask);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		crc = crc_update(crc, buf, n);
		if (fwrite(buf, 1, n, f) != (size_t)n)
			die(path);
		got += n;
	}
	if (fclose(f))
		die(path);
	printf("put bytes=%lu crc=%08x want=%08x %s ms=%ld\n", got, crc, want,
	       got == size && crc == want ? "ok" : "bad", now_ms() - t0);
	snprintf(line, sizeof(line), "%s %08x\n",
		 got == size && crc == want ? "OK" : "BAD", crc);
	write_all(fd, line, strlen(line));
}

/* serve: one TCP connection, one request; 1 after "BYE". */
static int serve(int fd, const char *get, const char *put, int corrupt)
{
	char line[128];

	if (read_line(fd, line, sizeof(line))) {
		printf("tcp bad-request\n");
		return 0;
	}
	if (!strcmp(line, "GET")) {
		do_get(fd, get, corrupt);
	} else if (!strncmp(line, "PUT ", 4)) {
		do_put(fd, put, line + 4);
	} else if (!strcmp(line, "BYE")) {
		write_all(fd, "BYE\n", 4);
		printf("bye\n");
		return 1;
	} else {
		printf("tcp bad-request\n");
	}
	return 0;
}

static void echo_udp(int fd)
{
	static unsigned char buf[65536];
	struct sockaddr_in from;
	socklen_t len = sizeof(from);
	ssize_t n, i;

	n = recvfrom(fd, buf, sizeof(buf), 0, (struct sockaddr *)&from, &len);
	if (n < 0)
		return;
	for (i = 0; i < n; i++)
		buf[i] ^= 0xa5;
	sendto(fd, buf, n, 0, (struct sockaddr *)&from, len);
	printf("udp bytes=%ld\n", (long)n);
}

/* bind_pair: TCP and UDP sockets on one free port of 127.0.0.1. */
static int bind_pair(int *tcp, int *udp)
{
	struct sockaddr_in a;
	socklen_t len;
	int try, one = 1;

	for (try = 0; try < 50; try++) {
		*tcp = socket(AF_INET, SOCK_STREAM, 0);
		*udp = socket(AF_INET, SOCK_DGRAM, 0);
		if (*tcp < 0 || *udp < 0)
			die("socket");
		setsockopt(*tcp, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
		memset(&a, 0, sizeof(a));
		a.sin_family = AF_INET;
		a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
		if (bind(*tcp, (struct sockaddr *)&a, sizeof(a)) ||
		    listen(*tcp, 4))
			die("tcp bind");
		len = sizeof(a);
		if (getsockname(*tcp, (struct sockaddr *)&a, &len))
			die("getsockname");
		if (!bind(*udp, (struct sockaddr *)&a, sizeof(a)))
			return ntohs(a.sin_port);
		close(*tcp);
		close(*udp);
	}
	errno = EADDRINUSE;
	die("udp bind");
	return -1;
}

int main(int argc, char **argv)
{
	struct pollfd p[2];
	int opt, corrupt = 0, done = 0, tcp, udp, fd;
	long secs = 0;
	char *end;

	while ((opt = getopt(argc, argv, "ct:")) != -1) {
		switch (opt) {
		case 'c':
			corrupt = 1;
			break;
		case 't':
			secs = strtol(optarg, &end, 10);
			if (*end || secs <= 0 || secs > 86400) {
				fprintf(stderr, "netserv: -t %s: not a number of seconds\n",
					optarg);
				exit(2);
			}
			break;
		default:
			usage();
		}
	}
	if (argc - optind != 2 || !secs)
		usage();
	if (access(argv[optind], R_OK)) {
		fprintf(stderr, "netserv: %s: cannot read it\n", argv[optind]);
		exit(2);
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	signal(SIGPIPE, SIG_IGN);
	signal(SIGALRM, on_alarm);
	alarm(secs);
	crc_init();
	printf("port=%d\n", bind_pair(&tcp, &udp));

	p[0].fd = tcp;
	p[0].events = POLLIN;
	p[1].fd = udp;
	p[1].events = POLLIN;
	while (!done) {
		if (poll(p, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			die("poll");
		}
		if (p[1].revents & POLLIN)
			echo_udp(udp);
		if (p[0].revents & POLLIN) {
			fd = accept(tcp, NULL, NULL);
			if (fd < 0)
				continue;
			done = serve(fd, argv[optind], argv[optind + 1],
				     corrupt);
			close(fd);
		}
	}
	return 0;
}
