/*
 * syscall-regs: check that system calls hand back the caller's registers.
 *
 * On i386 the kernel passes system call arguments to C code in the
 * user's saved registers.  A compiler that stores into its incoming
 * argument slots then changes what user space gets back (the
 * syscall-args-copy compat patch).  musl keeps values in %ebx..%ebp
 * across "int $0x80", so such a kernel breaks userspace in odd places.
 *
 * Each case loads all six argument registers, enters the kernel through
 * int $0x80 and, where the kernel offers it, through the vsyscall page
 * (sysenter), and compares the registers afterwards.
 *
 * The system calls that reach the saved registers themselves
 * (sigaltstack, iopl, and sigreturn after a signal on an alternate
 * stack) must also read the right words: the ptregs-pointer compat
 * patch.
 *
 * System calls with four to six arguments, 64-bit arguments split over
 * two registers, and the wait calls must also get every argument right
 * and return the right result: a kernel built with -mregparm=3
 * (CONFIG_REGPARM) passes arguments in registers to every C function
 * that is not asmlinkage, so a system call or a helper that entry.S
 * reaches with the wrong convention reads garbage.  The same goes for
 * the rt signal frame: a SA_SIGINFO handler gets its three arguments
 * and returns through rt_sigreturn.
 *
 * Output: one "syscall_regs_<name>=ok|fail ..." line per case, then
 * "syscall_regs=ok" or "syscall_regs=fail".  Exit status 0 or 1.
 *
 * Built static for i386 with musl; runs in the guest.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define NR_read		3
#define NR_mkdir	39
#define NR_lchown16	16
#define NR_mknod	14
#define NR_mprotect	125
#define NR_msync	144
#define NR_poll		168
#define NR_pread64	180
#define NR_pwrite64	181
#define NR_mincore	218
#define NR_getpid	20
#define NR_setpriority	97
#define NR_gettimeofday	78
#define NR_sigaltstack	186
#define NR_iopl		110
#define NR_wait4	114
#define NR_llseek	140
#define NR_rt_sigprocmask 175
#define NR_mmap2	192
#define NR_ftruncate64	194
#define NR_fadvise64_64	272
#define NR_waitid	284

#define AT_SYSINFO	32

struct regs {
	unsigned long ebx, ecx, edx, esi, edi, ebp;
};

/* Everything the asm needs, reached through one pointer in %eax. */
struct call {
	struct regs r;		/* in: argument registers; out: as returned */
	long nr;		/* 24: system call number */
	unsigned long entry;	/* 28: vsyscall entry, 0 for int $0x80 */
	long ret;		/* 32: %eax on return */
};

static unsigned long vsyscall;

/*
 * Enter the kernel with every argument register set from c->r and store
 * the registers the kernel hands back into c->r.  The asm keeps nothing
 * in registers across the call and addresses memory only through %esp
 * and the pointer it saved, so %ebp can carry the sixth argument.
 */
static void trap(struct call *c)
{
	__asm__ __volatile__(
		"pushl %%ebp\n\t"
		"pushl %%eax\n\t"		/* 4(%%esp): c */
		"pushl 28(%%eax)\n\t"		/* 0(%%esp): entry */
		"movl 0(%%eax), %%ebx\n\t"
		"movl 4(%%eax), %%ecx\n\t"
		"movl 8(%%eax), %%edx\n\t"
		"movl 12(%%eax), %%esi\n\t"
		"movl 16(%%eax), %%edi\n\t"
		"movl 20(%%eax), %%ebp\n\t"
		"movl 24(%%eax), %%eax\n\t"
		"cmpl $0, (%%esp)\n\t"
		"je 1f\n\t"
		"call *(%%esp)\n\t"
		"jmp 2f\n"
		"1:\tint $0x80\n"
		"2:\taddl $4, %%esp\n\t"
		"xchgl %%eax, (%%esp)\n\t"	/* (%%esp): ret, %%eax: c */
		"movl %%ebx, 0(%%eax)\n\t"
		"movl %%ecx, 4(%%eax)\n\t"
		"movl %%edx, 8(%%eax)\n\t"
		"movl %%esi, 12(%%eax)\n\t"
		"movl %%edi, 16(%%eax)\n\t"
		"movl %%ebp, 20(%%eax)\n\t"
		"popl %%ecx\n\t"
		"movl %%ecx, 32(%%eax)\n\t"
		"popl %%ebp"
		: "+a" (c)
		:
		: "ebx", "ecx", "edx", "esi", "edi", "memory", "cc");
}

