/*
 * probe-misc: the option probes of linux-tiny's core and console
 * options (issue 16, second half), run by tests/guest/init in every
 * boot.  Prints "probe_KEY=value" lines; tests/options/probes/misc.expect
 * says what each must be on the tiny board and on the min board.
 *
 *   probe_exec_script  ok: execve() of a "#!/bin/sh" script ran it
 *                      (BINFMT_SCRIPT=y); ENOEXEC: it was refused
 *                      (BINFMT_SCRIPT=n); another errno name otherwise
 *   probe_scrnmap      ok: GIO_SCRNMAP on /dev/tty0 read the VT's
 *                      screen map (CONSOLE_TRANSLATIONS=y); EINVAL:
 *                      no maps (CONSOLE_TRANSLATIONS=n); ENODEV or
 *                      ENXIO: no VT (VT=n)
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#define GIO_SCRNMAP 0x4B40	/* <linux/kd.h> */

static const char *errname(int e)
{
	switch (e) {
	case ENOEXEC: return "ENOEXEC";
	case ENOENT: return "ENOENT";
	case EACCES: return "EACCES";
	case EINVAL: return "EINVAL";
	case ENODEV: return "ENODEV";
	case ENXIO: return "ENXIO";
	case ENOTTY: return "ENOTTY";
	case ENOSYS: return "ENOSYS";
	case EPERM: return "EPERM";
	case ENOMEM: return "ENOMEM";
	default: return "other";
	}
}

/* exec a script that exits 42: ok if it ran, else the child's errno */
static void probe_exec_script(void)
{
	const char *path = "/tmp/probe-misc.sh";
	const char *text = "#!/bin/sh\nexit 42\n";
	char *argv[] = { "probe-misc.sh", NULL };
	char *envp[] = { NULL };
	int fd, status;
	pid_t pid;

	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0755);
	if (fd < 0 || write(fd, text, strlen(text)) != (ssize_t)strlen(text)) {
		printf("probe_exec_script=cannot-write\n");
		return;
	}
	close(fd);
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		execve(path, argv, envp);
		_exit(errno & 0x7f);	/* errno values fit, and are not 42 */
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		printf("probe_exec_script=fork-failed\n");
	else if (WEXITSTATUS(status) == 42)
		printf("probe_exec_script=ok\n");
	else
		printf("probe_exec_script=%s\n", errname(WEXITSTATUS(status)));
	unlink(path);
}

static void probe_scrnmap(void)
{
	const char *path = "/tmp/probe-tty0";
	unsigned char map[256];
	int fd;

	unlink(path);
	if (mknod(path, S_IFCHR | 0600, makedev(4, 0)) < 0) {
		printf("probe_scrnmap=mknod-%s\n", errname(errno));
		return;
	}
	fd = open(path, O_RDWR | O_NOCTTY);
	if (fd < 0) {
		printf("probe_scrnmap=%s\n", errname(errno));
	} else {
		if (ioctl(fd, GIO_SCRNMAP, map) == 0)
			printf("probe_scrnmap=ok\n");
		else
			printf("probe_scrnmap=%s\n", errname(errno));
		close(fd);
	}
	unlink(path);
}

int main(void)
{
	probe_exec_script();
	probe_scrnmap();
	return 0;
}
