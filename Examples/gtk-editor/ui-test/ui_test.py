#!/usr/bin/env python3
"""The GTK recipe editor driven as a person would, under Xvfb: xdotool types the WWDC25 story, xclip puts RTF on
the clipboard, and after each step the editor saves (Ctrl+S). Each saved document must equal, byte for byte, the
engine's replay (`fmtcheck replay`) of the edit script this test writes beside it for the same steps; each step
also checks what a person would see (the "y" after "milk" is not green, ...). Screenshots are kept.

    ui_test.py --editor BIN --fmtcheck BIN --definition recipe.json --genmoji image.heic --out DIR

Prints "N passed, N failed" at the end and exits non-zero on any failure.
"""
import argparse
import base64
import json
import os
import shutil
import subprocess
import sys
import time

STEP_TIMEOUT = 20


class UITest:
    def __init__(self, args):
        self.args = args
        self.out = os.path.abspath(args.out)
        os.makedirs(self.out, exist_ok=True)
        self.file = os.path.join(self.out, "recipe.json")
        self.log = os.path.join(self.out, "events.jsonl")
        self.script = os.path.join(self.out, "story.jsonl")
        self.start = os.path.join(self.out, "start.json")
        make_start_document(self.start, args.genmoji)
        shutil.copyfile(self.start, self.file)
        self.steps = []          # the edit script so far, one JSON object a step
        self.passed = 0
        self.failed = 0
        self.saves = 0
        self.env = dict(os.environ, DISPLAY=args.display, GDK_BACKEND="x11", GTK_IM_MODULE="gtk-im-context-simple",
                        NO_AT_BRIDGE="1", GSETTINGS_BACKEND="memory")

    # -- the editor and X --------------------------------------------------------------------------------------

    def launch(self):
        self.editor_err = open(os.path.join(self.out, "editor.stderr"), "w")
        self.editor = subprocess.Popen([self.args.editor, "--definition", self.args.definition, "--event-log", self.log, self.file],
                                       env=self.env, stdout=self.editor_err, stderr=self.editor_err)
        self.wait_for(lambda: any(e["event"] == "ready" for e in self.events()), "the editor to open")
        self.window = self.wait_for(lambda: self.x(["xdotool", "search", "--onlyvisible", "--name", "Recipe Editor"]).split()[:1], "its window")[0]
        self.x(["xdotool", "windowfocus", "--sync", self.window])
        time.sleep(0.5)

    def x(self, command, stdin=None):
        return subprocess.run(command, env=self.env, input=stdin, capture_output=True, text=True, timeout=30).stdout

    def keys(self, *names):
        self.x(["xdotool", "key", "--delay", "40"] + list(names))

    def type(self, text):
        self.x(["xdotool", "type", "--delay", "60", text])

    def caret_to(self, offset):
        """The caret to a character offset: Ctrl+Home, then Right as many times."""
        self.keys("ctrl+Home")
        if offset:
            self.x(["xdotool", "key", "--delay", "5", "--repeat", str(offset), "Right"])

    def select(self, start, end):
        self.caret_to(start)
        self.x(["xdotool", "key", "--delay", "5", "--repeat", str(end - start), "shift+Right"])

    def click(self, button):
        """Clicks a toolbar button in its middle, where the editor's log says it is."""
        bounds = self.state()["buttons"][button]
        geometry = self.x(["xdotool", "getwindowgeometry", "--shell", self.window])
        origin = dict(line.split("=") for line in geometry.split() if "=" in line)
        x = int(origin.get("X", 0)) + int(bounds[0] + bounds[2] / 2)
        y = int(origin.get("Y", 0)) + int(bounds[1] + bounds[3] / 2)
        self.x(["xdotool", "mousemove", "--sync", str(x), str(y), "click", "1"])
        time.sleep(0.3)

    def screenshot(self, name):
        path = os.path.join(self.out, name)
        geometry = self.x(["xdotool", "getwindowgeometry", "--shell", self.window])
        size = dict(line.split("=") for line in geometry.split() if "=" in line)
        subprocess.run(["import", "-window", "root", "-crop", f"{size['WIDTH']}x{size['HEIGHT']}+{size.get('X', 0)}+{size.get('Y', 0)}",
                        "+repage", path], env=self.env, check=True, timeout=30)
        return path

    def events(self):
        try:
            with open(self.log) as f:
                return [json.loads(line) for line in f if line.strip()]
        except FileNotFoundError:
            return []

    def state(self):
        return [e for e in self.events() if e["event"] == "state"][-1]

    def wait_for(self, condition, what):
        deadline = time.time() + STEP_TIMEOUT
        while time.time() < deadline:
            if self.editor.poll() is not None:
                raise RuntimeError(f"the editor exited with status {self.editor.returncode} while waiting for {what}")
            result = condition()
            if result:
                return result
            time.sleep(0.1)
        raise RuntimeError(f"timed out waiting for {what}")

    # -- steps, saving and checking ----------------------------------------------------------------------------

    def script_step(self, **step):
        self.steps.append(step)

    def save(self):
        """Ctrl+S, then waits until the editor says it saved; returns the saved bytes."""
        self.saves += 1
        self.keys("ctrl+s")
        self.wait_for(lambda: sum(1 for e in self.events() if e["event"] == "saved") >= self.saves, "the save")
        with open(self.file, "rb") as f:
            return f.read()

    def check(self, name, condition, detail=""):
        if condition:
            self.passed += 1
            print(f"ok: {name}")
        else:
            self.failed += 1
            print(f"FAIL: {name}{': ' + detail if detail else ''}")

    def step(self, name, checks=None):
        """Saves, and checks the saved document against the engine's replay of the script so far, byte for byte,
        then the step's own checks on the saved runs."""
        saved = self.save()
        with open(self.script, "w") as f:
            for step in self.steps:
                f.write(json.dumps(step, ensure_ascii=False, sort_keys=True) + "\n")
        replay = subprocess.run([self.args.fmtcheck, "replay", "--definition", self.args.definition, "--script", self.script, self.start],
                                capture_output=True, timeout=60)
        checkpoint = os.path.join(self.out, f"step-{self.saves}.json")
        shutil.copyfile(self.file, checkpoint)
        self.check(f"{name}: the saved document equals fmtcheck replay of the script, byte for byte",
                   replay.returncode == 0 and replay.stdout == saved + b"\n",
                   f"replay exit {replay.returncode}, stderr {replay.stderr.decode()[:300]!r}; saved {len(saved)} bytes, replay {len(replay.stdout)} (see {checkpoint})")
        runs = document_runs(json.loads(saved))
        for label, condition in (checks or {}).items():
            self.check(f"{name}: {label}", condition(runs))
        return runs


