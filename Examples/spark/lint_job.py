#!/usr/bin/env python3
"""Lints JSON Lines records with Spark: each partition of the records is piped through one
`fmtcheck lint --records - --format jsonl` process, and the findings are counted per rule.

    python3 lint_job.py RECORDS --fmtcheck .build/release/fmtcheck --definition Definitions/recipe.json
    spark-submit --master yarn --files /path/to/fmtcheck,/path/to/recipe.json \\
        lint_job.py hdfs:///corpus/records.jsonl --fmtcheck fmtcheck --definition recipe.json

RECORDS is anything `SparkContext.textFile` reads (a file, a folder, a glob, hdfs://, s3a://). A bare name
given to --fmtcheck or --definition is looked up on each executor, first among the files shipped with
`spark-submit --files` (SparkFiles.get), then, for the binary, on the PATH (a container image with fmtcheck
installed); a path is used as it is, on every executor. --ship sends the two files from the driver
(SparkContext.addFile), which is what `--files` does.

fmtcheck writes a JSON line per finding and per record it could not read; `line` in them is the record's line
in the stream its process read, so here it counts from the start of the partition. Everything else in a line
is the same however the records are split. Prints a table of counts; --counts-out writes them as JSON, and
--findings-out writes every output line (a folder of part files, as `saveAsTextFile` writes).
"""

import argparse
import atexit
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("records", help="the JSON Lines records (a path or URL that textFile reads)")
    parser.add_argument("--fmtcheck", default="fmtcheck",
                        help="the fmtcheck binary: a path, or a bare name (shipped with --files, else on PATH)")
    parser.add_argument("--definition",
                        help="the definition file (a path, or the bare name of a file shipped with --files); "
                             "without it, records need their own \"definition\" member")
    parser.add_argument("--ship", action="store_true",
                        help="ship --fmtcheck and --definition to the executors from the driver (addFile)")
    parser.add_argument("--master", help="Spark master (default: spark-submit's, else local[2])")
    parser.add_argument("--partitions", type=int, default=8, help="minimum number of partitions (default 8)")
    parser.add_argument("--counts-out", help="write the counts as JSON to this local file")
    parser.add_argument("--findings-out", help="write every output line under this folder (saveAsTextFile)")
    parser.add_argument("--log-level", default="ERROR", help="Spark's log level (default ERROR)")
    return parser.parse_args(argv)


def resolve(name, shipped, executable):
    """The local path of NAME on this executor: a shipped file (SparkFiles), else on PATH, else NAME."""
    from pyspark import SparkFiles

    bare = os.sep not in name
    if shipped or bare:
        local = SparkFiles.get(os.path.basename(name))
        if os.path.isfile(local):
            if executable and not os.access(local, os.X_OK):
                os.chmod(local, os.stat(local).st_mode | 0o111)   # a cluster manager may drop the x bit
            return local
    if bare and executable:
        return shutil.which(name) or name
    return name


def make_linter(fmtcheck, definition, shipped):
    """A mapPartitions function: RDD.pipe's loop, with the binary and definition resolved on the executor
    (SparkFiles.get is only right there) and fmtcheck's exit status checked. 0 (clean), 1 (findings) and 2
    (some record could not be read) are answers; anything else fails the task, and so does a 2 with no line
    saying which record (a usage or startup error), so a broken run never looks like a clean one."""

    def lint_partition(records):
        command = [resolve(fmtcheck, shipped, executable=True), "lint", "--records", "-", "--format", "jsonl", "-q"]
        if definition:
            command += ["--definition", resolve(definition, shipped, executable=False)]
        try:
            process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                       stderr=subprocess.PIPE)
        except OSError as error:
            raise RuntimeError(f"cannot run {command[0]} on this executor ({error.strerror}): ship it with "
                               "--files and pass its bare name, or put it on the executors' PATH") from error
        failures = []
        stderr_tail = []

        def feed():
            try:
                for record in records:
                    process.stdin.write(record.rstrip("\n").encode("utf-8") + b"\n")
            except BrokenPipeError:
                pass    # fmtcheck stopped reading; its exit status says why
            except BaseException as error:  # reading the input failed: fail the task with it
                failures.append(error)
            finally:
                try:
                    process.stdin.close()
                except BrokenPipeError:
                    pass

        def drain_stderr():
            for raw in process.stderr:
                stderr_tail.append(raw)
                del stderr_tail[:-20]

        threads = [threading.Thread(target=feed, daemon=True), threading.Thread(target=drain_stderr, daemon=True)]
        for thread in threads:
            thread.start()
        said_unreadable = False
        try:
            for raw in process.stdout:
                line = raw.rstrip(b"\n")
                if b'"error":' in line or b'"rule":"malformed-document"' in line:
                    said_unreadable = True
                yield line.decode("utf-8")
        except GeneratorExit:   # the task stopped reading (cancelled): stop fmtcheck with it
            process.kill()
            process.wait()
            raise
        status = process.wait()
        for thread in threads:
            thread.join()
        if failures:
            raise failures[0]
        if status not in (0, 1, 2) or (status == 2 and not said_unreadable):
            message = b"".join(stderr_tail).decode("utf-8", "replace").strip()
            raise RuntimeError(f"{' '.join(command)} exited {status}: {message}")

    return lint_partition


