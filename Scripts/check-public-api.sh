#!/usr/bin/env bash
# The public API of RichText and Formatting, as their symbol graphs list it, keeps the rope and the engine's
# shortcuts out (issue 23): the rope, its protocols, chunks, summaries and metrics are implementation details,
# as BigString is Foundation's, and Edit has semantic cases only. Reads the modules of an existing build
# (`swift build` first); exits 1 naming any symbol that leaked, 2 when the graphs cannot be extracted. The graphs
# leave out underscored names such as `_textTreeHeight`, so those are held internal by the source alone.
set -euo pipefail
cd "$(dirname "$0")/.."
bin="$(swift build --show-bin-path)"
modules="$bin/Modules"
[ -d "$modules" ] || modules="$bin"
triple="$(swiftc -print-target-info | python3 -c 'import json,sys; print(json.load(sys.stdin)["target"]["triple"])')"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
for module in RichText Formatting; do
  if ! swift symbolgraph-extract -module-name "$module" -I "$modules" -target "$triple" \
       -minimum-access-level public -output-dir "$out" >"$out/$module.log" 2>&1; then
    echo "check-public-api: cannot extract the symbol graph of $module:"; cat "$out/$module.log"; exit 2
  fi
done
python3 - "$out" <<'PY'
import json, os, sys
folder = sys.argv[1]
forbidden = {"Rope", "RopeElement", "RopeSummary", "RopeMetric", "RopeBoundaryPreference", "TextChunk",
             "TextSummary", "UTF8Metric", "UTF16Metric", "ScalarMetric", "CharacterMetric", "SeparatorMetric",
             "RunSummary", "RunUTF8Metric", "withElement",
             "removeTextInRange", "setAttributeInRange"}
leaks, count = [], 0
for name in sorted(os.listdir(folder)):
    if not name.endswith(".symbols.json"):
        continue
    graph = json.load(open(os.path.join(folder, name)))
    for symbol in graph["symbols"]:
        count += 1
        path = symbol["pathComponents"]
        words = {p.split("(")[0] for p in path} | {fragment["spelling"] for fragment in symbol.get("declarationFragments", [])
                                                   if fragment.get("kind") == "typeIdentifier"}
        hit = sorted(words & forbidden)
        if hit:
            leaks.append(f"{'.'.join(path)} ({', '.join(hit)}) in {name}")
if count == 0:
    print("check-public-api: the symbol graphs list no symbols"); sys.exit(2)
if leaks:
    print("check-public-api: internal names in the public API:"); print("\n".join(leaks)); sys.exit(1)
print(f"check-public-api: {count} public symbols of RichText and Formatting, none of the rope's or the engine's shortcuts")
PY
