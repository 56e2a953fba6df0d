/*
 * mc-clone: does a TCP socket that accept() returns share the
 * listening socket's IPv4 multicast memberships?
 *
 * Usage: mc-clone [ROUNDS]
 *
 * Each round (default 20): a listening socket on 127.0.0.1 joins
 * 224.0.0.251 on the loopback device (IP_ADD_MEMBERSHIP), a client
 * connects, and the accepted socket is asked for its source filter on
 * that group (getsockopt IP_MSFILTER), which walks the socket's own
 * membership list and fails with EADDRNOTAVAIL when the group is not
 * in it.  The listener must have the group, the accepted socket must
 * not.  Vanilla 2.6.14 copies the listener's list pointer into the
 * child (inet_csk_clone), so both sockets free the same entries when
 * they are closed: a double free in the slab (fixes/tcp-clone-mc-list).
 *
 * Prints mc_clone=ok, or mc_clone=fail and mc_clone_reason=...; exit 0
 * only for ok.  Built static for i386 with musl; runs in the guest.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#define GROUP "224.0.0.251"
#define LOOPBACK "127.0.0.1"

static int fail(const char *what, int err)
{
	printf("mc_clone=fail\n");
	printf("mc_clone_reason=%s%s%s\n", what, err ? ": " : "",
	       err ? strerror(err) : "");
	return 1;
}

/* has_group FD: 1 if FD's membership list holds GROUP, 0 if not, -errno */
static int has_group(int fd)
{
	struct ip_msfilter msf;
	socklen_t len = sizeof(msf);

	memset(&msf, 0, sizeof(msf));
	msf.imsf_multiaddr.s_addr = inet_addr(GROUP);
	msf.imsf_interface.s_addr = inet_addr(LOOPBACK);
	msf.imsf_numsrc = 0;
	if (getsockopt(fd, IPPROTO_IP, IP_MSFILTER, &msf, &len) == 0)
		return 1;
	return errno == EADDRNOTAVAIL ? 0 : -errno;
}

static int round_once(void)
{
	struct sockaddr_in addr;
	socklen_t len = sizeof(addr);
	struct ip_mreq mreq;
	int one = 1, lfd, cfd, afd, r;

	lfd = socket(AF_INET, SOCK_STREAM, 0);
	if (lfd < 0)
		return fail("socket", errno);
	setsockopt(lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	mreq.imr_multiaddr.s_addr = inet_addr(GROUP);
	mreq.imr_interface.s_addr = inet_addr(LOOPBACK);
	if (setsockopt(lfd, IPPROTO_IP, IP_ADD_MEMBERSHIP, &mreq, sizeof(mreq)))
		return fail("IP_ADD_MEMBERSHIP on the listener", errno);
	memset(&addr, 0, sizeof(addr));
	addr.sin_family = AF_INET;
	addr.sin_addr.s_addr = inet_addr(LOOPBACK);
	if (bind(lfd, (struct sockaddr *)&addr, sizeof(addr)) ||
	    listen(lfd, 1) ||
	    getsockname(lfd, (struct sockaddr *)&addr, &len))
		return fail("bind/listen", errno);

	cfd = socket(AF_INET, SOCK_STREAM, 0);
	if (cfd < 0 || connect(cfd, (struct sockaddr *)&addr, sizeof(addr)))
		return fail("connect", errno);
	afd = accept(lfd, NULL, NULL);
	if (afd < 0)
		return fail("accept", errno);

	r = has_group(lfd);
	if (r != 1)
		return fail("the listener is not in the group", r < 0 ? -r : 0);
	r = has_group(afd);
	if (r == 1)
		return fail("the accepted socket has the listener's membership", 0);
	if (r < 0)
		return fail("IP_MSFILTER on the accepted socket", -r);

	close(afd);
	close(cfd);
	close(lfd);
	return 0;
}

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 20;
	int i;

	for (i = 0; i < rounds; i++)
		if (round_once())
			return 1;
	printf("mc_clone_rounds=%d\n", rounds);
	printf("mc_clone=ok\n");
	return 0;
}
