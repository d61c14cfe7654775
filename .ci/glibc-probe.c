/* The positive control for GLIBC_TUNABLES=glibc.cpu.hwcaps=-AVX2,-FMA in .ci/portable-check:
 * prints the bits of glibc's sin, cos, exp and pow at arguments where its FMA code paths and
 * its others round differently (found by comparing 2 million random arguments both ways on
 * an AMD EPYC with glibc 2.36). If the tunable takes effect, these lines change.
 * The arguments are volatile, so nothing is folded at compile time. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
static void show(const char *what, double r) {
  uint64_t u;
  memcpy(&u, &r, 8);
  printf("%s %016llx\n", what, (unsigned long long)u);
}
int main(void) {
  static volatile double sx[] = {-0x1.0e6c5ef882bafp+3, 0x1.209ee34772028p+3, -0x1.32bf65a6d574ap+3};
  static volatile double cx[] = {-0x1.34f101c60629p+2, -0x1.24d93228e1a78p+1, 0x1.016a75a5b97p+1};
  static volatile double ex[] = {-0x1.8205a2a8af6e4p+7, -0x1.67217c9c3f21p+5, 0x1.18fe3cc8b305p+9};
  static volatile double px[] = {0x1.cf1593386dcf5p+0, 0x1.62a73a4424dc8p+1, 0x1.88b1597f44441p+0};
  static volatile double py[] = {0x1.a5a6271796b6p+1, -0x1.cf5565e20de38p+0, -0x1.aa6a7951484ep+0};
  for (int i = 0; i < 3; i++) {
    show("sin", sin(sx[i]));
    show("cos", cos(cx[i]));
    show("exp", exp(ex[i]));
    show("pow", pow(px[i], py[i]));
  }
  return 0;
}
