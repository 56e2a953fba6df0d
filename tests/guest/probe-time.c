/*
 * probe-time: ask the kernel which clocks and timers it has.
 *
 * Each check prints one line "probe_KEY=VALUE": "ok" when the call
 * works (and, for a sleep or a timer, took as long as it should),
 * otherwise the name of the errno it failed with, or "short"/"long"
 * for a sleep or timer outside its bounds.  The guest does not judge:
 * tests/options/check-probes compares the lines with
 * tests/options/probes/time.expect.
 *
 *   timer_create      timer_create(CLOCK_MONOTONIC), then timer_delete()
 *   timer_signal      a 100 ms timer_settime() delivers its SIGALRM
 *                     (after 100 ms, before 5 s)        (POSIX_TIMERS)
 *   clock_mono        clock_gettime(CLOCK_MONOTONIC)
 *   clock_getres      clock_getres(CLOCK_REALTIME)
 *   clock_cputime     clock_gettime(CLOCK_PROCESS_CPUTIME_ID)
 *   clock_set_mono    clock_settime(CLOCK_MONOTONIC): EINVAL always
 *   nanosleep_abs     clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME)
 *                     to now + 100 ms
 *   nanosleep_rel     clock_nanosleep(CLOCK_REALTIME), 100 ms
 *   itimer_real       setitimer(ITIMER_REAL) of 100 ms delivers SIGALRM
 *                     (alarm() is the same timer)
 *   itimer_prof       setitimer(ITIMER_PROF), then getitimer()
 *   itimer_virtual    setitimer(ITIMER_VIRTUAL), then getitimer()
 *
 * The system calls are made by number with the kernel's structures:
 * musl's own timespec has a 64-bit time_t, and its clock_gettime()
 * tries calls that 2.6.14 does not have first.
 *
 * Built static for i386 with musl (scripts/build-guest-progs); runs in
 * the guest.  Exit status 0.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

/* i386 system call numbers, as 2.6.14 has them */
#define NR_setitimer		104
#define NR_getitimer		105
#define NR_timer_create		259
#define NR_timer_settime	260
#define NR_timer_delete		263
#define NR_clock_settime	264
#define NR_clock_gettime	265
#define NR_clock_getres		266
#define NR_clock_nanosleep	267

#define K_CLOCK_REALTIME		0
#define K_CLOCK_MONOTONIC		1
#define K_CLOCK_PROCESS_CPUTIME_ID	2
#define K_TIMER_ABSTIME			1
#define K_ITIMER_REAL			0
#define K_ITIMER_VIRTUAL		1
#define K_ITIMER_PROF			2
#define K_SIGEV_SIGNAL			0

/* the kernel's structures on i386 */
struct k_timespec {
	long sec, nsec;
};
struct k_itimerspec {
	struct k_timespec interval, value;
};
struct k_itimerval {
	long int_sec, int_usec, val_sec, val_usec;
};
struct k_sigevent {
	long value;
	int signo;
	int notify;
	int pad[13];
};

static const char *errname(int e)
{
	static char buf[24];

	switch (e) {
	case ENOSYS:	return "ENOSYS";
	case EINVAL:	return "EINVAL";
	case EFAULT:	return "EFAULT";
	case EPERM:	return "EPERM";
	case EAGAIN:	return "EAGAIN";
	case EINTR:	return "EINTR";
	}
	snprintf(buf, sizeof(buf), "errno_%d", e);
	return buf;
}

/* print KEY=ok for a result >= 0, KEY=ERRNAME for -1 */
static void report(const char *key, long ret)
{
	printf("probe_%s=%s\n", key, ret < 0 ? errname(errno) : "ok");
}

/* CLOCK_MONOTONIC in ms, or -1 */
static long long mono_ms(void)
{
	struct k_timespec t;

	if (syscall(NR_clock_gettime, K_CLOCK_MONOTONIC, &t) < 0)
		return -1;
	return t.sec * 1000LL + t.nsec / 1000000;
}

/* KEY=ok if START (mono_ms) was at least 100 ms and at most 5 s ago */
static void report_elapsed(const char *key, long long start)
{
	long long d = mono_ms() - start;

	printf("probe_%s=%s\n", key, d < 100 ? "short" : d > 5000 ? "long" : "ok");
}

