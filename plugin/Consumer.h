//===- Consumer.h - runs the gpupar pipeline over one translation unit ----===//
#ifndef GPUPAR_PLUGIN_CONSUMER_H
#define GPUPAR_PLUGIN_CONSUMER_H

#include "Pragma/PragmaHandler.h"

#include "clang/AST/ASTConsumer.h"

#include <memory>
#include <string>

namespace gpupar {

struct Options {
  std::string OutDir; ///< empty: beside the input
  bool Remarks = false;
  bool WarningsAsErrors = false;
};

/// After parsing: attaches each recorded pragma to its loop, analyses the loops, and writes
/// `<stem>.gpupar.c` and `<stem>.gpupar.cu` when the file holds at least one pragma.
class GpuparConsumer : public clang::ASTConsumer {
public:
  GpuparConsumer(Options Opts, std::shared_ptr<PragmaLog> Log)
      : Opts(std::move(Opts)), Log(std::move(Log)) {}

  void HandleTranslationUnit(clang::ASTContext &Ctx) override;

private:
  Options Opts;
  std::shared_ptr<PragmaLog> Log;
};

} // namespace gpupar

#endif
