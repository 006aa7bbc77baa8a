#!/usr/bin/env bash
# Lints 100,000 generated records with Spark on a local master and checks the findings against one fmtcheck
# process. Sets up what it needs on a fresh Debian machine: Java (apt-get, as root), pyspark (PyPI, into a
# venv under the cache folder), a release build of fmtcheck. A machine that can have neither Java nor pyspark
# says `skipped: ...` and exits 0; a wrong result exits 1.
#
# Environment: FMTCHECK_SPARK_CACHE (default ~/.cache/fmtcheck-spark: the venv), FMTCHECK_SPARK_RECORDS
# (default 100000), FMTCHECK_SPARK_MASTER (default local[2]), FMTCHECK_SPARK_PARTITIONS (default 8),
# FMTCHECK_SPARK_BIN (a fmtcheck binary to use instead of building one).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/../.."
cache="${FMTCHECK_SPARK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/fmtcheck-spark}"
count="${FMTCHECK_SPARK_RECORDS:-100000}"
master="${FMTCHECK_SPARK_MASTER:-local[2]}"
partitions="${FMTCHECK_SPARK_PARTITIONS:-8}"
mkdir -p "$cache"

skip() { echo "skipped: $*"; exit 0; }
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

# Java: Spark runs on the JVM.
if ! command -v java >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing Java (default-jre-headless)..."
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless) \
      >"$cache/java-install.log" 2>&1 || skip "Java is missing and default-jre-headless did not install (see $cache/java-install.log)"
  else
    skip "Java is missing and cannot be installed here (needs root and apt-get)"
  fi
fi
java_major="$(java -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.specification.version/ { print $2 }')"
java_major="${java_major#1.}"   # 1.8 is Java 8
# pyspark 4 needs Java 17; an older Java gets pyspark 3.5, the last line that runs on 8 and 11.
if [ "${java_major:-0}" -ge 17 ] 2>/dev/null; then pyspark_spec="pyspark"; else pyspark_spec="pyspark>=3.5,<4"; fi

# pyspark: the python3 on PATH when it has it, else a venv in the cache folder (made once, reused).
install_pyspark() {
  rm -rf "$cache/venv"
  if ! python3 -m venv "$cache/venv"; then
    # Debian's python3 has venv in a package of its own.
    [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1 || return 1
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv || return 1
    rm -rf "$cache/venv" && python3 -m venv "$cache/venv" || return 1
  fi
  "$cache/venv/bin/python" -m pip install -q --disable-pip-version-check --retries 2 --timeout 30 "$pyspark_spec"
}
python="python3"
if ! python3 -c 'import pyspark' >/dev/null 2>&1; then
  python="$cache/venv/bin/python"
  if ! "$python" -c 'import pyspark' >/dev/null 2>&1; then
    echo "installing $pyspark_spec into $cache/venv..."
    started="$(now)"
    install_pyspark >"$cache/pyspark-install.log" 2>&1 || true
    "$python" -c 'import pyspark' >/dev/null 2>&1 \
      || skip "pyspark is not installed and could not be installed (see $cache/pyspark-install.log)"
    echo "pyspark installed in $(since "$started") s"
  fi
fi
export PYSPARK_PYTHON="$python" PYSPARK_DRIVER_PYTHON="$python"

if [ -n "${FMTCHECK_SPARK_BIN:-}" ]; then
  fmtcheck="$FMTCHECK_SPARK_BIN"   # a fmtcheck built already
else
  echo "building fmtcheck (release)..."
  started="$(now)"
  if ! swift build -c release --product fmtcheck >"$cache/build.log" 2>&1; then
    tail -30 "$cache/build.log"; echo "error: the release build of fmtcheck failed"; exit 1
  fi
  fmtcheck="$(swift build -c release --show-bin-path)/fmtcheck"
  echo "build: $(since "$started") s"
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/fmtcheck-spark.XXXXXX")"
trap 'rm -rf "$work"' EXIT
records="$work/records.jsonl"

started="$(now)"
python3 "$here/generate_records.py" --count "$count" --seed 1 --out "$records"
echo "generation: $(since "$started") s ($(du -m "$records" | cut -f1) MB)"

# The job ships the binary and the definition to the executors (--ship, as spark-submit --files does).
started="$(now)"
"$python" "$here/lint_job.py" "$records" --master "$master" --partitions "$partitions" \
  --fmtcheck "$fmtcheck" --definition Definitions/recipe.json --ship \
  --counts-out "$work/spark-counts.json" --findings-out "$work/spark-findings"
echo "spark job (with Spark's start and stop): $(since "$started") s"

started="$(now)"
set +e
"$fmtcheck" lint --records "$records" --format jsonl --definition Definitions/recipe.json -q >"$work/single.jsonl"
status=$?
set -e
echo "single process: $(since "$started") s, exit $status"
# The corpus has records that cannot be read, so fmtcheck exits 2 once it has read them all.
if [ "$status" != "2" ]; then echo "mismatch: fmtcheck lint --records exited $status, expected 2"; exit 1; fi

python3 "$here/compare_findings.py" "$work/single.jsonl" "$work/spark-findings" "$work/spark-counts.json" "$records"
