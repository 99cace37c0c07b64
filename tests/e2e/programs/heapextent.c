/* Pointers read at indices known only at run time, with no `map` clause: the extent is the block
 * the pointer points into, which the runtime saw the program allocate (malloc, calloc, realloc,
 * posix_memalign; pointers into a block, read at negative indices too; struct members; a histogram
 * reduced over its block). A pointer to a local or a global array is in no such block: serial. Every element is
 * compared with the same loops run serially (exit status 1 on a mismatch); heapextent.sh checks
 * where each loop ran. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 5003
#define PER_ROW 7

/* y = A x, A in compressed rows: every array is a parameter whose extent the loop cannot see. */
static void spmv(int n, const int *rowptr, const int *col, const double *val, const double *x,
                 double *y, int parallel) {
#pragma gpupar if (parallel)
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int k = rowptr[i]; k < rowptr[i + 1]; k++)
      s += val[k] * x[col[k]];
    y[i] = s;
  }
}

/* A gather through a pointer into the middle of its block, at negative and positive offsets. */
static void gather(int n, const int *idx, const float *mid, float *out, int parallel) {
#pragma gpupar if (parallel)
  for (int i = 0; i < n; i++)
    out[i] = mid[idx[i]] * 2.0f + mid[-idx[i]];
}

/* A gather from a table the caller may keep anywhere. */
static void lookup(int n, const int *idx, const long *table, long *out, int parallel) {
#pragma gpupar if (parallel)
  for (int i = 0; i < n; i++)
    out[i] = table[idx[i]] + i;
}

static long global_table[64];

/* Pointer members of a struct the loop reads at run-time indices: read once, looked up too. */
struct mesh {
  int n;
  const double *x;
  const int *conn;
};

static void mesh_gather(const struct mesh *m, double *y, int parallel) {
#pragma gpupar if (parallel)
  for (int i = 0; i < m->n; i++)
    y[i] = m->x[m->conn[i]] * 2 + m->x[m->conn[(i + 1) % m->n]];
}

/* An ordinary loop: under a sanitizer, whose allocator hides the blocks, the only one that
 * reaches the runtime (the trace check needs one). */
static void scale(int n, double *v, double a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    v[i] *= a;
}

/* A histogram through pointer parameters: `h` may alias `keys`, which the runtime checks. */
#define BINS 2048
static void histogram(int n, const unsigned *keys, int *h, int parallel) {
#pragma gpupar if (parallel)
  for (int i = 0; i < n; i++)
    h[keys[i] % BINS] += 1;
}

static int check_d(const char *what, const double *a, const double *b, int n) {
  for (int i = 0; i < n; i++)
    if (a[i] != b[i]) {
      printf("%s: element %d is %.17g, serially %.17g\n", what, i, a[i], b[i]);
      return 1;
    }
  return 0;
}

static int check_f(const char *what, const float *a, const float *b, int n) {
  for (int i = 0; i < n; i++)
    if (a[i] != b[i]) {
      printf("%s: element %d is %.9g, serially %.9g\n", what, i, a[i], b[i]);
      return 1;
    }
  return 0;
}

static int check_l(const char *what, const long *a, const long *b, int n) {
  for (int i = 0; i < n; i++)
    if (a[i] != b[i]) {
      printf("%s: element %d is %ld, serially %ld\n", what, i, a[i], b[i]);
      return 1;
    }
  return 0;
}

