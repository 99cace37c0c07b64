// Every line of a loop's host prologue is on the loop's line: a warning about a user expression
// the prologue copies (here the bound) points at the `for`, and the lines after the loop keep
// their numbers, also when something precedes `for` on its line.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gpupar_cc -fplugin-arg-gpupar-outdir=%t -Wno-deprecated-declarations -fsyntax-only %s
// RUN: %clang19 -fsyntax-only %gpupar_include %t/prologue-lines.gpupar.c 2>&1 | %FileCheck %s
// RUN: %gcc -fsyntax-only %gpupar_include %t/prologue-lines.gpupar.c 2>&1 | %FileCheck %s --check-prefix=GCC
__attribute__((deprecated)) int lim = 100;
void f(float *a, const float *b) {
#pragma gpupar
  for (int i = 0; i < lim; i++)
    a[i] = b[i];
#pragma gpupar
  /* copy */ for (int i = 0; i < lim; i++) a[i] += b[i];
  int after = lim;
  (void)after;
}
// CHECK-COUNT-2: prologue-lines.c:11:{{[0-9]+}}: warning: 'lim' is deprecated
// CHECK-NOT: prologue-lines.c:1{{[23]}}:{{[0-9]+}}: warning
// CHECK-COUNT-2: prologue-lines.c:14:{{[0-9]+}}: warning: 'lim' is deprecated
// CHECK: prologue-lines.c:15:{{[0-9]+}}: warning: 'lim' is deprecated
// CHECK-NOT: warning:
// GCC-COUNT-2: prologue-lines.c:11:{{[0-9]+}}: warning: 'lim' is deprecated
// GCC-NOT: prologue-lines.c:1{{[23]}}:{{[0-9]+}}: warning
// GCC-COUNT-2: prologue-lines.c:14:{{[0-9]+}}: warning: 'lim' is deprecated
// GCC: prologue-lines.c:15:{{[0-9]+}}: warning: 'lim' is deprecated
