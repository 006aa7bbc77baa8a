#!/usr/bin/env python3
"""Checks fmtcheck's CI report formats with what CI systems read them with.

  validate-ci-reports.py [--junit FILE] [--checkstyle FILE] [--gitlab FILE]

- junit: valid against the Jenkins xUnit plugin's junit-10.xsd (vendored in Tests/FormatCheckTests/Fixtures,
  MIT), checked with xmlschema, then read by junitparser (a consumer GitLab-style tools use), whose counts must
  agree with the report's own.
- checkstyle: Checkstyle publishes no schema; the file is parsed as XML and checked for the layout Checkstyle's
  XMLLogger writes (checkstyle/file[@name]/error[@severity, @message, @source, optional @line, @column]).
- gitlab: GitLab publishes no JSON schema for Code Quality; the members its documentation requires are checked
  (description, check_name, fingerprint unique, severity in info|minor|major|critical|blocker, location.path,
  location.lines.begin).

Exit 0 when every file given is valid, 1 when one is not (saying why), 3 when a module it needs is missing
(xmlschema, junitparser), so a caller can skip rather than fail.
"""
import json
import os
import sys
import xml.etree.ElementTree as ElementTree

HERE = os.path.dirname(os.path.abspath(__file__))
XSD = os.path.join(HERE, "..", "Tests", "FormatCheckTests", "Fixtures", "junit-10.xsd")


def fail(path, message):
    print(f"{path}: invalid: {message}")
    sys.exit(1)


def check_junit(path):
    try:
        import junitparser
        import xmlschema
    except ImportError as error:
        print(f"missing module: {error.name} (pip install xmlschema junitparser)")
        sys.exit(3)
    schema = xmlschema.XMLSchema(XSD)
    errors = list(schema.iter_errors(path))
    if errors:
        fail(path, f"not valid against junit-10.xsd: {errors[0].reason} at {errors[0].path}")
    xml = junitparser.JUnitXml.fromfile(path)
    suites = list(xml) if isinstance(xml, junitparser.JUnitXml) else [xml]
    cases = [case for suite in suites for case in suite]
    failed = [case for case in cases if any(isinstance(r, junitparser.Failure) for r in case.result)]
    errored = [case for case in cases if any(isinstance(r, junitparser.Error) for r in case.result)]
    for suite in suites:
        if (suite.tests, suite.failures, suite.errors) != (len(list(suite)), len(failed), len(errored)):
            fail(path, f"suite counts tests={suite.tests} failures={suite.failures} errors={suite.errors}, "
                       f"junitparser reads {len(list(suite))}, {len(failed)}, {len(errored)}")
    if len({case.name for case in cases}) != len(cases):
        fail(path, "two test cases have one name (a document is one test case)")
    print(f"{path}: valid JUnit (junit-10.xsd); junitparser reads {len(cases)} test cases, "
          f"{len(failed)} failed, {len(errored)} in error")


def check_checkstyle(path):
    try:
        root = ElementTree.parse(path).getroot()
    except ElementTree.ParseError as error:
        fail(path, f"not XML: {error}")
    if root.tag != "checkstyle" or "version" not in root.attrib:
        fail(path, "the root is not <checkstyle version=...>")
    findings = 0
    for file in root:
        if file.tag != "file" or not file.get("name"):
            fail(path, f"<{file.tag}> where a <file name=...> belongs")
        for error in file:
            if error.tag != "error":
                fail(path, f"<{error.tag}> inside <file>")
            if error.get("severity") not in ("ignore", "info", "warning", "error"):
                fail(path, f"severity {error.get('severity')!r}")
            if not error.get("message") or not error.get("source"):
                fail(path, "an <error> without message or source")
            for attribute in ("line", "column"):
                if attribute in error.attrib and not (error.get(attribute).isdigit() and int(error.get(attribute)) >= 1):
                    fail(path, f"{attribute}={error.get(attribute)!r}")
            findings += 1
    print(f"{path}: valid Checkstyle XML; {len(root)} files, {findings} errors")


def check_gitlab(path):
    try:
        with open(path, encoding="utf-8") as handle:
            issues = json.load(handle)
    except ValueError as error:
        fail(path, f"not JSON: {error}")
    if not isinstance(issues, list):
        fail(path, "not a JSON array")
    seen = set()
    for n, issue in enumerate(issues):
        for member in ("description", "check_name", "fingerprint", "severity"):
            if not isinstance(issue.get(member), str) or not issue[member]:
                fail(path, f"issue {n}: {member} is not a non-empty string")
        if issue["severity"] not in ("info", "minor", "major", "critical", "blocker"):
            fail(path, f"issue {n}: severity {issue['severity']!r}")
        if issue["fingerprint"] in seen:
            fail(path, f"issue {n}: fingerprint {issue['fingerprint']} is not unique")
        seen.add(issue["fingerprint"])
        location = issue.get("location")
        if not isinstance(location, dict) or not isinstance(location.get("path"), str) or location["path"].startswith("/"):
            fail(path, f"issue {n}: location.path is not a relative path")
        begin = (location.get("lines") or {}).get("begin")
        if not isinstance(begin, int) or begin < 1:
            fail(path, f"issue {n}: location.lines.begin is not a line number")
    print(f"{path}: valid GitLab Code Quality; {len(issues)} issues, fingerprints unique")


def main(arguments):
    checks = {"--junit": check_junit, "--checkstyle": check_checkstyle, "--gitlab": check_gitlab}
    if not arguments or len(arguments) % 2 or any(a not in checks for a in arguments[::2]):
        print(__doc__)
        sys.exit(2)
    for option, path in zip(arguments[::2], arguments[1::2]):
        checks[option](path)


if __name__ == "__main__":
    main(sys.argv[1:])
