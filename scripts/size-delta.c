/*
 * size-delta: compare the text, data and bss sizes of two ELF files.
 *
 * Usage: size-delta OLD NEW
 *        size-delta --symbols OLD NEW
 *
 * Default output (one header line, then four rows):
 *
 *	vmlinux.via  =>  vmlinux.tinylinux
 *	 text:  2695282  2050286  -644996 -23%
 *	 data:   440124   229107  -211017 -47%
 *	  bss:   178912   129976   -48936 -27%
 *	total:  3314318  2409369  -904949 -27%
 *
 * The first line is OLD and NEW as given on the command line.  Each row
 * is printf("%5s: %8llu %8llu %8s %s\n", label, old, new, delta, pct):
 * delta always carries a sign ("+0" when unchanged) and pct is
 * delta * 100 / old truncated toward zero, with a sign and a "%" ("+0%"
 * when unchanged).  When old is 0, pct is "+0%" if new is 0 too and
 * "n/a" otherwise.  Numbers wider than the columns widen them; split
 * rows on white space.
 *
 * text, data and bss are summed as GNU size (Berkeley format) does:
 * only sections with SHF_ALLOC count; a section that is executable or
 * not writable is text (so .rodata, .note.* and read-only tables such as
 * __ex_table are text); otherwise it is data if it has contents in the
 * file and bss if it is SHT_NOBITS (.bss, .tbss, .bss.page_aligned).
 *
 * --symbols prints per-symbol growth in the layout of the kernel's
 * bloat-o-meter:
 *
 *	add/remove: A/R grow/shrink: G/S up/down: UP/-DOWN (UP-DOWN)
 *	function                                     old     new   delta
 *	NAME                                        OLD     NEW  +DELTA
 *	...
 *	Total: Before=OLDSUM, After=NEWSUM, chg +P.PP%
 *
 * Rows are printf("%-40s %7s %7s %+7lld\n"), old or new is "-" when the
 * symbol is missing from that file, unchanged symbols are not listed,
 * and rows are sorted by delta (largest growth first), then by name.
 * "down" is printed as a negative number, or 0.  P.PP is the change of
 * the sum of all counted symbol sizes, "+0.00" when OLDSUM is 0.
 *
 * Symbols come from .symtab, or from .dynsym when there is no .symtab:
 * defined symbols of type FUNC, OBJECT, TLS, IFUNC or NOTYPE with a
 * nonzero size in an allocated section, any binding (weak ones too).
 * Numeric components that gcc appends to names (count.1234,
 * foo.constprop.0) are dropped, and symbols that then share a name --
 * static functions of the same name in different files, for example --
 * are merged into one row holding the sum of their sizes, as
 * bloat-o-meter does.  A name thus stays stable from build to build.
 *
 * Both ELFCLASS32 and ELFCLASS64 files of either byte order are read;
 * OLD and NEW must be of the same class.  Errors are one line on stderr,
 * "size-delta: message", and exit status 2.
 */
#define _POSIX_C_SOURCE 200809L
#include <elf.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PROG "size-delta"
#include "tool.h"

struct section {
	uint32_t type;
	uint32_t link;
	uint64_t flags;
	uint64_t offset;
	uint64_t size;
	uint64_t entsize;
};

struct elf {
	const char *name;
	unsigned char *buf;
	size_t len;
	int is64;
	int msb;
	size_t shnum;
	struct section *sec;
};

struct sym {
	char *name;
	uint64_t size;
};

struct symlist {
	struct sym *v;
	size_t n;
	size_t cap;
};

static void read_file(struct elf *e)
{
	FILE *f = fopen(e->name, "rb");
	size_t cap = 0, n;

	if (!f)
		die("%s: %s", e->name, strerror(errno));
	e->buf = NULL;
	e->len = 0;
	for (;;) {
		if (e->len == cap) {
			if (cap > SIZE_MAX / 2)
				die("%s: file too large", e->name);
			cap = cap ? cap * 2 : 1 << 16;
			e->buf = xrealloc(e->buf, cap);
		}
		n = fread(e->buf + e->len, 1, cap - e->len, f);
		e->len += n;
		if (n == 0)
			break;
	}
	if (ferror(f))
		die("%s: read error: %s", e->name, strerror(errno));
	fclose(f);
}

