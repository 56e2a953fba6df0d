/*
 * kmalloc-top: sort and compare /proc/kmalloc snapshots.
 *
 * Usage: kmalloc-top [-s COLUMN] [-n N] [FILE|-]
 *        kmalloc-top [-s COLUMN] [-n N] --diff OLD NEW
 *
 *   -s, --sort=COLUMN  total, slack, net, allocs, frees or caller
 *                      (default net); numbers sort largest first,
 *                      callers in ascending byte order
 *   -n, --top=N        print the first N rows only (default 20, 0: all)
 *   --diff OLD NEW     print per-caller changes from OLD to NEW
 *
 * Input is the text of /proc/kmalloc: "name: value" header lines, a
 * blank line, the column header, then one row per caller:
 *
 *	total bytes allocated:  47118848
 *	...
 *
 *	   total    slack      net alloc/free  caller
 *	   24576        0        0     3/3     copy_thread+0x1ad
 *	   32768        0    32768     1/0     fb_alloc+0x267[fb]
 *
 * Rows are split on white space, so columns need not line up and
 * numbers may be of any width; every value is read as a signed 64-bit
 * decimal integer.  The caller is the rest of the row (symbol+0xoff,
 * symbol+0xoff[module] or a bare address; an older " [module]" after a
 * space is taken too), with runs of white space
 * squeezed to one space.  Any number of header lines may come first;
 * their names are free text without ':'.
 *
 * Output without --diff is a table, one row per input row (up to N):
 *
 *	   total    slack      net  allocs   frees  caller
 *	   24576        0        0       3       3  copy_thread+0x1ad
 *
 * printf("%8lld %8lld %8lld %7lld %7lld  %s\n") under a fixed header
 * line.  Ties are broken by caller, then by input order.
 *
 * With --diff the header fields come first, one "name: delta" line each
 * (printf("%-22s %+8lld\n", "name:", delta), in NEW's order, then those
 * only in OLD), then a blank line, then the same table of NEW - OLD per
 * caller with every number signed (printf("%+8lld %+8lld %+8lld %+7lld
 * %+7lld  %s\n")).  Rows of the same caller within a snapshot are added
 * up; a caller missing from one snapshot counts as all zeros there;
 * callers whose numbers did not change are left out.  The default sort
 * by net delta puts the callers that leak most on top.
 *
 * Errors are one line on stderr, "kmalloc-top: FILE:LINE: message"
 * (or "kmalloc-top: FILE: message"), and exit status 2: a file that is
 * empty, unreadable or has NUL bytes, a header line that is not
 * "name: number", a missing column header, or a row with fewer than
 * five fields, a bad alloc/free pair or a field that is not a number.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PROG "kmalloc-top"
#include "tool.h"
#define NCOL 5

enum column { TOTAL, SLACK, NET, ALLOCS, FREES, CALLER };

static const char *const colname[] = {
	"total", "slack", "net", "allocs", "frees", "caller"
};

struct field {
	char *name;
	int64_t value;
};

struct row {
	int64_t v[NCOL];
	char *caller;
	unsigned long line;
};

struct snap {
	const char *name;
	struct field *hdr;
	size_t nhdr;
	struct row *rows;
	size_t nrows;
	size_t cap;
};

static enum column sort_col = NET;

/* Wrapping arithmetic: garbage input must not be undefined behaviour. */
static int64_t add64(int64_t a, int64_t b)
{
	return (int64_t)((uint64_t)a + (uint64_t)b);
}

static int64_t sub64(int64_t a, int64_t b)
{
	return (int64_t)((uint64_t)a - (uint64_t)b);
}

static int is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' ||
	       c == '\v' || c == '\f';
}

static char *trim(char *s)
{
	char *e;

	while (is_space(*s))
		s++;
	e = s + strlen(s);
	while (e > s && is_space(e[-1]))
		*--e = '\0';
	return s;
}

