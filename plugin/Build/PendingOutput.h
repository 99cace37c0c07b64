//===- PendingOutput.h - the file clang is about to rename onto -o ---------===//
//
// The plugin runs after clang's own code generation (AddAfterMainAction: a plugin cannot learn
// whether the compile is `-c`, `-S` or `-fsyntax-only` before it must choose to replace the main
// action). By then clang has written the object of the unchanged source into a temporary file
// `<out>-XXXXXXXX.<ext>.tmp` beside the output, which it renames onto the output when the compile
// ends without errors. Renaming the offloaded object onto that temporary file makes clang's own
// final rename deliver it; an error from the plugin makes clang delete the temporary instead.
//
//===----------------------------------------------------------------------===//
#ifndef GPUPAR_PLUGIN_BUILD_PENDINGOUTPUT_H
#define GPUPAR_PLUGIN_BUILD_PENDINGOUTPUT_H

#include <string>

namespace gpupar {

struct PendingOutput {
  enum Kind {
    Temporary, ///< clang writes `Path` and renames it onto the output at the end
    Direct,    ///< clang writes the output itself (no temporary file): replace it
    Discarded, ///< the output is not a regular file (/dev/null): nothing to deliver
    Stdout,    ///< `-o -`: cannot be replaced
    Unknown    ///< no temporary file found
  } K = Unknown;
  std::string Path; ///< the file to rename the offloaded output onto (Temporary, Direct)
};

/// Finds where the output `OutputFile` of this compile is being written (`UseTemporary`: clang
/// writes through a temporary file, its default).
PendingOutput findPendingOutput(const std::string &OutputFile, bool UseTemporary);

} // namespace gpupar

#endif
