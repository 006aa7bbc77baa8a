#!/usr/bin/env bash
# Runs every libFuzzer target of this package for SECONDS each, one after another.
#   Fuzz/run-all.sh SECONDS [extra libFuzzer flags…]
# Prints each target's exec count; exits non-zero when any target found a crash (see Fuzz/Crashes/TARGET).
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
seconds="${1:?usage: run-all.sh SECONDS}"
shift
targets=(NativeJSONFuzz DefinitionFileFuzz EditScriptFuzz RTFReaderFuzz FlattenedRTFDFuzz TraceReaderFuzz PlainFolderFuzz ConfigurationFuzz HEICReaderFuzz)
status=0
for target in "${targets[@]}"; do
    log="$(mktemp)"
    if "$here/run.sh" "$target" "$seconds" "$@" >"$log" 2>&1; then
        result=ok
    else
        result=CRASH
        status=1
        tail -n 40 "$log"
    fi
    execs="$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | awk '{print $2}' | tail -n 1)"
    echo "fuzz $target: ${execs:-0} execs in ${seconds}s: $result"
    rm -f "$log"
done
exit "$status"