/* A whole token of [+-]digits; 0 on success, else a reason. */
static const char *parse_num(const char *s, int64_t *v)
{
	const char *d = s + (*s == '+' || *s == '-');
	char *end;
	long long x;

	if (*d < '0' || *d > '9')
		return "not a number";
	errno = 0;
	x = strtoll(s, &end, 10);
	if (*end)
		return "not a number";
	if (errno == ERANGE)
		return "number out of range";
	*v = x;
	return NULL;
}

/* Split off the next white-space separated token, or NULL. */
static char *next_token(char **p)
{
	char *s = *p, *t;

	while (is_space(*s))
		s++;
	if (!*s)
		return NULL;
	t = s;
	while (*s && !is_space(*s))
		s++;
	if (*s)
		*s++ = '\0';
	*p = s;
	return t;
}

/* Copy s with runs of white space squeezed to one space. */
static char *squeeze(const char *s)
{
	char *out = xrealloc(NULL, strlen(s) + 1), *o = out;

	for (; *s; s++)
		if (!is_space(*s) || (o > out && o[-1] != ' '))
			*o++ = is_space(*s) ? ' ' : *s;
	*o = '\0';
	return out;
}

static int is_column_header(const char *line)
{
	char *t = squeeze(line);
	int r = !strcmp(t, "total slack net alloc/free caller");

	free(t);
	return r;
}

struct ctx {
	const char *file;
	unsigned long line;
};

