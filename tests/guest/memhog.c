/*
 * memhog: allocate and touch memory until told to stop or killed.
 *
 * Usage: memhog [MAX_KB]
 *
 * Grows its heap 64 KiB at a time, writing every page, up to MAX_KB
 * (default: without limit, that is until the OOM killer ends it).  Then
 * it reads every page back and checks the pattern, so memory that was
 * swapped out and in is verified too.  Prints "memhog_kb=N" and
 * "memhog_check=ok|fail"; exit 0 when the check passes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CHUNK	(64 * 1024)
#define PAGE	4096

int main(int argc, char **argv)
{
	long max_kb = argc > 1 ? atol(argv[1]) : 0;
	unsigned char **chunks = NULL;
	long n = 0, i, j, bad = 0;

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
		printf("memhog_progress_kb=%ld\n", n * (CHUNK / 1024));
		fflush(stdout);
	}
	for (i = 0; i < n; i++)
		for (j = 0; j < CHUNK; j += PAGE)
			if (chunks[i][j] != (unsigned char)(i * 31 + j / PAGE))
				bad++;
	printf("memhog_kb=%ld\nmemhog_check=%s\n", n * (CHUNK / 1024),
	       bad ? "fail" : "ok");
	return bad ? 1 : 0;
}
