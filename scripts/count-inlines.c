/*
 * count-inlines: count inline function instantiations in a build log.
 *
 * Usage: count-inlines [-n N] [-s PREFIX] [FILE|-]
 *
 * With CONFIG_MEASURE_INLINES every inline function is marked
 * deprecated, so each use of one makes the compiler warn:
 *
 *	kernel/sched.c:123:9: warning: 'list_add' is deprecated [-Wdeprecated-declarations]
 *	include/linux/list.h:58:20: note: declared here
 *
 * (gcc 4.5 and later; quotes are ' ' or, in a UTF-8 locale, U+2018 and
 * U+2019), or, from gcc 3.x/4.x, on one line:
 *
 *	kernel/sched.c:123: warning: `list_add' is deprecated (declared at include/linux/list.h:58)
 *
 * clang's note reads "note: 'list_add' has been explicitly marked
 * deprecated here".  Source and caret lines, "In function" and "In file
 * included from" lines and everything else are ignored, and so are
 * ANSI colour codes.  Messages must be in English (LANG=C or C.UTF-8).
 *
 * Counting rule: one instantiation is one line holding
 * ": warning: " or ": error: " (for -Werror) followed by a quoted
 * function name and " is deprecated".  The counts can thus be checked
 * with grep on a log without colour codes:
 *
 *	LC_ALL=C grep -cE ": (warning|error): (['\`]|‘)list_add('|’) is deprecated" LOG
 *
 * The header of a function is taken from the "(declared at FILE:LINE)"
 * part of an old-style warning, from clang's note, or from the first
 * "FILE:LINE:COL: note: declared here" line after the warning, before
 * any other warning or error.  In a log of a parallel build where the
 * lines of two compilers interleave, a note may now and then land on
 * the wrong warning; the header printed is the one seen most often for
 * that function, so a stray note does not change it.  Counts are never
 * affected.
 *
 * Output, most instantiated first, ties by name in byte order:
 *
 *	   count  function                        header
 *	     812  list_add                        include/linux/list.h
 *	       3  foo                             ?
 *	total: 815 instantiations of 2 functions
 *
 * Rows are printf("%8lu  %-30s  %s\n", count, function, header).  The
 * header is "?" when no note named it; when functions of the same name
 * were declared in several files (static inlines in .c files, say),
 * their counts are added up and the header is followed by " (+N more)",
 * N being the number of other files.  -n N prints the first N rows only
 * (default 0: all); the total line always covers the whole log.
 * -s PREFIX drops PREFIX from the start of every header path that
 * begins with it: a kernel built with O= names its headers by absolute
 * path (/src/linux/include/linux/list.h), and with "-s /src/linux/"
 * the table reads include/linux/list.h, the same for any tree.  (Such
 * a build also names the architecture's headers include2/asm/..., its
 * link to include/asm-ARCH.)  A log
 * without deprecation warnings gives the column header and
 * "total: 0 instantiations of 0 functions", and exit status 0.
 *
 * Errors (a missing or unreadable file, a directory, input with NUL
 * bytes, which is no build log) are one line on stderr,
 * "count-inlines: FILE: message", and exit status 2.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#define PROG "count-inlines"
#include "tool.h"
#define USAGE PROG " [-n N] [-s PREFIX] [FILE|-]"

struct header {
	char *path;
	unsigned long n;
};

struct func {
	char *name;
	unsigned long count;
	struct header *hdr;
	size_t nhdr;
};

static struct func *funcs;
static size_t nfuncs, capfuncs;
static size_t *slots;		/* hash table of index + 1, 0 = empty */
static size_t nslots;
static const char *strip;	/* -s PREFIX */

#define NONE SIZE_MAX
static size_t pending = NONE;	/* warning waiting for its note */

