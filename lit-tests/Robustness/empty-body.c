// Loops with empty bodies are offloaded (they only set the loop variable).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gpupar_cc -fplugin-arg-gpupar-outdir=%t -fsyntax-only %s 2>&1 | %filecheck %s --check-prefix=DIAG --allow-empty
// RUN: %clang19 -Wall -Wno-empty-body -Werror -fsyntax-only %gpupar_include %t/empty-body.gpupar.c
// RUN: %cxx -x c++ -fsyntax-only %gpupar_include %t/empty-body.gpupar.cu
// DIAG-NOT: {{.}}
int f(int n) {
  int i;
#pragma gpupar
  for (i = 0; i < n; i++)
    ;
#pragma gpupar
  for (int j = 0; j < n; j++) {
  }
  return i;
}
