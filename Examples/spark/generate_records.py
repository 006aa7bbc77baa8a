#!/usr/bin/env python3
"""Writes JSON Lines records of recipe documents for `fmtcheck lint --records`.

One record a line: {"id": "recipe-000001", "document": <native JSON document>}, the documents shaped like
Examples/recipes/*.json and linted against Definitions/recipe.json (ingredients are green, nothing else is
coloured). The mix, deterministic for a seed:

- most documents are clean: green ingredients in plain text, in the array form `[text, {attrs}, ...]` up to
  ten runs and in the table form `{"attributeTable": [...], "runs": [...]}` past that, as Foundation writes them;
- about one in nine has findings: an ingredient that is not green or green in the wrong shade, a coloured word
  that is no ingredient, an attribute the definition does not declare (bold, italic, underline), a value of the
  wrong type;
- about one in a hundred is an RTF record (`"format": "rtf"`, the document a string of RTF), clean or not;
- about one in a thousand is a deliberately bad line: not JSON, cut short, no "document", not an object, a
  document that is not a document, a format fmtcheck does not know.

Usage: generate_records.py [--count 100000] [--seed 1] [--out FILE|-]
"""

import argparse
import json
import random
import sys

DISHES = ["Pancakes", "Bread", "Banana smoothie", "Tomato salad", "Crème brûlée", "Lemon tart", "Pesto pasta",
          "Garlic soup", "Omelette", "Café au lait", "Shakshuka", "Risotto", "Porridge", "Gazpacho", "Crêpes",
          "Focaccia", "Naïve lentil stew", "Honey cake"]
VERBS = ["Whisk", "Stir", "Fold", "Mix", "Blend", "Knead", "Slice", "Chop", "Add", "Warm", "Season", "Toss"]
LINKS = ["with", "into", "and", "then", "over", "beside", "together with"]
ENDINGS = ["until smooth.", "for ten minutes.", "and let it rest.", "gently.", "over a low heat.",
           "and serve warm.", "before baking at 200 degrees.", "to taste.", "in a large bowl."]
INGREDIENTS = ["milk", "flour", "butter", "eggs", "sugar", "yeast", "water", "salt", "tomatoes", "basil",
               "olive oil", "crème fraîche", "honey", "lemon", "garlic", "pepper", "rice", "oats", "banana"]
NOT_INGREDIENTS = ["immediately", "hot", "carefully", "never", "always", "slowly"]

GREEN = "#34C759"
RED = "#FF3B30"
ORANGE = "#FF9500"

# What a document with a finding has wrong, and how often (out of all documents).
FAULTS = [
    ("uncoloured-ingredient", 0.035),   # IngredientsAreGreen: an ingredient with no colour
    ("coloured-word", 0.03),            # IngredientsAreGreen: a red word that is no ingredient
    ("undeclared", 0.02),               # undeclared-attribute: bold, italic or underline
    ("wrong-shade", 0.01),              # IngredientsAreGreen: an orange ingredient
    ("numeric-ingredient", 0.01),       # wrong-type (and IngredientsAreGreen), as Examples/recipes/bread.json
    ("named-colour", 0.005),            # wrong-type: a colour written "green"
]
RTF_SHARE = 0.01
BAD_SHARE = 0.001


def compact(value):
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def ingredient_run(rng, name):
    quantity = rng.random() < 0.3
    text = f"{rng.randint(1, 500)} g of {name}" if quantity else name
    return [text, {"foregroundColor": GREEN, "ingredient": name}]


def recipe_runs(rng):
    """The runs of a clean recipe: a title paragraph, then one to four steps with ingredients."""
    runs = [[rng.choice(DISHES) + "\n", {}]]
    for _ in range(rng.randint(1, 4)):
        runs.append([rng.choice(VERBS) + " ", {}])
        for i in range(rng.randint(1, 3)):
            if i:
                runs.append([" " + rng.choice(LINKS) + " ", {}])
            runs.append(ingredient_run(rng, rng.choice(INGREDIENTS)))
        runs.append([" " + rng.choice(ENDINGS) + "\n", {}])
    return runs


def ingredient_indices(runs):
    return [i for i, run in enumerate(runs) if "ingredient" in run[1]]


def add_fault(rng, runs, fault):
    if fault == "uncoloured-ingredient":
        i = rng.choice(ingredient_indices(runs))
        runs[i][1] = {"ingredient": runs[i][1]["ingredient"]}
    elif fault == "wrong-shade":
        i = rng.choice(ingredient_indices(runs))
        runs[i][1] = dict(runs[i][1], foregroundColor=ORANGE)
    elif fault == "named-colour":
        i = rng.choice(ingredient_indices(runs))
        runs[i][1] = dict(runs[i][1], foregroundColor="green")
    elif fault == "numeric-ingredient":
        i = rng.choice(ingredient_indices(runs))
        runs[i][1] = dict(runs[i][1], ingredient=rng.randint(1, 500))
    elif fault == "coloured-word":
        # Before the last step's ending: "... serve <red word> until smooth."
        last = len(runs) - 1
        runs[last:last] = [[" " + rng.choice(NOT_INGREDIENTS), {"foregroundColor": RED}]]
    elif fault == "undeclared":
        key = rng.choice(["bold", "italic", "underline"])
        if rng.random() < 0.5:
            runs[0][1] = {key: True}    # the title, as Examples/recipes/tomato-salad.json
        else:
            i = rng.choice(ingredient_indices(runs))
            runs[i][1] = dict(runs[i][1], **{key: True})
    return runs


