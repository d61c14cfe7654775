/* The poisoned library's exact functions (.ci/poison-libm.c) against the platform's libm,
 * bit for bit, on edge cases and a million seeded values of every magnitude; its inexact
 * ones return NaN. Usage: poison-selftest path/to/libpoison.so (exit 1 on any difference). */
#include <dlfcn.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef double (*f1)(double);
typedef double (*f2)(double, double);
static uint64_t bits(double x) { uint64_t u; memcpy(&u, &x, 8); return u; }
static double from(uint64_t u) { double x; memcpy(&x, &u, 8); return x; }
static int same(double a, double b) { return bits(a) == bits(b) || (a != a && b != b); }
static uint64_t state = 0x5eed;
static uint64_t next(void) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
static double value(int i) {
  static const double edge[] = {0, 0.5, 1, 1.5, 2.5, 0x1p-1074, 0x1p-1022, 0x1p52, 0x1p52 - 0.5, 0x1p53, 0x1.fffffffffffffp1023,
                                INFINITY, NAN, 0.49999999999999994, 3, 7.25, 1e300, 1e-300};
  int n = sizeof edge / sizeof edge[0];
  if (i < 2 * n) return i < n ? edge[i] : -edge[i - n];
  uint64_t r = next();
  switch (i % 3) {
  case 0: return from(r);                                                 /* any bits */
  case 1: return from((r & 0x800FFFFFFFFFFFFFull) | ((uint64_t)(1000 + r % 90) << 52)); /* |x| near 2^-23 .. 2^66 */
  default: return (double)(int64_t)(r % 4001) / 8 - 250;                  /* halves, quarters, eighths */
  }
}
int main(int argc, char **argv) {
  if (argc != 2) { fprintf(stderr, "usage: poison-selftest libpoison.so\n"); return 2; }
  void *lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (!lib) { fprintf(stderr, "%s\n", dlerror()); return 1; }
  struct { const char *name; f1 mine; f1 theirs; } unary[] = {
    {"floor", 0, floor}, {"ceil", 0, ceil}, {"trunc", 0, trunc}, {"round", 0, round}, {"rint", 0, rint},
    {"nearbyint", 0, nearbyint}, {"sqrt", 0, sqrt}, {"fabs", 0, fabs},
  };
  struct { const char *name; f2 mine; f2 theirs; } binary[] = {{"fmod", 0, fmod}, {"copysign", 0, copysign}};
  int failures = 0;
  long checked = 0;
  for (unsigned k = 0; k < sizeof unary / sizeof unary[0]; k++) {
    unary[k].mine = (f1)dlsym(lib, unary[k].name);
    if (!unary[k].mine) { fprintf(stderr, "poison lacks %s\n", unary[k].name); return 1; }
  }
  for (unsigned k = 0; k < sizeof binary / sizeof binary[0]; k++) {
    binary[k].mine = (f2)dlsym(lib, binary[k].name);
    if (!binary[k].mine) { fprintf(stderr, "poison lacks %s\n", binary[k].name); return 1; }
  }
  for (int i = 0; i < 1000000; i++) {
    double x = value(i), y = value(i + 7);
    if (i % 5 == 0) y = from((bits(x) & 0x800FFFFFFFFFFFFFull) | ((bits(x) >> 52 & 0x7FF) - (next() % 60)) << 52); /* fmod: y a little smaller */
    for (unsigned k = 0; k < sizeof unary / sizeof unary[0]; k++, checked++)
      if (!same(unary[k].mine(x), unary[k].theirs(x)) && failures++ < 10)
        fprintf(stderr, "%s(%a): poison %a, libm %a\n", unary[k].name, x, unary[k].mine(x), unary[k].theirs(x));
    for (unsigned k = 0; k < sizeof binary / sizeof binary[0]; k++, checked++)
      if (!same(binary[k].mine(x, y), binary[k].theirs(x, y)) && failures++ < 10)
        fprintf(stderr, "%s(%a, %a): poison %a, libm %a\n", binary[k].name, x, y, binary[k].mine(x, y), binary[k].theirs(x, y));
  }
  const char *inexact[] = {"sin", "cos", "tan", "exp", "exp2", "log", "log2", "expm1", "log1p"};
  for (unsigned k = 0; k < sizeof inexact / sizeof inexact[0]; k++) {
    f1 f = (f1)dlsym(lib, inexact[k]);
    if (!f || f(0.5) == f(0.5)) { fprintf(stderr, "poison's %s is not NaN\n", inexact[k]); failures++; }
  }
  f2 pw = (f2)dlsym(lib, "pow");
  if (!pw || pw(2, 0.5) == pw(2, 0.5)) { fprintf(stderr, "poison's pow is not NaN\n"); failures++; }
  if (failures) { fprintf(stderr, "poison-selftest: %d differences\n", failures); return 1; }
  printf("poison-selftest: the exact functions equal the platform's on %ld calls; the inexact ones are NaN\n", checked);
  return 0;
}
