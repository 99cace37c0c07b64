// A `map` clause on a loop whose perfect nest is collapsed automatically. The collapsed nest's
// analysis ran with a copy of the directive, and the arrays' shapes kept pointers to that copy's
// `map` items after it was gone: the plugin crashed building the plan (std::length_error) or
// read freed memory. The section named in the clause reaches the host file.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
// RUN: %unline_prologue %t/map-auto-collapse.gpupar.c | %filecheck %s
// CHECK: {{^}}    gpupar_span_init(&gpupar_spans[2], 0LL, (long long)(0)); /* J, whole */
// CHECK-NEXT: {{^}}    gpupar_span_add_range(&gpupar_spans[2], 1LL, 0LL, (((long long)(0) + (long long)(rows * cols)) - 1LL) - ((long long)(0)));
void gather(int rows, int cols, const float *J, const int *iN, float *out) {
#pragma gpupar map(to : J[0 : rows * cols])
  for (int i = 0; i < rows; i++)   // expected-remark {{loop offloaded: iN (in), J (in), out (out)}}
    for (int j = 0; j < cols; j++) // expected-remark {{collapsed}}
      out[i * cols + j] = J[iN[i] * cols + j];
}
