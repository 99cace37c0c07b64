// '#pragma gpupar data' before a block: enter/exit calls on the block's own lines; regions that
// can be left early are ignored with a warning; malformed ones: data-region-errors.c.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
// RUN: FileCheck %s < %t/data-region.gpupar.c
// RUN: %clang19 -Wall -Wextra -fsyntax-only %gpupar_include %t/data-region.gpupar.c
void step(int n, float *a, const float *b) {
#pragma gpupar
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded}}
    a[i] += b[i];
}

int region(int n, float *a, float *b) {
#pragma gpupar data map(tofrom: a[0:n]) map(to: b[0:n]) // expected-remark {{data region: a (tofrom), b (to)}}
  {
    for (int k = 0; k < 10; k++)
      step(n, a, b);
  }
// CHECK: {{^}}  { const void *gpupar_data_15_0 = (const void *)&(a)[0]; gpupar_data_enter(gpupar_data_15_0, (size_t)(n) * sizeof((a)[0]), GPUPAR_MAP_TOFROM); const void *gpupar_data_15_1 = (const void *)&(b)[0]; gpupar_data_enter(gpupar_data_15_1, (size_t)(n) * sizeof((b)[0]), GPUPAR_MAP_TO); {
// CHECK: {{^}}  } gpupar_data_exit(gpupar_data_15_1); gpupar_data_exit(gpupar_data_15_0); }

#pragma gpupar data map(tofrom: a[0:n])
  { // expected-note@-1 {{data region declared here}}
    for (int k = 0; k < 10; k++) {
      step(n, a, b);
      if (a[0] > 100)
        return k; // expected-warning {{control can leave the data region here without reaching its end}}
    }
  }
  return 0;
}
