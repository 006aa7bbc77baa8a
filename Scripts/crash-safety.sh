#!/usr/bin/env bash
# Crash and concurrency safety of `fmtcheck --fix` (issue 21), as .ci/run runs it (under `timeout 300`).
#
#   Scripts/crash-safety.sh            # FMTCHECK_CRASH_ITERATIONS=N sets the random kills (default 30)
#
# Builds fmtcheck once, then, on copies of JSON documents (one of them hard-linked), an RTFD package holding
# files its text does not name, and a flattened RTFD:
#   1. kills --fix with SIGKILL at random moments: every document must be its old or its fixed content, whole
#      (a hard-linked file caught mid-rewrite must have its journal, .NAME.fmtcheck-ID.inplace), and the next
#      --fix must leave every document fixed and nothing named *.fmtcheck-* behind;
#   2. kills it exactly in its window (FMTCHECK_TEST_PAUSE_BEFORE_RENAME), for a file and for a package, and
#      between the two renames of the fallback package swap (FMTCHECK_TEST_NO_RENAME_EXCHANGE,
#      FMTCHECK_TEST_PAUSE_BETWEEN_RENAMES), where the next --fix must put the package back;
#   3. runs two --fix on one package at once: both succeed, with no error;
#   4. saves a document (a JSON file, a package's TXT.rtf) while --fix is paused in its window: the save stays
#      and --fix exits 2 saying so.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
swift build --product fmtcheck 2>&1 | tail -1
bin="$(swift build --show-bin-path)/fmtcheck"
work=$(mktemp -d "${TMPDIR:-/tmp}/fmtcheck-crash.XXXXXX")
trap 'rm -rf "$work"' EXIT
iterations=${FMTCHECK_CRASH_ITERATIONS:-30}

fail() { echo "crash-safety: FAIL: $*" >&2; exit 1; }
step() { echo "crash-safety: $*"; }

# The originals, in two folders whose .fmtcheck.json names their definition.
seed=$work/seed
mkdir -p "$seed/recipes" "$seed/notes/note.rtfd"
echo "{\"definition\": \"$root/Definitions/recipe.json\"}" > "$seed/recipes/.fmtcheck.json"
echo "{\"definition\": \"$root/Definitions/notes.json\"}" > "$seed/notes/.fmtcheck.json"
for n in 1 2 3 4; do cp Examples/recipes/smoothie.json "$seed/recipes/smoothie-$n.json"; done
cp Examples/recipes/smoothie.json "$seed/recipes/linked.json"
printf '%s' '{\rtf1\ansi\ansicpg1252 {\field{\*\fldinst{HYPERLINK "https://swift.org"}}{\fldrslt swift}} is fast\par}' > "$seed/notes/note.rtfd/TXT.rtf"
echo "draft notes" > "$seed/notes/note.rtfd/notes.txt"
echo "finder" > "$seed/notes/note.rtfd/.DS_Store"
"$bin" convert "$seed/notes/note.rtfd" "$seed/notes/flat.rtfd" --to rtfd-flat 2>/dev/null

# copy SRC DST: a fresh copy of the documents (linked-alias.json a hard link to linked.json).
copy() {
  rm -rf "$2"; cp -a "$1" "$2"
  ln "$2/recipes/linked.json" "$2/recipes/linked-alias.json"
}

# What one uninterrupted --fix makes of them.
expected=$work/expected
copy "$seed" "$expected"
timeout 60 "$bin" --fix "$expected" >/dev/null 2>&1 || fail "the uninterrupted --fix failed"
cmp -s "$seed/recipes/smoothie-1.json" "$expected/recipes/smoothie-1.json" && fail "the fixtures need no fix"
diff -r "$seed/notes/note.rtfd" "$expected/notes/note.rtfd" >/dev/null && fail "the package needs no fix"
[ -f "$expected/notes/note.rtfd/notes.txt" ] && [ -f "$expected/notes/note.rtfd/.DS_Store" ] || fail "the fix dropped package files"

# same A B: A and B hold the same content (files compared byte for byte, folders entry by entry).
same() { if [ -d "$1" ]; then diff -r "$1" "$2" >/dev/null 2>&1; else cmp -s "$1" "$2"; fi; }

# whole DIR: every document is its old or its fixed content; a hard-linked file may instead be mid-rewrite
# with its journal beside it.
whole() {
  local dir=$1 doc
  for doc in recipes/smoothie-1.json recipes/smoothie-2.json recipes/smoothie-3.json recipes/smoothie-4.json \
             notes/note.rtfd notes/flat.rtfd; do
    same "$dir/$doc" "$seed/$doc" || same "$dir/$doc" "$expected/$doc" || fail "$doc is neither old nor new after a kill"
  done
  if ! compgen -G "$dir/recipes/.linked.json.fmtcheck-*.inplace" >/dev/null; then
    same "$dir/recipes/linked.json" "$seed/recipes/linked.json" || same "$dir/recipes/linked.json" "$expected/recipes/linked.json" \
      || fail "linked.json is neither old nor new after a kill, and has no journal"
  fi
  [ "$(stat -c %i "$dir/recipes/linked.json")" = "$(stat -c %i "$dir/recipes/linked-alias.json")" ] || fail "the hard link was broken"
}

# fixed DIR: every document is fixed, and nothing an interrupted run leaves is there.
fixed() {
  local dir=$1 doc
  for doc in recipes/smoothie-1.json recipes/smoothie-2.json recipes/smoothie-3.json recipes/smoothie-4.json \
             recipes/linked.json recipes/linked-alias.json notes/note.rtfd notes/flat.rtfd; do
    same "$dir/$doc" "$expected/$doc" || fail "$doc is not fixed after the run that follows a kill"
  done
  local left; left=$(find "$dir" -name '.*fmtcheck-*' | head -3)
  [ -z "$left" ] || fail "left behind after the next run: $left"
}

