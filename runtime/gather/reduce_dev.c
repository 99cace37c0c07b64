/* Array reductions on the devices: one buffer per device and round, combined on the devices by
 * the backend (NCCL on CUDA) or copied one by one to the host (see reduce.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gather/reduce.h"
#include "memory/devmem.h"
#include "trace.h"

struct gpupar__red_acc {
  void *block; /* device memory in the collector's layout; only array sections are used */
  size_t block_size;
};

static int has_arrays(const gpupar_loop *loop) {
  for (int r = 0; r < loop->nreductions; r++)
    if (loop->reductions[r].is_array)
      return 1;
  return 0;
}

int gpupar__red_acc_open(const gpupar_loop *loop, const gpupar_call *call, gpupar__device *dev,
                         gpupar__red_acc **out, gpupar__error *err) {
  *out = NULL;
  if (!call->reduce_state || loop->nreductions <= 0 || !has_arrays(loop))
    return GPUPAR_OK;
  if (gpupar__dev_check_lost(dev))
    return gpupar__fail(err, GPUPAR_EDEVICE, "%s is lost", dev->info.name);
  gpupar__red_acc *acc = calloc(1, sizeof *acc);
  if (!acc)
    return gpupar__fail(err, GPUPAR_ENOMEM, "out of host memory (reduction buffers)");
  size_t bytes = gpupar__red_entry_bytes(call);
  int rc = gpupar__dev_alloc(dev, bytes, &acc->block, &acc->block_size, err);
  void *stage = NULL;
  size_t stage_size = 0;
  if (rc == GPUPAR_OK)
    rc = gpupar__stage_alloc(dev->backend, bytes, &stage, &stage_size, err);
  if (rc == GPUPAR_OK) {
    memset(stage, 0, bytes);
    for (int r = 0; r < loop->nreductions; r++) {
      const gpupar_reduction_desc *d = &loop->reductions[r];
      if (d->is_array)
        gpupar__red_identity(d->kind, d->size, d->op,
                             (char *)stage + gpupar__red_entry_offset(call, r),
                             call->reduction_counts[r]);
    }
    rc = dev->backend->copy_in(dev, 0, acc->block, stage, bytes, err);
    if (rc == GPUPAR_OK) /* the sub-chunks' streams must see the identity */
      rc = dev->backend->sync(dev, 0, err);
  }
  gpupar__stage_release(dev->backend, stage, stage_size);
  if (rc != GPUPAR_OK) {
    gpupar__red_acc_close(dev, &acc);
    return rc;
  }
  *out = acc;
  return GPUPAR_OK;
}

void *gpupar__red_acc_buffer(const gpupar__red_acc *acc) { return acc ? acc->block : NULL; }

void gpupar__red_acc_close(gpupar__device *dev, gpupar__red_acc **pacc) {
  gpupar__red_acc *acc = *pacc;
  if (!acc)
    return;
  gpupar__dev_release(dev, acc->block, acc->block_size);
  free(acc);
  *pacc = NULL;
}

/* Copies `bytes` at device address `src` of `dev` to the host (stream 0, synced) and records them
 * as the array results of the chunk at `begin`. */
static int bring_home(const gpupar_call *call, gpupar__device *dev, const void *src, size_t bytes,
                      unsigned long long begin, gpupar__error *err) {
  if (gpupar__dev_check_lost(dev))
    return gpupar__fail(err, GPUPAR_EDEVICE, "%s is lost", dev->info.name);
  void *stage = NULL;
  size_t stage_size = 0;
  int rc = gpupar__stage_alloc(dev->backend, bytes, &stage, &stage_size, err);
  if (rc == GPUPAR_OK)
    rc = dev->backend->copy_out(dev, 0, stage, src, bytes, err);
  if (rc == GPUPAR_OK)
    rc = dev->backend->sync(dev, 0, err);
  if (rc == GPUPAR_OK && gpupar__red_record_entry(call, begin, stage, GPUPAR__RED_ARRAYS) != 0)
    rc = gpupar__fail(err, GPUPAR_ENOMEM, "out of host memory (reduction results)");
  gpupar__stage_release(dev->backend, stage, stage_size);
  return rc;
}

/* Combines the good buffers live[0..n) on the devices into devs[live[0]] and brings the result
 * home. Returns 1 when done, 0 with out->why when the caller must copy each buffer. */
