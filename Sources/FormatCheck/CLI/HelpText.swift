/// The usage text `--help` prints.
enum HelpText {
    /// Usage for the whole tool, or for one command group.
    static func text(topic: String?) -> String {
        switch topic {
        case "definition"?:
            return """
            USAGE: fmtcheck definition check FILE...
                   fmtcheck definition explain FILE

              check     Validate definition files. Every problem is printed as
                        file:line:col: severity rule-id: message, with its JSON path and a hint.
              explain   Say in words what each attribute does and how the constraints apply, in order.

            EXIT CODES: 0 valid (warnings allowed), 2 a usage error or an invalid or unreadable definition.

            """
        case "lint"?:
            return """
            USAGE: fmtcheck [lint] [options] PATH...

              PATH is a document (native JSON .json, RTF .rtf, an RTFD package folder or flattened
              .rtfd file), a folder (searched recursively for .json, .rtf and .rtfd documents, in any
              case; definition files, JSON schemas, links to nothing and hidden files are skipped and
              counted, --verbose lists them; a folder with no document is an error) or - for stdin.
              A --select/--ignore name that is no rule, or a selection that leaves no rule, is an
              error; a document that cannot be read is always reported (exit 2).
              --fix writes each document back in its own format and first says what that
              format does not keep; it locks each document, leaves one saved meanwhile by
              another program as it is (an error), and cleans what a killed --fix left.
              Without --definition (or --config FILE), the nearest .fmtcheck.json (the document's folder or a parent)
              names the definition and options: {"definition", "select", "ignore", "format",
              "maxWarnings", "maxFileSize", "root", "exclude", "extendExclude", "respectGitignore",
              "forceExclude", "perFileIgnores", "severities"}.

            OPTIONS:
              -d, --definition FILE      lint every document against this definition
              --select RULES             only these rules (comma-separated rule ids or constraint names)
              --ignore RULES             never these rules (added to the configuration's ignore)
              --extend-select RULES      these rules too (added to the select in effect)
              -f, --format FORMAT        default, json, sarif, github, html, jsonl (a JSON line per finding),
                                         junit (a test case per document), checkstyle or gitlab (Code Quality)
              -o, --output FILE          write the report to FILE (a regular file or a new path, not
                                         a document of the run); the summary still goes to stderr
              --max-warnings N           fail when there are more than N warnings (-1: no limit)
              --exit-zero                exit 0 even with findings (input errors still exit 2)
              --fix                      write each normalised document in place, atomically, changing
                                         only what the findings name (safe fixes)
              --unsafe-fixes             with --fix or --diff, also fixes that drop data (undeclared or
                                         out-of-scope attributes, wrong-typed values, what RTF cannot keep)
              --exit-non-zero-on-fix     with --fix, exit 1 when a document was changed
              --diff[=runs]              the patch --fix would apply (git apply and patch -p1 take it);
                                         =runs: the document's runs, a line each; writes nothing
              --stdin-filename NAME      the name (and configuration lookup) of standard input
              --max-file-size SIZE       refuse larger files unread (default 256M; 512K, 1G, bytes)
              --print-config [PATH]      show the configuration linting PATH uses, as JSON
              --exclude PATTERNS         pass over these gitignore-style patterns in folder searches
                                         (replacing the configuration's exclude and the defaults)
              --extend-exclude PATTERNS  pass over these too
              --no-respect-gitignore     search what the git repository's .gitignore files ignore
                                         (--respect-gitignore: honour them, over the configuration)
              --force-exclude            exclude files named on the command line too (pre-commit)
              --per-file-ignores P:R,..  ignore rule R in the files pattern P matches (replacing the
                                         configuration's); --extend-per-file-ignores adds to them
              --rule NAME=SEVERITY       off, warning or error for that rule, over the configuration's
              --statistics               a line per rule with its count and what is fixable, most
                                         found first, instead of the findings (json: an array)
              --write-baseline FILE      record every finding in FILE (a baseline) and report none
              --baseline FILE            report only the findings FILE does not record
              --prune-baseline           with --baseline: list and remove its entries that no longer match
              --cache                    take the findings of documents unchanged since the last run
                                         (same bytes, definition, options, fmtcheck) from the cache
              --no-cache                 lint every document, over an earlier --cache
              --cache-location PATH      the cache file, or a folder for it (default .fmtcheck-cache)
              --report-unused-suppressions
                                         report fmtcheck.ignore rules that suppress nothing
              --shard K/N                lint only shard K of N (1-based) of the documents found: a stable
                                         hash of each path relative to the git repository (or folder)
              --records FILE|-           lint JSON Lines records {"id", "document"[, "format": "rtf",
                                         "definition"]} instead of files: a line out per finding in input
                                         order (--format jsonl or default); with --fix, the records back
              --config FILE              use this configuration file for every document; no .fmtcheck.json
                                         is looked for (its paths are relative to its own folder)
              --show-fixes               list the fixes --fix applied, or those it would apply, per document
                                         and rule (on stderr)
              -w, --watch                lint again whenever a document, configuration or definition changes
                                         (only changed documents are read again); Ctrl+C stops
              --color WHEN               auto (colour on a terminal; FORCE_COLOR and NO_COLOR decide first),
                                         always or never
              -q, --quiet                no summary line
              -v, --verbose              list what folder searches skipped, and why

            RULES: each constraint's name, and scope, undeclared-attribute, wrong-type, text-changed,
              attribute-changed, paragraph-boundary, character-boundary, malformed-document,
              reader-warning (a warning: what the reader could not keep), glyph-description (a warning: a
              Genmoji without a description), unused-suppression (a warning: a fmtcheck.ignore that
              cannot be read or, with --report-unused-suppressions, suppresses nothing).
              SUPPRESSION: text whose runs carry "fmtcheck.ignore": ["RULE", …] (or "RULE", or
              {"rules": […], "reason": "…"}; "*" for every rule) is not reported or fixed for those rules.

            EXIT CODES: 0 clean, 1 violations, 2 usage, definition or input error.

            """
        case "replay"?:
            return """
            USAGE: fmtcheck replay --definition FILE --script SCRIPT [DOC] [--adjustments | --check [--editor COMMAND]]
                   fmtcheck replay --trace TRACE.json.gz [--definition FILE] [DOC]
                   fmtcheck trace-to-script TRACE.json.gz

              Applies an edit script (JSON Lines, DESIGN.md §7; --script - reads stdin) through an editing
              session under the definition, starting from DOC (native JSON, normalised when it opens) or an
              empty document, and writes the final document as native JSON on stdout. select moves the
              selection; type, deleteBackward, paste, undo and redo act on it as an editor's keys do. --adjustments writes every adjustment to stderr, one JSON object a
              line. A bad line is an error naming it; nothing is written to stdout.
              --trace replays an editing trace ({startContent, endContent, txns}); trace-to-script prints
              the edit script a trace converts to. A trace may hold at most 256 MiB, compressed or not.
              --check runs the property harness's invariants after every step, reading the script exactly
              as the harness printed it, and prints the first failure as the harness did (exit 1).
              --editor COMMAND runs the steps on your editor instead of the engine's own: COMMAND (run by
              /bin/sh) speaks the editor protocol on stdin and stdout (FormattingTesting's EditorServer).

            EXIT CODES: 0 applied (every invariant held), 1 an invariant failed (--check),
                        2 usage, definition, document or script error.

            """
        case "convert"?:
            return """
            USAGE: fmtcheck convert IN OUT [--from FORMAT] [--to FORMAT] [--definition FILE]

              Formats: native (.json), plain (a folder: text.txt, attachments.json, images/),
              text (.txt, the text alone), html (.html, export only), rtf (.rtf), rtfd (a .rtfd
              package folder) and rtfd-flat (a flattened .rtfd file, as NSAttributedString's
              .rtfd data). The format follows the extension unless --from/--to say. OUT is written beside itself and renamed into place,
              so a failure leaves it untouched.

            EXIT CODES: 0 converted, 2 usage or conversion error.

            """
        case "rule"?:
            return """
            USAGE: fmtcheck rule NAME... [--definition FILE] [--config FILE] [--format text|json]
                   fmtcheck rule --all [--definition FILE] [--format text|json]

              Says what a rule checks, why, whether --fix repairs it, with an example that fails and
              one that passes (Markdown; json: an object, or an array for several or --all). NAME is a
              built-in rule or a constraint of the definition: --definition's, else the one the
              configuration names (--config, or the current folder's nearest .fmtcheck.json). A
              constraint's example is made by the engine and linted before it is shown. --all lists
              the definition's constraints in order, then the built-in rules.

            EXIT CODES: 0 described, 2 no such rule, or a definition that does not load.

            """
        case "init"?:
            return """
            USAGE: fmtcheck init [FOLDER] [--definition FILE]... [--force]

              Writes a starter .fmtcheck.json into FOLDER (the current folder by default): it lints the
              documents there under each definition given (else each definition file found there) and
              names the one most documents fit (fewest undeclared and wrong-typed values); a folder
              below whose documents mostly fit another gets a .fmtcheck.json of its own. JSON files that
              are no documents go in "extendExclude". It says what it chose and what a first run finds.
              It never replaces a configuration file: --force does.

            EXIT CODES: 0 written, 2 a file exists (without --force), or a definition that does not load.

            """
        case "merge-reports"?:
            return """
            USAGE: fmtcheck merge-reports REPORT... [-o FILE] [--format json|sarif]

              Merges the reports of runs over disjoint parts of a corpus (the shards of a CI matrix,
              fmtcheck lint --shard K/N --format sarif -o shard-K.sarif) into the report one run over
              all of them writes, byte for byte: findings and documents not linted in path order, each
              definition's and configuration's problems once, counts and statistics summed, SARIF's
              rule indices recomputed. REPORT is a json or SARIF report (- for stdin), all of one format
              and one fmtcheck version, each document in one of them; the format is read from the
              reports (--format checks it; nothing is converted). A report that cannot be read is an
              error at its line and column; nothing is written then.
              SARIF rules name their definition (properties.definition), so the rule table and a
              constraint name two definitions share (recipe/Rule) come out as one run writes them.
              Standard input sorts last as <stdin>; named by --stdin-filename, it sorts as a file of
              that name.

            OPTIONS:
              -o, --output FILE          write the merged report to FILE, atomically (else stdout)
              -f, --format FORMAT        json or sarif: the reports' format (default: theirs)

            EXIT CODES: 0 merged, 2 usage error or a report that cannot be read or merged.

            """
        default:
            return """
            fmtcheck \(FormatCheckVersion.current): keep rich text valid against a formatting definition.

            USAGE: fmtcheck <command> [options]
                   fmtcheck [options] PATH...          (lint is the default command)

            COMMANDS:
              lint PATH...               lint documents against a definition (fmtcheck lint --help)
              replay                     apply an edit script through the engine
              trace-to-script TRACE      convert an editing trace to an edit script
              convert IN OUT             convert a document between formats
              merge-reports REPORT...    merge the json or SARIF reports of shards into one run's
              definition check FILE...   validate definition files
              definition explain FILE    describe a definition in words
              rule NAME | --all          what a rule checks, why, its fix and examples
              init [FOLDER]              write a starter .fmtcheck.json from the documents found

            OPTIONS:
              -h, --help                 show this help (fmtcheck definition --help for the command's)
              -V, --version              show the version

            EXIT CODES: 0 clean, 1 violations, 2 usage, definition or input error.

            """
        }
    }
}
