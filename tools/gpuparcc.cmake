# Configures build/bin/gpuparcc with the paths of this build.
find_program(GPUPAR_CLANG NAMES clang-19 PATHS /usr/lib/llvm-19/bin NO_DEFAULT_PATH)
find_program(GPUPAR_CLANG NAMES clang-19)
if(NOT GPUPAR_CLANG)
  message(FATAL_ERROR "gpupar: clang-19 not found (run scripts/setup.sh)")
endif()
# gpuparcc finds the plugin at build/plugin/gpupar.so: link an external one there.
if(GPUPAR_EXTERNAL_PLUGIN)
  file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/plugin)
  file(CREATE_LINK ${GPUPAR_EXTERNAL_PLUGIN} ${CMAKE_BINARY_DIR}/plugin/gpupar.so SYMBOLIC)
endif()
# Programs linked with a sanitized libgpupar need the sanitizer runtimes too.
string(REPLACE ";" " " GPUPAR_PROGRAM_FLAGS "${GPUPAR_SANITIZE_FLAGS}")
# The build tree has the layout gpuparcc expects: share/gpupar/analysis-include like an install.
file(COPY ${CMAKE_CURRENT_SOURCE_DIR}/analysis-include/
     DESTINATION ${CMAKE_BINARY_DIR}/share/gpupar/analysis-include)
set(GPUPAR_NVCC "")
set(GPUPAR_CUDA_LIBDIR "")
if(GPUPAR_HAVE_CUDA)
  set(GPUPAR_NVCC ${CUDAToolkit_NVCC_EXECUTABLE})
  if(NOT GPUPAR_NVCC)
    set(GPUPAR_NVCC ${CUDAToolkit_BIN_DIR}/nvcc)
  endif()
  set(GPUPAR_CUDA_LIBDIR ${CUDAToolkit_LIBRARY_DIR})
endif()
set(GPUPAR_SIM_LINK_FLAGS "")
if(NOT GPUPAR_SIM)
  set(GPUPAR_SIM_INCLUDE "")
  set(GPUPAR_SIM_LIBDIR "")
elseif(GPUPAR_SIM_COVERAGE)
  set(GPUPAR_SIM_LINK_FLAGS "--coverage") # libgpupar_sim is instrumented (scripts/coverage.sh)
endif()
configure_file(${CMAKE_CURRENT_SOURCE_DIR}/gpuparcc.in ${GPUPAR_BIN_DIR}/gpuparcc @ONLY
               FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE
                                WORLD_READ WORLD_EXECUTE)
