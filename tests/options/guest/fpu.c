/*
 * fpu.c: floating point for tests/fixes/math-emu.sh, run on a kernel
 * booted with no387, where every x87 instruction traps into the
 * kernel's math emulator.
 *
 * Prints fpu_* key=value lines:
 *   fpu_hw        the "fpu" line of /proc/cpuinfo (no: emulated)
 *   fpu_results   ok, or the first computation that came out wrong
 *   fpu_fault     what an x87 load from a kernel address did to a
 *                 child: the emulator's access check fails and
 *                 math_abort() sends SIGSEGV, so sigsegv is right
 * Exit status 0 when the results are right and the fault is a SIGSEGV.
 */
/*
 * The 2.6.14 emulator knows the 387's instructions only, not the P6's
 * fcomi, fucomi and fcmov that gcc uses for i686: code for a 486.
 */
#pragma GCC target("arch=i486")

#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *check(void)
{
	volatile double two = 2.0, three = 3.0, big = 1e300, x = 7.9;
	double s = 0, r, pi = 4 * atan(1.0);
	char buf[32];
	int k;

	r = sqrt(two);
	if (fabs(r * r - 2.0) > 1e-15)
		return "sqrt";
	if (fabs(1.0 / three * 3.0 - 1.0) > 1e-15)
		return "division";
	if ((int)x != 7 || (long long)(-x) != -7)
		return "conversion";
	if (!isinf(big * big))
		return "overflow";
	for (k = 1; k <= 100000; k++)
		s += 1.0 / ((double)k * k);
	if (fabs(s - pi * pi / 6) > 1e-5)
		return "series";
	snprintf(buf, sizeof(buf), "%.6f", pi);
	if (strcmp(buf, "3.141593"))
		return "printf";
	if (fabs(sin(pi / 6) - 0.5) > 1e-12 || fabs(cos(pi / 3) - 0.5) > 1e-12)
		return "trig";
	if (fabs(log(exp(1.5)) - 1.5) > 1e-12)
		return "exp-log";
	return NULL;
}

static const char *fault(void)
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return "fork-failed";
	if (pid == 0) {
		__asm__ volatile("fldl (%0)" : : "r"(0xc0001000));
		_exit(0);
	}
	if (waitpid(pid, &status, 0) != pid)
		return "wait-failed";
	if (WIFSIGNALED(status) && WTERMSIG(status) == SIGSEGV)
		return "sigsegv";
	return WIFSIGNALED(status) ? "other-signal" : "no-signal";
}

int main(void)
{
	char line[128], hw[16] = "unknown";
	const char *bad, *f;
	FILE *c = fopen("/proc/cpuinfo", "r");

	while (c && fgets(line, sizeof(line), c))
		if (sscanf(line, "fpu : %15s", hw) == 1)
			break;
	if (c)
		fclose(c);
	printf("fpu_hw=%s\n", hw);
	bad = check();
	printf("fpu_results=%s\n", bad ? bad : "ok");
	f = fault();
	printf("fpu_fault=%s\n", f);
	return bad || strcmp(f, "sigsegv");
}
