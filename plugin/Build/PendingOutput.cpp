//===- PendingOutput.cpp - the file clang is about to rename onto -o -------===//
#include "Build/PendingOutput.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace gpupar {

namespace {

/// Whether `Name` is `Stem-XXXXXXXX<Ext>.tmp` (CompilerInstance::createOutputFileImpl's pattern).
bool isTemporaryName(llvm::StringRef Name, llvm::StringRef Stem, llvm::StringRef Ext) {
  if (!Name.consume_front(Stem) || !Name.consume_front("-") || !Name.consume_back(".tmp") ||
      !Name.consume_back(Ext))
    return false;
  return Name.size() == 8;
}

std::string realDir(llvm::StringRef Path) {
  llvm::SmallString<256> Abs(Path);
  llvm::sys::fs::make_absolute(Abs);
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(llvm::sys::path::parent_path(Abs), Real))
    return llvm::sys::path::parent_path(Abs).str();
  return std::string(Real);
}

} // namespace

PendingOutput findPendingOutput(const std::string &OutputFile, bool UseTemporary) {
  PendingOutput P;
  if (OutputFile == "-") {
    P.K = PendingOutput::Stdout;
    return P;
  }
  llvm::sys::fs::file_status Status;
  if (!llvm::sys::fs::status(OutputFile, Status) && llvm::sys::fs::exists(Status) &&
      !llvm::sys::fs::is_regular_file(Status)) {
    P.K = PendingOutput::Discarded;
    return P;
  }
  if (!UseTemporary) {
    P.K = PendingOutput::Direct;
    P.Path = OutputFile;
    return P;
  }
  // The temporary file is open in this process: find it among our file descriptors, so that
  // another compile writing the same output at the same time is never touched.
  std::string Dir = realDir(OutputFile);
  llvm::StringRef File = llvm::sys::path::filename(OutputFile);
  llvm::StringRef Ext = llvm::sys::path::extension(File);
  llvm::StringRef Stem = File.drop_back(Ext.size());
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It("/proc/self/fd", EC), End; It != End && !EC;
       It.increment(EC)) {
    llvm::SmallString<256> Target;
    if (llvm::sys::fs::real_path(It->path(), Target))
      continue;
    if (llvm::sys::path::parent_path(Target) == Dir &&
        isTemporaryName(llvm::sys::path::filename(Target), Stem, Ext)) {
      P.K = PendingOutput::Temporary;
      P.Path = std::string(Target);
      return P;
    }
  }
  return P;
}

} // namespace gpupar