static volatile sig_atomic_t alarms;

static void on_alarm(int sig)
{
	(void)sig;
	alarms++;
}

/* wait up to 5 s for a SIGALRM more than BEFORE; KEY=ok/short/long */
static void wait_alarm(const char *key, int before, long long start)
{
	while (alarms == before && mono_ms() - start < 5000)
		usleep(10000);
	if (alarms == before)
		printf("probe_%s=long\n", key);
	else
		report_elapsed(key, start);
}

static void probe_timers(void)
{
	struct k_sigevent ev;
	struct k_itimerspec its;
	int id = -1, before;
	long long start;
	long ret;

	memset(&ev, 0, sizeof(ev));
	ev.signo = SIGALRM;
	ev.notify = K_SIGEV_SIGNAL;
	ret = syscall(NR_timer_create, K_CLOCK_MONOTONIC, &ev, &id);
	report("timer_create", ret);
	if (ret < 0) {
		printf("probe_timer_signal=%s\n", errname(errno));
		return;
	}
	memset(&its, 0, sizeof(its));
	its.value.nsec = 100000000;
	before = alarms;
	start = mono_ms();
	if (syscall(NR_timer_settime, id, 0, &its, NULL) < 0)
		printf("probe_timer_signal=%s\n", errname(errno));
	else
		wait_alarm("timer_signal", before, start);
	syscall(NR_timer_delete, id);
}

static void probe_clocks(void)
{
	struct k_timespec t;
	long long start;

	report("clock_mono", syscall(NR_clock_gettime, K_CLOCK_MONOTONIC, &t));
	report("clock_getres", syscall(NR_clock_getres, K_CLOCK_REALTIME, &t));
	report("clock_cputime", syscall(NR_clock_gettime,
					K_CLOCK_PROCESS_CPUTIME_ID, &t));
	syscall(NR_clock_gettime, K_CLOCK_MONOTONIC, &t);
	report("clock_set_mono", syscall(NR_clock_settime, K_CLOCK_MONOTONIC,
					 &t));

	start = mono_ms();
	syscall(NR_clock_gettime, K_CLOCK_MONOTONIC, &t);
	t.nsec += 100000000;
	if (t.nsec >= 1000000000) {
		t.nsec -= 1000000000;
		t.sec++;
	}
	if (syscall(NR_clock_nanosleep, K_CLOCK_MONOTONIC, K_TIMER_ABSTIME,
		    &t, NULL) < 0)
		printf("probe_nanosleep_abs=%s\n", errname(errno));
	else
		report_elapsed("nanosleep_abs", start);

	start = mono_ms();
	t.sec = 0;
	t.nsec = 100000000;
	if (syscall(NR_clock_nanosleep, K_CLOCK_REALTIME, 0, &t, NULL) < 0)
		printf("probe_nanosleep_rel=%s\n", errname(errno));
	else
		report_elapsed("nanosleep_rel", start);
}

/* setitimer(WHICH) of 10 s, read back, then off */
static void probe_cpu_itimer(const char *key, int which)
{
	struct k_itimerval v = { 0, 0, 10, 0 }, off = { 0, 0, 0, 0 };
	long ret;

	ret = syscall(NR_setitimer, which, &v, NULL);
	if (ret == 0)
		ret = syscall(NR_getitimer, which, &v);
	report(key, ret);
	syscall(NR_setitimer, which, &off, NULL);
}

static void probe_itimers(void)
{
	struct k_itimerval v = { 0, 0, 0, 100000 };
	long long start;
	int before = alarms;

	start = mono_ms();
	if (syscall(NR_setitimer, K_ITIMER_REAL, &v, NULL) < 0)
		printf("probe_itimer_real=%s\n", errname(errno));
	else
		wait_alarm("itimer_real", before, start);
	probe_cpu_itimer("itimer_prof", K_ITIMER_PROF);
	probe_cpu_itimer("itimer_virtual", K_ITIMER_VIRTUAL);
}

int main(void)
{
	struct sigaction sa;

	setvbuf(stdout, NULL, _IOLBF, 0);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm;
	sigaction(SIGALRM, &sa, NULL);
	probe_timers();
	probe_clocks();
	probe_itimers();
	return 0;
}
