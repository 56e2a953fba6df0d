/*
 * probe-net: how the networking options of linux-tiny are set, as the
 * kernel answers (tests/options/probes/net.expect says what each answer
 * must be on the small and on the default kernel).
 *
 * Run by tests/guest/init after the standard workload, which has set up
 * lo and eth0 (10.0.2.15/24).  Prints, each "ok" or the errno's name:
 *   probe_net_sk_filter         SO_ATTACH_FILTER of an accept-all
 *                               filter on a UDP socket (NET_SK_FILTER)
 *   probe_net_ip_add_membership IP_ADD_MEMBERSHIP of 239.1.2.3 on any
 *                               interface, after a route 224.0.0.0/4 on
 *                               eth0 (IGMP); probe_net_mcast_route says
 *                               how adding the route went
 *   probe_net_siocaddmulti      SIOCADDMULTI of 01:00:5e:01:02:03 on
 *                               eth0 (NET_DEV_MULTICAST)
 *   probe_net_siocethtool       SIOCETHTOOL ETHTOOL_GDRVINFO on eth0
 *                               (ETHTOOL); probe_net_ethtool_driver
 *                               names the driver when it answers
 *   probe_net_netlink           socket(AF_NETLINK, SOCK_RAW,
 *                               NETLINK_ROUTE) (NETLINK)
 *   probe_net_proc_dev          open("/proc/net/dev") (NET_PROC)
 *   probe_net_proc_snmp         open("/proc/net/snmp") (NET_PROC)
 *   probe_net_ethtool_nodev     SIOCETHTOOL ETHTOOL_GDRVINFO on a
 *                               device that does not exist (ENODEV,
 *                               with ETHTOOL or without)
 *   probe_net_ip_options        IP_OPTIONS of a no-op option list (NOP,
 *                               NOP, NOP, end of list) on a UDP socket
 *                               (IP_OPTIONS)
 *   probe_net_tcp_sack          sack or nosack: the options TCP_INFO
 *                               gives for a connection over 127.0.0.1,
 *                               whose two ends offer SACK in their SYNs
 *                               when the kernel has it (TCP_SACK); or
 *                               the errno's name
 *   probe_net_ip_recverr        IP_RECVERR on a UDP socket (IP_RECVERR)
 * Without eth0 the eth0 probes print "noeth0".  What it changes (the
 * group, the device address) it takes back; the route stays.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <net/if.h>
#include <net/route.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#ifndef SO_ATTACH_FILTER
#define SO_ATTACH_FILTER 26
#endif
#ifndef AF_NETLINK
#define AF_NETLINK 16
#endif
#ifndef SIOCETHTOOL
#define SIOCETHTOOL 0x8946
#endif
#define ETHTOOL_GDRVINFO 0x00000003
#ifndef TCP_INFO
#define TCP_INFO 11
#endif
#define TCPI_OPT_SACK 2

struct bpf_insn {
	uint16_t code;
	uint8_t jt, jf;
	uint32_t k;
};

struct bpf_prog {
	unsigned short len;
	struct bpf_insn *insns;
};

/* the start of struct tcp_info of Linux 2.6.14 (TCP_INFO copies what fits) */
struct tcpinfo_head {
	uint8_t state, ca_state, retransmits, probes, backoff, options;
	uint8_t wscale, pad;
};

/* struct ethtool_drvinfo of Linux 2.6.14 */
struct drvinfo {
	uint32_t cmd;
	char driver[32], version[32], fw_version[32], bus_info[32];
	char reserved1[32], reserved2[16];
	uint32_t n_stats, testinfo_len, eedump_len, regdump_len;
};

