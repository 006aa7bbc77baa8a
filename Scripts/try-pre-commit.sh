#!/usr/bin/env bash
# Tries .pre-commit-hooks.yaml with pre-commit itself, as a user of the hooks does: a throwaway git repository
# whose .pre-commit-config.yaml pins this repository at HEAD; pre-commit builds fmtcheck from it (swift build -c
# release, its swift language) and runs the hooks on commits and on --all-files.
#
#   Scripts/try-pre-commit.sh
#
# Installs pre-commit with pip when it is missing; skips (exit 0, saying why) only when it cannot. The build is
# kept in PRE_COMMIT_HOME (default ~/.cache/fmtcheck-pre-commit) for the next run of the same commit. Uses HEAD:
# commit what you want tried.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"

if ! python3 -m pre_commit --version >/dev/null 2>&1; then
  if ! python3 -m pip install -q pre-commit >/tmp/fmtcheck-pre-commit-install.log 2>&1; then
    echo "skipped: pre-commit cannot be installed here (see /tmp/fmtcheck-pre-commit-install.log)"
    exit 0
  fi
fi
export PRE_COMMIT_HOME="${PRE_COMMIT_HOME:-$HOME/.cache/fmtcheck-pre-commit}"
rev="$(git -C "$root" rev-parse HEAD)"
if [ -n "$(git -C "$root" status --porcelain -- .pre-commit-hooks.yaml Sources Package.swift)" ]; then
  echo "note: uncommitted changes to the hooks or sources are not tried; pre-commit builds HEAD ($rev)"
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
repo="$work/project"
mkdir -p "$repo/docs/Note.rtfd" "$repo/defs"
cp "$root/Definitions/recipe.json" "$repo/defs/recipe.json"
cp "$root/Definitions/definition.schema.json" "$repo/defs/definition.schema.json"
printf '{"definition": "defs/recipe.json"}\n' > "$repo/.fmtcheck.json"
printf '{"name": "tool", "private": true}\n' > "$repo/package.json"   # excluded by default: not a document
printf '["Oats and ",{},"milk",{"ingredient":"milk","foregroundColor":"#34c759"},".",{}]\n' > "$repo/docs/clean.json"
printf '{\\rtf1\\ansi Plain text.\\par}\n' > "$repo/docs/Note.rtfd/TXT.rtf"
cat > "$repo/.pre-commit-config.yaml" <<EOF
repos:
  - repo: $root
    rev: $rev
    hooks:
      - id: fmtcheck
      - id: fmtcheck-fix
EOF

fail() { echo "try-pre-commit: FAILED: $*"; exit 1; }
run() { (cd "$repo" && "$@"); }
run git init -q
run git config user.email ci@example.com
run git config user.name CI
run git config commit.gpgsign false
echo "try-pre-commit: installing the hooks (builds fmtcheck $rev in release mode once per commit)"
run python3 -m pre_commit install --install-hooks >"$work/install.log" 2>&1 || { cat "$work/install.log"; fail "pre-commit could not install the hooks"; }

# 1. A clean commit passes both hooks; the definition, its schema, package.json and .fmtcheck.json are not linted.
run git add -A
run git commit -qm "clean" >"$work/clean.log" 2>&1 || { cat "$work/clean.log"; fail "a clean commit was refused"; }
grep -q "fmtcheck\.*Passed" "$work/clean.log" || { cat "$work/clean.log"; fail "the fmtcheck hook did not pass a clean commit"; }

# 2. A document with a finding is refused: the lint hook names it; the fix hook fixes it and fails (it changed).
printf '["Oats and ",{},"milk",{"ingredient":"milk"},".",{}]\n' > "$repo/docs/broken.json"
run git add docs/broken.json
if run git commit -qm "broken" >"$work/broken.log" 2>&1; then cat "$work/broken.log"; fail "a commit with a finding went through"; fi
grep -q "docs/broken.json:1:[0-9]*: error IngredientsAreGreen" "$work/broken.log" || { cat "$work/broken.log"; fail "the lint hook did not name the finding"; }
grep -q '"foregroundColor":"#34c759"' "$repo/docs/broken.json" || { cat "$work/broken.log"; fail "the fix hook did not fix the document"; }
run git add docs/broken.json
run git commit -qm "fixed" >"$work/fixed.log" 2>&1 || { cat "$work/fixed.log"; fail "the fixed document was refused"; }

# 3. A file inside an RTFD package is linted as its package, and an excluded path is passed over.
printf '{\\rtf1\\ansi {\\v hidden} text.\\par}\n' > "$repo/docs/Note.rtfd/TXT.rtf"
run git add -A
run python3 -m pre_commit run fmtcheck --verbose --files docs/Note.rtfd/TXT.rtf package.json defs/recipe.json defs/definition.schema.json .fmtcheck.json >"$work/rtfd.log" 2>&1 || fail "a warning failed the hook"
grep -q "docs/Note.rtfd/TXT.rtf:1:.*reader-warning" "$work/rtfd.log" || { cat "$work/rtfd.log"; fail "the package's finding was not reported at its TXT.rtf"; }
if grep -q "package.json:\|defs/recipe.json:\|schema.json:\|fmtcheck.json:" "$work/rtfd.log"; then cat "$work/rtfd.log"; fail "a file that is no document was linted"; fi

# 4. --all-files over the whole repository (pre-commit may split the files between processes): the package's
#    warning, nothing about the files that are no documents, and the hook passes (a warning does not fail it).
run python3 -m pre_commit run fmtcheck --verbose --all-files >"$work/all.log" 2>&1 || { cat "$work/all.log"; fail "--all-files failed"; }
grep -q "docs/Note.rtfd/TXT.rtf:1:.*reader-warning" "$work/all.log" || { cat "$work/all.log"; fail "--all-files missed the package"; }
if grep -q ": error \|fmtcheck: error" "$work/all.log"; then cat "$work/all.log"; fail "--all-files reported an error"; fi
echo "try-pre-commit: passed (pre-commit $(python3 -m pre_commit --version | awk '{print $2}'), fmtcheck $rev)"
