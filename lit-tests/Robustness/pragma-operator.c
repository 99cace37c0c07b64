// _Pragma("gpupar") written in the file and produced by a macro.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gpupar_cc -fplugin-arg-gpupar-outdir=%t -fplugin-arg-gpupar-remarks -fsyntax-only %s 2>&1 | %filecheck %s --check-prefix=DIAG
// RUN: %unline_prologue %t/pragma-operator.gpupar.c | %filecheck %s --check-prefix=HOST
// RUN: %clang19 -Wall -Werror -fsyntax-only %gpupar_include %t/pragma-operator.gpupar.c
// RUN: %cxx -x c++ -fsyntax-only %gpupar_include %t/pragma-operator.gpupar.cu
#define OFFLOAD _Pragma("gpupar")
void f(int n, float *a) {
  _Pragma("gpupar")
  for (int i = 0; i < n; i++)
    a[i] = 0;
}
void g(int n, float *a) {
  OFFLOAD
  for (int i = 0; i < n; i++)
    a[i] = 1;
}
// DIAG: pragma-operator.c:[[#@LINE-8]]:3: remark: loop offloaded: a (out)
// DIAG: pragma-operator.c:[[#@LINE-4]]:3: remark: loop offloaded: a (out)
// HOST: /* _Pragma("gpupar") */
// HOST: #line 10 "{{.*}}pragma-operator.c"
// HOST-NEXT: {{^}}  for (int i = 0; i < n; i++)
// HOST: /* OFFLOAD */
// HOST: #line 15 "{{.*}}pragma-operator.c"
