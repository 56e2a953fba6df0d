/*
 * memhog: allocate and touch memory until told to stop or killed.
 *
 * Usage: memhog [MAX_KB]
 *
 * Grows its heap 64 KiB at a time, writing every page, up to MAX_KB
 * (default: without limit, that is until the OOM killer ends it).  After
 * each new chunk it reads back every page written so far and checks the
 * pattern, so that a run the OOM killer ends has still checked all it
 * wrote up to then, swapped-out pages included; "memhog_progress_kb=N"
 * says how much was written and checked.  At the end it prints
 * "memhog_kb=N" and "memhog_check=ok|fail"; a wrong page stops it at
 * once with "memhog_check=fail".  Exit 0 when every check passed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CHUNK	(64 * 1024)
#define PAGE	4096

/* Count the pages of the first N chunks that lost their pattern. */
static long check(unsigned char **chunks, long n)
{
	long i, j, bad = 0;

	for (i = 0; i < n; i++)
		for (j = 0; j < CHUNK; j += PAGE)
			if (chunks[i][j] != (unsigned char)(i * 31 + j / PAGE))
				bad++;
	return bad;
}

int main(int argc, char **argv)
{
	long max_kb = argc > 1 ? atol(argv[1]) : 0;
	unsigned char **chunks = NULL;
	long n = 0, j, bad = 0;

	for (;;) {
		unsigned char **c2, *p;

		if (max_kb && (n + 1) * (CHUNK / 1024) > max_kb)
			break;
		c2 = realloc(chunks, (n + 1) * sizeof(*chunks));
		if (!c2)
			break;
		chunks = c2;
		p = malloc(CHUNK);
		if (!p)
			break;
		for (j = 0; j < CHUNK; j += PAGE)
			p[j] = (unsigned char)(n * 31 + j / PAGE);
		chunks[n++] = p;
		bad = check(chunks, n);
		if (bad) {
			printf("memhog_kb=%ld\nmemhog_bad_pages=%ld\n"
			       "memhog_check=fail\n", n * (CHUNK / 1024), bad);
			return 1;
		}
		printf("memhog_progress_kb=%ld\n", n * (CHUNK / 1024));
		fflush(stdout);
	}
	bad = check(chunks, n);
	printf("memhog_kb=%ld\nmemhog_check=%s\n", n * (CHUNK / 1024),
	       bad ? "fail" : "ok");
	return bad ? 1 : 0;
}
