// Local arrays declared outside the loop that are not private to each iteration without a
// clause (PrivateArrays.h), so their dependences stay errors or keep the loop serial: read before
// it is written, written under a condition, read after the loop, filled only in part, filled by
// a loop with other bounds, reached through a pointer, read where the subscript's variable has
// changed, initialised where it is declared, and filled by a loop that steps its variable in its
// body. Filled in parts: rows or a column missing, a diagonal, a fill loop that may break, reads
// at shifted subscripts past the fill, a function that may return before it fills the rest.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify %s
void shared(int n, int m, const double *x, double *y) {
  double a[2], b[2], c[2], d[5], e[4], f[4], g[2], h[2] = {0}, k2[4];
#pragma gpupar
  for (int i = 0; i < n; i++) {
    y[i] = a[0]; // expected-note {{read is here}}
    a[0] = x[i]; // expected-error {{write to 'a[0]' and read of 'a[0]' touch the same element in every iteration of 'i'}}
  }
#pragma gpupar
  for (int i = 0; i < n; i++) {
    if (x[i] > 0)
      b[0] = x[i]; // expected-warning {{write to 'b[0]' does not depend on the loop variable 'i': every iteration writes the same element (the accesses are conditional)}}
    y[i] = b[0];
  }
#pragma gpupar
  for (int i = 0; i < n; i++) {
    c[1] = x[i]; // expected-error {{write to 'c[1]' does not depend on the loop variable 'i'}}
    y[i] = c[1];
  }
  y[0] = c[1];
#pragma gpupar
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < 4; k++)
      d[k] = x[i]; // expected-error {{write to 'd[k]' does not depend on the loop variable 'i'}}
    y[i] = d[4];
  }
#pragma gpupar
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < m; k++)
      e[k] = x[i]; // expected-error {{write to 'e[k]' does not depend on the loop variable 'i'}}
    for (int k = 0; k < m + 1; k++)
      y[i] += e[k];
  }
#pragma gpupar
  for (int i = 0; i < n; i++) {
    double *q = f;
    q[0] = x[i]; // expected-error {{write to 'q[0]' does not depend on the loop variable 'i'}}
    y[i] = f[0];
  }
#pragma gpupar
  for (int i = 0; i < n; i++) {
    int j = 0;
    g[j] = x[i]; // expected-error {{write to 'g[j]' does not depend on the loop variable 'i'}}
    j++;
    y[i] = g[j];
  }
#pragma gpupar
  for (int i = 0; i < n; i++) {
    h[0] = x[i]; // expected-error {{write to 'h[0]' does not depend on the loop variable 'i'}}
    y[i] = h[0];
  }
#pragma gpupar
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < 4; k++) {
      k2[k] = x[i]; // expected-warning {{'k2' is written at 'k2[k]', an index that is not affine in the loop variables, and also read}}
      k++;
    }
    for (int k = 0; k < 4; k++)
      y[i] += k2[k]; // expected-note {{read is here}}
  }
}

void partial(int n, const double *x, double *y) {
  double t[5][5], u[5][5], w[3][3], z[5], r[5];
#pragma gpupar
  for (int i = 0; i < n; i++) {
    for (int m = 0; m < 4; m++) {
      t[m][0] = x[i]; // expected-error {{write to 't[m][0]' does not depend on the loop variable 'i'}}
      t[m][1] = x[i];
    }
    y[i] = t[3][1] + t[4][0];
  }
#pragma gpupar
  for (int i = 0; i < n; i++) {
    for (int m = 0; m < 5; m++) {
      u[m][0] = x[i]; // expected-error {{write to 'u[m][0]' does not depend on the loop variable 'i'}}
      u[m][1] = x[i];
      u[m][3] = x[i];
      u[m][4] = x[i];
    }
    for (int m = 0; m < 5; m++)
      y[i] += u[m][2];
  }
#pragma gpupar
  for (int i = 0; i < n; i++) {
    for (int m = 0; m < 3; m++)
      w[m][m] = x[i]; // expected-error {{write to 'w[m][m]' does not depend on the loop variable 'i'}}
    y[i] = w[1][0];
  }
#pragma gpupar
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < 5; k++) {
      if (x[k] < 0)
        break;
      z[k] = x[i]; // expected-warning {{write to 'z[k]' does not depend on the loop variable 'i': every iteration writes the same element (the accesses are conditional)}}
    }
    y[i] = z[4];
  }
