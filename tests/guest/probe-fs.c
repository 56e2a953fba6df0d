/*
 * probe-fs: ask the kernel about direct I/O and the old ways to load a
 * program or a library.
 *
 * Each check prints one line "probe_KEY=VALUE": "ok" when the call
 * works, otherwise the name of the errno it failed with.  The guest
 * does not judge: tests/options/check-probes compares the lines with
 * tests/options/probes/fs.expect.
 *
 *   directio_open   open("/dev/hda", O_RDONLY | O_DIRECT) and a read of
 *                   its first 512 bytes into an aligned buffer
 *   directio_setfl  fcntl(F_SETFL, O_DIRECT) on /dev/hda   (DIRECTIO)
 *   uselib          uselib("/nonexistent"): ENOENT when the call is
 *                   there                                  (USELIB)
 *   elf_aout        execve() of an ELF program whose interpreter is an
 *                   a.out (OMAGIC) file: "ok" when the interpreter ran
 *                   (its code is exit(42)), else the errno of execve()
 *                                                          (BINFMT_ELF_AOUT)
 *
 * The two files of elf_aout are written to /tmp and removed after.
 * Built static for i386 with musl (scripts/build-guest-progs); runs in
 * the guest, after /tmp is mounted and the disk check (which leaves
 * /dev/hda unmounted).  Exit status 0.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define NR_uselib	86

#define PROG		"/tmp/probe-elf-aout"
#define INTERP		"/tmp/probe-aout-interp"

static const char *errname(int e)
{
	static char buf[24];

	switch (e) {
	case ENOSYS:	return "ENOSYS";
	case EINVAL:	return "EINVAL";
	case ENOENT:	return "ENOENT";
	case ENOEXEC:	return "ENOEXEC";
	case ELIBBAD:	return "ELIBBAD";
	case EACCES:	return "EACCES";
	case EFAULT:	return "EFAULT";
	case EIO:	return "EIO";
	}
	snprintf(buf, sizeof(buf), "errno_%d", e);
	return buf;
}

/* print KEY=ok for a result >= 0, KEY=ERRNAME for -1 */
static void report(const char *key, long ret)
{
	printf("probe_%s=%s\n", key, ret < 0 ? errname(errno) : "ok");
}

static void probe_directio(void)
{
	static char buf[4096] __attribute__((aligned(4096)));
	int fd = open("/dev/hda", O_RDONLY | O_DIRECT);
	long ret;

	if (fd < 0) {
		report("directio_open", -1);
	} else {
		ret = read(fd, buf, 512);
		if (ret >= 0 && ret != 512) {
			ret = -1;
			errno = EIO;
		}
		report("directio_open", ret);
		close(fd);
	}

	fd = open("/dev/hda", O_RDONLY);
	if (fd < 0) {
		printf("probe_directio_setfl=open_%s\n", errname(errno));
		return;
	}
	report("directio_setfl", fcntl(fd, F_SETFL, O_DIRECT));
	close(fd);
}

static void probe_uselib(void)
{
	report("uselib", syscall(NR_uselib, "/nonexistent"));
}

/* write N bytes of P to a new file PATH with mode 0755; 0 or -1 */
static int put_file(const char *path, const void *p, size_t n)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0755);

	if (fd < 0)
		return -1;
	if (write(fd, p, n) != (ssize_t)n) {
		close(fd);
		return -1;
	}
	return close(fd);
}

/*
 * The a.out interpreter: an OMAGIC header (the kernel reads the text
 * from file offset 32 to address 0 and starts there) and the i386 code
 * of exit(42), padded to the 128 bytes that exec() reads of an
 * interpreter's header (EIO if the file is shorter).
 */
