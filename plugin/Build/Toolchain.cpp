//===- Toolchain.cpp - the programs and files an offloaded object needs ----===//
#include "Build/Toolchain.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <cstdlib>
#include <dlfcn.h>
#include <optional>

namespace gpupar {

namespace {

std::string env(const char *Name) {
  const char *V = std::getenv(Name);
  return V ? std::string(V) : std::string();
}

/// Splits `Text` at blanks (enough for `CXX="ccache g++"` and flag lists; no quoting).
std::vector<std::string> words(llvm::StringRef Text) {
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  Text.split(Parts, ' ', -1, false);
  std::vector<std::string> Out;
  for (llvm::StringRef P : Parts)
    if (!P.trim().empty())
      Out.push_back(P.trim().str());
  return Out;
}

bool isExecutable(const std::string &Path) {
  return !Path.empty() && llvm::sys::fs::can_execute(Path) && !llvm::sys::fs::is_directory(Path);
}

/// Resolves a program name: a path is taken as it is, a bare name is looked up in PATH.
std::string resolve(const std::string &Name) {
  if (Name.find('/') != std::string::npos)
    return isExecutable(Name) ? Name : std::string();
  llvm::ErrorOr<std::string> P = llvm::sys::findProgramByName(Name);
  return P ? *P : std::string();
}

#ifdef GPUPAR_PLUGIN_CUDA
std::string findNvcc() {
  std::string Named = env("NVCC");
  if (!Named.empty())
    return resolve(Named);
  for (std::string Root : {env("CUDA_HOME"), std::string("/usr/local/cuda")}) {
    if (Root.empty())
      continue;
    llvm::SmallString<256> P(Root);
    llvm::sys::path::append(P, "bin", "nvcc");
    if (isExecutable(std::string(P)))
      return std::string(P);
  }
  return resolve("nvcc");
}
#endif

/// The folder of the loaded gpupar.so.
std::string pluginDir() {
  Dl_info Info;
  if (!dladdr(reinterpret_cast<void *>(&findIncludeDir), &Info) || !Info.dli_fname)
    return std::string();
  llvm::SmallString<256> Path;
  if (llvm::sys::fs::real_path(Info.dli_fname, Path))
    Path = Info.dli_fname;
  return llvm::sys::path::parent_path(Path).str();
}

} // namespace

std::string Command::text() const {
  std::string Out;
  for (const std::string &A : Args)
    Out += (Out.empty() ? "" : " ") + A;
  return Out;
}

std::string findIncludeDir(std::string &Why) {
  std::string Dir = pluginDir();
  for (const char *Rel : {"../include", "../../include"}) {
    llvm::SmallString<256> Candidate(Dir);
    llvm::sys::path::append(Candidate, Rel);
    llvm::SmallString<256> Header(Candidate);
    llvm::sys::path::append(Header, "gpupar", "version.h"); // generated: not in a source tree
    if (llvm::sys::fs::exists(Header)) {
      llvm::SmallString<256> Clean;
      if (llvm::sys::fs::real_path(Candidate, Clean))
        Clean = Candidate;
      return std::string(Clean);
    }
    Why += (Why.empty() ? "" : ", ") + std::string(Candidate);
  }
  return std::string();
}

bool kernelCommand(const std::string &Cu, const std::string &Obj, const std::string &Include,
                   Command &C, std::string &Why) {
  C = Command();
#ifdef GPUPAR_PLUGIN_CUDA
  std::string Nvcc = findNvcc();
  if (!Nvcc.empty()) {
    C.Program = Nvcc;
    // -Xptxas -v: each kernel's spills and shared memory, for the ptxas gate (PtxasGate.h).
    C.Args = {Nvcc, "-x", "cu", "-c", "-O3", "-std=c++17", "-Xptxas", "-v"};
    std::string Arch = env("GPUPAR_CUDA_ARCH");
    for (const std::string &W : words(Arch.empty() ? GPUPAR_DEFAULT_CUDA_ARCH : Arch))
      C.Args.push_back(W);
    for (const std::string &W : {std::string("-Xcompiler"), std::string("-fPIC"), "-I" + Include})
      C.Args.push_back(W);
    for (const std::string &W : words(env("GPUPAR_NVCC_FLAGS")))
      C.Args.push_back(W);
    for (const std::string &W : {Cu, std::string("-o"), Obj})
      C.Args.push_back(W);
    return true;
  }
#endif
  // No CUDA: the kernel file is C++ with host entry points only (the `__global__` parts are
  // under `#ifdef __CUDACC__`), enough for the cpu and emulated backends.
  std::string Cxx = env("CXX");
  std::vector<std::string> Words = words(Cxx.empty() ? "c++" : Cxx);
  C.Program = Words.empty() ? std::string() : resolve(Words[0]);
  if (C.Program.empty()) {
    Why = "no C++ compiler '" + (Words.empty() ? Cxx : Words[0]) + "' found (set CXX)";
    return false;
  }
  C.Args = Words;
  for (const std::string &W : {std::string("-x"), std::string("c++"), std::string("-c"),
                               std::string("-O2"), std::string("-fPIC"), std::string("-std=c++17"),
                               "-I" + Include, Cu, std::string("-o"), Obj})
    C.Args.push_back(W);
  return true;
}

bool relocatableLinkCommand(const std::vector<std::string> &Inputs, const std::string &Out,
                            Command &C, std::string &Why) {
  C = Command();
  C.Program = resolve("ld");
  if (C.Program.empty()) {
    Why = "no linker 'ld' found in PATH";
    return false;
  }
  C.Args = {"ld", "-r"};
  C.Args.insert(C.Args.end(), Inputs.begin(), Inputs.end());
  C.Args.push_back("-o");
  C.Args.push_back(Out);
  return true;
}

bool runCommand(const Command &C, const std::string &LogPath, std::string &Output) {
  std::vector<llvm::StringRef> Args(C.Args.begin(), C.Args.end());
  std::optional<llvm::StringRef> Redirects[] = {std::nullopt, llvm::StringRef(LogPath),
                                                llvm::StringRef(LogPath)};
  std::string Err;
  int RC = llvm::sys::ExecuteAndWait(C.Program, Args, std::nullopt, Redirects, 0, 0, &Err);
  Output.clear();
  if (RC < 0) {
    Output = Err.empty() ? "it could not be run" : Err;
    return false;
  }
  if (llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Log = llvm::MemoryBuffer::getFile(LogPath))
    Output = (*Log)->getBuffer().rtrim().str();
  if (RC != 0 && Output.empty())
    Output = "exit status " + std::to_string(RC);
  return RC == 0;
}

std::string lastLines(llvm::StringRef Text, size_t Max) {
  Text = Text.rtrim();
  if (Text.size() <= Max)
    return Text.str();
  Text = Text.take_back(Max); // the end says what failed
  size_t NewLine = Text.find('\n');
  return (NewLine == llvm::StringRef::npos ? Text : Text.drop_front(NewLine + 1)).str();
}

} // namespace gpupar