int main(int argc, char **argv) {
  int bad = 0, nnz = N * PER_ROW;
  int *rowptr = malloc((N + 1) * sizeof *rowptr);
  int *col = calloc(nnz, sizeof *col);
  double *val = NULL, *x = NULL;
  if (posix_memalign((void **)&val, 64, nnz * sizeof *val) != 0)
    return 2;
  x = malloc(16 * sizeof *x);
  x = realloc(x, N * sizeof *x); /* grown: the block the loop reads is the new one */
  double *y = malloc(N * sizeof *y), *ys = malloc(N * sizeof *ys);
  for (int i = 0; i <= N; i++)
    rowptr[i] = i * PER_ROW - (i > 0 && i < N ? i % 3 : 0);
  for (int k = 0; k < nnz; k++) {
    col[k] = (int)((k * 7919L) % N);
    val[k] = (k % 13) * 0.25 - 1.0;
  }
  for (int i = 0; i < N; i++)
    x[i] = (i % 17) * 0.5;
  spmv(N, rowptr, col, val, x, y, 1);
  spmv(N, rowptr, col, val, x, ys, 0);
  bad |= check_d("spmv", y, ys, N);

  float *block = malloc((2 * N + 1) * sizeof *block), *mid = block + N;
  float *out = malloc(N * sizeof *out), *outs = malloc(N * sizeof *outs);
  int *idx = malloc(N * sizeof *idx);
  for (int i = 0; i < 2 * N + 1; i++)
    block[i] = (float)(i % 101) - 50.0f;
  for (int i = 0; i < N; i++)
    idx[i] = (i * 31) % (N + 1);
  gather(N, idx, mid, out, 1);
  gather(N, idx, mid, outs, 0);
  bad |= check_f("gather", out, outs, N);

  /* Tables the runtime never saw allocated: the loops run serially, with the same results. */
  long stack_table[64], *res = malloc(N * sizeof *res), *ress = malloc(N * sizeof *ress);
  for (int i = 0; i < 64; i++)
    stack_table[i] = global_table[i] = 3L * i - 7;
  for (int i = 0; i < N; i++)
    idx[i] = (i * 13) % 64;
  lookup(N, idx, stack_table, res, 1);
  lookup(N, idx, stack_table, ress, 0);
  bad |= check_l("lookup (local table)", res, ress, N);
  lookup(N, idx, global_table, res, 1);
  lookup(N, idx, global_table, ress, 0);
  bad |= check_l("lookup (global table)", res, ress, N);
  long *heap_table = malloc(1024 * sizeof *heap_table); /* 8 KiB: found */
  memcpy(heap_table, stack_table, sizeof stack_table);
  lookup(N, idx, heap_table, res, 1);
  lookup(N, idx, heap_table, ress, 0);
  bad |= check_l("lookup (allocated table)", res, ress, N);

  struct mesh m = {N, x, col};
  mesh_gather(&m, y, 1);
  mesh_gather(&m, ys, 0);
  bad |= check_d("mesh_gather", y, ys, N);
  scale(N, y, 0.5);
  for (int i = 0; i < N; i++)
    ys[i] *= 0.5;
  bad |= check_d("scale", y, ys, N);

  /* 8 KiB of bins: found. With an argument (heapextent.sh), bins and keys in one block: the
   * runtime runs that call on the host. */
  int *bins = calloc(BINS, sizeof *bins), *binss = calloc(BINS, sizeof *binss);
  unsigned *keys = malloc(N * sizeof *keys);
  int *shared = malloc((BINS + N) * sizeof *shared), *shareds = malloc((BINS + N) * sizeof *shareds);
  if (!bins || !binss || !keys || !shared || !shareds)
    return 2;
  for (int i = 0; i < N; i++)
    keys[i] = (unsigned)i * 2654435761u;
  histogram(N, keys, bins, 1);
  histogram(N, keys, binss, 0);
  for (int b = 0; b < BINS; b++)
    bad |= bins[b] != binss[b];
  for (int i = 0; i < BINS + N; i++)
    shared[i] = shareds[i] = i < BINS ? 0 : (int)((unsigned)i * 40503u % 100000u);
  if (argc > 1 && argv[1][0] == 'a') {
    histogram(N, (const unsigned *)(shared + BINS), shared, 1);
    histogram(N, (const unsigned *)(shareds + BINS), shareds, 0);
    for (int i = 0; i < BINS + N; i++)
      bad |= shared[i] != shareds[i];
  }
  free(bins), free(binss), free(keys), free(shared), free(shareds);

  double sum = 0;
  for (int i = 0; i < N; i++)
    sum += y[i] + out[i] + (double)res[i];
  printf("checksum %.6f\n", sum);
  free(rowptr), free(col), free(val), free(x), free(y), free(ys);
  free(block), free(out), free(outs), free(idx), free(res), free(ress), free(heap_table);
  if (bad)
    printf("MISMATCH\n");
  return bad;
}