static int write_interp(void)
{
	static const unsigned char code[] = {
		0xb8, 0x01, 0x00, 0x00, 0x00,	/* mov $1, %eax (exit) */
		0xbb, 0x2a, 0x00, 0x00, 0x00,	/* mov $42, %ebx */
		0xcd, 0x80,			/* int $0x80 */
	};
	uint32_t f[32];

	memset(f, 0, sizeof(f));
	f[0] = 0407 | (100 << 16);	/* a_info: OMAGIC, M_386 */
	f[1] = sizeof(code);		/* a_text */
	/* a_data, a_bss, a_syms, a_entry (0), a_trsize, a_drsize: 0 */
	memcpy(&f[8], code, sizeof(code));
	return put_file(INTERP, f, sizeof(f));
}

/*
 * The ELF program: a header, a PT_INTERP naming INTERP and a PT_LOAD
 * of the file itself; it has no code of its own.
 */
static int write_prog(void)
{
	unsigned char b[256];
	uint32_t *ph;
	size_t n = 52 + 2 * 32;
	const char *interp = INTERP;

	memset(b, 0, sizeof(b));
	memcpy(b, "\177ELF\1\1\1", 7);	/* 32-bit, little endian, v1 */
	*(uint16_t *)(b + 16) = 2;	/* e_type ET_EXEC */
	*(uint16_t *)(b + 18) = 3;	/* e_machine EM_386 */
	*(uint32_t *)(b + 20) = 1;	/* e_version */
	*(uint32_t *)(b + 24) = 0x08048000;	/* e_entry */
	*(uint32_t *)(b + 28) = 52;	/* e_phoff */
	*(uint16_t *)(b + 40) = 52;	/* e_ehsize */
	*(uint16_t *)(b + 42) = 32;	/* e_phentsize */
	*(uint16_t *)(b + 44) = 2;	/* e_phnum */
	ph = (uint32_t *)(b + 52);	/* PT_INTERP */
	ph[0] = 3;
	ph[1] = n;
	ph[4] = strlen(interp) + 1;
	ph[5] = ph[4];
	ph[6] = 4;
	ph[7] = 1;
	memcpy(b + n, interp, ph[4]);
	n += ph[4];
	ph += 8;			/* PT_LOAD of the whole file */
	ph[0] = 1;
	ph[2] = 0x08048000;
	ph[3] = 0x08048000;
	ph[4] = n;
	ph[5] = n;
	ph[6] = 5;			/* R, X */
	ph[7] = 0x1000;
	return put_file(PROG, b, n);
}

static void probe_elf_aout(void)
{
	int status, pipefd[2], err = 0;
	pid_t pid;

	if (write_interp() || write_prog() || pipe(pipefd)) {
		printf("probe_elf_aout=setup_%s\n", errname(errno));
		goto out;
	}
	pid = fork();
	if (pid == 0) {
		char *argv[] = { PROG, NULL }, *envp[] = { NULL };

		close(pipefd[0]);
		execve(PROG, argv, envp);
		err = errno;
		write(pipefd[1], &err, sizeof(err));
		_exit(1);
	}
	close(pipefd[1]);
	if (pid < 0 || read(pipefd[0], &err, sizeof(err)) != sizeof(err))
		err = 0;
	close(pipefd[0]);
	if (pid < 0)
		printf("probe_elf_aout=fork_%s\n", errname(errno));
	else if (waitpid(pid, &status, 0) != pid)
		printf("probe_elf_aout=wait_%s\n", errname(errno));
	else if (err)
		printf("probe_elf_aout=%s\n", errname(err));
	else if (WIFEXITED(status) && WEXITSTATUS(status) == 42)
		printf("probe_elf_aout=ok\n");
	else if (WIFSIGNALED(status))
		printf("probe_elf_aout=signal_%d\n", WTERMSIG(status));
	else
		printf("probe_elf_aout=exit_%d\n", WEXITSTATUS(status));
out:
	unlink(PROG);
	unlink(INTERP);
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	probe_directio();
	probe_uselib();
	probe_elf_aout();
	return 0;
}