static const char *const regname[] = { "ebx", "ecx", "edx", "esi", "edi", "ebp" };

static long last_ret;

static int check(const char *name, const char *how, long nr, struct regs in)
{
	struct call c = { in, nr, how[0] == 'i' ? 0 : vsyscall, 0 };
	unsigned long *a = (unsigned long *)&in, *b = (unsigned long *)&c.r;
	int i, bad = 0;

	trap(&c);
	last_ret = c.ret;
	for (i = 0; i < 6; i++) {
		if (a[i] == b[i])
			continue;
		if (!bad)
			printf("syscall_regs_%s_%s=fail ret=%ld", name, how,
			       c.ret);
		printf(" %s:%#lx->%#lx", regname[i], a[i], b[i]);
		bad = 1;
	}
	if (bad)
		printf("\n");
	else
		printf("syscall_regs_%s_%s=ok\n", name, how);
	return bad;
}

static int expect_ret(const char *name, const char *how, long want)
{
	if (last_ret == want)
		return 0;
	printf("syscall_regs_%s_%s_ret=fail %ld, expected %ld\n", name, how,
	       last_ret, want);
	return 1;
}

static stack_t oss;
static char altstack[16384];
static volatile int on_altstack;

static void usr1(int sig)
{
	char here;

	(void)sig;
	on_altstack = &here >= altstack && &here < altstack + sizeof(altstack);
}

/* A signal delivered on an alternate stack, and back (sigreturn). */
static int check_altstack_signal(void)
{
	stack_t ss = { .ss_sp = altstack, .ss_size = sizeof(altstack) };
	struct sigaction sa = { .sa_handler = usr1, .sa_flags = SA_ONSTACK };
	volatile int canary = 0x5a5a;

	if (sigaltstack(&ss, NULL) || sigaction(SIGUSR1, &sa, NULL)) {
		printf("signal_altstack=fail setup: %s\n", strerror(errno));
		return 1;
	}
	raise(SIGUSR1);
	if (!on_altstack || canary != 0x5a5a) {
		printf("signal_altstack=fail handler %s the alternate stack\n",
		       on_altstack ? "ran on" : "did not run on");
		return 1;
	}
	printf("signal_altstack=ok\n");
	return 0;
}

static volatile int rt_sig, rt_code, rt_ucontext;

static void usr2(int sig, siginfo_t *info, void *uc)
{
	rt_sig = sig;
	rt_code = info ? info->si_signo : -1;
	rt_ucontext = uc != NULL;
}

/* A SA_SIGINFO handler: setup_rt_frame's arguments and rt_sigreturn. */
static int check_rt_signal(void)
{
	struct sigaction sa = { .sa_sigaction = usr2, .sa_flags = SA_SIGINFO };
	volatile int canary = 0x3c3c;

	if (sigaction(SIGUSR2, &sa, NULL)) {
		printf("signal_rt=fail setup: %s\n", strerror(errno));
		return 1;
	}
	raise(SIGUSR2);
	if (rt_sig != SIGUSR2 || rt_code != SIGUSR2 || !rt_ucontext ||
	    canary != 0x3c3c) {
		printf("signal_rt=fail sig %d si_signo %d ucontext %d\n",
		       rt_sig, rt_code, rt_ucontext);
		return 1;
	}
	printf("signal_rt=ok\n");
	return 0;
}

static int fail_value(const char *name, const char *how, const char *what,
		      long got, long want)
{
	printf("syscall_regs_%s_%s_value=fail %s %ld, expected %ld\n", name,
	       how, what, got, want);
	return 1;
}

/*
 * System calls with more arguments, each through one entry path m:
 * every argument must arrive (the result shows it) and every register
 * must come back as it went in.  mfd is a file of two pages whose
 * second page starts with "page1".
 */