def count_key(line):
    finding = json.loads(line)
    if "error" in finding and "rule" not in finding:
        return ("unreadable", finding["error"], "")
    return ("rule", finding["rule"], finding.get("severity", ""))


def counts_document(pairs, records, partitions):
    rules, severities, unreadable = {}, {}, {}
    for (kind, name, severity), count in pairs.items():
        if kind == "unreadable":
            unreadable[name] = unreadable.get(name, 0) + count
        else:
            rules[name] = rules.get(name, 0) + count
            severities[severity] = severities.get(severity, 0) + count

    def by_count(d):
        return dict(sorted(d.items(), key=lambda kv: (-kv[1], kv[0])))

    return {
        "records": records,
        "partitions": partitions,
        "findings": sum(rules.values()),
        "rules": by_count(rules),
        "severities": by_count(severities),
        "unreadable": sum(unreadable.values()),
        "unreadableKinds": by_count(unreadable),
    }


def print_table(counts):
    rows = [(rule, str(n)) for rule, n in counts["rules"].items()]
    rows += [(f"unreadable: {kind}", str(n)) for kind, n in counts["unreadableKinds"].items()]
    width = max([len("rule")] + [len(r[0]) for r in rows])
    print(f"{'rule':<{width}}  {'count':>8}")
    for name, n in rows:
        print(f"{name:<{width}}  {n:>8}")
    severities = ", ".join(plural(n, s) for s, n in counts["severities"].items())
    print(f"{plural(counts['findings'], 'finding')} ({severities or 'none'}), "
          f"{plural(counts['unreadable'], 'unreadable record')}, in {plural(counts['records'], 'record')} "
          f"over {plural(counts['partitions'], 'partition')} on {counts['master']}")


def plural(n, noun):
    return f"{n} {noun}" + ("" if n == 1 else "s")


def quiet_log4j_options():
    """A log4j2 configuration that keeps the driver JVM's start-up quiet (Spark's own sets WARN)."""
    descriptor, path = tempfile.mkstemp(prefix="fmtcheck-spark-log4j2-", suffix=".properties")
    atexit.register(os.remove, path)
    with os.fdopen(descriptor, "w") as f:
        f.write("rootLogger.level = error\nrootLogger.appenderRef.stderr.ref = console\n"
                "appender.console.type = Console\nappender.console.name = console\n"
                "appender.console.target = SYSTEM_ERR\nappender.console.layout.type = PatternLayout\n"
                "appender.console.layout.pattern = %d{HH:mm:ss} %p %c{1}: %m%n\n"
                # The logger Spark takes the shell's level from when Python starts the driver: without it,
                # Spark prints that it sets WARN.
                "logger.gateway.name = org.apache.spark.api.python.PythonGatewayServer\n"
                "logger.gateway.level = error\n")
    return f"-Dlog4j2.configurationFile=file:{path}"


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    from pyspark import SparkConf, SparkContext, StorageLevel

    started = time.time()
    under_submit = "PYSPARK_GATEWAY_PORT" in os.environ   # spark-submit started this driver
    conf = SparkConf().setAppName("fmtcheck-lint-records")
    if args.master:
        conf.setMaster(args.master)
    elif not under_submit:
        conf.setMaster("local[2]")
    if not under_submit and args.log_level.upper() in ("ERROR", "FATAL", "OFF"):
        conf.set("spark.driver.extraJavaOptions", quiet_log4j_options())
    conf.set("spark.ui.showConsoleProgress", "false")
    sc = SparkContext(conf=conf)
    sc.setLogLevel(args.log_level.upper())
    try:
        if args.ship:
            binary = shutil.which(args.fmtcheck) if os.sep not in args.fmtcheck else args.fmtcheck
            sc.addFile(os.path.abspath(binary or args.fmtcheck))
            if args.definition:
                sc.addFile(os.path.abspath(args.definition))
        lines = sc.textFile(args.records, minPartitions=args.partitions)
        partitions = lines.getNumPartitions()
        output = lines.mapPartitions(make_linter(args.fmtcheck, args.definition, args.ship))
        output.persist(StorageLevel.MEMORY_AND_DISK)
        pairs = output.map(count_key).countByValue()
        if args.findings_out:
            output.saveAsTextFile(args.findings_out)
        records = lines.filter(lambda line: line.strip() != "").count()
        counts = counts_document(pairs, records, partitions)
        counts["master"] = sc.master
        counts["seconds"] = round(time.time() - started, 2)
    finally:
        sc.stop()
    print_table(counts)
    print(f"spark job: {counts['seconds']} s")
    if args.counts_out:
        with open(args.counts_out, "w") as f:
            json.dump(counts, f, indent=2)
            f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
