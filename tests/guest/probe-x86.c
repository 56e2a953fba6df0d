/*
 * probe-x86: what the i386 options of linux-tiny (issue 17) leave of
 * the kernel, as a program sees it.  The guest runs it in every boot
 * (tests/guest/init, "Option probes"); the host judges the lines
 * against tests/options/probes/x86.expect (tests/options/check-probes).
 *
 *   probe_vm86old=ENOSYS|EFAULT|...  vm86old() (113) with a null
 *       pointer: ENOSYS without VM86, EFAULT with it (the kernel tries
 *       to read the vm86_struct and fails before it enters v86 mode)
 *   probe_vm86=ENOSYS|0|...  vm86(VM86_PLUS_INSTALL_CHECK) (166): 0
 *       with VM86, which only says that vm86() is there
 *   probe_at_sysinfo=present|absent  AT_SYSINFO in the auxiliary
 *       vector (the vsyscall entry: SYSENTER)
 *   probe_at_sysinfo_ehdr=present|absent  AT_SYSINFO_EHDR (the
 *       vsyscall page's ELF header: SYSENTER)
 *   probe_sigreturn=ok|fail  a signal handler installed with
 *       sigaction() and rt_sigaction() without SA_RESTORER returns
 *       (through the kernel's own return code: the vsyscall page's
 *       sigreturn with SYSENTER, the code on the signal frame without)
 *   probe_timesource=tsc|pit|...|unknown  "Using X for high-res
 *       timesource" of the kernel log (X86_TSC_TIMER)
 *   probe_clock=ok|fail  a 200 ms nanosleep() lasts at least 200 ms
 *       and less than 5 s by gettimeofday(): the kernel keeps time
 *
 * Each value is one word.  Exit status 0.  Built static for i386 with
 * musl (scripts/build-guest-progs); runs in the guest.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#define NR_sigaction		67
#define NR_vm86old		113
#define NR_vm86			166
#define NR_rt_sigaction		174
#define NR_syslog		103
#define VM86_PLUS_INSTALL_CHECK	0

/* the kernel's struct old_sigaction and struct sigaction on i386 */
struct k_old_sigaction {
	void (*handler)(int);
	unsigned long mask;
	unsigned long flags;
	void (*restorer)(void);
};

struct k_sigaction {
	void (*handler)(int);
	unsigned long flags;
	void (*restorer)(void);
	unsigned long mask[2];
};

/* raw system call through int $0x80: no C library wrapper in between */
static long sys4(long nr, long a, long b, long c, long d)
{
	long ret;

	__asm__ volatile("push %%ebx\n\tmov %2, %%ebx\n\tint $0x80\n\tpop %%ebx"
			 : "=a"(ret)
			 : "0"(nr), "r"(a), "c"(b), "d"(c), "S"(d)
			 : "memory");
	return ret;
}

#define sys3(nr, a, b, c)	sys4(nr, a, b, c, 0)

static const char *result(long ret)
{
	static char buf[32];

	if (ret >= 0) {
		snprintf(buf, sizeof(buf), "%ld", ret);
		return buf;
	}
	switch (-ret) {
	case ENOSYS: return "ENOSYS";
	case EFAULT: return "EFAULT";
	case EPERM: return "EPERM";
	case EINVAL: return "EINVAL";
	}
	snprintf(buf, sizeof(buf), "errno%ld", -ret);
	return buf;
}

static volatile sig_atomic_t caught;

static void handler(int sig)
{
	caught = sig;
}

/* install handler for sig with no SA_RESTORER, raise it: did it return? */
static int sigreturn_ok(int rt, int sig)
{
	long ret;

	caught = 0;
	if (rt) {
		struct k_sigaction sa = { handler, 0, 0, { 0, 0 } };

		ret = sys4(NR_rt_sigaction, sig, (long)&sa, 0, sizeof(sa.mask));
	} else {
		struct k_old_sigaction sa = { handler, 0, 0, 0 };

		ret = sys3(NR_sigaction, sig, (long)&sa, 0);
	}
	if (ret != 0)
		return 0;
	raise(sig);
	signal(sig, SIG_DFL);
	return caught == sig;
}

static const char *timesource(void)
{
	static char log[1 << 17];
	static char name[16];
	const char *key = "Using ";
	char *p;
	int n;

	n = sys3(NR_syslog, 3, (long)log, sizeof(log) - 1);
	if (n <= 0)
		return "unknown";
	log[n] = '\0';
	for (p = strstr(log, key); p; p = strstr(p + 1, key)) {
		if (sscanf(p, "Using %15s for high-res timesource", name) == 1 &&
		    strstr(p, " for high-res timesource"))
			return name;
	}
	return "unknown";
}

static int clock_ok(void)
{
	struct timespec ts = { 0, 200 * 1000 * 1000 };
	struct timeval a, b;
	long us;

	gettimeofday(&a, NULL);
	if (nanosleep(&ts, NULL) != 0)
		return 0;
	gettimeofday(&b, NULL);
	us = (b.tv_sec - a.tv_sec) * 1000000L + (b.tv_usec - a.tv_usec);
	return us >= 200000 && us < 5000000;
}

int main(void)
{
	unsigned long v;

	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("probe_vm86old=%s\n", result(sys3(NR_vm86old, 0, 0, 0)));
	printf("probe_vm86=%s\n",
	       result(sys3(NR_vm86, VM86_PLUS_INSTALL_CHECK, 0, 0)));

	errno = 0;
	v = getauxval(AT_SYSINFO);
	printf("probe_at_sysinfo=%s\n", v || errno != ENOENT ? "present" : "absent");
	errno = 0;
	v = getauxval(AT_SYSINFO_EHDR);
	printf("probe_at_sysinfo_ehdr=%s\n",
	       v || errno != ENOENT ? "present" : "absent");

	printf("probe_sigreturn=%s\n",
	       sigreturn_ok(0, SIGUSR1) && sigreturn_ok(1, SIGUSR2) ?
	       "ok" : "fail");
	printf("probe_timesource=%s\n", timesource());
	printf("probe_clock=%s\n", clock_ok() ? "ok" : "fail");
	return 0;
}