static int check_args(const char *m, int fd, int mfd)
{
	struct regs r;
	struct stat st;
	long long res = -1;
	sigset_t none, old;
	siginfo_t si;
	int bad = 0, status = 0;
	pid_t pid;

	/* _llseek(fd, high, low, &result, whence): five arguments */
	r = (struct regs){ fd, 0, 10, (unsigned long)&res, SEEK_SET, 0x44 };
	bad |= check("llseek", m, NR_llseek, r);
	bad |= expect_ret("llseek", m, 0);
	if (res != 10)
		bad |= fail_value("llseek", m, "offset", (long)res, 10);
	/* ftruncate64(fd, length low, length high) */
	r = (struct regs){ fd, 5000, 0, 0x22, 0x33, 0x44 };
	bad |= check("ftruncate64", m, NR_ftruncate64, r);
	bad |= expect_ret("ftruncate64", m, 0);
	if (fstat(fd, &st) || st.st_size != 5000)
		bad |= fail_value("ftruncate64", m, "size", (long)st.st_size, 5000);
	/* mmap2(addr, len, prot, flags, fd, pgoff): pgoff in %ebp */
	r = (struct regs){ 0, 4096, PROT_READ, MAP_SHARED, mfd, 1 };
	bad |= check("mmap2", m, NR_mmap2, r);
	if ((unsigned long)last_ret > -4096UL)
		bad |= expect_ret("mmap2", m, 0);
	else {
		if (memcmp((void *)last_ret, "page1", 5))
			bad |= fail_value("mmap2", m, "page", 0, 1);
		munmap((void *)last_ret, 4096);
	}
	/* fadvise64_64(fd, offset, len, advice): advice in %ebp */
	r = (struct regs){ fd, 0, 0, 0, 0, 99 };
	bad |= check("fadvise64_64", m, NR_fadvise64_64, r);
	bad |= expect_ret("fadvise64_64", m, -EINVAL);
	r = (struct regs){ fd, 0, 0, 0, 0, POSIX_FADV_NORMAL };
	bad |= check("fadvise64_64", m, NR_fadvise64_64, r);
	bad |= expect_ret("fadvise64_64", m, 0);
	/* rt_sigprocmask(how, set, oldset, sigsetsize): size in %esi */
	sigemptyset(&none);
	r = (struct regs){ SIG_BLOCK, (unsigned long)&none, (unsigned long)&old,
			   8, 0x33, 0x44 };
	bad |= check("rt_sigprocmask", m, NR_rt_sigprocmask, r);
	bad |= expect_ret("rt_sigprocmask", m, 0);
	r.esi = 4;
	bad |= check("rt_sigprocmask", m, NR_rt_sigprocmask, r);
	bad |= expect_ret("rt_sigprocmask", m, -EINVAL);
	/* wait4(pid, &status, options, rusage) */
	pid = fork();
	if (pid == 0)
		_exit(7);
	r = (struct regs){ pid, (unsigned long)&status, 0, 0, 0x33, 0x44 };
	bad |= check("wait4", m, NR_wait4, r);
	bad |= expect_ret("wait4", m, pid);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 7)
		bad |= fail_value("wait4", m, "status", status, 7 << 8);
	/* waitid(idtype, id, infop, options, rusage): five arguments */
	pid = fork();
	if (pid == 0)
		_exit(5);
	memset(&si, 0, sizeof(si));
	r = (struct regs){ P_PID, pid, (unsigned long)&si, WEXITED, 0, 0x44 };
	bad |= check("waitid", m, NR_waitid, r);
	bad |= expect_ret("waitid", m, 0);
	if (si.si_pid != pid || si.si_status != 5)
		bad |= fail_value("waitid", m, "status", si.si_status, 5);
	return bad;
}

static unsigned long find_sysinfo(char **envp)
{
	unsigned long *aux;

	while (*envp)
		envp++;
	for (aux = (unsigned long *)(envp + 1); aux[0]; aux += 2)
		if (aux[0] == AT_SYSINFO)
			return aux[1];
	return 0;
}

