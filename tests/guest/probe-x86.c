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
 *   probe_sysenter=ok|gp|segv-trapN|wrong  getpid() made with the
 *       SYSENTER instruction the way the vsyscall page makes it: ok
 *       when it returns the pid through the page (SYSENTER), gp when
 *       the instruction itself raises a general protection fault and
 *       the program gets SIGSEGV (no SYSENTER: SYSENTER_CS is 0)
 *   probe_vdso_maps=present|absent  a "[vdso]" line in /proc/self/maps
 *       (the gate area, which stays without SYSENTER too)
 *   probe_vdso_read=ok|segv  reading a byte at 0xffffe000, the page
 *       behind it
 *   probe_timesource=tsc|pit|...|unknown  "Using X for high-res
 *       timesource" of the kernel log (X86_TSC_TIMER)
 *   probe_clock=ok|fail  a 200 ms nanosleep() lasts at least 190 ms
 *       and less than 5 s by gettimeofday(): the kernel keeps time
 *       (clock_us() says why not 200); probe_clock_us=N, how long,
 *       is printed for the log and not judged
 *   probe_ioperm=0|ENOSYS|...  ioperm(0x80, 1, 1) (101), as root
 *   probe_ioperm_port=ok|gp  then an inb from port 0x80 (the POST
 *       port, harmless): ok through the TSS's I/O bitmap, gp when the
 *       processor refuses the port (IOPERM=n keeps no bitmap)
 *   probe_ioperm_off=ok|gp  the same after ioperm(0x80, 1, 0): gp
 *   probe_iopl_port=ok|gp  the same after iopl(3) (110): ok, with or
 *       without ioperm(); iopl(0) then puts the level back
 *
 * Each value is one word.  Exit status 0.  Built static for i386 with
 * musl (scripts/build-guest-progs); runs in the guest.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/time.h>
#include <sys/ucontext.h>
#include <time.h>
#include <unistd.h>

#define NR_sigaction		67
#define NR_vm86old		113
#define NR_vm86			166
#define NR_rt_sigaction		174
#define NR_syslog		103
#define NR_ioperm		101
#define NR_iopl			110
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

static sigjmp_buf segv_env;
static volatile int segv_trapno;
static volatile unsigned long segv_eip;

static void segv_handler(int sig, siginfo_t *si, void *ctx)
{
	ucontext_t *uc = ctx;

	(void)sig;
	(void)si;
	segv_trapno = uc->uc_mcontext.gregs[REG_TRAPNO];
	segv_eip = uc->uc_mcontext.gregs[REG_EIP];
	siglongjmp(segv_env, 1);
}

/* catch SIGSEGV (on) or let it be (off) */
static void catch_segv(int on)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_DFL;
	if (on) {
		sa.sa_sigaction = segv_handler;
		sa.sa_flags = SA_SIGINFO | SA_NODEFER;
	}
	sigaction(SIGSEGV, &sa, NULL);
}

/*
 * getpid() by SYSENTER, as the vsyscall page's __kernel_vsyscall does
 * it: the kernel returns to the page's SYSENTER_RETURN, which pops
 * %ebp, %edx and %ecx and returns to the "call" below.
 */
static const char *sysenter_getpid(void)
{
	static char buf[32];
	long ret;

	catch_segv(1);
	if (sigsetjmp(segv_env, 1)) {
		catch_segv(0);
		/* the fault is at the instruction itself: 0f 34 */
		if (segv_trapno == 13 &&
		    ((const unsigned char *)segv_eip)[0] == 0x0f &&
		    ((const unsigned char *)segv_eip)[1] == 0x34)
			return "gp";
		snprintf(buf, sizeof(buf), "segv-trap%d", segv_trapno);
		return buf;
	}
	__asm__ volatile("call 1f\n\t"
			 "jmp 2f\n"
			 "1:\tpush %%ecx\n\t"
			 "push %%edx\n\t"
			 "push %%ebp\n\t"
			 "movl %%esp, %%ebp\n\t"
			 "sysenter\n"
			 "2:"
			 : "=a"(ret)
			 : "0"(20L)		/* __NR_getpid */
			 : "ecx", "edx", "memory");
	catch_segv(0);
	return ret == getpid() ? "ok" : "wrong";
}

static int vdso_in_maps(void)
{
	char line[256];
	FILE *f = fopen("/proc/self/maps", "r");
	int found = 0;

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		if (strstr(line, "[vdso]"))
			found = 1;
	fclose(f);
	return found;
}

static const char *vdso_read(void)
{
	volatile unsigned char c;

	catch_segv(1);
	if (sigsetjmp(segv_env, 1)) {
		catch_segv(0);
		return "segv";
	}
	c = *(volatile unsigned char *)0xffffe000UL;
	(void)c;
	catch_segv(0);
	return "ok";
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

/*
 * How long a 200 ms nanosleep() lasts by gettimeofday(), in us; -1 if
 * it fails.  The kernel sleeps whole ticks (51 at HZ=250: 204 ms), but
 * 2.6.14's gettimeofday() interpolates between ticks with the TSC, and
 * under QEMU on a busy host a late timer interrupt makes that up to a
 * tick wrong: 120 sleeps on the min board with a loaded host lasted
 * 199,922 to 211,894 us.  So probe_clock allows 10 ms, a tick at HZ=100.
 */
static long clock_us(void)
{
	struct timespec ts = { 0, 200 * 1000 * 1000 };
	struct timeval a, b;

	gettimeofday(&a, NULL);
	if (nanosleep(&ts, NULL) != 0)
		return -1;
	gettimeofday(&b, NULL);
	return (b.tv_sec - a.tv_sec) * 1000000L + (b.tv_usec - a.tv_usec);
}

/* inb from port 0x80: ok, or gp when user mode may not use the port */
static const char *port80(void)
{
	unsigned char v;

	catch_segv(1);
	if (sigsetjmp(segv_env, 1)) {
		catch_segv(0);
		return segv_trapno == 13 ? "gp" : "segv";
	}
	__asm__ volatile("inb $0x80, %0" : "=a"(v));
	catch_segv(0);
	return "ok";
}

int main(void)
{
	unsigned long v;
	long us;

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
	printf("probe_sysenter=%s\n", sysenter_getpid());
	printf("probe_vdso_maps=%s\n", vdso_in_maps() ? "present" : "absent");
	printf("probe_vdso_read=%s\n", vdso_read());
	printf("probe_timesource=%s\n", timesource());
	us = clock_us();
	printf("probe_clock=%s\n", us >= 190000 && us < 5000000 ? "ok" : "fail");
	printf("probe_clock_us=%ld\n", us);

	printf("probe_ioperm=%s\n", result(sys3(NR_ioperm, 0x80, 1, 1)));
	printf("probe_ioperm_port=%s\n", port80());
	sys3(NR_ioperm, 0x80, 1, 0);
	printf("probe_ioperm_off=%s\n", port80());
	sys3(NR_iopl, 3, 0, 0);
	printf("probe_iopl_port=%s\n", port80());
	sys3(NR_iopl, 0, 0, 0);
	return 0;
}