def make_start_document(path, genmoji):
    """The recipe the story starts from, as native JSON: ingredients, and a Genmoji whose image is the HEIC at
    `genmoji` (made here, not kept under Examples/, whose documents are fmtcheck's own test corpus)."""
    with open(genmoji, "rb") as f:
        data = base64.b64encode(f.read()).decode()
    identifier, description = "F2A5C4D1-7B3E-4E8A-9C61-0D4B2E8F5A17", "a smiling orange face"
    green = "#34c759"
    document = {
        "attributeTable": [
            {"adaptiveImageGlyph": {"contentDescription": description, "contentIdentifier": identifier, "contentType": "public.heic"}},
            {"foregroundColor": green, "ingredient": "flour"},
            {"foregroundColor": green, "ingredient": "milk"},
            {"foregroundColor": green, "ingredient": "egg"},
        ],
        "imageGlyphs": {identifier: {"contentDescription": description, "contentType": "public.heic", "data": data}},
        "runs": ["Pancakes ", {}, "\ufffc", 0, "\nWhisk ", {}, "flour", 1, " with ", {}, "milk", 2, " and two ", {}, "eggs", 3,
                 ", then melt the butter and rest for ten minutes.\n", {}],
    }
    with open(path, "w") as f:
        json.dump(document, f, ensure_ascii=False)


def document_runs(document):
    """The runs of a native JSON document as (text, attributes) pairs, for the flat and the table layout."""
    if isinstance(document, str):
        return [(document, {})]
    if isinstance(document, list):
        return [(document[i], document[i + 1]) for i in range(0, len(document), 2)]
    table = document.get("attributeTable", [])
    runs = document["runs"]
    return [(runs[i], table[runs[i + 1]] if isinstance(runs[i + 1], int) else runs[i + 1]) for i in range(0, len(runs), 2)]


def attributes_of(runs, text):
    """The attributes over each character of the first occurrence of `text`, as a list."""
    whole = "".join(t for t, _ in runs)
    start = whole.find(text)
    if start < 0:
        return None
    per_char = []
    for t, a in runs:
        per_char += [a] * len(t)
    return per_char[start:start + len(text)]


def uniformly(runs, text, predicate):
    found = attributes_of(runs, text)
    return found is not None and all(predicate(a) for a in found)


