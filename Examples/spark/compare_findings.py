#!/usr/bin/env python3
"""Checks that the Spark job found what one fmtcheck process finds in the same records.

    compare_findings.py SINGLE.jsonl SPARK_FINDINGS_FOLDER SPARK_COUNTS.json RECORDS.jsonl

SINGLE.jsonl is the output of `fmtcheck lint --records RECORDS.jsonl --format jsonl`; the folder holds the
job's --findings-out part files and SPARK_COUNTS.json its --counts-out. The findings must be equal as
multisets of JSON objects once `line` and `endLine` are left out: they count lines in the stream each process
read, which under Spark starts at each partition. The per-rule and per-error counts must be equal too, and
the record count the job saw must be the number of non-blank lines of RECORDS.jsonl. Exits 1 on a mismatch.
"""

import collections
import glob
import json
import os
import sys

STREAM_RELATIVE = ("line", "endLine")


def canonical(text, where):
    try:
        value = json.loads(text)
    except ValueError as error:
        sys.exit(f"mismatch: {where}: an output line is not JSON ({error}): {text[:200]}")
    for key in STREAM_RELATIVE:
        value.pop(key, None)
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def read_lines(paths):
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                line = line.rstrip("\n")
                if line:
                    yield line, f"{path}:{number}"


def counts_of(findings):
    rules, unreadable = collections.Counter(), collections.Counter()
    for text in findings:
        value = json.loads(text)
        if "rule" in value:
            rules[value["rule"]] += 1
        else:
            unreadable[value["error"]] += 1
    return rules, unreadable


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__.strip().split("\n\n")[1])
    single_path, spark_folder, counts_path, records_path = sys.argv[1:]
    parts = sorted(glob.glob(os.path.join(spark_folder, "part-*")))
    if not parts:
        sys.exit(f"mismatch: {spark_folder} has no part files")

    single = sorted(canonical(text, where) for text, where in read_lines([single_path]))
    spark = sorted(canonical(text, where) for text, where in read_lines(parts))
    problems = []
    if single != spark:
        only_single = collections.Counter(single) - collections.Counter(spark)
        only_spark = collections.Counter(spark) - collections.Counter(single)
        problems.append(f"findings differ: {len(single)} from one process, {len(spark)} from Spark; "
                        f"{sum(only_single.values())} only in one process's, {sum(only_spark.values())} only in Spark's")
        for text in list(only_single)[:3]:
            problems.append(f"  only one process: {text[:300]}")
        for text in list(only_spark)[:3]:
            problems.append(f"  only Spark:       {text[:300]}")

    with open(counts_path, encoding="utf-8") as f:
        counts = json.load(f)
    rules, unreadable = counts_of(single)
    if dict(rules) != counts["rules"]:
        problems.append(f"per-rule counts differ: one process {dict(rules)}, Spark {counts['rules']}")
    if dict(unreadable) != counts["unreadableKinds"]:
        problems.append(f"unreadable counts differ: one process {dict(unreadable)}, Spark {counts['unreadableKinds']}")
    with open(records_path, encoding="utf-8") as f:
        records = sum(1 for line in f if line.strip())
    if counts["records"] != records:
        problems.append(f"the job saw {counts['records']} records, the file has {records}")
    # Equal and empty would prove nothing: the corpus is made to have these.
    for rule in ("IngredientsAreGreen", "undeclared-attribute", "wrong-type"):
        if rules[rule] == 0:
            problems.append(f"no {rule} finding at all: the corpus has them, so fmtcheck did not lint")
    if not unreadable:
        problems.append("no unreadable record reported: the corpus has bad lines")
    if counts["partitions"] < 2:
        problems.append(f"the job ran {counts['partitions']} partition: the check needs the records split")

    if problems:
        print("mismatch: " + "\n".join(problems))
        return 1
    print(f"match: {len(single)} output lines ({sum(rules.values())} findings in {len(rules)} rules, "
          f"{sum(unreadable.values())} unreadable records) equal in one process and over "
          f"{counts['partitions']} Spark partitions (line, endLine aside)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
