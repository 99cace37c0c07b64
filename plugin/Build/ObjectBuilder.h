//===- ObjectBuilder.h - compiles what the plugin generated into clang's output ===//
//
// With `-c`, the object clang writes must hold the rewritten host code and the kernels:
//   1. the rewritten host file is compiled by a nested CompilerInstance with this compile's
//      options (the input file's contents replaced, so includes and `#line` names stay those of
//      the user's file; warnings were already shown for the original source);
//   2. the kernel file is compiled by nvcc (or the host C++ compiler without CUDA);
//   3. `ld -r` joins both into one relocatable object, which replaces the object clang made of
//      the unchanged source (see PendingOutput.h).
// With `-S` / `-emit-llvm` only step 1 runs (assembly and IR cannot hold nvcc's output): the
// output holds the host code, and a warning names the kernel file to compile separately.
// Every step writes temporary files; a failure is a clang error and leaves no output.
//
//===----------------------------------------------------------------------===//
#ifndef GPUPAR_PLUGIN_BUILD_OBJECTBUILDER_H
#define GPUPAR_PLUGIN_BUILD_OBJECTBUILDER_H

#include "Diagnostics.h"

#include <string>

namespace clang {
class CompilerInstance;
}

namespace gpupar {

/// What the plugin generated for one file.
struct GeneratedCode {
  std::string Original; ///< the user's file as clang names it (messages)
  std::string Stem;     ///< file name without extension
  std::string Host;     ///< the rewritten C file
  std::string Cuda;     ///< the kernel file
  std::string CudaSide; ///< where the kernel file was also written, or empty
};

/// Whether this compile's main action writes code (`-c`, `-S`, `-emit-llvm`): the plugin then
/// delivers `GeneratedCode` through buildOutput() instead of only writing side files.
bool producesCode(const clang::CompilerInstance &CI);
/// Whether the output is an object file (`-c` without `-emit-llvm`/`-flto`).
bool producesObject(const clang::CompilerInstance &CI);

/// Whether the plugin runs inside buildOutput()'s own compile of the rewritten file (it must
/// then do nothing: that file has no pragmas left, and its diagnostics were already shown).
bool insideNestedCompile();

/// Compiles `Code` into the output of `CI` (see the file comment). Reports failures through `D`
/// and returns false; the output is then left to clang, which deletes it after an error.
bool buildOutput(clang::CompilerInstance &CI, const GeneratedCode &Code, Diagnostics &D);

} // namespace gpupar

#endif
