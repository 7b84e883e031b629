//! Source positions and diagnostics shared by every layer of the TLA+ toolchain.
//!
//! The parser, the semantic analyser and the model checker all report problems the same way: a
//! [`Diagnostic`] with a stable [`DiagnosticCode`], a [`Span`] of bytes in one source text and a
//! message that reads like the one SANY or TLC prints for the same fault. Turning byte offsets
//! into the 1-based line and codepoint column SANY prints is the job of [`LineIndex`].
//! Rendering to text lives in [`render`]; this crate does no IO.

pub mod render;

use std::fmt;

/// A half-open range of byte offsets `[start, end)` into one source text.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Span {
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub fn new(start: u32, end: u32) -> Span {
        Span { start, end: end.max(start) }
    }

    /// The smallest span covering both `self` and `other`.
    pub fn cover(self, other: Span) -> Span {
        Span { start: self.start.min(other.start), end: self.end.max(other.end) }
    }

    pub fn len(self) -> u32 {
        self.end - self.start
    }

    pub fn is_empty(self) -> bool {
        self.start == self.end
    }
}

impl fmt::Debug for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}

/// A 1-based line and a 1-based column counted in Unicode codepoints, as SANY and TLC count them.
#[derive(Clone, Copy, PartialEq, Eq, Debug, PartialOrd, Ord)]
pub struct LineColumn {
    pub line: u32,
    pub column: u32,
}

/// Maps byte offsets of one text to lines and codepoint columns.
pub struct LineIndex<'a> {
    text: &'a str,
    line_starts: Vec<u32>,
}

impl<'a> LineIndex<'a> {
    pub fn new(text: &'a str) -> LineIndex<'a> {
        let mut line_starts = vec![0];
        for (idx, byte) in text.bytes().enumerate() {
            if byte == b'\n' {
                line_starts.push(idx as u32 + 1);
            }
        }
        LineIndex { text, line_starts }
    }

    /// The line and column of the character that starts at `offset` (clamped to the text).
    pub fn line_column(&self, offset: u32) -> LineColumn {
        let offset = offset.min(self.text.len() as u32);
        let line_idx = match self.line_starts.binary_search(&offset) {
            Ok(idx) => idx,
            Err(idx) => idx - 1,
        };
        let line_start = self.line_starts[line_idx] as usize;
        let mut end = offset as usize;
        while end > line_start && !self.text.is_char_boundary(end) {
            end -= 1;
        }
        let column = self.text[line_start..end].chars().count() as u32 + 1;
        LineColumn { line: line_idx as u32 + 1, column }
    }

    /// The position of the last character of `span`, as SANY reports the end of a region.
    pub fn last_char(&self, span: Span) -> LineColumn {
        if span.is_empty() {
            return self.line_column(span.start);
        }
        let mut last = span.end as usize - 1;
        while last > span.start as usize && !self.text.is_char_boundary(last) {
            last -= 1;
        }
        self.line_column(last as u32)
    }

    /// The text of the 1-based line `line`, without its line terminator.
    pub fn line_text(&self, line: u32) -> &'a str {
        let idx = (line.max(1) - 1) as usize;
        let Some(&start) = self.line_starts.get(idx) else { return "" };
        let end = self.line_starts.get(idx + 1).map_or(self.text.len(), |&end| end as usize);
        self.text[start as usize..end].trim_end_matches(['\n', '\r'])
    }

    pub fn line_count(&self) -> u32 {
        self.line_starts.len() as u32
    }
}

/// How serious a diagnostic is. Errors change verdicts and exit codes; warnings never do.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Severity {
    Error,
    Warning,
}

/// Which phase of the front end a diagnostic comes from; it decides SANY's exit code.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub enum Phase {
    /// Lexical and syntax errors, including precedence conflicts (SANY exits 255).
    Syntax,
    /// Module files that cannot be found or read (SANY exits 255).
    ModuleLoading,
    /// Name resolution, arity and level errors (SANY exits 4).
    Semantic,
}

/// A stable diagnostic identifier: a number and a kebab-case name.
///
/// Semantic codes reuse SANY's numbers (4200 unknown symbol, ...); syntax codes, for which SANY has
/// no numbers, are ours and live in the 1000s.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct DiagnosticCode {
    pub number: u32,
    pub name: &'static str,
    pub phase: Phase,
}

impl fmt::Display for DiagnosticCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "E{}", self.number)
    }
}

/// One problem found in one source text.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Diagnostic {
    pub code: DiagnosticCode,
    pub severity: Severity,
    pub span: Span,
    /// The message as SANY words it, when SANY has words for this fault.
    pub message: String,
    /// Further lines of explanation (for example SANY's "Was expecting" list).
    pub notes: Vec<String>,
}

impl Diagnostic {
    pub fn error(code: DiagnosticCode, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            code,
            severity: Severity::Error,
            span,
            message: message.into(),
            notes: Vec::new(),
        }
    }

    pub fn warning(code: DiagnosticCode, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic { severity: Severity::Warning, ..Diagnostic::error(code, span, message) }
    }

    pub fn with_note(mut self, note: impl Into<String>) -> Diagnostic {
        self.notes.push(note.into());
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_index_counts_codepoints() {
        let text = "ab\n∧ x\r\nlast";
        let index = LineIndex::new(text);
        assert_eq!(index.line_column(0), LineColumn { line: 1, column: 1 });
        assert_eq!(index.line_column(3), LineColumn { line: 2, column: 1 });
        // `x` comes after a three-byte `∧` and a space: codepoint column 3.
        assert_eq!(index.line_column(7), LineColumn { line: 2, column: 3 });
        assert_eq!(index.line_text(2), "∧ x");
        assert_eq!(index.line_column(10), LineColumn { line: 3, column: 1 });
        assert_eq!(index.last_char(Span::new(3, 6)), LineColumn { line: 2, column: 1 });
    }
}