static const char *result(int r)
{
	static char buf[32];

	if (r == 0)
		return "ok";
	switch (errno) {
	case ENOPROTOOPT:	return "ENOPROTOOPT";
	case EOPNOTSUPP:	return "EOPNOTSUPP";
	case ENOSYS:		return "ENOSYS";
	case EINVAL:		return "EINVAL";
	case ENODEV:		return "ENODEV";
	case ENOENT:		return "ENOENT";
	case EPERM:		return "EPERM";
	case EEXIST:		return "EEXIST";
	case EADDRNOTAVAIL:	return "EADDRNOTAVAIL";
	case ENETUNREACH:	return "ENETUNREACH";
	case ENOBUFS:		return "ENOBUFS";
	case ENODATA:		return "ENODATA";
	case EFAULT:		return "EFAULT";
	case EAFNOSUPPORT:	return "EAFNOSUPPORT";
	}
	snprintf(buf, sizeof(buf), "errno%d", errno);
	return buf;
}

/* have_eth0: SIOCGIFINDEX on an inet socket (musl's if_nametoindex
 * wants AF_UNIX, which the small kernels may not have) */
static int have_eth0(int fd)
{
	struct ifreq ifr;

	memset(&ifr, 0, sizeof(ifr));
	strcpy(ifr.ifr_name, "eth0");
	return ioctl(fd, SIOCGIFINDEX, &ifr) == 0;
}

static void sk_filter(void)
{
	struct bpf_insn accept = { 0x06, 0, 0, 0xffff };	/* ret #0xffff */
	struct bpf_prog prog = { 1, &accept };
	int fd = socket(AF_INET, SOCK_DGRAM, 0);

	printf("probe_net_sk_filter=%s\n",
	       result(setsockopt(fd, SOL_SOCKET, SO_ATTACH_FILTER, &prog,
				 sizeof(prog))));
	close(fd);
}

static void add_membership(int fd)
{
	struct sockaddr_in *sin;
	struct ip_mreq mreq;
	struct rtentry rt;
	char dev[] = "eth0";
	int r;

	memset(&rt, 0, sizeof(rt));
	sin = (struct sockaddr_in *)&rt.rt_dst;
	sin->sin_family = AF_INET;
	sin->sin_addr.s_addr = htonl(0xe0000000);
	sin = (struct sockaddr_in *)&rt.rt_genmask;
	sin->sin_family = AF_INET;
	sin->sin_addr.s_addr = htonl(0xf0000000);
	rt.rt_gateway.sa_family = AF_INET;
	rt.rt_flags = RTF_UP;
	rt.rt_dev = dev;
	r = ioctl(fd, SIOCADDRT, &rt);
	if (r && errno == EEXIST)
		r = 0;
	printf("probe_net_mcast_route=%s\n", result(r));

	memset(&mreq, 0, sizeof(mreq));
	mreq.imr_multiaddr.s_addr = inet_addr("239.1.2.3");
	mreq.imr_interface.s_addr = htonl(INADDR_ANY);
	r = setsockopt(fd, IPPROTO_IP, IP_ADD_MEMBERSHIP, &mreq, sizeof(mreq));
	printf("probe_net_ip_add_membership=%s\n", result(r));
	if (!r)
		setsockopt(fd, IPPROTO_IP, IP_DROP_MEMBERSHIP, &mreq,
			   sizeof(mreq));
}

static void addmulti(int fd)
{
	static const unsigned char mac[6] = { 0x01, 0x00, 0x5e, 1, 2, 3 };
	struct ifreq ifr;
	int r;

	memset(&ifr, 0, sizeof(ifr));
	strcpy(ifr.ifr_name, "eth0");
	ifr.ifr_hwaddr.sa_family = AF_UNSPEC;
	memcpy(ifr.ifr_hwaddr.sa_data, mac, sizeof(mac));
	r = ioctl(fd, SIOCADDMULTI, &ifr);
	printf("probe_net_siocaddmulti=%s\n", result(r));
	if (!r)
		ioctl(fd, SIOCDELMULTI, &ifr);
}

/* SIOCETHTOOL ETHTOOL_GDRVINFO on the device NAME: 0 or -1 (errno) */
static int drvinfo(int fd, const char *name, struct drvinfo *info)
{
	struct ifreq ifr;

	memset(info, 0, sizeof(*info));
	info->cmd = ETHTOOL_GDRVINFO;
	memset(&ifr, 0, sizeof(ifr));
	strcpy(ifr.ifr_name, name);
	ifr.ifr_data = (void *)info;
	return ioctl(fd, SIOCETHTOOL, &ifr);
}

