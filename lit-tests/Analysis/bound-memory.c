// Bounds read from memory (struct members, through pointers) are read once before the loop, as
// in OpenMP, when the body writes nothing that may alias them.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
struct dim { int number_boxes; long n; };

void member(struct dim d, float *a) {
#pragma gpupar
  for (int i = 0; i < d.number_boxes; i++)
    a[i] = 1;
}

void arrow(const struct dim *p, const long *len, double *a) {
#pragma gpupar
  for (long i = 0; i < p->n + *len; i++)
    a[i] = 2;
}

void aliased(struct dim *p, int *a) {
#pragma gpupar
  for (int i = 0; i < p->number_boxes; i++) // expected-warning {{loop bound 'p->number_boxes' reads memory that 'a[i]' may write; copy it into a local variable before the loop}}
    a[i] = 1; // expected-note {{written here}}
}

void unsigned_alias(const unsigned *len, int *a) {
#pragma gpupar
  for (int i = 0; i < *len; i++) // expected-warning {{loop bound '*len' reads memory that 'a[i]' may write; copy it into a local variable before the loop}}
    a[i] = 1; // expected-note {{written here}}
}

void bytes(const int *len, char *a) {
#pragma gpupar
  for (int i = 0; i < len[0]; i++) // expected-warning {{loop bound 'len[0]' reads memory that 'a[i]' may write; copy it into a local variable before the loop}}
    a[i] = 1; // expected-note {{written here}}
}

void through_volatile(volatile int *len, float *a) {
#pragma gpupar
  for (int i = 0; i < *len; i++) // expected-warning {{loop bound '*len' has side effects}}
    a[i] = 1;
}

// A local scalar assigned by name is its own object: it aliases a bound read through a pointer
// only when its address is taken.
void temporaries(const struct dim *p, struct dim d, float *a) {
  int t, u;
#pragma gpupar
  for (int i = 0; i < p->number_boxes; i++) {
    t = i * 2;
    a[i] = t;
  }
#pragma gpupar
  for (int i = 0; i < d.number_boxes; i++) {
    t = i * 3;
    a[i] = t;
  }
  int *q = &u;
  (void)q;
#pragma gpupar
  for (int i = 0; i < p->number_boxes; i++) { // expected-warning {{loop bound 'p->number_boxes' reads memory that 'u' may write; copy it into a local variable before the loop}}
    u = i * 2; // expected-note {{written here}}
    a[i] = u;
  }
}
