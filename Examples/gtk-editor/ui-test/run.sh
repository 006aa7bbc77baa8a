#!/usr/bin/env bash
# The GTK recipe editor's UI test (issue 38): builds Examples/gtk-editor, starts Xvfb, and runs ui_test.py, which
# types the WWDC25 story with xdotool and compares every saved document with `fmtcheck replay`. Installs
# libgtk-4-dev, xvfb, xdotool, xclip and imagemagick as root when they are missing; where it cannot, it says
# "skipped" and why, and exits 0.
#
#     Examples/gtk-editor/ui-test/run.sh [OUT_DIR]      (FMTCHECK=path/to/fmtcheck to use a built one)
set -uo pipefail
cd "$(dirname "$0")/../../.."
out="${1:-/tmp/gtk-editor-ui-test}"
rm -rf "$out"
mkdir -p "$out"

missing() {
  ! pkg-config --exists gtk4 2>/dev/null || ! command -v Xvfb >/dev/null || ! command -v xdotool >/dev/null \
    || ! command -v xclip >/dev/null || ! command -v import >/dev/null || ! command -v python3 >/dev/null
}
if missing; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libgtk-4-dev xvfb xdotool xclip imagemagick python3) \
      >"$out/apt.log" 2>&1
  fi
  if missing; then
    echo "gtk-editor UI test: skipped: GTK 4 (libgtk-4-dev), Xvfb, xdotool, xclip or ImageMagick is missing and cannot be installed here (see $out/apt.log)"
    exit 0
  fi
fi

# Built under the root's .build, so Examples/ (fmtcheck's test corpus) gets no build folder.
build=(swift build --package-path Examples/gtk-editor --scratch-path .build/gtk-editor)
if ! "${build[@]}" >"$out/build.log" 2>&1; then
  echo "gtk-editor UI test: the editor does not build:"; tail -30 "$out/build.log"; exit 1
fi
editor="$("${build[@]}" --show-bin-path)/gtk-recipe-editor"
fmtcheck="${FMTCHECK:-}"
if [ -z "$fmtcheck" ]; then
  swift build --product fmtcheck >"$out/fmtcheck-build.log" 2>&1 || { echo "gtk-editor UI test: fmtcheck does not build"; tail -30 "$out/fmtcheck-build.log"; exit 1; }
  fmtcheck="$(swift build --show-bin-path)/fmtcheck"
fi

# A display of our own: the first free number from 93.
display=93
while [ -e "/tmp/.X11-unix/X$display" ] || [ -e "/tmp/.X$display-lock" ]; do display=$((display + 1)); done
Xvfb ":$display" -screen 0 1280x800x24 -nolisten tcp >"$out/xvfb.log" 2>&1 &
xvfb=$!
trap 'kill "$xvfb" 2>/dev/null' EXIT
# Ready when it answers, not merely when its socket exists; a loaded machine can take many seconds.
ready=""
for _ in $(seq 600); do
  if DISPLAY=":$display" xdotool getdisplaygeometry >/dev/null 2>&1; then ready=1; break; fi
  kill -0 "$xvfb" 2>/dev/null || break
  sleep 0.1
done
if [ -z "$ready" ]; then
  echo "gtk-editor UI test: Xvfb :$display did not answer within 60 seconds:"; tail -20 "$out/xvfb.log"; exit 1
fi

timeout 600 python3 Examples/gtk-editor/ui-test/ui_test.py --display ":$display" --editor "$editor" --fmtcheck "$fmtcheck" \
  --definition Definitions/recipe.json --genmoji Tests/RichTextFormatsTests/Fixtures/HEIC/genmoji.heic --out "$out" ${SCREENSHOTS:+--screenshots "$SCREENSHOTS"}
