/* A math library to preload (LD_PRELOAD) in .ci/portable-check.
 *
 * Two kinds of function, told apart by whether IEEE 754 fixes their result bit for bit:
 *  - Inexact ones (sin, cos, exp, pow, ... : every libm rounds them its own way) return NaN,
 *    so a portable replay that still gives its pinned digests never called them.
 *  - Exact ones (sqrt, floor, ceil, trunc, round, rint, fmod, ...: their result is the one
 *    IEEE 754 defines, the same on every conforming platform) are replaced by this file's own
 *    implementations from bits and IEEE operations, so nothing of the platform's libm is used.
 * Every function counts its calls; with POISON_COUNTS=FILE set, each process appends
 * "name count" lines to FILE at exit, so the check can show which were reached.
 *
 * The check derives the libm symbols the fling binary imports (nm -D --undefined-only) and
 * fails when this library does not define one of them: a new import must be classified here.
 * Compiled with -fno-builtin -fno-math-errno: sqrt is the hardware instruction, nothing else
 * calls into the C library. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define COUNTED_MAX 256
static const char *counted_names[COUNTED_MAX];
static unsigned long counted_calls[COUNTED_MAX];
static int counted_n;

static int counter(const char *name) {
  int i = __atomic_fetch_add(&counted_n, 1, __ATOMIC_RELAXED);
  if (i >= COUNTED_MAX) abort();
  counted_names[i] = name;
  return i;
}
#define COUNT(name)                                                 \
  static int slot_##name = -1;                                      \
  if (__atomic_load_n(&slot_##name, __ATOMIC_ACQUIRE) < 0) {        \
    int s = counter(#name);                                         \
    int expected = -1;                                              \
    if (!__atomic_compare_exchange_n(&slot_##name, &expected, s, 0, \
                                     __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) counted_names[s] = 0; \
  }                                                                 \
  __atomic_fetch_add(&counted_calls[slot_##name], 1, __ATOMIC_RELAXED)

__attribute__((destructor)) static void report(void) {
  const char *path = getenv("POISON_COUNTS");
  if (!path) return;
  FILE *f = fopen(path, "a");
  if (!f) return;
  for (int i = 0; i < counted_n && i < COUNTED_MAX; i++)
    if (counted_names[i]) fprintf(f, "%s %lu\n", counted_names[i], counted_calls[i]);
  fclose(f);
}

/* ---- Inexact: NaN. Double, float and long double versions, and glibc's old __*_finite. */
#define POISON1(name)                                                               \
  double name(double x) { COUNT(name); (void)x; return NAN; }                       \
  float name##f(float x) { COUNT(name##f); (void)x; return NAN; }                   \
  long double name##l(long double x) { COUNT(name##l); (void)x; return NAN; }       \
  double __##name##_finite(double x) { COUNT(__##name##_finite); (void)x; return NAN; }
#define POISON2(name)                                                                                  \
  double name(double x, double y) { COUNT(name); (void)x; (void)y; return NAN; }                       \
  float name##f(float x, float y) { COUNT(name##f); (void)x; (void)y; return NAN; }                    \
  long double name##l(long double x, long double y) { COUNT(name##l); (void)x; (void)y; return NAN; }  \
  double __##name##_finite(double x, double y) { COUNT(__##name##_finite); (void)x; (void)y; return NAN; }
POISON1(sin) POISON1(cos) POISON1(tan) POISON1(asin) POISON1(acos) POISON1(atan)
POISON1(sinh) POISON1(cosh) POISON1(tanh) POISON1(asinh) POISON1(acosh) POISON1(atanh)
POISON1(exp) POISON1(exp2) POISON1(exp10) POISON1(expm1)
POISON1(log) POISON1(log2) POISON1(log10) POISON1(log1p) POISON1(cbrt)
POISON1(erf) POISON1(erfc) POISON1(tgamma) POISON1(lgamma)
POISON2(pow) POISON2(atan2) POISON2(hypot)
void sincos(double x, double *s, double *c) { COUNT(sincos); (void)x; *s = NAN; *c = NAN; }
void sincosf(float x, float *s, float *c) { COUNT(sincosf); (void)x; *s = NAN; *c = NAN; }
void sincosl(long double x, long double *s, long double *c) { COUNT(sincosl); (void)x; *s = NAN; *c = NAN; }

/* ---- Exact: this file's own, from the representation and IEEE + - * / sqrt. */
static uint64_t bits(double x) { uint64_t u; memcpy(&u, &x, 8); return u; }
static double from(uint64_t u) { double x; memcpy(&x, &u, 8); return x; }
static double magnitude(double x) { return from(bits(x) & ~(1ull << 63)); }
static double with_sign(double m, double s) { return from((bits(m) & ~(1ull << 63)) | (bits(s) & (1ull << 63))); }

/* Nearest integer, ties to even (the default rounding mode's): for |x| < 2^52, |x| + 2^52
 * lies where doubles are 1 apart, so the sum rounds |x| to an integer, and 2^52 is even. */
static double nearest_even(double x) {
  double a = magnitude(x);
  if (!(a < 0x1p52)) return x + 0; /* an integer, ±inf or NaN */
  volatile double big = 0x1p52;
  return with_sign((a + big) - big, x);
}
static double toward_zero(double x) {
  double a = magnitude(x);
  if (!(a < 0x1p52)) return x + 0;
  double r = magnitude(nearest_even(a));
  if (r > a) r -= 1;
  return with_sign(r, x);
}

double trunc(double x) { COUNT(trunc); return toward_zero(x); }
double rint(double x) { COUNT(rint); return nearest_even(x); }
double nearbyint(double x) { COUNT(nearbyint); return nearest_even(x); }
double roundeven(double x) { COUNT(roundeven); return nearest_even(x); }
double floor(double x) {
  COUNT(floor);
  double t = toward_zero(x);
  return (x < 0 && t != x) ? t - 1 : t;
}
double ceil(double x) {
  COUNT(ceil);
  double t = toward_zero(x);
  return (x > 0 && t != x) ? t + 1 : t;
}
double round(double x) { /* half away from zero */
  COUNT(round);
  double a = magnitude(x);
  if (!(a < 0x1p52)) return x + 0;
  double t = magnitude(toward_zero(a));
  return with_sign(a - t >= 0.5 ? t + 1 : t, x); /* a − t is exact */
}
double sqrt(double x) { COUNT(sqrt); return __builtin_sqrt(x); } /* the instruction (-fno-math-errno) */
double fabs(double x) { COUNT(fabs); return magnitude(x); }
double copysign(double x, double y) { COUNT(copysign); return with_sign(x, y); }
/* x − n·y with n = trunc(x/y), exactly: binary long division by the doublings of |y|; each
 * subtraction r − s has s ≤ r < 2s, so it is exact (Sterbenz), and so is every halving of s
 * (back to a double that was a doubling of |y|). */
double fmod(double x, double y) {
  COUNT(fmod);
  if (x != x || y != y || magnitude(x) == INFINITY || y == 0) return NAN;
  double a = magnitude(y), r = magnitude(x);
  if (r < a) return x;
  double s = a;
  while (s * 2 <= r) s *= 2; /* s ≤ r < 2s; 2s overflowing to ∞ ends it too */
  for (;;) {
    if (r >= s) r -= s;
    if (s == a) break;
    s *= 0.5;
  }
  return with_sign(r, x);
}