# Processes that get killed run without `timeout` (killing it would leave fmtcheck running); the others are
# bounded by it, and the whole script by .ci/run's.

# next DIR: the run after a kill.
next() {
  timeout 60 "$bin" --fix "$1" >"$work/next.out" 2>"$work/next.err" || fail "the --fix after a kill failed: $(cat "$work/next.err")"
}

# paused LOG WHAT: waits (at most 30 s) until fmtcheck says it is paused at WHAT.
paused() {
  for _ in $(seq 1500); do grep -q "test pause $2" "$1" 2>/dev/null && return 0; sleep 0.02; done
  fail "fmtcheck never paused $2: $(cat "$1")"
}

step "1. $iterations kills at random moments"
run=$work/run
for i in $(seq "$iterations"); do
  copy "$seed" "$run"
  "$bin" --fix "$run" >/dev/null 2>&1 &
  pid=$!
  sleep "$(printf '0.%03d' $((RANDOM % 120)))"
  kill -9 "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  whole "$run"
  next "$run"
  fixed "$run"
done

step "2. kills in the window before the rename, for a file and a package"
for doc in recipes/smoothie-1.json notes/note.rtfd; do
  copy "$seed" "$run"
  FMTCHECK_TEST_PAUSE_BEFORE_RENAME=30 "$bin" --fix "$run/$doc" >/dev/null 2>"$work/pause.err" &
  pid=$!
  paused "$work/pause.err" "before rename"
  kill -9 "$pid"; wait "$pid" 2>/dev/null || true
  same "$run/$doc" "$seed/$doc" || fail "$doc changed although the kill came before its rename"
  compgen -G "$(dirname "$run/$doc")/.$(basename "$doc").fmtcheck-*.tmp" >/dev/null || fail "no temporary sibling for $doc while paused"
  next "$run"
  fixed "$run"
  grep -q "removed" "$work/next.err" || fail "the next run did not say it removed the leftover of $doc"
done

step "2b. a kill between the two renames of the fallback package swap"
copy "$seed" "$run"
FMTCHECK_TEST_NO_RENAME_EXCHANGE=1 FMTCHECK_TEST_PAUSE_BETWEEN_RENAMES=30 "$bin" --fix "$run/notes/note.rtfd" >/dev/null 2>"$work/pause.err" &
pid=$!
paused "$work/pause.err" "between renames"
kill -9 "$pid"; wait "$pid" 2>/dev/null || true
[ ! -e "$run/notes/note.rtfd" ] || fail "the package is still in place between the two renames"
aside=$(compgen -G "$run/notes/.note.rtfd.fmtcheck-*.old" | head -1) || fail "no package aside"
same "$aside" "$seed/notes/note.rtfd" || fail "the package aside is not the old package"
timeout 60 "$bin" --fix "$run/notes/note.rtfd" >/dev/null 2>&1 || fail "the --fix after the fallback kill failed"
next "$run"
fixed "$run"

step "3. two --fix at once on one package (10 times, and once with the first paused in its window)"
for i in $(seq 10); do
  copy "$seed" "$run"
  timeout 60 "$bin" --fix "$run/notes/note.rtfd" >/dev/null 2>"$work/a.err" & a=$!
  timeout 60 "$bin" --fix "$run/notes/note.rtfd" >/dev/null 2>"$work/b.err" & b=$!
  wait "$a" || fail "the first concurrent --fix failed: $(cat "$work/a.err")"
  wait "$b" || fail "the second concurrent --fix failed: $(cat "$work/b.err")"
  ! grep -qi "error" "$work/a.err" "$work/b.err" || fail "a concurrent --fix reported an error: $(cat "$work/a.err" "$work/b.err")"
  same "$run/notes/note.rtfd" "$expected/notes/note.rtfd" || fail "the package is not the fixed one after two concurrent fixes"
done
copy "$seed" "$run"
FMTCHECK_TEST_PAUSE_BEFORE_RENAME=1 timeout 60 "$bin" --fix "$run/notes/note.rtfd" >/dev/null 2>"$work/a.err" & a=$!
paused "$work/a.err" "before rename"
timeout 60 "$bin" --fix "$run/notes/note.rtfd" >/dev/null 2>"$work/b.err" || fail "the waiting --fix failed: $(cat "$work/b.err")"
wait "$a" || fail "the paused --fix failed: $(cat "$work/a.err")"
same "$run/notes/note.rtfd" "$expected/notes/note.rtfd" || fail "the package is not the fixed one"

step "4. a save made while --fix is paused in its window is kept"
for doc in recipes/smoothie-1.json notes/note.rtfd; do
  copy "$seed" "$run"
  FMTCHECK_TEST_PAUSE_BEFORE_RENAME=1 timeout 60 "$bin" --fix "$run/$doc" >/dev/null 2>"$work/save.err" &
  pid=$!
  paused "$work/save.err" "before rename"
  if [ -d "$run/$doc" ]; then printf '%s' '{\rtf1 saved by the editor\par}' > "$run/$doc/TXT.rtf"; saved="$run/$doc/TXT.rtf"
  else printf '%s' '"saved by the editor"' > "$run/$doc"; saved="$run/$doc"; fi
  status=0; wait "$pid" || status=$?
  [ "$status" = 2 ] || fail "--fix exited $status, not 2, when $doc was saved under it"
  grep -q "the document changed while --fix ran" "$work/save.err" || fail "--fix did not report the save to $doc: $(cat "$work/save.err")"
  grep -q "saved by the editor" "$saved" || fail "the save to $doc was overwritten"
done

step "ok"
