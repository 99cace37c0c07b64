# `cmake --install build --prefix P`: the plugin, libgpupar (static and shared), headers, tools,
# docs, the CMake package (find_package(gpupar)) and gpupar.pc. Layout:
#   P/bin/{gpuparcc,gpupar-info,gpupar-trace}   P/lib/gpupar/gpupar.so   P/lib/libgpupar.{a,so}
#   P/include/gpupar/*.h   P/share/gpupar/analysis-include   P/share/doc/gpupar
#   P/lib/cmake/gpupar/   P/lib/pkgconfig/gpupar.pc
# Everything finds the rest relative to itself, so the tree can be moved.
include(CMakePackageConfigHelpers)

set_target_properties(gpupar_shared PROPERTIES EXPORT_NAME gpupar)
set_target_properties(gpupar PROPERTIES EXPORT_NAME gpupar_static)
install(TARGETS gpupar gpupar_shared EXPORT gpuparTargets
        ARCHIVE DESTINATION lib LIBRARY DESTINATION lib)
install(EXPORT gpuparTargets NAMESPACE gpupar:: DESTINATION lib/cmake/gpupar)
if(TARGET gpupar_plugin)
  install(TARGETS gpupar_plugin LIBRARY DESTINATION lib/gpupar)
endif()
install(DIRECTORY ${GPUPAR_INCLUDE_DIR}/gpupar DESTINATION include)
install(PROGRAMS ${GPUPAR_BIN_DIR}/gpuparcc ${GPUPAR_BIN_DIR}/gpupar-trace DESTINATION bin)
install(TARGETS gpupar-info RUNTIME DESTINATION bin)
install(DIRECTORY ${CMAKE_SOURCE_DIR}/tools/analysis-include/
        DESTINATION share/gpupar/analysis-include)
install(DIRECTORY ${CMAKE_SOURCE_DIR}/docs/ DESTINATION share/doc/gpupar)
install(FILES ${CMAKE_SOURCE_DIR}/README.md DESTINATION share/doc/gpupar)

configure_file(${CMAKE_CURRENT_LIST_DIR}/gpuparConfig.cmake.in
               ${CMAKE_BINARY_DIR}/cmake/gpuparConfig.cmake @ONLY)
write_basic_package_version_file(${CMAKE_BINARY_DIR}/cmake/gpuparConfigVersion.cmake
                                 VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/cmake/gpuparConfig.cmake
              ${CMAKE_BINARY_DIR}/cmake/gpuparConfigVersion.cmake
        DESTINATION lib/cmake/gpupar)

set(GPUPAR_PC_CUDA_LIBS "")
if(GPUPAR_HAVE_CUDA)
  set(GPUPAR_PC_CUDA_LIBS "-L${CUDAToolkit_LIBRARY_DIR} -lcudart")
endif()
configure_file(${CMAKE_CURRENT_LIST_DIR}/gpupar.pc.in ${CMAKE_BINARY_DIR}/cmake/gpupar.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/cmake/gpupar.pc DESTINATION lib/pkgconfig)
