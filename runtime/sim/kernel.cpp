// The simulator's kernel executor (docs/simulator.md): a launch runs block after block on its
// stream's worker thread; each thread of a block is a fiber (ucontext) that runs until it ends
// or waits at __syncthreads or a warp intrinsic; a barrier releases when every live thread of
// the block (the warp) waits at it. An access outside mapped memory (the guard pages around
// device allocations) ends the kernel with cudaErrorIllegalAddress, sticky for the device.
#include "sim.h"

#include <gpupar/sim_device.h>

#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>

thread_local const gpupar_sim_ids *gpupar_sim_cur = nullptr;

// Fiber switches: ucontext's swapcontext saves and restores the signal mask with a system call
// on every switch, which dominated the simulator's time; on x86-64 a switch saves only the
// callee-saved registers and the floating-point control words (the System V ABI's contract).
#if defined(__x86_64__)
extern "C" void gpupar_sim_switch(void **save_sp, void *new_sp);
asm(".text\n"
    ".globl gpupar_sim_switch\n"
    ".type gpupar_sim_switch,@function\n"
    "gpupar_sim_switch:\n"
    "  pushq %rbp\n  pushq %rbx\n  pushq %r12\n  pushq %r13\n  pushq %r14\n  pushq %r15\n"
    "  subq $8, %rsp\n  stmxcsr (%rsp)\n  fnstcw 4(%rsp)\n"
    "  movq %rsp, (%rdi)\n  movq %rsi, %rsp\n"
    "  ldmxcsr (%rsp)\n  fldcw 4(%rsp)\n  addq $8, %rsp\n"
    "  popq %r15\n  popq %r14\n  popq %r13\n  popq %r12\n  popq %rbx\n  popq %rbp\n"
    "  ret\n"
    ".size gpupar_sim_switch, .-gpupar_sim_switch\n");
#define GPUPAR_SIM_FAST_SWITCH 1
#endif

