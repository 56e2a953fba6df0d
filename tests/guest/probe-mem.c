/*
 * probe-mem: the option probes of linux-tiny's run-time memory options
 * (issue 34), run by tests/guest/init in every boot.  Prints
 * "probe_KEY=value" lines; tests/options/probes/mem.expect says what
 * each must be on the tiny board and on the min board.
 *
 *   probe_pipe_pages      pages a pipe holds: bytes written without
 *                         blocking into an empty pipe, over 4096
 *                         (PIPE_BUFFERS_SHIFT: 1 small, 16 default)
 *   probe_pdflush         pdflush threads running
 *                         (PDFLUSH_MIN_THREADS: 1 small, 2 default)
 *   probe_khelper         khelper threads running
 *                         (USERMODE_HELPER: 0 small, 1 default)
 *   probe_readahead_kb    the read-ahead window of /dev/hda (BLKRAGET)
 *                         in kB (MAX_READAHEAD_KB: 16 small, 128
 *                         default); "nodisk" without a first IDE disk
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#define BLKRAGET 0x1263		/* <linux/fs.h>: _IO(0x12, 99) */

static void probe_pipe_pages(void)
{
	static char buf[4096];
	long total = 0;
	ssize_t n;
	int fd[2];

	if (pipe(fd) < 0) {
		printf("probe_pipe_pages=pipe_failed\n");
		return;
	}
	fcntl(fd[1], F_SETFL, O_NONBLOCK);
	while ((n = write(fd[1], buf, sizeof(buf))) > 0 && total < (1L << 24))
		total += n;
	printf("probe_pipe_pages=%ld\n", total / 4096);
	close(fd[0]);
	close(fd[1]);
}

/* how many tasks have this name in /proc/PID/stat ("PID (NAME) ...") */
static int count_tasks(const char *name)
{
	char path[300], line[256], want[64];
	struct dirent *d;
	DIR *dir;
	FILE *f;
	int n = 0;

	snprintf(want, sizeof(want), "(%s)", name);
	dir = opendir("/proc");
	if (!dir)
		return -1;
	while ((d = readdir(dir)) != NULL) {
		if (d->d_name[0] < '0' || d->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/%s/stat", d->d_name);
		f = fopen(path, "r");
		if (!f)
			continue;
		if (fgets(line, sizeof(line), f) && strstr(line, want))
			n++;
		fclose(f);
	}
	closedir(dir);
	return n;
}

static void probe_readahead(void)
{
	const char *node = "/tmp/probe-mem-hda";
	long sectors = 0;
	int fd;

	unlink(node);
	if (mknod(node, S_IFBLK | 0600, makedev(3, 0)) < 0) {
		printf("probe_readahead_kb=mknod_failed\n");
		return;
	}
	fd = open(node, O_RDONLY);
	unlink(node);
	if (fd < 0) {
		printf("probe_readahead_kb=nodisk\n");
		return;
	}
	if (ioctl(fd, BLKRAGET, &sectors) < 0)
		printf("probe_readahead_kb=ioctl_failed\n");
	else
		printf("probe_readahead_kb=%ld\n", sectors / 2);
	close(fd);
}

int main(void)
{
	probe_pipe_pages();
	printf("probe_pdflush=%d\n", count_tasks("pdflush"));
	printf("probe_khelper=%d\n", count_tasks("khelper"));
	probe_readahead();
	return 0;
}