def main():
    parser = argparse.ArgumentParser()
    for option in ("--editor", "--fmtcheck", "--definition", "--genmoji", "--out", "--screenshots"):
        parser.add_argument(option, required=option != "--screenshots")
    parser.add_argument("--display", default=os.environ.get("DISPLAY", ":99"))
    args = parser.parse_args()
    test = UITest(args)
    try:
        check_bad_document(test)
        run_story(test)
    except Exception as error:  # a step that could not run fails the test with its reason
        test.check("the story runs to its end", False, str(error))
    finally:
        if hasattr(test, "editor") and test.editor.poll() is None:
            test.editor.terminate()
            test.editor.wait(timeout=10)
    print(f"{test.passed} passed, {test.failed} failed")
    return 1 if test.failed else 0


def check_bad_document(test):
    """A document that cannot be read opens nothing: a dialog and stderr say which file, line and column."""
    bad = os.path.join(test.out, "bad.json")
    with open(bad, "w") as f:
        f.write('["Pancakes", {"ingredient": }]')
    editor = subprocess.Popen([test.args.editor, "--definition", test.args.definition, bad], env=test.env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.time() + STEP_TIMEOUT
    while time.time() < deadline and not test.x(["xdotool", "search", "--onlyvisible", "--name", "Recipe Editor"]).split():
        time.sleep(0.1)
    dialog = test.x(["xdotool", "search", "--onlyvisible", "--name", "Recipe Editor"]).split()
    test.check("an unreadable document shows a dialog", bool(dialog))
    if dialog:
        test.x(["xdotool", "windowfocus", "--sync", dialog[0]])
        test.x(["xdotool", "key", "Return"])
    try:
        _, err = editor.communicate(timeout=STEP_TIMEOUT)
    except subprocess.TimeoutExpired:
        editor.kill()
        _, err = editor.communicate()
    test.check("it exits with status 1, naming the file, line and column on stderr",
               editor.returncode == 1 and f"{bad}:1:29: error:" in err, f"exit {editor.returncode}, stderr {err[:300]!r}")
    with open(bad) as f:
        test.check("the unreadable document is left as it was", f.read() == '["Pancakes", {"ingredient": }]')


def run_story(test):
    green = lambda a: a.get("foregroundColor", "").lower().startswith("#34c759")
    test.launch()
    # The document opens with the caret at the end; the replay's session starts the same way.
    text = "Pancakes \ufffc\nWhisk flour with milk and two eggs, then melt the butter and rest for ten minutes.\n"
    test.check("the editor opens with the caret at the end of the text",
               [e for e in test.events() if e["event"] == "ready"][0]["characters"] == len(text))

    # 1. "y" typed after "milk" is not green.
    milk_end = text.index("milk") + 4
    test.caret_to(milk_end)
    test.type("y")
    test.script_step(op="select", **{"from": milk_end, "to": milk_end})
    test.script_step(op="type", text="y")
    test.step("typing y after milk", {
        "the y is not green and not an ingredient": lambda r: uniformly(r, "milky", lambda a: True)
            and not green(attributes_of(r, "milky")[4]) and "ingredient" not in attributes_of(r, "milky")[4],
        "milk is still a green ingredient": lambda r: uniformly(r, "milk", lambda a: green(a) and a.get("ingredient") == "milk"),
    })

    # 2. Deleting a letter of "milk" removes the ingredient and its green.
    test.keys("Left", "Left", "Left", "BackSpace")
    caret = milk_end - 2
    test.script_step(op="select", **{"from": caret, "to": caret})
    test.script_step(op="deleteBackward")
    test.step("deleting the i of milk", {
        "mlky is neither an ingredient nor green": lambda r: uniformly(r, "mlky", lambda a: "ingredient" not in a and not green(a)),
    })

    # 3. Selecting "butter" and pressing Ingredient makes it green.
    text = text.replace("milk", "mlky")
    butter = text.index("butter")
    test.select(butter, butter + 6)
    time.sleep(0.3)
    test.check("Ingredient is enabled on a plain word", "Ingredient" in test.state()["enabled"])
    test.click("Ingredient")
    test.script_step(op="set", key="ingredient", value="butter", **{"from": butter, "to": butter + 6})
    test.step("Ingredient on butter", {
        "butter is a green ingredient": lambda r: uniformly(r, "butter", lambda a: green(a) and a.get("ingredient") == "butter"),
    })

    # 4. The colour button is insensitive on an ingredient: greyed out, and a click does nothing.
    state = test.state()
    test.check("Red is insensitive on the ingredient butter", "Red" not in state["enabled"] and "Blue" not in state["enabled"], str(state["enabled"]))
    test.check("Ingredient shows as on over butter", "Ingredient" in state["on"], str(state["on"]))
    shot = test.screenshot("ingredient.png")
    test.click("Red")
    test.check("clicking the greyed-out Red sends nothing", not any(e["event"] == "command" and e.get("name") == "Red" for e in test.events()))

    # 5. A dead-key accent commits one character in one edit, through GTK's input method.
    test.keys("ctrl+End")
    end = len(text)
    test.type("Cr")
    test.keys("dead_grave", "e")
    test.type("me")
    test.script_step(op="select", **{"from": end, "to": end})
    test.script_step(op="type", text="Crème")
    runs = test.step("a dead-key accent")
    replaces = [e for e in test.events() if e["event"] == "replace"]
    test.check("the accent arrived as one edit of one character", any(e["text"] == "è" for e in replaces)
               and not any(e["text"] in ("`", "\u0300") for e in replaces), str([e["text"] for e in replaces]))
    test.check("the input method's preedit was seen and stayed out of the document",
               any(e["event"] == "preedit" and e["text"] for e in test.events()))

    # 6. RTF on the clipboard (as LibreOffice puts it there) pastes with its formatting, then normalised.
    rtf = r"{\rtf1\ansi\deff0{\fonttbl{\f0\fswiss Helvetica;}}{\colortbl;\red255\green0\blue0;}\f0\fs28 \cf1\b  fresh cream\b0\cf0}"
    rtf_path = os.path.join(test.out, "clipboard.rtf")
    with open(rtf_path, "w") as f:
        f.write(rtf)
    xclip = subprocess.Popen(["xclip", "-selection", "clipboard", "-t", "text/rtf", "-i", rtf_path], env=test.env)
    xclip.wait(timeout=10)
    time.sleep(0.3)
    test.keys("ctrl+v")
    test.wait_for(lambda: any(e["event"] == "paste" and e.get("format") == "rtf" for e in test.events()), "the RTF paste")
    converted = os.path.join(test.out, "clipboard.json")
    subprocess.run([test.args.fmtcheck, "convert", rtf_path, converted], check=True, capture_output=True, timeout=60)
    with open(converted) as f:
        pasted = json.load(f)
    test.check("the RTF reader kept the clipboard's colour and bold before the definition applied",
               any("foregroundColor" in a and a.get("bold") for _, a in document_runs(pasted)), json.dumps(pasted)[:200])
    test.script_step(op="paste", document=pasted)
    test.step("pasting RTF", {
        "the pasted text is in, its red and bold normalised away": lambda r: uniformly(r, "fresh cream", lambda a: not a),
    })
    test.screenshot("paste.png")

    # 7. Ctrl+Z undoes a typed word in one step.
    test.type(" sugar")
    test.keys("ctrl+z")
    test.script_step(op="type", text=" sugar")
    test.script_step(op="undo")
    test.step("typing a word and undoing it", {
        "the word is gone in one undo": lambda r: "sugar" not in "".join(t for t, _ in r) and "fresh cream" in "".join(t for t, _ in r),
    })
    test.check("one Ctrl+Z after the word leaves redo available", test.state()["canRedo"])

    # 8. Typing over a selection is one edit, and one Ctrl+Z puts the selected word back.
    runs = document_runs(json.loads(open(test.file, "rb").read()))
    whole = "".join(t for t, _ in runs)
    fresh = whole.index("fresh")
    test.select(fresh, fresh + 5)
    test.type("sour")
    test.script_step(op="select", **{"from": fresh, "to": fresh + 5})
    test.script_step(op="type", text="sour")
    test.step("typing over a selected word", {
        "the word is replaced": lambda r: "sour cream" in "".join(t for t, _ in r),
    })
    test.check("typing over the selection reached the engine as one replacement",
               any(e["event"] == "replace" and e["text"] == "s" and e["to"] - e["from"] == 5 for e in test.events()))
    test.keys("ctrl+z")
    test.script_step(op="undo")
    test.step("undoing the typing over the word", {
        "one Ctrl+Z gives the word back": lambda r: "fresh cream" in "".join(t for t, _ in r) and "sour" not in "".join(t for t, _ in r),
    })

    # 9. Backspace over a selection deletes it.
    cream = fresh + len("fresh")
    test.select(cream, cream + len(" cream"))
    test.keys("BackSpace")
    test.script_step(op="select", **{"from": cream, "to": cream + len(" cream")})
    test.script_step(op="deleteBackward")
    test.step("backspace over a selection", {
        "the selection is gone": lambda r: "".join(t for t, _ in r).endswith("Crème fresh"),
    })
    if test.args.screenshots:
        os.makedirs(test.args.screenshots, exist_ok=True)
        for name in ("ingredient.png", "paste.png"):
            shutil.copyfile(os.path.join(test.out, name), os.path.join(test.args.screenshots, name))
    print(f"screenshots: {shot} and {os.path.join(test.out, 'paste.png')}")


if __name__ == "__main__":
    sys.exit(main())
