// A pragma in a header is ignored with a warning: only the main file is rewritten.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t -I %S/Inputs %s
// expected-warning@Inputs/header.h:2 {{'#pragma gpupar' outside the main file is ignored; only loops in the main file are offloaded and this loop stays serial}}
#include "header.h"
void f(int n, float *a) { clear(n, a); }
