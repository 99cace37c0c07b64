//===- RuntimeNames.h - the runtime's names the generated code spells -------===//
//
// The contract between the emitters and libgpupar: every runtime function, type and enumerator
// the generated host file names (gpupar/gpupar.h, gpupar/loop.h), and the spellings of the
// plan's enums. unit.plugin.runtime_names checks each name against the installed headers.
//
//===----------------------------------------------------------------------===//
#ifndef GPUPAR_PLUGIN_RUNTIMENAMES_H
#define GPUPAR_PLUGIN_RUNTIMENAMES_H

#include "Analysis/LoopForm.h"
#include "Pragma/Directive.h"

#include "gpupar/loop.h"

#include <string>

namespace gpupar::rt {

// Host API, called by the prologue the host file gets before each loop.
inline constexpr const char *Header = "gpupar/gpupar.h";
inline constexpr const char *Loop = "gpupar_loop";
inline constexpr const char *Call = "gpupar_call";
inline constexpr const char *Run = "gpupar_run";
inline constexpr const char *HostDone = "gpupar_host_done";
inline constexpr const char *Span = "gpupar_span";
inline constexpr const char *SpanInit = "gpupar_span_init";
inline constexpr const char *SpanAddRange = "gpupar_span_add_range";
inline constexpr const char *SpanCols = "gpupar_span_cols";
inline constexpr const char *SpanColCoef = "gpupar_span_col_coef";
inline constexpr const char *SpanAddCols = "gpupar_span_add_cols";
inline constexpr const char *SpanGuardLo = "gpupar_span_guard_lo";
inline constexpr const char *SpanGuardHi = "gpupar_span_guard_hi";
inline constexpr const char *TripCount = "gpupar_trip_count";
inline constexpr const char *MaxLL = "gpupar_max_ll";
inline constexpr const char *MinLL = "gpupar_min_ll";
inline constexpr const char *RowsLayout = "gpupar_rows_layout";
inline constexpr const char *VersionCode = "GPUPAR_VERSION_CODE";

/// All of the above, for the contract test.
inline constexpr const char *HostNames[] = {
    Loop,         Call,     Run,         HostDone,    Span,        SpanInit,
    SpanAddRange, SpanCols, SpanColCoef, SpanAddCols, SpanGuardLo, SpanGuardHi,
    TripCount,    MaxLL,    MinLL,       RowsLayout,  VersionCode};

/// Returns the enumerator of `C` in gpupar_cond: "GPUPAR_LT", ...
const char *condName(Cond C);
/// Returns the enumerator of `Op` in gpupar_red_op ("GPUPAR_RED_ADD") and kernel.h's operator
/// template ("gpupar_red_add").
const char *reductionOpEnum(ReductionOp Op);
const char *reductionOpTemplate(ReductionOp Op);
/// The enumerator of gpupar_red_op for a last value.
inline constexpr const char *RedLast = "GPUPAR_RED_LAST";
/// Returns the enumerator of `K` in gpupar_type_kind: "GPUPAR_TYPE_FLOAT", ...
const char *typeKindName(gpupar_type_kind K);
/// Returns the GPUPAR_READ / GPUPAR_WRITE / GPUPAR_SCATTER / GPUPAR_DISJOINT bits, or-ed.
std::string accessBits(bool Read, bool Write, bool Scatter, bool Disjoint);

} // namespace gpupar::rt

#endif