/* Read an n-byte integer at off in the file's byte order; in bounds. */
static uint64_t rd(const struct elf *e, uint64_t off, size_t n)
{
	uint64_t v = 0;
	size_t i;

	for (i = 0; i < n; i++)
		v = v << 8 | e->buf[off + (e->msb ? i : n - 1 - i)];
	return v;
}

#define FSIZE(T, f)	sizeof(((T *)0)->f)
#define FIELD(e, base, T, f)						\
	rd(e, (base) + ((e)->is64 ? offsetof(Elf64_##T, f)		\
				  : offsetof(Elf32_##T, f)),		\
	   (e)->is64 ? FSIZE(Elf64_##T, f) : FSIZE(Elf32_##T, f))
#define SIZEOF(e, T)	((e)->is64 ? sizeof(Elf64_##T) : sizeof(Elf32_##T))

/* Does [off, off + size) lie inside the file? */
static int in_file(const struct elf *e, uint64_t off, uint64_t size)
{
	return off <= e->len && size <= e->len - off;
}

static void check_ident(struct elf *e)
{
	const unsigned char *id = e->buf;

	if (e->len < SELFMAG || memcmp(id, ELFMAG, SELFMAG))
		die("%s: not an ELF file", e->name);
	if (e->len < EI_NIDENT)
		die("%s: truncated ELF header", e->name);
	if (id[EI_CLASS] == ELFCLASS32)
		e->is64 = 0;
	else if (id[EI_CLASS] == ELFCLASS64)
		e->is64 = 1;
	else
		die("%s: invalid ELF class %u", e->name, id[EI_CLASS]);
	if (id[EI_DATA] == ELFDATA2LSB)
		e->msb = 0;
	else if (id[EI_DATA] == ELFDATA2MSB)
		e->msb = 1;
	else
		die("%s: invalid ELF data encoding %u", e->name, id[EI_DATA]);
	if (e->len < SIZEOF(e, Ehdr))
		die("%s: truncated ELF header", e->name);
}

static void read_section(struct elf *e, size_t i, uint64_t off)
{
	struct section *s = &e->sec[i];

	s->type = FIELD(e, off, Shdr, sh_type);
	s->link = FIELD(e, off, Shdr, sh_link);
	s->flags = FIELD(e, off, Shdr, sh_flags);
	s->offset = FIELD(e, off, Shdr, sh_offset);
	s->size = FIELD(e, off, Shdr, sh_size);
	s->entsize = FIELD(e, off, Shdr, sh_entsize);
	if (i && s->type != SHT_NULL && s->type != SHT_NOBITS &&
	    !in_file(e, s->offset, s->size))
		die("%s: section %zu extends past end of file (truncated?)",
		    e->name, i);
}

static void load_elf(struct elf *e)
{
	uint64_t shoff, shnum, entsize, i;

	read_file(e);
	check_ident(e);
	shoff = FIELD(e, 0, Ehdr, e_shoff);
	shnum = FIELD(e, 0, Ehdr, e_shnum);
	entsize = FIELD(e, 0, Ehdr, e_shentsize);
	e->shnum = 0;
	e->sec = NULL;
	if (!shoff) {
		if (shnum)
			die("%s: section header table at offset 0", e->name);
		return;
	}
	if (entsize < SIZEOF(e, Shdr))
		die("%s: bad section header size %" PRIu64, e->name, entsize);
	if (!in_file(e, shoff, entsize))
		die("%s: section header table out of range (truncated?)",
		    e->name);
	if (!shnum)	/* more than SHN_LORESERVE sections */
		shnum = FIELD(e, shoff, Shdr, sh_size);
	if (shnum > (e->len - shoff) / entsize)
		die("%s: section header table out of range (truncated?)",
		    e->name);
	e->shnum = shnum;
	e->sec = xrealloc(NULL, shnum * sizeof(*e->sec));
	for (i = 0; i < shnum; i++)
		read_section(e, i, shoff + i * entsize);
}

static void berkeley_sizes(const struct elf *e, uint64_t sz[3])
{
	const struct section *s;
	size_t i;

	sz[0] = sz[1] = sz[2] = 0;
	for (i = 1; i < e->shnum; i++) {
		s = &e->sec[i];
		if (s->type == SHT_NULL || !(s->flags & SHF_ALLOC))
			continue;
		if ((s->flags & SHF_EXECINSTR) || !(s->flags & SHF_WRITE))
			sz[0] += s->size;
		else if (s->type != SHT_NOBITS)
			sz[1] += s->size;
		else
			sz[2] += s->size;
	}
}

/* "+N%" or "-N%": mag * 100 / old truncated, without overflowing. */
static void percent(char *buf, size_t n, char sign, uint64_t mag,
		    uint64_t old)
{
	uint64_t q = mag / old, r = mag % old, frac;

	if (q > (UINT64_MAX - 99) / 100) {
		snprintf(buf, n, "%c%.0Lf%%", sign,
			 (long double)mag * 100 / old);
		return;
	}
	if (r <= UINT64_MAX / 100)
		frac = r * 100 / old;
	else
		frac = (uint64_t)((long double)r * 100 / old);
	snprintf(buf, n, "%c%" PRIu64 "%%", sign, q * 100 + frac);
}

static void print_row(const char *label, uint64_t old, uint64_t new)
{
	char delta[32], pct[64];
	char sign = new >= old ? '+' : '-';
	uint64_t mag = new >= old ? new - old : old - new;

	snprintf(delta, sizeof(delta), "%c%" PRIu64, sign, mag);
	if (!old)
		snprintf(pct, sizeof(pct), "%s", new ? "n/a" : "+0%");
	else
		percent(pct, sizeof(pct), sign, mag, old);
	printf("%5s: %8" PRIu64 " %8" PRIu64 " %8s %s\n",
	       label, old, new, delta, pct);
}

static void print_sizes(const struct elf *old, const struct elf *new)
{
	static const char *const label[3] = { "text", "data", "bss" };
	uint64_t o[3], n[3];
	int i;

	berkeley_sizes(old, o);
	berkeley_sizes(new, n);
	printf("%s  =>  %s\n", old->name, new->name);
	for (i = 0; i < 3; i++)
		print_row(label[i], o[i], n[i]);
	print_row("total", o[0] + o[1] + o[2], n[0] + n[1] + n[2]);
}

/* --symbols */

static size_t find_symtab(const struct elf *e)
{
	size_t i;

	for (i = 1; i < e->shnum; i++)
		if (e->sec[i].type == SHT_SYMTAB)
			return i;
	for (i = 1; i < e->shnum; i++)
		if (e->sec[i].type == SHT_DYNSYM)
			return i;
	die("%s: no symbol table", e->name);
	return 0;
}

static size_t find_shndx(const struct elf *e, size_t symtab)
{
	size_t i;

	for (i = 1; i < e->shnum; i++)
		if (e->sec[i].type == SHT_SYMTAB_SHNDX &&
		    e->sec[i].link == symtab)
			return i;
	return 0;
}

/* Copy name, dropping components made only of digits ("x.123"). */
static char *clean_name(const char *name)
{
	char *out = xrealloc(NULL, strlen(name) + 1);
	const char *p = name, *q;
	char *o = out;

	while (*p) {
		if (*p == '.' && p[1] >= '0' && p[1] <= '9') {
			for (q = p + 1; *q >= '0' && *q <= '9'; q++)
				;
			if (*q == '\0' || *q == '.') {
				p = q;
				continue;
			}
		}
		*o++ = *p++;
	}
	*o = '\0';
	return out;
}

static void add_sym(struct symlist *l, const char *name, uint64_t size)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 1024;
		l->v = xrealloc(l->v, l->cap * sizeof(*l->v));
	}
	l->v[l->n].name = clean_name(name);
	l->v[l->n].size = size;
	l->n++;
}

static int wanted_type(unsigned type)
{
	return type == STT_NOTYPE || type == STT_OBJECT ||
	       type == STT_FUNC || type == STT_TLS || type == STT_GNU_IFUNC;
}

/* Section index of the symbol at off, or 0 if it is not in a section. */
static size_t sym_section(const struct elf *e, uint64_t off, size_t i,
			  size_t shndx_sec)
{
	uint64_t shndx = FIELD(e, off, Sym, st_shndx);
	const struct section *x;

	if (shndx == SHN_XINDEX) {
		if (!shndx_sec)
			return 0;
		x = &e->sec[shndx_sec];
		if (i >= x->size / 4)
			return 0;
		shndx = rd(e, x->offset + i * 4, 4);
	} else if (shndx >= SHN_LORESERVE) {
		return 0;	/* absolute, common */
	}
	return shndx < e->shnum ? shndx : 0;
}

static const char *sym_name(const struct elf *e, const struct section *str,
			    uint64_t off)
{
	uint64_t n = FIELD(e, off, Sym, st_name);
	const char *p;

	if (n >= str->size)
		die("%s: symbol name out of range", e->name);
	p = (const char *)e->buf + str->offset + n;
	if (!memchr(p, '\0', str->size - n))
		die("%s: unterminated symbol name", e->name);
	return p;
}

static void read_symbols(const struct elf *e, struct symlist *l)
{
	size_t symtab = find_symtab(e), shndx_sec = find_shndx(e, symtab);
	const struct section *s = &e->sec[symtab], *str;
	uint64_t symsz = SIZEOF(e, Sym), off, size, i;
	const char *name;
	size_t sec;

	if (s->entsize && s->entsize != symsz)
		die("%s: bad symbol table entry size %" PRIu64,
		    e->name, s->entsize);
	if (s->link == 0 || s->link >= e->shnum ||
	    e->sec[s->link].type != SHT_STRTAB)
		die("%s: symbol table has no string table", e->name);
	str = &e->sec[s->link];
	for (i = 1; i < s->size / symsz; i++) {
		off = s->offset + i * symsz;
		size = FIELD(e, off, Sym, st_size);
		if (!size || !wanted_type(FIELD(e, off, Sym, st_info) & 0xf))
			continue;
		sec = sym_section(e, off, i, shndx_sec);
		if (!sec || !(e->sec[sec].flags & SHF_ALLOC))
			continue;
		name = sym_name(e, str, off);
		if (*name)
			add_sym(l, name, size);
	}
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp(((const struct sym *)a)->name,
		      ((const struct sym *)b)->name);
}

/* Sort by name and merge entries of the same name. */
static void merge_syms(struct symlist *l)
{
	size_t i, n = 0;

	if (!l->n)
		return;
	qsort(l->v, l->n, sizeof(*l->v), cmp_name);
	for (i = 1; i < l->n; i++) {
		if (!strcmp(l->v[i].name, l->v[n].name)) {
			l->v[n].size += l->v[i].size;
			free(l->v[i].name);
		} else {
			l->v[++n] = l->v[i];
		}
	}
	l->n = n + 1;
}

struct change {
	const char *name;
	const struct sym *old;
	const struct sym *new;
	int64_t delta;
};

static int cmp_change(const void *a, const void *b)
{
	const struct change *x = a, *y = b;

	if (x->delta != y->delta)
		return x->delta > y->delta ? -1 : 1;
	return strcmp(x->name, y->name);
}

struct tally {
	unsigned long add, remove, grow, shrink;
	uint64_t up, down, otot, ntot;
};

static void count_change(struct tally *t, const struct change *c)
{
	if (c->old)
		t->otot += c->old->size;
	if (c->new)
		t->ntot += c->new->size;
	if (!c->old)
		t->add++;
	else if (!c->new)
		t->remove++;
	else if (c->delta > 0)
		t->grow++;
	else if (c->delta < 0)
		t->shrink++;
	if (c->delta > 0)
		t->up += (uint64_t)c->delta;
	else
		t->down += -(uint64_t)c->delta;
}

/* Merge-join the two sorted lists into changes, counting as we go. */
static size_t diff_syms(const struct symlist *o, const struct symlist *n,
			struct change *c, struct tally *t)
{
	size_t i = 0, j = 0, k = 0;
	int r;

	memset(t, 0, sizeof(*t));
	while (i < o->n || j < n->n) {
		if (i == o->n)
			r = 1;
		else if (j == n->n)
			r = -1;
		else
			r = strcmp(o->v[i].name, n->v[j].name);
		c[k].old = r <= 0 ? &o->v[i++] : NULL;
		c[k].new = r >= 0 ? &n->v[j++] : NULL;
		c[k].name = c[k].old ? c[k].old->name : c[k].new->name;
		c[k].delta = (int64_t)((c[k].new ? c[k].new->size : 0) -
				       (c[k].old ? c[k].old->size : 0));
		count_change(t, &c[k]);
		if (c[k].delta)
			k++;
	}
	return k;
}

static void print_size(char *buf, size_t n, const struct sym *s)
{
	if (s)
		snprintf(buf, n, "%" PRIu64, s->size);
	else
		snprintf(buf, n, "-");
}

static void free_syms(struct symlist *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		free(l->v[i].name);
	free(l->v);
}

static void print_symbols(const struct elf *old, const struct elf *new)
{
	struct symlist o = { NULL, 0, 0 }, n = { NULL, 0, 0 };
	struct change *c;
	struct tally t;
	char os[32], ns[32], down[32];
	size_t i, k;

	read_symbols(old, &o);
	read_symbols(new, &n);
	merge_syms(&o);
	merge_syms(&n);
	c = xrealloc(NULL, (o.n + n.n) * sizeof(*c));
	k = diff_syms(&o, &n, c, &t);
	qsort(c, k, sizeof(*c), cmp_change);

	if (t.down)
		snprintf(down, sizeof(down), "-%" PRIu64, t.down);
	else
		snprintf(down, sizeof(down), "0");
	printf("add/remove: %lu/%lu grow/shrink: %lu/%lu up/down: %" PRIu64
	       "/%s (%" PRId64 ")\n", t.add, t.remove, t.grow, t.shrink,
	       t.up, down, (int64_t)(t.up - t.down));
	printf("%-40s %7s %7s %7s\n", "function", "old", "new", "delta");
	for (i = 0; i < k; i++) {
		print_size(os, sizeof(os), c[i].old);
		print_size(ns, sizeof(ns), c[i].new);
		printf("%-40s %7s %7s %+7" PRId64 "\n",
		       c[i].name, os, ns, c[i].delta);
	}
	printf("Total: Before=%" PRIu64 ", After=%" PRIu64 ", chg %+.2f%%\n",
	       t.otot, t.ntot, t.otot ?
	       ((double)t.ntot - (double)t.otot) * 100.0 / (double)t.otot :
	       0.0);
	free(c);
	free_syms(&o);
	free_syms(&n);
}

static void usage_error(const char *msg)
{
	die("%s (usage: " PROG " [--symbols] OLD NEW)", msg);
}

int main(int argc, char **argv)
{
	struct elf old, new;
	const char *file[2];
	int i, nfiles = 0, symbols = 0, opts = 1;

	for (i = 1; i < argc; i++) {
		if (opts && !strcmp(argv[i], "--")) {
			opts = 0;
		} else if (opts && !strcmp(argv[i], "--symbols")) {
			symbols = 1;
		} else if (opts && (!strcmp(argv[i], "-h") ||
				    !strcmp(argv[i], "--help"))) {
			printf("usage: " PROG " [--symbols] OLD NEW\n");
			return 0;
		} else if (opts && argv[i][0] == '-' && argv[i][1]) {
			fprintf(stderr, PROG ": unknown option '%s' (usage: "
				PROG " [--symbols] OLD NEW)\n", argv[i]);
			return 2;
		} else if (nfiles < 2) {
			file[nfiles++] = argv[i];
		} else {
			usage_error("too many arguments");
		}
	}
	if (nfiles != 2)
		usage_error("need two files");

	old.name = file[0];
	new.name = file[1];
	load_elf(&old);
	load_elf(&new);
	if (old.is64 != new.is64)
		die("%s is ELFCLASS%d but %s is ELFCLASS%d: cannot compare",
		    old.name, old.is64 ? 64 : 32, new.name, new.is64 ? 64 : 32);

	if (symbols)
		print_symbols(&old, &new);
	else
		print_sizes(&old, &new);
	free(old.buf);
	free(old.sec);
	free(new.buf);
	free(new.sec);
	if (fflush(stdout) || ferror(stdout))
		die("write error: %s", strerror(errno));
	return 0;
}