static void ethtool(int fd)
{
	struct drvinfo info;
	int r = drvinfo(fd, "eth0", &info);

	printf("probe_net_siocethtool=%s\n", result(r));
	if (!r)
		printf("probe_net_ethtool_driver=%.32s\n", info.driver);
}

static void netlink(void)
{
	int fd = socket(AF_NETLINK, SOCK_RAW, 0);	/* NETLINK_ROUTE */

	printf("probe_net_netlink=%s\n", result(fd < 0 ? -1 : 0));
	if (fd >= 0)
		close(fd);
}

static void proc_file(const char *key, const char *path)
{
	int fd = open(path, O_RDONLY);

	printf("probe_net_proc_%s=%s\n", key, result(fd < 0 ? -1 : 0));
	if (fd >= 0)
		close(fd);
}

static void ethtool_nodev(int fd)
{
	struct drvinfo info;

	printf("probe_net_ethtool_nodev=%s\n",
	       result(drvinfo(fd, "nosuchdev9", &info)));
}

static void ip_options(void)
{
	static const unsigned char opts[4] = { 1, 1, 1, 0 };	/* NOP, EOL */
	int fd = socket(AF_INET, SOCK_DGRAM, 0);

	printf("probe_net_ip_options=%s\n",
	       result(setsockopt(fd, IPPROTO_IP, IP_OPTIONS, opts,
				 sizeof(opts))));
	close(fd);
}

static void ip_recverr(void)
{
	int on = 1;
	int fd = socket(AF_INET, SOCK_DGRAM, 0);

	printf("probe_net_ip_recverr=%s\n",
	       result(setsockopt(fd, IPPROTO_IP, IP_RECVERR, &on,
				 sizeof(on))));
	close(fd);
}

/* tcp_sack: did the two ends of a connection over 127.0.0.1 agree on SACK? */
static void tcp_sack(void)
{
	struct sockaddr_in sin;
	struct tcpinfo_head info;
	socklen_t len = sizeof(sin);
	int l, c = -1, a = -1, r = -1;

	memset(&sin, 0, sizeof(sin));
	sin.sin_family = AF_INET;
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	l = socket(AF_INET, SOCK_STREAM, 0);
	if (l >= 0 && !bind(l, (struct sockaddr *)&sin, sizeof(sin)) &&
	    !listen(l, 1) &&
	    !getsockname(l, (struct sockaddr *)&sin, &len)) {
		c = socket(AF_INET, SOCK_STREAM, 0);
		if (c >= 0 &&
		    !connect(c, (struct sockaddr *)&sin, sizeof(sin)))
			a = accept(l, NULL, NULL);
	}
	if (a >= 0) {
		len = sizeof(info);
		memset(&info, 0, sizeof(info));
		r = getsockopt(c, IPPROTO_TCP, TCP_INFO, &info, &len);
	}
	if (r == 0)
		printf("probe_net_tcp_sack=%s\n",
		       info.options & TCPI_OPT_SACK ? "sack" : "nosack");
	else
		printf("probe_net_tcp_sack=%s\n", result(-1));
	if (a >= 0)
		close(a);
	if (c >= 0)
		close(c);
	if (l >= 0)
		close(l);
}

int main(void)
{
	int fd;

	setvbuf(stdout, NULL, _IOLBF, 0);
	sk_filter();
	netlink();
	proc_file("dev", "/proc/net/dev");
	proc_file("snmp", "/proc/net/snmp");
	ip_options();
	ip_recverr();
	tcp_sack();
	fd = socket(AF_INET, SOCK_DGRAM, 0);
	if (fd < 0) {
		perror("probe-net: socket");
		return 1;
	}
	ethtool_nodev(fd);
	if (!have_eth0(fd)) {
		printf("probe_net_ip_add_membership=noeth0\n");
		printf("probe_net_siocaddmulti=noeth0\n");
		printf("probe_net_siocethtool=noeth0\n");
		close(fd);
		return 0;
	}
	add_membership(fd);
	addmulti(fd);
	ethtool(fd);
	close(fd);
	return 0;
}
