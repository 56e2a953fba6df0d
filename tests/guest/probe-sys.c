/*
 * probe-sys: ask the kernel how the core system-call options are set.
 *
 * Each check calls one system call that a linux-tiny option removes or
 * limits and prints one line "probe_KEY=VALUE": "ok" when the call
 * works, otherwise the name of the errno it failed with (ENOSYS, ...),
 * or a number.  The guest does not judge: tests/options/check-probes
 * compares the lines with tests/options/probes/sys.expect, on the tiny
 * board (every option small) and on the min board (every default).
 *
 *   aio_setup        io_setup(), then io_destroy()          (AIO)
 *   flock            flock(LOCK_EX | LOCK_NB) on a file in /tmp
 *   fcntl_setlk      fcntl(F_SETLK) write lock on that file
 *   fcntl_getlk      fcntl(F_GETLK) on it                   (FILE_LOCKING)
 *   xattr_set, xattr_get, xattr_list
 *                    setxattr/getxattr of "user.probe" and
 *                    listxattr on that file                 (XATTR)
 *   getuid16         the old 16-bit getuid (i386 call 24)
 *   getuid32         getuid32 (call 199), which stays       (UID16)
 *   rt_prio_max      sched_get_priority_max(SCHED_FIFO), a number
 *   rt_fifo_max      sched_setscheduler(SCHED_FIFO) at that priority
 *   rt_fifo_10       ... at priority 10                     (MAX_USER_RT_PRIO)
 *   rt_watchdog      the scheduling class and priority of the kernel
 *                    thread watchdog/0 (DETECT_SOFTLOCKUP), by
 *                    sched_getscheduler() and sched_getparam():
 *                    FIFO-N, RR-N, OTHER, or absent without the thread
 *   ldisc_ntty       TIOCSETD N_TTY (0) on /dev/console
 *   ldisc_1, ldisc_16  TIOCSETD 1 and 16 there              (NR_LDISCS)
 *
 * tmpfs (or ramfs) in 2.6.14 has no xattr handlers, so with XATTR the
 * set and get fail with EOPNOTSUPP and the list is empty ("ok").
 * TIOCSETD to a discipline that is not registered fails with EINVAL
 * whatever the limit, so ldisc_1 only shows that the call is refused
 * and the console left in N_TTY; the probe puts N_TTY back in any case.
 *
 * Built static for i386 with musl (scripts/build-guest-progs); runs in
 * the guest, after /tmp is mounted.  Exit status 0.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/xattr.h>
#include <unistd.h>

/* i386 system call numbers, as 2.6.14 has them */
#define NR_getuid16		24
#define NR_sched_getparam	155
#define NR_sched_setscheduler	156
#define NR_sched_getscheduler	157
#define NR_getuid32		199
#define NR_io_setup		245
#define NR_io_destroy		246

#define LOCKFILE	"/tmp/probe-sys.lock"

static const char *errname(int e)
{
	static char buf[24];

	switch (e) {
	case ENOSYS:		return "ENOSYS";
	case EINVAL:		return "EINVAL";
	case ENOLCK:		return "ENOLCK";
	case EOPNOTSUPP:	return "EOPNOTSUPP";
	case ENODATA:		return "ENODATA";
	case EPERM:		return "EPERM";
	case EACCES:		return "EACCES";
	case EAGAIN:		return "EAGAIN";
	case EBADF:		return "EBADF";
	case ENOENT:		return "ENOENT";
	case ENOTTY:		return "ENOTTY";
	case EIO:		return "EIO";
	}
	snprintf(buf, sizeof(buf), "errno_%d", e);
	return buf;
}

/* print KEY=ok for a result >= 0, KEY=ERRNAME for -1 */
static void report(const char *key, long ret)
{
	printf("probe_%s=%s\n", key, ret < 0 ? errname(errno) : "ok");
}

static void probe_aio(void)
{
	unsigned long ctx = 0;
	long ret;

	ret = syscall(NR_io_setup, 1, &ctx);
	report("aio_setup", ret);
	if (ret == 0)
		syscall(NR_io_destroy, ctx);
}

