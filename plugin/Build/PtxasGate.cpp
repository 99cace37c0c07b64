//===- PtxasGate.cpp - kernels that spill or use too much shared memory ----===//
#include "Build/PtxasGate.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Demangle/Demangle.h"

#include <cstdlib>

namespace gpupar {

namespace {

std::string kernelName(llvm::StringRef Mangled) {
  std::string Name = llvm::demangle(Mangled.str());
  size_t Paren = Name.find('(');
  return Paren == std::string::npos ? Name : Name.substr(0, Paren);
}

/// The number before `What` in `Line` ("36 bytes spill stores" with What = " bytes spill stores").
unsigned numberBefore(llvm::StringRef Line, llvm::StringRef What) {
  size_t At = Line.find(What);
  if (At == llvm::StringRef::npos)
    return 0;
  llvm::StringRef Head = Line.take_front(At).rtrim();
  size_t Start = Head.find_last_not_of("0123456789");
  unsigned N = 0;
  Head.drop_front(Start == llvm::StringRef::npos ? 0 : Start + 1).getAsInteger(10, N);
  return N;
}

} // namespace

bool ptxasStrict() {
  const char *V = std::getenv("GPUPAR_PTXAS_STRICT");
  return V && *V && llvm::StringRef(V) != "0";
}

std::vector<PtxasFinding> checkPtxasOutput(llvm::StringRef Log, bool Strict, std::string &Rest) {
  std::vector<PtxasFinding> Out;
  llvm::SmallVector<llvm::StringRef, 64> Lines;
  Log.split(Lines, '\n');
  std::string Kernel, Arch, Function;
  Rest.clear();
  for (llvm::StringRef Line : Lines) {
    llvm::StringRef Body = Line;
    if (!Body.consume_front("ptxas info")) {
      if (!Function.empty() && Line.contains(" bytes stack frame")) {
        PtxasFinding F;
        F.SpillStores = numberBefore(Line, " bytes spill stores");
        F.SpillLoads = numberBefore(Line, " bytes spill loads");
        if (F.SpillStores || F.SpillLoads) {
          F.Kernel = kernelName(Function);
          F.Arch = Arch;
          F.Error = Strict;
          Out.push_back(F);
        }
        Function.clear();
      } else if (!Line.trim().empty()) {
        Rest += Line.str() + "\n";
      }
      continue;
    }
    Body = Body.ltrim().drop_while([](char C) { return C == ':'; }).ltrim();
    if (Body.consume_front("Compiling entry function '")) {
      Kernel = Body.take_until([](char C) { return C == '\''; }).str();
      size_t For = Body.find("for '");
      Arch = For == llvm::StringRef::npos
                 ? std::string()
                 : Body.drop_front(For + 5).take_until([](char C) { return C == '\''; }).str();
    } else if (Body.consume_front("Function properties for ")) {
      Function = Body.trim().str();
    } else if (Body.starts_with("Used ")) {
      unsigned Shared = numberBefore(Body, " bytes smem");
      if (Shared > PtxasSharedLimit) {
        PtxasFinding F;
        F.Kernel = kernelName(Kernel);
        F.Arch = Arch;
        F.SharedBytes = Shared;
        F.Error = true;
        Out.push_back(F);
      }
    }
  }
  return Out;
}

} // namespace gpupar
