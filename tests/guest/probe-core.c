/*
 * probe-core: is the ELF core dumper in the kernel (CONFIG_ELF_CORE,
 * tiny/elf-core.patch)?  Run by tests/guest/init with the other
 * probes; the host judges the line against
 * tests/options/probes/core.expect (tests/options/check-probes).
 *
 *   probe_elf_core=present|absent|error
 *
 * A child with RLIMIT_CORE unlimited, in /tmp, dies of SIGSEGV: with
 * the dumper it leaves /tmp/core and its status says so (WCOREDUMP);
 * without it there is neither.  Anything else is "error" (the reason
 * on probe_elf_core_reason).  The core file is removed.
 *
 * Built static for i386 with musl; runs in the guest.
 */
#include <signal.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void)
{
	struct rlimit unlimited = { RLIM_INFINITY, RLIM_INFINITY };
	struct stat st;
	int status, file;
	pid_t pid;

	if (chdir("/tmp") || setrlimit(RLIMIT_CORE, &unlimited)) {
		printf("probe_elf_core=error\nprobe_elf_core_reason=setup\n");
		return 0;
	}
	unlink("core");
	pid = fork();
	if (pid < 0) {
		printf("probe_elf_core=error\nprobe_elf_core_reason=fork\n");
		return 0;
	}
	if (pid == 0) {
		signal(SIGSEGV, SIG_DFL);
		*(volatile int *)0 = 1;
		_exit(1);
	}
	if (waitpid(pid, &status, 0) != pid || !WIFSIGNALED(status) ||
	    WTERMSIG(status) != SIGSEGV) {
		printf("probe_elf_core=error\nprobe_elf_core_reason=status %#x\n",
		       status);
		return 0;
	}
	file = stat("core", &st) == 0 && st.st_size > 0;
	unlink("core");
	if (file && WCOREDUMP(status))
		printf("probe_elf_core=present\n");
	else if (!file && !WCOREDUMP(status))
		printf("probe_elf_core=absent\n");
	else
		printf("probe_elf_core=error\nprobe_elf_core_reason=core file %d, WCOREDUMP %d\n",
		       file, !!WCOREDUMP(status));
	return 0;
}