int main(int argc, char **argv, char **envp)
{
	static char page[8192] __attribute__((aligned(4096)));
	static const char *const how[] = { "int80", "sysenter" };
	char buf[64], dir[] = "/tmp/syscall-regs.d", node[] = "/tmp/syscall-regs.n";
	char file[] = "/tmp/syscall-regs.f", mfile[] = "/tmp/syscall-regs.m";
	unsigned char vec[2];
	int fd, mfd, h, bad = 0;

	(void)argc;
	(void)argv;
	vsyscall = find_sysinfo(envp);
	fd = open(file, O_RDWR | O_CREAT | O_TRUNC, 0600);
	if (fd < 0 || write(fd, "0123456789abcdefghijklmnopqrstuvwxyz", 36) != 36) {
		printf("syscall_regs=fail cannot create %s\n", file);
		return 1;
	}
	mfd = open(mfile, O_RDWR | O_CREAT | O_TRUNC, 0600);
	if (mfd < 0 || ftruncate(mfd, 8192) || pwrite(mfd, "page1", 5, 4096) != 5) {
		printf("syscall_regs=fail cannot create %s\n", mfile);
		return 1;
	}

	for (h = 0; h < 2; h++) {
		const char *m = how[h];
		struct regs r;

		if (h == 1 && !vsyscall) {
			printf("syscall_regs_sysenter=absent\n");
			break;
		}
		/* pread64/pwrite64: the kernel advances its copy of pos */
		r = (struct regs){ fd, (unsigned long)buf, 8, 4, 0, 0x5a5a5a5a };
		bad |= check("pread64", m, NR_pread64, r);
		r = (struct regs){ fd, (unsigned long)"XY", 2, 30, 0, 0x5a5a5a5a };
		bad |= check("pwrite64", m, NR_pwrite64, r);
		/* mkdir/mknod: the kernel masks the mode with the umask */
		rmdir(dir);
		r = (struct regs){ (unsigned long)dir, 07777, 0x11, 0x22, 0x33, 0x44 };
		bad |= check("mkdir", m, NR_mkdir, r);
		unlink(node);
		r = (struct regs){ (unsigned long)node, S_IFIFO | 07777, 0, 0x22,
				   0x33, 0x44 };
		bad |= check("mknod", m, NR_mknod, r);
		/* 16-bit ids: -1 becomes (uid_t)-1 */
		r = (struct regs){ (unsigned long)file, 0xffff, 0xffff, 0x22,
				   0x33, 0x44 };
		bad |= check("lchown16", m, NR_lchown16, r);
		/* lengths the kernel rounds up to a page */
		r = (struct regs){ (unsigned long)page, 100, PROT_READ | PROT_WRITE,
				   0x22, 0x33, 0x44 };
		bad |= check("mprotect", m, NR_mprotect, r);
		r = (struct regs){ (unsigned long)page, 100, MS_ASYNC, 0x22, 0x33,
				   0x44 };
		bad |= check("msync", m, NR_msync, r);
		r = (struct regs){ (unsigned long)page, 100, (unsigned long)vec,
				   0x22, 0x33, 0x44 };
		bad |= check("mincore", m, NR_mincore, r);
		/* poll with no fds and a 1 ms timeout */
		r = (struct regs){ 0, 0, 1, 0x22, 0x33, 0x44 };
		bad |= check("poll", m, NR_poll, r);
		/* setpriority clamps out-of-range values */
		r = (struct regs){ 0, 0, 100, 0x22, 0x33, 0x44 };
		bad |= check("setpriority", m, NR_setpriority, r);
		r = (struct regs){ 0x11, 0x22, 0x33, 0x44, 0x55, 0x66 };
		bad |= check("getpid", m, NR_getpid, r);
		/*
		 * The system calls that reach the saved registers themselves:
		 * they must read the right words (sigaltstack(NULL, &old)
		 * returns 0, iopl(0) returns 0 and the process goes on) and
		 * leave the registers alone on both entry paths.
		 */
		r = (struct regs){ 0, (unsigned long)&oss, 0x22, 0x12345678,
				   0x33, 0x44 };
		bad |= check("sigaltstack", m, NR_sigaltstack, r);
		bad |= expect_ret("sigaltstack", m, 0);
		r = (struct regs){ 0, 0x11, 0x22, 0x12345678, 0x33, 0x44 };
		bad |= check("iopl", m, NR_iopl, r);
		if (last_ret == -ENOSYS)	/* newer kernels, 32-bit compat */
			printf("syscall_regs_iopl_%s=absent\n", m);
		else
			bad |= expect_ret("iopl", m, 0);
		bad |= check_args(m, fd, mfd);
	}
	bad |= check_altstack_signal();
	bad |= check_rt_signal();
	close(fd);
	close(mfd);
	unlink(file);
	unlink(mfile);
	unlink(node);
	rmdir(dir);
	printf("syscall_regs=%s\n", bad ? "fail" : "ok");
	return bad;
}
