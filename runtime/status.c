/* Names and descriptions of gpupar status codes (GPUPAR_STATUS_MAP). */
#include "gpupar/gpupar.h"

const char *gpupar_status_name(int status) {
  switch (status) {
#define GPUPAR_STATUS_NAME(name, code, text)                                                       \
  case code:                                                                                       \
    return "GPUPAR_" #name;
    GPUPAR_STATUS_MAP(GPUPAR_STATUS_NAME)
#undef GPUPAR_STATUS_NAME
  }
  return "GPUPAR_UNKNOWN";
}

const char *gpupar_strerror(int status) {
  switch (status) {
#define GPUPAR_STATUS_TEXT(name, code, text)                                                       \
  case code:                                                                                       \
    return text;
    GPUPAR_STATUS_MAP(GPUPAR_STATUS_TEXT)
#undef GPUPAR_STATUS_TEXT
  }
  return "unknown status";
}