static size_t hash(const char *s, size_t n)
{
	size_t h = 2166136261u;

	while (n--)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

static void rehash(void)
{
	size_t i, h;

	nslots = nslots ? nslots * 2 : 1024;
	free(slots);
	slots = xrealloc(NULL, nslots * sizeof(*slots));
	memset(slots, 0, nslots * sizeof(*slots));
	for (i = 0; i < nfuncs; i++) {
		h = hash(funcs[i].name, strlen(funcs[i].name));
		while (slots[h & (nslots - 1)])
			h++;
		slots[h & (nslots - 1)] = i + 1;
	}
}

/* Index of the function called name[0..n), added if new. */
static size_t lookup(const char *name, size_t n)
{
	size_t h, i;
	struct func *f;

	if (2 * (nfuncs + 1) > nslots)
		rehash();
	for (h = hash(name, n); (i = slots[h & (nslots - 1)]); h++) {
		f = &funcs[i - 1];
		if (!strncmp(f->name, name, n) && !f->name[n])
			return i - 1;
	}
	if (nfuncs == capfuncs) {
		capfuncs = capfuncs ? capfuncs * 2 : 256;
		funcs = xrealloc(funcs, capfuncs * sizeof(*funcs));
	}
	f = &funcs[nfuncs];
	memset(f, 0, sizeof(*f));
	f->name = xstrndup(name, n);
	slots[h & (nslots - 1)] = ++nfuncs;
	return nfuncs - 1;
}

static void add_header(size_t fi, const char *path, size_t n)
{
	struct func *f = &funcs[fi];
	size_t i, k = strip ? strlen(strip) : 0;

	if (k && k < n && !strncmp(path, strip, k)) {
		path += k;
		n -= k;
	}
	for (i = 0; i < f->nhdr; i++) {
		if (!strncmp(f->hdr[i].path, path, n) && !f->hdr[i].path[n]) {
			f->hdr[i].n++;
			return;
		}
	}
	f->hdr = xrealloc(f->hdr, (f->nhdr + 1) * sizeof(*f->hdr));
	f->hdr[f->nhdr].path = xstrndup(path, n);
	f->hdr[f->nhdr].n = 1;
	f->nhdr++;
}

/* Drop ANSI escape sequences (gcc -fdiagnostics-color) in place. */
static void strip_escapes(char *s)
{
	char *o = s;

	while (*s) {
		if (*s != '\033') {
			*o++ = *s++;
			continue;
		}
		if (*++s == '[') {
			s++;
			while ((*s >= '0' && *s <= '9') || *s == ';')
				s++;
		}
		if (*s)
			s++;
	}
	*o = '\0';
}

static size_t skip_open_quote(const char *s)
{
	if (*s == '\'' || *s == '`')
		return 1;
	if (!strncmp(s, "\xe2\x80\x98", 3))	/* U+2018 */
		return 3;
	return 0;
}

/*
 * If s starts with a quoted name, return the length of the name, set
 * *start to its offset and *end to the offset just past the quotes.
 */
static size_t quoted(const char *s, size_t *start, size_t *end)
{
	size_t q = skip_open_quote(s), i;

	if (!q)
		return 0;
	for (i = q; s[i]; i++) {
		if (s[i] == '\'' || s[i] == '`')
			break;
		if (!strncmp(s + i, "\xe2\x80", 2) &&
		    (s[i + 2] == '\x98' || s[i + 2] == '\x99'))
			break;
	}
	if (i == q || !(s[i] == '\'' || !strncmp(s + i, "\xe2\x80\x99", 3)))
		return 0;
	*start = q;
	*end = i + (s[i] == '\'' ? 1 : 3);
	return i - q;
}

/* Length of path with a trailing ":LINE" or ":LINE:COL" removed. */
static size_t strip_lineno(const char *path, size_t n)
{
	int k;
	size_t j;

	for (k = 0; k < 2; k++) {
		for (j = n; j > 0 && path[j - 1] >= '0' && path[j - 1] <= '9';)
			j--;
		if (j == n || j < 2 || path[j - 1] != ':')
			break;
		n = j - 1;
	}
	return n;
}

/* msg follows ": warning: " or ": error: ". */
static void diagnostic(const char *msg)
{
	size_t start, end, n = quoted(msg, &start, &end), fi;
	const char *rest, *decl;

	if (!n || strncmp(msg + end, " is deprecated", 14)) {
		pending = NONE;		/* some other diagnostic */
		return;
	}
	fi = lookup(msg + start, n);
	funcs[fi].count++;
	pending = fi;
	rest = msg + end + 14;
	if (!strncmp(rest, " (declared at ", 14)) {
		decl = rest + 14;
		n = strcspn(decl, ")");
		add_header(fi, decl, strip_lineno(decl, n));
		pending = NONE;
	}
}

/* loc is the "FILE:LINE:COL" of the note, msg follows ": note: ". */
static void note(const char *loc, size_t loclen, const char *msg)
{
	size_t start, end, n, fi;

	if (!strcmp(msg, "declared here")) {
		if (pending != NONE)
			add_header(pending, loc, strip_lineno(loc, loclen));
		pending = NONE;
		return;
	}
	n = quoted(msg, &start, &end);
	if (n && !strcmp(msg + end, " has been explicitly marked deprecated "
			 "here")) {
		fi = lookup(msg + start, n);
		add_header(fi, loc, strip_lineno(loc, loclen));
		if (pending == fi)
			pending = NONE;
	}
}

static void parse_line(char *line)
{
	static const char *const kind[] = {
		": warning: ", ": error: ", ": note: "
	};
	const char *p, *best = NULL;
	int i, k = 0;

	strip_escapes(line);
	line[strcspn(line, "\r\n")] = '\0';
	for (i = 0; i < 3; i++) {
		p = strstr(line, kind[i]);
		if (p && (!best || p < best)) {
			best = p;
			k = i;
		}
	}
	if (!best)
		return;
	p = best + strlen(kind[k]);
	if (k < 2)
		diagnostic(p);
	else
		note(line, (size_t)(best - line), p);
}

static void read_log(const char *path)
{
	struct lines in;
	char *line;

	lines_open(&in, path, "a build log");
	while ((line = lines_next(&in, 0)))
		parse_line(line);
	lines_close(&in);
}

static int cmp_func(const void *a, const void *b)
{
	const struct func *x = a, *y = b;

	if (x->count != y->count)
		return x->count > y->count ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* The header seen most often; ties go to the first in byte order. */
static const struct header *best_header(const struct func *f)
{
	const struct header *b = NULL, *h;
	size_t i;

	for (i = 0; i < f->nhdr; i++) {
		h = &f->hdr[i];
		if (!b || h->n > b->n ||
		    (h->n == b->n && strcmp(h->path, b->path) < 0))
			b = h;
	}
	return b;
}

static void print_table(size_t top)
{
	const struct header *h;
	unsigned long total = 0;
	size_t i;

	if (nfuncs)
		qsort(funcs, nfuncs, sizeof(*funcs), cmp_func);
	for (i = 0; i < nfuncs; i++)
		total += funcs[i].count;
	printf("%8s  %-30s  %s\n", "count", "function", "header");
	for (i = 0; i < nfuncs && (!top || i < top); i++) {
		h = best_header(&funcs[i]);
		printf("%8lu  %-30s  %s", funcs[i].count, funcs[i].name,
		       h ? h->path : "?");
		if (funcs[i].nhdr > 1)
			printf(" (+%zu more)", funcs[i].nhdr - 1);
		putchar('\n');
	}
	printf("total: %lu instantiations of %zu functions\n", total, nfuncs);
}

static void free_all(void)
{
	size_t i, j;

	for (i = 0; i < nfuncs; i++) {
		for (j = 0; j < funcs[i].nhdr; j++)
			free(funcs[i].hdr[j].path);
		free(funcs[i].hdr);
		free(funcs[i].name);
	}
	free(funcs);
	free(slots);
}

static void usage_error(const char *msg)
{
	die("%s (usage: " USAGE ")", msg);
}

static size_t parse_top(const char *s)
{
	char *end;
	unsigned long long v;

	if (*s < '0' || *s > '9')
		usage_error("bad row count");
	errno = 0;
	v = strtoull(s, &end, 10);
	if (*end || errno || v > SIZE_MAX)
		usage_error("bad row count");
	return (size_t)v;
}

int main(int argc, char **argv)
{
	const char *file = NULL;
	size_t top = 0;
	int i, opts = 1;

	for (i = 1; i < argc; i++) {
		if (opts && !strcmp(argv[i], "--")) {
			opts = 0;
		} else if (opts && !strcmp(argv[i], "-n")) {
			if (++i == argc)
				usage_error("-n needs an argument");
			top = parse_top(argv[i]);
		} else if (opts && !strncmp(argv[i], "-n", 2)) {
			top = parse_top(argv[i] + 2);
		} else if (opts && !strcmp(argv[i], "-s")) {
			if (++i == argc)
				usage_error("-s needs an argument");
			strip = argv[i];
		} else if (opts && !strncmp(argv[i], "-s", 2)) {
			strip = argv[i] + 2;
		} else if (opts && (!strcmp(argv[i], "-h") ||
				    !strcmp(argv[i], "--help"))) {
			printf("usage: " USAGE "\n");
			return 0;
		} else if (opts && argv[i][0] == '-' && argv[i][1]) {
			fprintf(stderr, PROG ": unknown option '%s' (usage: "
				USAGE ")\n", argv[i]);
			return 2;
		} else if (!file) {
			file = argv[i];
		} else {
			usage_error("too many arguments");
		}
	}
	read_log(file ? file : "-");
	print_table(top);
	free_all();
	if (fflush(stdout) || ferror(stdout))
		die("write error: %s", strerror(errno));
	return 0;
}