namespace gpusim {

namespace {

constexpr size_t kStack = 64 << 10;

// Converge: at __activemask, which returns the lanes of the warp that reached it together.
enum class Wait { None, Block, Warp, Converge, Done };

struct Fiber {
#ifdef GPUPAR_SIM_FAST_SWITCH
  void *sp;
#else
  ucontext_t ctx;
#endif
  gpupar_sim_ids ids;
  Wait wait = Wait::None;
  unsigned warp_mask = 0;
  unsigned long long value = 0; // a warp exchange's contribution
  const void *site = nullptr;   // the __activemask call it waits at
  char *stack = nullptr;
};

struct Block {
  std::vector<Fiber> fibers;
  unsigned n = 0;
  Fiber *cur = nullptr;
#ifdef GPUPAR_SIM_FAST_SWITCH
  void *sched_sp;
#else
  ucontext_t sched;
#endif
  void (*body)(void *) = nullptr;
  void *args = nullptr;
  unsigned char *shared = nullptr;
  const char *error = nullptr; // a divergence or misuse found by a barrier
};

thread_local Block *tls_block = nullptr;
thread_local sigjmp_buf tls_abort;
thread_local volatile int tls_in_kernel = 0;
thread_local void *volatile tls_fault_addr = nullptr;
thread_local volatile int tls_trapped = 0;   // the kernel ended at gpupar_sim_fatal
thread_local std::vector<char *> tls_stacks; // reused by the worker's launches

char *stack_for(unsigned i) {
  while (tls_stacks.size() <= i) {
    // A guard page below each stack: an overflow faults instead of corrupting a neighbour.
    char *m = (char *)mmap(nullptr, kStack + 4096, PROT_READ | PROT_WRITE,
                           MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (m == MAP_FAILED)
      abort();
    mprotect(m, 4096, PROT_NONE);
    tls_stacks.push_back(m + 4096);
  }
  return tls_stacks[i];
}

// From the running fiber to the scheduler, and back.
void to_scheduler(Block *b, Fiber *f) {
#ifdef GPUPAR_SIM_FAST_SWITCH
  gpupar_sim_switch(&f->sp, b->sched_sp);
#else
  swapcontext(&f->ctx, &b->sched);
#endif
}

void to_fiber(Block *b, Fiber *f) {
#ifdef GPUPAR_SIM_FAST_SWITCH
  gpupar_sim_switch(&b->sched_sp, f->sp);
#else
  swapcontext(&b->sched, &f->ctx);
#endif
}

void fiber_main() {
  Block *b = tls_block;
  b->body(b->args);
  b->cur->wait = Wait::Done;
  to_scheduler(b, b->cur);
  abort(); // a finished fiber is never resumed
}

// Prepares `f` to start in fiber_main on its own stack.
void fiber_init(Fiber &f) {
#ifdef GPUPAR_SIM_FAST_SWITCH
  // The frame gpupar_sim_switch pops: control words, six registers, then fiber_main as the
  // return address, placed so that fiber_main starts with the stack aligned as after a call.
  uintptr_t top = ((uintptr_t)f.stack + kStack) & ~(uintptr_t)15;
  void **ret = (void **)(top - 16);
  *ret = (void *)fiber_main;
  void **regs = ret - 6;
  for (int i = 0; i < 6; i++)
    regs[i] = nullptr;
  uint32_t *csr = (uint32_t *)(regs - 1);
  __asm__ volatile("stmxcsr %0" : "=m"(csr[0]));
  __asm__ volatile("fnstcw %0" : "=m"(*(uint16_t *)&csr[1]));
  f.sp = regs - 1;
#else
  getcontext(&f.ctx);
  f.ctx.uc_stack.ss_sp = f.stack;
  f.ctx.uc_stack.ss_size = kStack;
  f.ctx.uc_link = nullptr;
  makecontext(&f.ctx, fiber_main, 0);
#endif
}

// Switches from the running fiber back to the scheduler until its wait is released.
void yield(Wait w) {
  Block *b = tls_block;
  Fiber *f = b->cur;
  f->wait = w;
  to_scheduler(b, f);
  gpupar_sim_cur = &b->cur->ids;
}

unsigned lane_of(const Fiber &f) { return (unsigned)(&f - &tls_block->fibers[0]) % 32u; }

// Releases barriers whose threads all wait; returns false on a deadlock (divergence).
bool release(Block *b) {
  unsigned live = 0, at_block = 0;
  for (unsigned i = 0; i < b->n; i++) {
    Wait w = b->fibers[i].wait;
    live += w != Wait::Done;
    at_block += w == Wait::Block;
  }
  bool progress = false;
  if (live && at_block == live) { // threads that have exited do not take part
    for (unsigned i = 0; i < b->n; i++)
      if (b->fibers[i].wait == Wait::Block)
        b->fibers[i].wait = Wait::None;
    return true;
  }
  for (unsigned w0 = 0; w0 < b->n; w0 += 32) {
    unsigned end = std::min(b->n, w0 + 32), waiting = 0, lanes = 0, exited = 0, converging = 0;
    for (unsigned i = w0; i < end; i++) {
      Fiber &f = b->fibers[i];
      if (f.wait == Wait::Warp) {
        waiting |= 1u << (i - w0);
        lanes |= f.warp_mask;
      } else if (f.wait == Wait::Done) {
        exited |= 1u << (i - w0);
      } else if (f.wait == Wait::Converge) {
        converging |= 1u << (i - w0);
      }
    }
    // Every runnable fiber has run to its next wait: the lanes waiting at the same __activemask
    // call now are the ones that arrived together (a GPU's converged lanes); lanes elsewhere,
    // at another call or a barrier, are not in its mask.
    while (converging) {
      const void *site = b->fibers[w0 + (unsigned)__builtin_ctz(converging)].site;
      unsigned group = 0;
      for (unsigned i = w0; i < end; i++)
        if ((converging & (1u << (i - w0))) && b->fibers[i].site == site)
          group |= 1u << (i - w0);
      for (unsigned i = w0; i < end; i++)
        if (group & (1u << (i - w0))) {
          b->fibers[i].warp_mask = group;
          b->fibers[i].wait = Wait::None;
        }
      converging &= ~group;
      progress = true;
    }
    if (!waiting)
      continue;
    unsigned exists = end - w0 == 32 ? ~0u : (1u << (end - w0)) - 1;
    lanes &= exists;
    if ((lanes & exited) != 0) {
      b->error = "a warp intrinsic's mask names a thread that has exited";
      return false;
    }
    // Lanes converged by __activemask exchange in groups of their own: a group goes on when
    // every lane of its mask waits at an exchange of the same mask.
    unsigned go = 0;
    for (unsigned i = w0; i < end; i++) {
      unsigned bit = 1u << (i - w0), mask = b->fibers[i].warp_mask & exists;
      if (!(waiting & bit) || (go & bit) || (waiting & mask) != mask)
        continue;
      bool same = true;
      for (unsigned j = w0; j < end && same; j++)
        same = !(mask & (1u << (j - w0))) || (b->fibers[j].warp_mask & exists) == mask;
      if (same)
        go |= mask;
    }
    for (unsigned i = w0; i < end; i++)
      if (go & (1u << (i - w0)))
        b->fibers[i].wait = Wait::None;
    progress |= go != 0;
  }
  return progress;
}

// Runs one block to its end; returns false when its threads diverge at a barrier.
bool run_block(Block *b) {
  for (unsigned i = 0; i < b->n; i++) {
    Fiber &f = b->fibers[i];
    f.wait = Wait::None;
    f.stack = stack_for(i);
    fiber_init(f);
  }
  for (;;) {
    bool ran = false, live = false;
    for (unsigned i = 0; i < b->n; i++) {
      Fiber &f = b->fibers[i];
      if (f.wait != Wait::None)
        continue;
      b->cur = &f;
      gpupar_sim_cur = &f.ids;
      to_fiber(b, &f);
      ran = true;
    }
    for (unsigned i = 0; i < b->n; i++)
      live |= b->fibers[i].wait != Wait::Done;
    if (!live)
      return true;
    if (!release(b) && !ran) {
      if (!b->error)
        b->error =
            "threads of a block wait at different barriers (__syncthreads in divergent code)";
      return false;
    }
  }
}

} // namespace

bool in_kernel() { return tls_in_kernel != 0; }

void kernel_fault(void *addr) {
  tls_fault_addr = addr;
  tls_in_kernel = 0;
  siglongjmp(tls_abort, 1);
}

int run_kernel(const Launch &l) {
  unsigned n = l.block[0] * l.block[1] * l.block[2];
  Block b;
  b.fibers.resize(n);
  b.n = n;
  b.body = l.body;
  b.args = l.args;
  std::vector<unsigned char> shared(l.shmem + 16);
  b.shared = shared.data();
  tls_block = &b;
  gpupar_sim_cur = nullptr;
  volatile int rc = 0;
  if (sigsetjmp(tls_abort, 1) != 0) {
    char why[120];
    if (tls_trapped) {
      tls_trapped = 0;
      set_sticky(l.device, cudaErrorLaunchFailure,
                 "a kernel trapped (a fatal path of the program)");
    } else {
      snprintf(why, sizeof why, "a kernel accessed %p (outside device allocations)",
               tls_fault_addr);
      set_sticky(l.device, cudaErrorIllegalAddress, why);
    }
    rc = 0; // already sticky
  } else {
    tls_in_kernel = 1;
    for (unsigned z = 0; z < l.grid[2] && !rc; z++)
      for (unsigned y = 0; y < l.grid[1] && !rc; y++)
        for (unsigned x = 0; x < l.grid[0] && !rc; x++) {
          memset(b.shared, 0xcd, l.shmem); // shared memory starts as garbage in every block
          for (unsigned t = 0; t < n; t++) {
            gpupar_sim_ids &ids = b.fibers[t].ids;
            ids.thread = {t % l.block[0], t / l.block[0] % l.block[1],
                          t / (l.block[0] * l.block[1])};
            ids.block = {x, y, z};
            ids.bdim = dim3(l.block[0], l.block[1], l.block[2]);
            ids.gdim = dim3(l.grid[0], l.grid[1], l.grid[2]);
          }
          if (!run_block(&b)) {
            gpupar_sim_report("device %d: block (%u,%u,%u): %s", l.device, x, y, z, b.error);
            rc = cudaErrorIllegalInstruction;
          }
        }
  }
  tls_in_kernel = 0;
  tls_block = nullptr;
  gpupar_sim_cur = nullptr;
  return rc;
}

} // namespace gpusim

using namespace gpusim;

extern "C" {

void __syncthreads(void) {
  if (!tls_block || !tls_in_kernel)
    return;
  yield(Wait::Block);
}

int gpupar_sim_in_kernel(void) { return tls_in_kernel; }

void gpupar_sim_fatal(void) {
  if (!tls_block || !tls_in_kernel)
    return; // a host entry point: gpupar_fatal_stop follows
  tls_trapped = 1;
  kernel_fault(nullptr);
}

void *gpupar_sim_dynamic_shared(void) {
  return tls_block ? (void *)(((uintptr_t)tls_block->shared + 15) & ~(uintptr_t)15) : nullptr;
}

unsigned long long gpupar_sim_warp_exchange(unsigned mask, unsigned long long v, int src, int op) {
  Block *b = tls_block;
  Fiber *f = b->cur;
  unsigned lane = lane_of(*f);
  if (!(mask & (1u << lane))) {
    gpupar_sim_report("a warp intrinsic is called by lane %u outside its mask 0x%08x", lane, mask);
    b->error = "warp intrinsic called outside its mask";
  }
  f->value = v;
  f->warp_mask = mask;
  yield(Wait::Warp); // every lane of the mask has published its value
  Fiber *base = f - lane;
  unsigned long long r;
  if (op == 1 || op == 2) {
    r = 0;
    for (unsigned i = 0; i < 32; i++)
      if ((mask & (1u << i)) && base + i < &b->fibers[0] + b->n &&
          (op == 1 ? base[i].value != 0 : base[i].value == v))
        r |= 1ull << i;
  } else {
    unsigned s = (unsigned)src;
    Fiber *from = s < 32 && base + s < &b->fibers[0] + b->n ? base + s : f;
    r = from->value;
  }
  yield(Wait::Warp); // every lane has read before any lane publishes its next value
  return r;
}

__attribute__((noinline)) unsigned gpupar_sim_activemask(void) {
  Block *b = tls_block;
  if (!b || !tls_in_kernel)
    return 1u;
  b->cur->site = __builtin_return_address(0); // the program point lanes converge at
  yield(Wait::Converge);
  return b->cur->warp_mask;
}

void gpupar_sim_syncwarp(unsigned mask) {
  Block *b = tls_block;
  b->cur->warp_mask = mask;
  yield(Wait::Warp);
}

cudaError_t gpupar_sim_launch(const unsigned grid[3], const unsigned block[3], size_t shmem,
                              cudaStream_t h, void (*body)(void *), void *args,
                              void (*release_args)(void *)) {
  config();
  Launch l{{grid[0], grid[1], grid[2]},
           {block[0], block[1], block[2]},
           shmem,
           body,
           args,
           release_args,
           current_device()};
  auto refuse = [&](cudaError_t e) {
    release_args(args);
    return fail(e);
  };
  Stream *s = resolve(h);
  if (!device(current_device()))
    return refuse(cudaErrorInvalidDevice);
  if (!s) {
    gpupar_sim_report("kernel launch on an unknown or destroyed stream %p", (void *)h);
    return refuse(cudaErrorInvalidResourceHandle);
  }
  if (s->device != current_device()) {
    gpupar_sim_report("kernel launch on a stream of device %d while device %d is current",
                      s->device, current_device());
    return refuse(cudaErrorInvalidResourceHandle);
  }
  if (cudaError_t e = sticky(s->device))
    return refuse(e);
  unsigned long long threads = (unsigned long long)block[0] * block[1] * block[2];
  if (!grid[0] || !grid[1] || !grid[2] || !threads || threads > 1024 || block[2] > 64) {
    gpupar_sim_report("kernel launch with grid (%u,%u,%u) and block (%u,%u,%u)", grid[0], grid[1],
                      grid[2], block[0], block[1], block[2]);
    return refuse(cudaErrorInvalidConfiguration);
  }
  if (shmem > (48u << 10)) {
    gpupar_sim_report("kernel launch with %zu bytes of dynamic shared memory (48 KB at most)",
                      shmem);
    return refuse(cudaErrorInvalidValue);
  }
  if (fault_at("noimage", s->device, 1))
    return refuse(cudaErrorNoKernelImageForDevice);
  int nth;
  {
    Device *d = device(s->device);
    std::lock_guard<std::mutex> g(d->mu);
    nth = ++d->launches;
  }
  bool faulty = fault_at("kernel", s->device, nth);
  enqueue(s, Op{[l, faulty] { return faulty ? (int)cudaErrorLaunchFailure : run_kernel(l); },
                [l] { l.release(l.args); }});
  return cudaSuccess;
}

} // extern "C"