#pragma gpupar
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < 4; k++)
      r[k] = x[i]; // expected-error {{write to 'r[k]' does not depend on the loop variable 'i'}}
    for (int k = 0; k < 4; k++)
      y[i] += r[k + 1];
  }
}

static void fill_unless(double *p, int c) {
  for (int k = 0; k < 3; k++)
    p[k] = c; // expected-warning {{write to 'p[k]' does not depend on the loop variable 'i': every iteration writes the same element (the accesses are conditional)}}
  if (c < 0)
    return;
  p[3] = c;
  p[4] = c;
}

void returns_early(int n, const double *x, double *y) {
  double s[5];
#pragma gpupar
  for (int i = 0; i < n; i++) {
    fill_unless(s, i); // expected-note {{called from the loop here}}
    y[i] = s[4] + x[i];
  }
}

// Variable bounds: a read past the fill, a bound that changes between the fill and the read, a
// subscript assigned from itself.
void variable_fills(int n, int m, const double *x, double *y) {
  double a[64], b[64], c[5];
  int w, p;
#pragma gpupar
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < m; k++)
      a[k] = x[i]; // expected-error {{write to 'a[k]' does not depend on the loop variable 'i'}}
    for (int k = 0; k < m; k++)
      y[i] += a[k + 1];
  }
#pragma gpupar
  for (int i = 0; i < n; i++) {
    w = i % 4 + 1;
    for (int k = 0; k < w; k++)
      b[k] = x[i]; // expected-warning {{'b' is written at 'b[k]', an index that is not affine in the loop variables, and also read}}
    w = w + 1;
    for (int k = 0; k < w; k++)
      y[i] += b[k]; // expected-note {{read is here}}
  }
#pragma gpupar
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < 4; k++)
      c[k] = x[i]; // expected-error {{write to 'c[k]' does not depend on the loop variable 'i'}}
    p = 1;
    p = p + 3;
    y[i] = c[p];
  }
}

// One branch of an `if` leaves an element the read needs unwritten.
void one_branch(int n, const double *x, double *y) {
  double g[3];
#pragma gpupar
  for (int i = 0; i < n; i++) {
    if (x[i] > 0) {
      g[0] = 1; // expected-warning {{write to 'g[0]' does not depend on the loop variable 'i': every iteration writes the same element (the accesses are conditional)}}
      g[1] = 2;
    } else {
      g[2] = -1;
      g[0] = g[1] = 0;
    }
    y[i] = g[0] + g[1] + g[2];
  }
}

// Rows filled by a function, but not every row the loop reads: one row missing; a row passed
// from its second element; a function that also reads its parameter. The warning's note names
// the clause that holds where each iteration does write what it reads.
static void row_fill(double x, double out[5]) {
  for (int m = 0; m < 5; m++)
    out[m] = x * m; // expected-warning 2 {{cannot prove that different iterations write different elements with write to 'out[m]'}}
}

static void row_scale(double x, double *out) {
  for (int m = 0; m < 5; m++)
    out[m] = x * out[m]; // expected-warning {{cannot prove that different iterations write different elements with write to 'out[m]'}}
}

void row_fills(int n, const double *x, double *u) {
  // expected-note@+1 3 {{is shared by the iterations; where each iteration writes what it reads of it before reading it and nothing reads it after the loop, name it in 'private(}}
  double a[3][5], b[2][6], c[2][5];
#pragma gpupar
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < 2; k++)
      row_fill(x[i], &a[k][0]); // expected-note {{called from the loop here}}
    u[i] = a[2][0];
  }
#pragma gpupar
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < 2; k++)
      row_fill(x[i], &b[k][1]); // expected-note {{called from the loop here}}
    u[i] = b[1][1];
  }
#pragma gpupar
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < 2; k++)
      row_scale(x[i], c[k]); // expected-note {{called from the loop here}}
    u[i] = c[1][1];
  }
}
