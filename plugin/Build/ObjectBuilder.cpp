//===- ObjectBuilder.cpp - compiles what the plugin generated into clang's output ===//
#include "Build/ObjectBuilder.h"
#include "Build/PendingOutput.h"
#include "Build/PtxasGate.h"
#include "Build/Toolchain.h"

#include "clang/CodeGen/CodeGenAction.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace gpupar {

namespace {

thread_local int NestedDepth = 0;

/// The extension clang gives the output of `Action` when no `-o` names it.
const char *outputExtension(frontend::ActionKind Action) {
  switch (Action) {
  case frontend::EmitAssembly:
    return "s";
  case frontend::EmitBC:
    return "bc";
  case frontend::EmitLLVM:
    return "ll";
  default:
    return "o";
  }
}

std::unique_ptr<FrontendAction> codeGenAction(frontend::ActionKind Action) {
  switch (Action) {
  case frontend::EmitObj:
    return std::make_unique<EmitObjAction>();
  case frontend::EmitAssembly:
    return std::make_unique<EmitAssemblyAction>();
  case frontend::EmitBC:
    return std::make_unique<EmitBCAction>();
  case frontend::EmitLLVM:
    return std::make_unique<EmitLLVMAction>();
  default:
    return nullptr;
  }
}

bool writeText(const std::string &Path, const std::string &Text, std::string &Why) {
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC, llvm::sys::fs::OF_Text);
  if (!EC) {
    OS << Text;
    OS.close();
    if (!OS.has_error())
      return true;
    EC = OS.error();
    OS.clear_error();
  }
  Why = EC.message();
  return false;
}

/// Compiles the rewritten host file with the options of `CI` into `Out`. The input keeps its
/// name (its contents are replaced in memory), so `#include "..."` and `__FILE__` resolve as
/// in the user's compile. Warnings are not shown again; errors are returned in `Errors`.
bool compileHost(CompilerInstance &CI, const GeneratedCode &Code, const std::string &Include,
                 const std::string &Out, std::string &Errors) {
  const FrontendOptions &Outer = CI.getFrontendOpts();
  auto Inv = std::make_shared<CompilerInvocation>(CI.getInvocation());
  FrontendOptions &FO = Inv->getFrontendOpts();
  const FrontendInputFile &In = Outer.Inputs.front();
  std::string Main = In.getFile().str();
  FO.Inputs = {FrontendInputFile(Main, In.getKind(), In.isSystem())};
  FO.OutputFile = Out;
  FO.Plugins.clear();
  FO.PluginArgs.clear();
  FO.AddPluginActions.clear();
  FO.ActionName.clear();
  FO.DisableFree = false;
  FO.ShowStats = false;
  FO.StatsFile.clear();
  FO.TimeTracePath.clear();
  Inv->getDependencyOutputOpts() = DependencyOutputOptions(); // the user's compile wrote them
  DiagnosticOptions &DO = Inv->getDiagnosticOpts();
  DO.IgnoreWarnings = true;
  DO.VerifyDiagnostics = false;
  DO.ShowColors = false;
  DO.DiagnosticSerializationFile.clear();
  PreprocessorOptions &PO = Inv->getPreprocessorOpts();
  PO.RetainRemappedFileBuffers = false;
  PO.addRemappedFile(Main, llvm::MemoryBuffer::getMemBufferCopy(Code.Host, Main).release());
  // After the user's own -I/-isystem folders, like -idirafter: never shadows their headers.
  Inv->getHeaderSearchOpts().AddPath(Include, frontend::After, false, true);

  CompilerInstance Nested(CI.getPCHContainerOperations());
  Nested.setInvocation(Inv);
  llvm::raw_string_ostream OS(Errors);
  Nested.createDiagnostics(new TextDiagnosticPrinter(OS, &Inv->getDiagnosticOpts()), true);
  std::unique_ptr<FrontendAction> Act = codeGenAction(FO.ProgramAction);
  if (!Act) {
    Errors = "unsupported output kind";
    return false;
  }
  ++NestedDepth;
  bool OK = Nested.ExecuteAction(*Act);
  --NestedDepth;
  OS.flush();
  return OK && !Nested.getDiagnostics().hasErrorOccurred();
}

/// A new empty file beside `Near` (renaming it onto `Near` later is atomic).
bool uniqueFileBeside(const std::string &Near, std::string &Path, std::string &Why) {
  llvm::SmallString<256> P;
  if (std::error_code EC = llvm::sys::fs::createUniqueFile(Near + ".gpupar-%%%%%%", P)) {
    Why = EC.message();
    return false;
  }
  Path = std::string(P);
  return true;
}

} // namespace

bool insideNestedCompile() { return NestedDepth > 0; }

bool producesCode(const CompilerInstance &CI) {
  switch (CI.getFrontendOpts().ProgramAction) {
  case frontend::EmitObj:
  case frontend::EmitAssembly:
  case frontend::EmitBC:
  case frontend::EmitLLVM:
    return true;
  default:
    return false;
  }
}

bool producesObject(const CompilerInstance &CI) {
  return CI.getFrontendOpts().ProgramAction == frontend::EmitObj;
}

