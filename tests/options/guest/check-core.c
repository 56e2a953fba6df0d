/*
 * check-core: check that a file is the ELF core of a crashed i386 process.
 *
 * Usage: check-core CORE SIGNAL
 *
 * Checks, and prints one "core_<key>=value" line for each:
 *   core_ident     ELF magic, 32-bit, little-endian       ok | bad
 *   core_type      e_type (4 is ET_CORE)                   number
 *   core_machine   e_machine (3 is EM_386)                 number
 *   core_prstatus  the PT_NOTE segment holds an NT_PRSTATUS note whose
 *                  pr_cursig is SIGNAL                     ok | missing | sig N
 *   core_marker    a PT_LOAD segment holds the marker that segv writes
 *                  ("TINY-CORE-MARKER-00000000")           ok | missing
 * and last "core_check=ok" or "core_check=fail".  Exit status 0 only if
 * every check passed; 2 if the file cannot be read.
 *
 * Built static for i386 with musl; runs in the guest.
 */
#include <elf.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* struct elf_prstatus on i386: pr_info (12 bytes), then short pr_cursig */
#define PRSTATUS_CURSIG	12

static unsigned char *data;
static size_t size;

static void read_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	size_t cap = 0, n;

	if (!f) {
		fprintf(stderr, "check-core: %s: %s\n", path, strerror(errno));
		exit(2);
	}
	for (;;) {
		if (size == cap) {
			cap = cap ? 2 * cap : 65536;
			data = realloc(data, cap);
			if (!data) {
				fprintf(stderr, "check-core: out of memory\n");
				exit(2);
			}
		}
		n = fread(data + size, 1, cap - size, f);
		if (!n)
			break;
		size += n;
	}
	if (ferror(f)) {
		fprintf(stderr, "check-core: %s: read error\n", path);
		exit(2);
	}
	fclose(f);
}

/* Is [off, off + len) inside the file? */
static int inside(unsigned long off, unsigned long len)
{
	return off <= size && len <= size - off;
}

static const char *find_prstatus(const Elf32_Phdr *ph, int sig)
{
	unsigned long off = ph->p_offset, end = ph->p_offset + ph->p_filesz;
	static char msg[32];
	Elf32_Nhdr nh;
	short cursig;

	if (!inside(ph->p_offset, ph->p_filesz))
		return "missing";
	while (off + sizeof(nh) <= end) {
		memcpy(&nh, data + off, sizeof(nh));
		off += sizeof(nh);
		off += (nh.n_namesz + 3) & ~3UL;
		if (off > end)
			break;
		if (nh.n_type == NT_PRSTATUS &&
		    nh.n_descsz >= PRSTATUS_CURSIG + sizeof(cursig) &&
		    off + nh.n_descsz <= end) {
			memcpy(&cursig, data + off + PRSTATUS_CURSIG,
			       sizeof(cursig));
			if (cursig == sig)
				return "ok";
			snprintf(msg, sizeof(msg), "sig %d", cursig);
			return msg;
		}
		off += (nh.n_descsz + 3) & ~3UL;
	}
	return "missing";
}

static int has_marker(const Elf32_Phdr *ph)
{
	static const char marker[] = "TINY-CORE-MARKER-00000000";
	const unsigned char *p;
	size_t left;

	if (!inside(ph->p_offset, ph->p_filesz))
		return 0;
	p = data + ph->p_offset;
	left = ph->p_filesz;
	while (left >= sizeof(marker) - 1) {
		const unsigned char *q = memchr(p, 'T', left);

		if (!q || (size_t)(q - p) > left - (sizeof(marker) - 1))
			return 0;
		if (!memcmp(q, marker, sizeof(marker) - 1))
			return 1;
		left -= q + 1 - p;
		p = q + 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	const Elf32_Ehdr *eh;
	const char *prstatus = "missing";
	int sig, ok = 1, marker = 0, i;

	if (argc != 3) {
		fprintf(stderr, "usage: check-core CORE SIGNAL\n");
		return 2;
	}
	sig = atoi(argv[2]);
	read_file(argv[1]);
	eh = (const Elf32_Ehdr *)data;
	if (size < sizeof(*eh) || memcmp(eh->e_ident, ELFMAG, SELFMAG) ||
	    eh->e_ident[EI_CLASS] != ELFCLASS32 ||
	    eh->e_ident[EI_DATA] != ELFDATA2LSB) {
		printf("core_ident=bad\ncore_check=fail\n");
		return 1;
	}
	printf("core_ident=ok\n");
	printf("core_type=%u\n", eh->e_type);
	printf("core_machine=%u\n", eh->e_machine);
	ok = eh->e_type == ET_CORE && eh->e_machine == EM_386;
	if (eh->e_phentsize != sizeof(Elf32_Phdr) ||
	    !inside(eh->e_phoff, (unsigned long)eh->e_phnum * sizeof(Elf32_Phdr)))
		eh = NULL;	/* no usable program headers */
	for (i = 0; eh && i < eh->e_phnum; i++) {
		Elf32_Phdr ph;

		memcpy(&ph, data + eh->e_phoff + i * sizeof(ph), sizeof(ph));
		if (ph.p_type == PT_NOTE && strcmp(prstatus, "ok"))
			prstatus = find_prstatus(&ph, sig);
		if (ph.p_type == PT_LOAD && !marker)
			marker = has_marker(&ph);
	}
	printf("core_prstatus=%s\n", prstatus);
	printf("core_marker=%s\n", marker ? "ok" : "missing");
	ok = ok && !strcmp(prstatus, "ok") && marker;
	printf("core_check=%s\n", ok ? "ok" : "fail");
	return ok ? 0 : 1;
}
