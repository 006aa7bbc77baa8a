// The edit-script model (DESIGN §7) lives in the EditScripts library, which the linter links without the harness.
// The harness speaks it in its whole API (a failure's shrunk script, `ScriptEditor.apply`, `PropertyCheck.check`),
// so it re-exports that module: a test that imports FormattingTesting sees `ScriptStep` and `EditScript` as before.
@_exported import EditScripts