bool buildOutput(CompilerInstance &CI, const GeneratedCode &Code, Diagnostics &D) {
  const FrontendOptions &FO = CI.getFrontendOpts();
  if (FO.Inputs.empty() || !FO.Inputs.front().isFile()) {
    D.diag(Diag::build_stdin, SourceLocation());
    return false;
  }
  if (FO.Inputs.front().getKind().isPreprocessed()) {
    // -save-temps: the compile step reads the .i file without the header search paths the
    // rewritten file needs. Clang's object of the unchanged source stays: correct, but serial.
    D.diag(Diag::build_preprocessed_input, SourceLocation()) << Code.Original;
    return true;
  }
  std::string OutputFile = FO.OutputFile;
  if (OutputFile.empty()) {
    llvm::SmallString<256> P(FO.Inputs.front().getFile());
    llvm::sys::path::replace_extension(P, outputExtension(FO.ProgramAction));
    OutputFile = std::string(P);
  }
  PendingOutput Pending = findPendingOutput(OutputFile, FO.UseTemporary);
  switch (Pending.K) {
  case PendingOutput::Discarded:
    return true;
  case PendingOutput::Stdout:
    D.diag(Diag::build_stdout, SourceLocation());
    return false;
  case PendingOutput::Unknown:
    D.diag(Diag::build_output_unknown, SourceLocation()) << OutputFile;
    return false;
  default:
    break;
  }

  std::string Why;
  std::string Include = findIncludeDir(Why);
  if (Include.empty()) {
    D.diag(Diag::build_no_headers, SourceLocation()) << Why;
    return false;
  }
  llvm::SmallString<256> Work;
  if (std::error_code EC = llvm::sys::fs::createUniqueDirectory("gpupar", Work)) {
    D.diag(Diag::build_temp_folder, SourceLocation()) << EC.message();
    return false;
  }
  auto RemoveWork = llvm::make_scope_exit([&] { llvm::sys::fs::remove_directories(Work); });
  auto inWork = [&](const std::string &Name) {
    llvm::SmallString<256> P(Work);
    llvm::sys::path::append(P, Name);
    return std::string(P);
  };

  bool Object = producesObject(CI);
  std::string Host = inWork(Code.Stem + ".host." + outputExtension(FO.ProgramAction));
  std::string Errors;
  if (!compileHost(CI, Code, Include, Host, Errors)) {
    D.diag(Diag::build_host_compile, SourceLocation())
        << Code.Original << llvm::StringRef(Errors).rtrim();
    return false;
  }

  std::string Final;
  if (!uniqueFileBeside(Pending.Path, Final, Why)) {
    D.diag(Diag::build_file_beside, SourceLocation()) << OutputFile << Why;
    return false;
  }
  auto RemoveFinal = llvm::make_scope_exit([&] { llvm::sys::fs::remove(Final); });
  if (Object) {
    std::string Cu = inWork(Code.Stem + ".gpupar.cu"), Kernels = inWork(Code.Stem + ".kernels.o");
    if (!writeText(Cu, Code.Cuda, Why)) {
      D.diag(Diag::cannot_write, SourceLocation()) << Cu << Why;
      return false;
    }
    Command C;
    std::string Output;
    if (!kernelCommand(Cu, Kernels, Include, C, Why)) {
      D.diag(Diag::build_kernels, SourceLocation()) << Code.Original << Why;
      return false;
    }
    bool Compiled = runCommand(C, inWork("kernels.log"), Output);
    std::string Rest;
    bool Gate = true;
    for (const PtxasFinding &F : checkPtxasOutput(Output, ptxasStrict(), Rest)) {
      if (F.SharedBytes)
        D.diag(Diag::ptxas_shared_memory, SourceLocation())
            << Code.Original << F.Kernel << std::to_string(F.SharedBytes) << F.Arch;
      else
        D.diag(F.Error ? Diag::ptxas_spill_strict : Diag::ptxas_spill, SourceLocation())
            << Code.Original << F.Kernel << F.Arch << std::to_string(F.SpillStores)
            << std::to_string(F.SpillLoads);
      Gate = Gate && !F.Error;
    }
    if (!Compiled) {
      D.diag(Diag::build_kernels_failed, SourceLocation())
          << Code.Original << C.text() << lastLines(Rest.empty() ? Output : Rest);
      return false;
    }
    if (!Gate)
      return false;
    if (!relocatableLinkCommand({Host, Kernels}, Final, C, Why) ||
        !runCommand(C, inWork("link.log"), Output)) {
      D.diag(Diag::build_join, SourceLocation())
          << Code.Original
          << (Why.empty() ? "'" + C.text() + "' failed:\n" + lastLines(Output) : Why);
      return false;
    }
  } else {
    if (std::error_code EC = llvm::sys::fs::copy_file(Host, Final)) {
      D.diag(Diag::cannot_write, SourceLocation()) << Final << EC.message();
      return false;
    }
    D.diag(Diag::build_host_only, SourceLocation())
        << OutputFile << Code.Original
        << (Code.CudaSide.empty() ? Code.Stem + ".gpupar.cu" : Code.CudaSide);
  }
  if (std::error_code EC = llvm::sys::fs::rename(Final, Pending.Path)) {
    D.diag(Diag::cannot_write, SourceLocation()) << OutputFile << EC.message();
    return false;
  }
  RemoveFinal.release();
  return true;
}

} // namespace gpupar
