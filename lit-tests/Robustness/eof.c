// A pragma at the very end of the file (no newline) is an error, not a crash.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(void) {}
// expected-error@+1 {{'#pragma gpupar' must be followed by a 'for' loop}}
#pragma gpupar