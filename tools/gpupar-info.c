/* gpupar-info: prints the gpupar version, the backend loops run on and why (honouring
 * GPUPAR_DEVICES), the devices in use with their memory and measured host<->device bandwidth,
 * the peer-to-peer matrix, the NCCL version and whether CUDA GPUs are usable. Exits 0. */
#include <stdio.h>

#include "gpupar/gpupar.h"

static void print_device(const gpupar_device_info *d) {
  printf("  %-8s %s%s\n", d->name, d->model, d->lost ? " (lost)" : "");
  if (d->backend == GPUPAR_BACKEND_CUDA)
    printf("           %.1f GiB memory (%.1f GiB free), %d SMs at %.0f MHz, compute capability "
           "%d.%d\n",
           (double)d->total_mem / (1024.0 * 1024.0 * 1024.0),
           (double)d->free_mem / (1024.0 * 1024.0 * 1024.0), d->sm_count, d->clock_khz / 1e3,
           d->cc_major, d->cc_minor);
  printf("           host->device %.1f GB/s, device->host %.1f GB/s (%s), %d stream%s\n",
         d->h2d_bandwidth / 1e9, d->d2h_bandwidth / 1e9,
         d->backend == GPUPAR_BACKEND_CUDA ? "measured" : "modeled", d->streams,
         d->streams == 1 ? "" : "s");
}

int main(void) {
  gpupar_init();
  unsigned v = gpupar_version();
  printf("gpupar %u.%u.%u\n", v / 10000, v / 100 % 100, v % 100);
  int backend = gpupar_backend_in_use();
  printf("backend: %s (%s)\n", gpupar_backend_name(backend), gpupar_backend_reason());
  int n = gpupar_device_count();
  if (n > 0) {
    printf("devices: %d\n", n);
    for (int i = 0; i < n; i++) {
      gpupar_device_info info = GPUPAR_DEVICE_INFO_INIT;
      if (gpupar_device_get_info(i, &info) == GPUPAR_OK)
        print_device(&info);
    }
    printf("peer to peer (row reads column directly):\n      ");
    for (int j = 0; j < n; j++)
      printf(" %3d", j);
    printf("\n");
    for (int i = 0; i < n; i++) {
      printf("  %3d ", i);
      for (int j = 0; j < n; j++)
        printf(" %3s", gpupar_device_can_peer(i, j) == 1 ? "yes" : "no");
      printf("\n");
    }
  } else {
    printf("devices: none (loops run on the host)\n");
  }
  int nccl = 0;
  if (gpupar_nccl_version(&nccl) == GPUPAR_OK)
    printf("nccl: %d.%d.%d\n", nccl / 10000, nccl / 100 % 100, nccl % 100);
  else
    printf("nccl: not found (libnccl.so.2)\n");
  const char *why = gpupar_cuda_unavailable_reason();
  if (why)
    printf("cuda: unavailable: %s\n", why);
  else if (backend != GPUPAR_BACKEND_CUDA)
    printf("cuda: available (select it with GPUPAR_DEVICES=cuda or auto)\n");
  else
    printf("cuda: in use\n");
  return 0;
}
