// A struct member is a part of its element: other members, and other elements of an array
// member, are other memory. The dependence test compares the offsets within the element as
// well as the elements (`p->v[i]` writes a different double of element 0 in each iteration);
// a member written in place keeps the rest of its element, so the array comes in (inout).
// A pointer loaded from a struct (`g->buf[1]`, `q[i].next->v`) points to memory the loop
// cannot name: serial with a warning, never the struct's own bytes.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
struct vec { int n; double v[100]; double m[2][50]; };
struct node { double v; struct node *next; };
struct bufs { double *buf[2]; };

void array_member(struct vec *p) {
#pragma gpupar
  for (int i = 0; i < 100; i++) // expected-remark {{loop offloaded: p (inout)}}
    p->v[i] = i;
}
void element_k(struct vec *p, int k) {
#pragma gpupar
  for (int i = 0; i < 100; i++) // expected-remark {{loop offloaded: p (inout)}}
    p[k].v[i] = p[k].n;
}
void rows_of_member(struct vec *p) {
#pragma gpupar
  for (int i = 0; i < 50; i++) // expected-remark {{loop offloaded: p (inout)}}
    p->m[1][i] = p->m[0][i] * 2;
}
void member_of_each(struct vec *p, int n) {
#pragma gpupar
  for (int i = 1; i < n; i++) // expected-remark {{loop offloaded: p (inout)}}
    p[i].n = (int)p[i - 1].v[3];
}
void shifted(struct vec *p) {
#pragma gpupar
  for (int i = 0; i < 99; i++)
    p->v[i] = p->v[i + 1]; // expected-error {{write to 'p->v[i]' and read of 'p->v[i + 1]' carry a dependence of distance 1}} expected-note {{read is here}}
}
void one_member(struct vec *p) {
#pragma gpupar
  for (int i = 0; i < 99; i++)
    p->n = i; // expected-error {{write to 'p->n' does not depend on the loop variable 'i': every iteration writes the same element}}
}
void loaded(struct bufs *g, struct node *q, int n) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    g->buf[1][i] = i; // expected-warning {{pointer expression 'g->buf[1]' is not supported in an offloaded loop; subscript an array variable}}
#pragma gpupar
  for (int i = 0; i < n; i++)
    q[i].next->v = i; // expected-warning {{pointer expression 'q[i].next' is not supported in an offloaded loop; subscript an array variable}}
}
