/*
 * tool.h: what the host tools in scripts/ share (size-delta, kmalloc-top,
 * count-inlines, bootmem-sum): the one-line error with exit status 2,
 * allocation that cannot fail, and reading a text file line by line.
 *
 * Define PROG (the tool's name, for the messages) before including it.
 * Everything here is static inline, so a tool that does not use a helper
 * gets no code and no warning for it.
 */
#ifndef TOOL_H
#define TOOL_H

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#ifndef PROG
#error "define PROG before including tool.h"
#endif

/* die: "PROG: message" on stderr, exit status 2. */
static inline void __attribute__((noreturn, format(printf, 1, 2)))
die(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, PROG ": ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

static inline void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		die("out of memory");
	return p;
}

static inline char *xstrndup(const char *s, size_t n)
{
	char *p = xrealloc(NULL, n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

static inline char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

/*
 * A text input read line by line: a path, or "-" for standard input
 * (named "<stdin>" in messages).  what says what the input should be,
 * for the message about a NUL byte: "(not WHAT)".
 */
struct lines {
	FILE *f;
	const char *name;
	const char *what;
	unsigned long lineno;
	char *buf;
	size_t cap;
};

static inline void lines_open(struct lines *l, const char *path,
			      const char *what)
{
	memset(l, 0, sizeof(*l));
	l->what = what;
	if (!strcmp(path, "-")) {
		l->f = stdin;
		l->name = "<stdin>";
		return;
	}
	l->name = path;
	l->f = fopen(path, "r");
	if (!l->f)
		die("%s: %s", path, strerror(errno));
}

/*
 * lines_next: the next line, with its newline (and a carriage return
 * before it) removed when chop is set; NULL at the end.  A NUL byte or a
 * read error ends the tool.
 */
static inline char *lines_next(struct lines *l, int chop)
{
	ssize_t n = getline(&l->buf, &l->cap, l->f);

	if (n < 0) {
		if (ferror(l->f))
			die("%s: read error: %s", l->name, strerror(errno));
		return NULL;
	}
	l->lineno++;
	if ((size_t)n != strlen(l->buf))
		die("%s:%lu: NUL byte in input (not %s)", l->name, l->lineno,
		    l->what);
	while (chop && n > 0 && (l->buf[n - 1] == '\n' || l->buf[n - 1] == '\r'))
		l->buf[--n] = '\0';
	return l->buf;
}

static inline void lines_close(struct lines *l)
{
	if (l->f != stdin)
		fclose(l->f);
	free(l->buf);
	l->buf = NULL;
}

#endif /* TOOL_H */