/* Report a bad line as "FILE:LINE: message" and exit. */
static void bad(const struct ctx *c, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, PROG ": %s:%lu: ", c->file, c->line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

static void parse_header(struct snap *s, const struct ctx *c, char *line)
{
	char *colon = strchr(line, ':'), *name, *val;
	const char *err;
	int64_t v;

	if (!colon && s->nhdr)
		bad(c, "missing column header before this line");
	if (!colon)
		bad(c, "not /proc/kmalloc text (expected 'name: value' header"
		    " or the column header)");
	*colon = '\0';
	name = trim(line);
	val = trim(colon + 1);
	if (!*name)
		bad(c, "header line without a name");
	if (!*val)
		bad(c, "header '%s' has no value", name);
	err = parse_num(val, &v);
	if (err)
		bad(c, "header '%s': %s '%s'", name, err, val);
	s->hdr = xrealloc(s->hdr, (s->nhdr + 1) * sizeof(*s->hdr));
	s->hdr[s->nhdr].name = xstrdup(name);
	s->hdr[s->nhdr].value = v;
	s->nhdr++;
}

static void parse_pair(const struct ctx *c, char *tok, int64_t *a,
		       int64_t *f)
{
	char *slash = strchr(tok, '/');

	if (!slash)
		bad(c, "bad alloc/free pair '%s'", tok);
	*slash = '\0';
	if (parse_num(tok, a) || parse_num(slash + 1, f)) {
		*slash = '/';
		bad(c, "bad alloc/free pair '%s'", tok);
	}
}

static void parse_row(struct snap *s, const struct ctx *c, char *line)
{
	static const char *const what[] = { "total", "slack", "net" };
	struct row r;
	char *tok[4], *p = line, *caller;
	const char *err;
	int i, n;

	for (n = 0; n < 4; n++) {
		tok[n] = next_token(&p);
		if (!tok[n])
			break;
	}
	caller = trim(p);
	if (n < 4 || !*caller)
		bad(c, "truncated row (expected 5 fields, found %d)", n);
	for (i = 0; i < 3; i++) {
		err = parse_num(tok[i], &r.v[i]);
		if (err)
			bad(c, "%s: %s '%s'", what[i], err, tok[i]);
	}
	parse_pair(c, tok[3], &r.v[ALLOCS], &r.v[FREES]);
	r.caller = squeeze(caller);
	r.line = c->line;
	if (s->nrows == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 256;
		s->rows = xrealloc(s->rows, s->cap * sizeof(*s->rows));
	}
	s->rows[s->nrows++] = r;
}

static void read_snap(struct snap *s, const char *path)
{
	struct lines in;
	struct ctx c;
	char *line;
	int table = 0;

	memset(s, 0, sizeof(*s));
	lines_open(&in, path, "/proc/kmalloc text");
	c.file = s->name = in.name;
	while ((line = lines_next(&in, 0))) {
		c.line = in.lineno;
		line = trim(line);
		if (!*line)
			continue;
		if (table)
			parse_row(s, &c, line);
		else if (is_column_header(line))
			table = 1;
		else
			parse_header(s, &c, line);
	}
	lines_close(&in);
	if (!in.lineno)
		die("%s: empty input (not /proc/kmalloc text)", c.file);
	if (!table)
		die("%s: no column header line (not /proc/kmalloc text)",
		    c.file);
	if (!s->nhdr)
		die("%s: no header lines before the column header "
		    "(not /proc/kmalloc text)", c.file);
}

static int cmp_row(const void *a, const void *b)
{
	const struct row *x = a, *y = b;
	int r;

	if (sort_col != CALLER && x->v[sort_col] != y->v[sort_col])
		return x->v[sort_col] > y->v[sort_col] ? -1 : 1;
	r = strcmp(x->caller, y->caller);
	if (r)
		return r;
	return (x->line > y->line) - (x->line < y->line);
}

static void print_table(const struct row *r, size_t n, size_t top, int sign)
{
	size_t i;

	if (top && top < n)
		n = top;
	printf("%8s %8s %8s %7s %7s  %s\n",
	       "total", "slack", "net", "allocs", "frees", "caller");
	for (i = 0; i < n; i++, r++) {
		if (sign)
			printf("%+8" PRId64 " %+8" PRId64 " %+8" PRId64
			       " %+7" PRId64 " %+7" PRId64 "  %s\n",
			       r->v[0], r->v[1], r->v[2], r->v[3], r->v[4],
			       r->caller);
		else
			printf("%8" PRId64 " %8" PRId64 " %8" PRId64
			       " %7" PRId64 " %7" PRId64 "  %s\n",
			       r->v[0], r->v[1], r->v[2], r->v[3], r->v[4],
			       r->caller);
	}
}

static int cmp_caller(const void *a, const void *b)
{
	const struct row *x = a, *y = b;
	int r = strcmp(x->caller, y->caller);

	if (r)
		return r;
	return (x->line > y->line) - (x->line < y->line);
}

/* Sort rows by caller and add up rows of the same caller. */
static void merge_callers(struct snap *s)
{
	size_t i, n = 0;
	int k;

	if (!s->nrows)
		return;
	qsort(s->rows, s->nrows, sizeof(*s->rows), cmp_caller);
	for (i = 1; i < s->nrows; i++) {
		if (strcmp(s->rows[i].caller, s->rows[n].caller)) {
			s->rows[++n] = s->rows[i];
			continue;
		}
		for (k = 0; k < NCOL; k++)
			s->rows[n].v[k] = add64(s->rows[n].v[k],
						s->rows[i].v[k]);
		free(s->rows[i].caller);
	}
	s->nrows = n + 1;
}

/* Append the change of one caller to d unless nothing changed. */
static void add_delta(struct snap *d, const struct row *o,
		      const struct row *n)
{
	struct row r;
	int k, changed = 0;

	for (k = 0; k < NCOL; k++) {
		r.v[k] = sub64(n ? n->v[k] : 0, o ? o->v[k] : 0);
		changed |= r.v[k] != 0;
	}
	if (!changed)
		return;
	r.caller = n ? n->caller : o->caller;
	r.line = d->nrows;
	d->rows[d->nrows++] = r;
}

static void diff_rows(struct snap *o, struct snap *n, struct snap *d)
{
	size_t i = 0, j = 0;
	int c;

	merge_callers(o);
	merge_callers(n);
	d->rows = xrealloc(NULL, (o->nrows + n->nrows) * sizeof(*d->rows));
	while (i < o->nrows || j < n->nrows) {
		if (i == o->nrows)
			c = 1;
		else if (j == n->nrows)
			c = -1;
		else
			c = strcmp(o->rows[i].caller, n->rows[j].caller);
		add_delta(d, c <= 0 ? &o->rows[i] : NULL,
			  c >= 0 ? &n->rows[j] : NULL);
		i += c <= 0;
		j += c >= 0;
	}
}

static void print_field(const char *name, int64_t delta)
{
	char label[256];

	snprintf(label, sizeof(label), "%s:", name);
	printf("%-22s %+8" PRId64 "\n", label, delta);
}

/* Header fields: NEW's in order, then those only OLD has. */
static void diff_header(const struct snap *o, const struct snap *n)
{
	char *used = xrealloc(NULL, o->nhdr);
	size_t i, j;
	int64_t old;

	memset(used, 0, o->nhdr);
	for (i = 0; i < n->nhdr; i++) {
		old = 0;
		for (j = 0; j < o->nhdr; j++) {
			if (!used[j] && !strcmp(o->hdr[j].name,
						n->hdr[i].name)) {
				used[j] = 1;
				old = o->hdr[j].value;
				break;
			}
		}
		print_field(n->hdr[i].name, sub64(n->hdr[i].value, old));
	}
	for (j = 0; j < o->nhdr; j++)
		if (!used[j])
			print_field(o->hdr[j].name, sub64(0, o->hdr[j].value));
	free(used);
}

static void free_snap(struct snap *s)
{
	size_t i;

	for (i = 0; i < s->nhdr; i++)
		free(s->hdr[i].name);
	for (i = 0; i < s->nrows; i++)
		free(s->rows[i].caller);
	free(s->hdr);
	free(s->rows);
}

static void usage_error(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, PROG ": ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, " (usage: " PROG " [-s COLUMN] [-n N] "
		"[FILE | --diff OLD NEW])\n");
	exit(2);
}

static void set_sort(const char *arg)
{
	int i;

	for (i = 0; i <= CALLER; i++) {
		if (!strcmp(arg, colname[i])) {
			sort_col = i;
			return;
		}
	}
	usage_error("unknown sort column '%s'", arg);
}

static size_t parse_top(const char *arg)
{
	int64_t v = 0;

	if (arg[0] == '-' || arg[0] == '+' || parse_num(arg, &v))
		usage_error("bad row count '%s'", arg);
	return (size_t)v;
}

static const struct option longopts[] = {
	{ "sort", required_argument, NULL, 's' },
	{ "top", required_argument, NULL, 'n' },
	{ "diff", no_argument, NULL, 'd' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 }
};

int main(int argc, char **argv)
{
	struct snap a, b, d;
	size_t top = 20;
	int c, diff = 0, nargs;

	opterr = 0;
	while ((c = getopt_long(argc, argv, ":s:n:h", longopts, NULL)) != -1) {
		switch (c) {
		case 's':
			set_sort(optarg);
			break;
		case 'n':
			top = parse_top(optarg);
			break;
		case 'd':
			diff = 1;
			break;
		case 'h':
			printf("usage: " PROG " [-s COLUMN] [-n N] "
			       "[FILE | --diff OLD NEW]\n");
			return 0;
		case ':':
			usage_error("option '%s' needs an argument",
				    argv[optind - 1]);
			break;
		default:
			if (optopt)
				usage_error("unknown option '-%c'", optopt);
			usage_error("unknown option '%s'", argv[optind - 1]);
		}
	}
	nargs = argc - optind;
	if (diff && nargs != 2)
		usage_error("--diff needs two files");
	if (!diff && nargs > 1)
		usage_error("too many arguments");

	if (diff) {
		read_snap(&a, argv[optind]);
		read_snap(&b, argv[optind + 1]);
		memset(&d, 0, sizeof(d));
		diff_rows(&a, &b, &d);
		qsort(d.rows, d.nrows, sizeof(*d.rows), cmp_row);
		diff_header(&a, &b);
		putchar('\n');
		print_table(d.rows, d.nrows, top, 1);
		free(d.rows);
		free_snap(&b);
	} else {
		read_snap(&a, nargs ? argv[optind] : "-");
		if (a.nrows)
			qsort(a.rows, a.nrows, sizeof(*a.rows), cmp_row);
		print_table(a.rows, a.nrows, top, 0);
	}
	free_snap(&a);
	if (fflush(stdout) || ferror(stdout))
		die("write error: %s", strerror(errno));
	return 0;
}