static void probe_locks(void)
{
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
	int fd = open(LOCKFILE, O_RDWR | O_CREAT, 0644);

	if (fd < 0) {
		printf("probe_flock=open_%s\n", errname(errno));
		return;
	}
	report("flock", flock(fd, LOCK_EX | LOCK_NB));
	flock(fd, LOCK_UN);
	report("fcntl_setlk", fcntl(fd, F_SETLK, &fl));
	fl.l_type = F_WRLCK;
	report("fcntl_getlk", fcntl(fd, F_GETLK, &fl));
	fl.l_type = F_UNLCK;
	fcntl(fd, F_SETLK, &fl);
	close(fd);
}

static void probe_xattr(void)
{
	char buf[64];

	report("xattr_set", setxattr(LOCKFILE, "user.probe", "1", 1, 0));
	report("xattr_get", getxattr(LOCKFILE, "user.probe", buf,
				     sizeof(buf)));
	report("xattr_list", listxattr(LOCKFILE, buf, sizeof(buf)));
}

static void probe_uid16(void)
{
	report("getuid16", syscall(NR_getuid16));
	report("getuid32", syscall(NR_getuid32));
}

/* musl's sched_setscheduler() is a stub (ENOSYS): call the kernel */
static long set_sched(int policy, int prio)
{
	struct sched_param sp = { .sched_priority = prio };

	return syscall(NR_sched_setscheduler, 0, policy, &sp);
}

static void probe_rt_prio(void)
{
	int max = sched_get_priority_max(SCHED_FIFO);

	if (max < 0)
		printf("probe_rt_prio_max=%s\n", errname(errno));
	else
		printf("probe_rt_prio_max=%d\n", max);
	report("rt_fifo_max", set_sched(SCHED_FIFO, max));
	report("rt_fifo_10", set_sched(SCHED_FIFO, 10));
	set_sched(SCHED_OTHER, 0);
}

/* the pid of the task whose name (/proc/PID/stat) is NAME, or 0 */
static int find_task(const char *name)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	char path[300], line[128], want[64];
	int pid = 0;

	if (!d)
		return 0;
	snprintf(want, sizeof(want), "(%s)", name);
	while (!pid && (e = readdir(d))) {
		FILE *f;

		if (e->d_name[0] < '1' || e->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/%s/stat", e->d_name);
		f = fopen(path, "r");
		if (!f)
			continue;
		if (fgets(line, sizeof(line), f) && strstr(line, want))
			pid = atoi(e->d_name);
		fclose(f);
	}
	closedir(d);
	return pid;
}

/* musl's sched_getscheduler() is a stub too */
static void probe_rt_watchdog(void)
{
	struct sched_param sp;
	int pid = find_task("watchdog/0");
	long policy;

	if (!pid) {
		printf("probe_rt_watchdog=absent\n");
		return;
	}
	policy = syscall(NR_sched_getscheduler, pid);
	if (policy < 0 || syscall(NR_sched_getparam, pid, &sp) < 0) {
		printf("probe_rt_watchdog=%s\n", errname(errno));
		return;
	}
	if (policy == SCHED_FIFO)
		printf("probe_rt_watchdog=FIFO-%d\n", sp.sched_priority);
	else if (policy == SCHED_RR)
		printf("probe_rt_watchdog=RR-%d\n", sp.sched_priority);
	else if (policy == SCHED_OTHER)
		printf("probe_rt_watchdog=OTHER\n");
	else
		printf("probe_rt_watchdog=policy_%ld\n", policy);
}

static void probe_ldisc(void)
{
	int fd = open("/dev/console", O_RDWR | O_NOCTTY);
	int ntty = 0, d;

	if (fd < 0) {
		printf("probe_ldisc_ntty=open_%s\n", errname(errno));
		return;
	}
	report("ldisc_ntty", ioctl(fd, TIOCSETD, &ntty));
	d = 1;
	report("ldisc_1", ioctl(fd, TIOCSETD, &d));
	d = 16;
	report("ldisc_16", ioctl(fd, TIOCSETD, &d));
	ioctl(fd, TIOCSETD, &ntty);
	close(fd);
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	probe_aio();
	probe_locks();
	probe_xattr();
	unlink(LOCKFILE);
	probe_uid16();
	probe_rt_prio();
	probe_rt_watchdog();
	probe_ldisc();
	return 0;
}
