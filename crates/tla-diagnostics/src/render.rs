//! Human-friendly rendering of diagnostics as code frames.
//!
//! SANY-shaped text is what users compare against the reference tools, and each layer prints it
//! itself; this module renders the second, friendlier output mode: a header with the code, the
//! location, the offending line and a caret underline.

use crate::{Diagnostic, LineIndex, Severity};
use std::fmt::Write;

/// Renders `diagnostic` found in `text` (named `file_name`) as a code frame.
pub fn code_frame(diagnostic: &Diagnostic, file_name: &str, text: &str) -> String {
    let index = LineIndex::new(text);
    let start = index.line_column(diagnostic.span.start);
    let end = index.last_char(diagnostic.span);
    let severity = match diagnostic.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    };
    let mut res = String::new();
    let _ = writeln!(res, "{severity}[{}]: {}", diagnostic.code, diagnostic.message);
    let gutter = start.line.to_string().len();
    let pad = " ".repeat(gutter);
    let _ = writeln!(res, "{pad}--> {file_name}:{}:{}", start.line, start.column);
    let _ = writeln!(res, "{pad} |");
    let line_text = index.line_text(start.line);
    let _ = writeln!(res, "{} | {}", start.line, line_text.replace('\t', " "));
    let underline_len = if end.line == start.line {
        (end.column + 1).saturating_sub(start.column).max(1)
    } else {
        (line_text.chars().count() as u32 + 1).saturating_sub(start.column).max(1)
    };
    let _ = writeln!(
        res,
        "{pad} | {}{}",
        " ".repeat(start.column.saturating_sub(1) as usize),
        "^".repeat(underline_len as usize)
    );
    for note in &diagnostic.notes {
        let _ = writeln!(res, "{pad} = note: {note}");
    }
    res
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{DiagnosticCode, Phase, Span};

    #[test]
    fn renders_a_caret_under_the_span() {
        let code = DiagnosticCode { number: 1001, name: "unexpected-token", phase: Phase::Syntax };
        let text = "---- MODULE M ----\nFoo == 1 + + 2\n====\n";
        let diagnostic = Diagnostic::error(code, Span::new(30, 31), "unexpected `+`")
            .with_note("an expression was expected");
        let frame = code_frame(&diagnostic, "M.tla", text);
        expect_frame(
            &frame,
            "error[E1001]: unexpected `+`\n --> M.tla:2:12\n  |\n2 | Foo == 1 + + 2\n  |            ^\n  = note: an expression was expected\n",
        );
    }

    fn expect_frame(actual: &str, expected: &str) {
        assert_eq!(actual, expected, "\nactual:\n{actual}");
    }
}
