// A pragma with a line continuation and a trailing comment, a comment before the loop, and a
// loop that is the body of an if: the rewritten file keeps every line number.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gpupar_cc -fplugin-arg-gpupar-outdir=%t -fsyntax-only %s 2>&1 | %filecheck %s --check-prefix=DIAG --allow-empty
// RUN: %clang19 -Wall -Werror -fsyntax-only %gpupar_include %t/oddities.gpupar.c
// RUN: %cxx -x c++ -fsyntax-only %gpupar_include %t/oddities.gpupar.cu
// RUN: %unline_prologue %t/oddities.gpupar.c | %filecheck %s --check-prefix=HOST
// DIAG-NOT: {{.}}
void f(int n, float *a, int c) {
  if (c)
#pragma \
  gpupar // offload this
  /* the loop */
    for (int i = 0; i < n; i++) a[i] = 0;
}
int marker_line_15;
// HOST: /* #pragma
// HOST-NEXT: gpupar // offload this */
// HOST: #line 14 "{{.*}}oddities.c"
// HOST-NEXT: {{^}}    for (int i = 0; i < n; i++) a[i] = 0; } gpupar_host_done(
// HOST-NOT: #line
// HOST: int marker_line_15;