def merge(runs):
    """Adjacent runs with equal attributes as one, as a writer would save them."""
    out = []
    for text, attrs in runs:
        if out and out[-1][1] == attrs:
            out[-1][0] += text
        else:
            out.append([text, attrs])
    return out


def native_document(runs):
    """Foundation's Codable layout: `[text, {attrs}, ...]` up to ten runs, the table form past that."""
    runs = merge(runs)
    if len(runs) <= 10:
        flat = []
        for text, attrs in runs:
            flat += [text, attrs]
        return flat
    table, index, flat = [], {}, []
    for text, attrs in runs:
        if not attrs:
            flat += [text, {}]
            continue
        key = compact(attrs)
        if key not in index:
            index[key] = len(table)
            table.append(attrs)
        flat += [text, index[key]]
    return {"attributeTable": table, "runs": flat}


def rtf_document(rng):
    """A small RTF recipe: clean, or with a coloured word, a bold word or page layout the reader drops."""
    dish, verb = rng.choice(DISHES), rng.choice(VERBS)
    first, second = rng.sample(INGREDIENTS, 2)
    kind = rng.choice(["clean", "clean", "colour", "bold", "layout"])

    def esc(text):  # RTF text: non-ASCII as \uN? escapes
        return "".join(c if ord(c) < 128 else f"\\u{ord(c)}?" for c in text)

    if kind == "colour":
        body = f"{esc(verb)} \\cf1 {esc(first)}\\cf0  with {esc(second)}.\\par"
        return "{\\rtf1\\ansi{\\colortbl;\\red52\\green199\\blue89;}" + esc(dish) + "\\par " + body + "}"
    if kind == "bold":
        body = f"{esc(verb)} \\b {esc(first)}\\b0  with {esc(second)}.\\par"
    else:
        body = f"{esc(verb)} {esc(first)} with {esc(second)}.\\par"
    layout = "\\paperw11900\\paperh16840\\margl1440\\margr1440 " if kind == "layout" else ""
    return "{\\rtf1\\ansi " + layout + esc(dish) + "\\par " + body + "}"


BAD_LINES = [
    lambda rid: "this line is not JSON",
    lambda rid: compact({"id": rid, "document": ["Pancakes\n", {}]})[:-12],           # cut short
    lambda rid: compact({"id": rid, "documnet": ["Pancakes\n", {}]}),                 # no "document"
    lambda rid: compact([rid, ["Pancakes\n", {}]]),                                   # not an object
    lambda rid: compact({"id": rid, "document": 42}),                                 # not a document
    lambda rid: compact({"id": rid, "document": {"title": "Pancakes"}}),              # an object, no "runs"
    lambda rid: compact({"id": rid, "format": "docx", "document": "Pancakes"}),       # unknown format
    lambda rid: compact({"id": rid, "format": "rtf", "document": "Pancakes, no RTF"}),  # RTF that is not
]


def record_line(rng, n):
    rid = f"recipe-{n:06d}"
    roll = rng.random()
    if roll < BAD_SHARE:
        return BAD_LINES[rng.randrange(len(BAD_LINES))](rid), "bad"
    if roll < BAD_SHARE + RTF_SHARE:
        return compact({"id": rid, "format": "rtf", "document": rtf_document(rng)}), "rtf"
    runs = recipe_runs(rng)
    kind = "clean"
    roll = rng.random()
    for fault, share in FAULTS:
        if roll < share:
            runs = add_fault(rng, runs, fault)
            kind = fault
            break
        roll -= share
    record = {"id": rid, "document": native_document(runs)}
    if rng.random() < 0.05:
        record["source"] = rng.choice(["import-2026-01", "editor", "mobile"])   # a member of the record's own
    return compact(record), kind


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=100_000, help="records to write (default 100000)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1): same seed, same bytes")
    parser.add_argument("--out", default="-", help="output file, or - for standard output (default)")
    args = parser.parse_args()

    rng = random.Random(args.seed)
    kinds = {}
    out = sys.stdout if args.out == "-" else open(args.out, "w", encoding="utf-8", newline="\n")
    with out:
        for n in range(1, args.count + 1):
            line, kind = record_line(rng, n)
            kinds[kind] = kinds.get(kind, 0) + 1
            out.write(line + "\n")
    summary = ", ".join(f"{k} {v}" for k, v in sorted(kinds.items(), key=lambda kv: -kv[1]))
    print(f"generate_records: {args.count} records ({summary})", file=sys.stderr)


if __name__ == "__main__":
    main()
