#!/usr/bin/env bash
# Builds a libFuzzer target of this package and runs it.
#   Fuzz/run.sh TARGET SECONDS [extra libFuzzer flags…]
# e.g. Fuzz/run.sh NativeJSONFuzz 60
# The corpus lives in Fuzz/Corpus/TARGET (created on first run, seeded from Fuzz/Seeds/TARGET when present);
# crashes are written to Fuzz/Crashes/TARGET. Exit status is libFuzzer's: non-zero when it found a crash.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
target="${1:?usage: run.sh TARGET SECONDS}"
seconds="${2:?usage: run.sh TARGET SECONDS}"
shift 2
cd "$here"
swift build -c release --product "$target" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
binary="$(swift build -c release --show-bin-path)/$target"
mkdir -p "Corpus/$target" "Crashes/$target"
seeds=()
if [ -d "Seeds/$target" ]; then seeds=("Seeds/$target"); fi
# The RTF reader also starts from the real documents of ../shared/corpus/rtf, when that folder is beside the
# package (read in place, never copied into the repository).
if [ "$target" = RTFReaderFuzz ] && [ -d "$here/../../shared/corpus/rtf" ]; then seeds+=("$here/../../shared/corpus/rtf"); fi
# Known leaks inside the toolchain's Foundation are suppressed by name (lsan-suppressions.txt), so a leak of ours
# still stops the run.
export LSAN_OPTIONS="suppressions=$here/lsan-suppressions.txt${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
exec "$binary" "Corpus/$target" "${seeds[@]}" \
    -max_total_time="$seconds" -artifact_prefix="Crashes/$target/" -rss_limit_mb=4096 -max_len=65536 \
    -print_final_stats=1 "$@"