static int combine_on_devices(const gpupar_loop *loop, const gpupar_call *call,
                              gpupar__device *const *devs, gpupar__red_acc *const *acc,
                              const unsigned long long *begin, const int *live, int n,
                              gpupar__red_gather_out *out) {
  const gpupar__backend *be = devs[live[0]]->backend;
  for (int j = 1; j < n; j++)
    if (devs[live[j]]->backend != be) {
      snprintf(out->why, sizeof out->why, "the devices are of different kinds");
      return 0;
    }
  if (!be->reduce || !be->can_reduce) {
    snprintf(out->why, sizeof out->why, "%s devices cannot combine buffers", be->name);
    return 0;
  }
  for (int r = 0; r < loop->nreductions; r++) {
    const gpupar_reduction_desc *d = &loop->reductions[r];
    if (d->is_array && !be->can_reduce(d->kind, d->size, d->op)) {
      snprintf(out->why, sizeof out->why,
               "'%.60s' is not a reduction NCCL has (NCCL: + * min max on 8-, 32- and 64-bit "
               "integers, float and double)",
               d->name ? d->name : "?");
      return 0;
    }
  }
  int checked = gpupar__red_checks_sections(loop);
  if (checked && !be->can_reduce(GPUPAR_TYPE_SIGNED, sizeof(int), GPUPAR_RED_MAX)) {
    snprintf(out->why, sizeof out->why, "%s devices cannot combine the section checks", be->name);
    return 0;
  }
  int root = live[0];
  size_t bytes = gpupar__red_entry_bytes(call);
  gpupar__device *ds[GPUPAR__MAX_DEVICES];
  void *src[GPUPAR__MAX_DEVICES];
  unsigned long long first = begin[live[0]];
  for (int j = 0; j < n; j++) {
    ds[j] = devs[live[j]];
    if (begin[live[j]] < first)
      first = begin[live[j]];
  }
  gpupar__error err = {0};
  void *result = NULL;
  size_t result_size = 0;
  double t0 = gpupar__now_us();
  int rc = gpupar__dev_alloc(devs[root], bytes, &result, &result_size, &err);
  for (int r = 0; r < loop->nreductions && rc == GPUPAR_OK; r++) {
    const gpupar_reduction_desc *d = &loop->reductions[r];
    if (!d->is_array)
      continue;
    size_t off = gpupar__red_entry_offset(call, r);
    for (int j = 0; j < n; j++)
      src[j] = (char *)acc[live[j]]->block + off;
    rc = be->reduce(ds, n, 0, src, (char *)result + off, call->reduction_counts[r], d->kind,
                    d->size, d->op, &err);
  }
  if (rc == GPUPAR_OK && checked) { /* an update outside a section on any device */
    size_t off = gpupar__red_flags_offset(call);
    for (int j = 0; j < n; j++)
      src[j] = (char *)acc[live[j]]->block + off;
    rc = be->reduce(ds, n, 0, src, (char *)result + off, loop->nreductions, GPUPAR_TYPE_SIGNED,
                    sizeof(int), GPUPAR_RED_MAX, &err);
  }
  if (rc == GPUPAR_OK)
    rc = bring_home(call, devs[root], result, bytes, first, &err);
  gpupar__dev_release(devs[root], result, result_size);
  if (rc != GPUPAR_OK) {
    snprintf(out->why, sizeof out->why, "combining on the devices failed: %.150s", err.msg);
    return 0;
  }
  double t1 = gpupar__now_us();
  out->on_devices = 1;
  out->root = root;
  out->d2h[root] = bytes;
  for (int j = 0; j < n; j++) {
    out->t0[live[j]] = t0;
    out->t1[live[j]] = t1;
  }
  return 1;
}

void gpupar__red_acc_gather(const gpupar_loop *loop, const gpupar_call *call,
                            gpupar__device *const *devs, gpupar__red_acc *const *acc,
                            const unsigned long long *begin, int *ok, gpupar__error *errs, int n,
                            int on_devices, gpupar__red_gather_out *out) {
  memset(out, 0, sizeof *out);
  int live[GPUPAR__MAX_DEVICES], nlive = 0;
  for (int i = 0; i < n; i++)
    if (acc[i] && ok[i])
      live[nlive++] = i;
  if (nlive == 0)
    return;
  out->bytes = gpupar__red_entry_bytes(call);
  if (nlive >= 2 && !on_devices)
    snprintf(out->why, sizeof out->why, "GPUPAR_REDUCE=host");
  if (nlive >= 2 && on_devices &&
      combine_on_devices(loop, call, devs, acc, begin, live, nlive, out))
    return;
  for (int j = 0; j < nlive; j++) {
    int i = live[j];
    out->t0[i] = gpupar__now_us();
    if (bring_home(call, devs[i], acc[i]->block, out->bytes, begin[i], &errs[i]) != GPUPAR_OK)
      ok[i] = 0;
    else
      out->d2h[i] = out->bytes;
    out->t1[i] = gpupar__now_us();
  }
}
