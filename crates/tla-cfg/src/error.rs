//! Errors found while reading a cfg file, worded as TLC words them.
//!
//! TLC (2.20, rev 4c54d98) stops at the first cfg error and exits with status 255, not 151: the
//! `ConfigFileException` escapes as an "unexpected exception" (only *validation* errors against
//! the specification, see [`crate::validate`], exit 151). Recorded output:
//!
//! ```text
//! Error: TLC threw an unexpected exception.
//! This was probably caused by an error in the spec or model.
//! See the User Output or TLC Console for clues to what happened.
//! The exception was a tlc2.tool.ConfigFileException
//! : TLC found an error in the configuration file at line 3
//! The keyword INIT appeared twice.
//! ```
//!
//! Some inputs make TLC fail with a Java exception rather than a cfg message (a number beyond
//! 2^31-1, a lexical error where the parser reads a token's text); those are kinds too, with the
//! Java message TLC prints.

use tla_diagnostics::{Diagnostic, DiagnosticCode, Phase, Span};

/// TLC's exit status for an error that escapes as an unexpected exception (`ExitStatus.ERROR`).
pub const EXIT_UNEXPECTED_EXCEPTION: i32 = 255;
/// TLC's exit status for configuration errors it classifies (`ExitStatus.ERROR_CONFIG_PARSE`).
pub const EXIT_CONFIG_ERROR: i32 = 151;

/// What went wrong while reading a cfg file. Each kind has a stable [`DiagnosticCode`].
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum CfgErrorKind {
    /// A section starts with something that is not a keyword (`CFG_EXPECTED_SYMBOL`, "a
    /// keyword"); also a second name after a single-name keyword (`INIT A B`).
    UnknownKeyword,
    /// A single-name keyword at the end of the file (`CFG_MISSING_ID`).
    MissingIdentifier,
    /// A single-name keyword or `CHECK_DEADLOCK` given twice (`CFG_TWICE_KEYWORD`).
    KeywordTwice,
    /// A constant line without `=` or `<-` (`CFG_EXPECTED_SYMBOL`, "= or <-").
    ExpectedAssignment,
    /// End of file where a value was due (`CFG_EXPECTED_SYMBOL`, "a value").
    MissingValue,
    /// A set not closed by `}` (`CFG_EXPECTED_SYMBOL`, "}").
    UnclosedSet,
    /// `[Mod` not closed by `]` (`CFG_EXPECTED_SYMBOL`, "]").
    UnclosedModuleName,
    /// End of file after `<-`, `<-[`, `<-[Mod]` or `=[` (`CFG_EXPECT_ID`).
    ExpectedIdentifier,
    /// `Op(a1, ..., an` not closed by `)` (`CFG_GENERAL`, no further words).
    MalformedArguments,
    /// `CHECK_DEADLOCK` followed by neither `TRUE` nor `FALSE`.
    ExpectedBoolean,
    /// A number literal `Integer.parseInt` rejects: above 2147483647, or `\o17`, `\b1`, `\h1F`.
    NumberFormat,
    /// A lexical error where TLC reads the token's text: TLC fails with a
    /// `NullPointerException`. (Elsewhere a lexical error silently ends the file.)
    LexicalErrorToken,
    /// Sets nested deeper than [`crate::MAX_SET_NESTING`]. Ours: TLC would overflow its stack.
    NestingTooDeep,
    /// The file could not be read (`CFG_ERROR_READING_FILE`); made by callers that do IO.
    ReadingFile,
}

impl CfgErrorKind {
    pub fn code(self) -> DiagnosticCode {
        let (number, name) = match self {
            CfgErrorKind::UnknownKeyword => (5101, "cfg-unknown-keyword"),
            CfgErrorKind::MissingIdentifier => (5102, "cfg-missing-identifier"),
            CfgErrorKind::KeywordTwice => (5103, "cfg-keyword-twice"),
            CfgErrorKind::ExpectedAssignment => (5104, "cfg-expected-assignment"),
            CfgErrorKind::MissingValue => (5105, "cfg-missing-value"),
            CfgErrorKind::UnclosedSet => (5106, "cfg-unclosed-set"),
            CfgErrorKind::UnclosedModuleName => (5107, "cfg-unclosed-module-name"),
            CfgErrorKind::ExpectedIdentifier => (5108, "cfg-expected-identifier"),
            CfgErrorKind::MalformedArguments => (5109, "cfg-malformed-arguments"),
            CfgErrorKind::ExpectedBoolean => (5110, "cfg-expected-boolean"),
            CfgErrorKind::NumberFormat => (5111, "cfg-number-format"),
            CfgErrorKind::LexicalErrorToken => (5112, "cfg-lexical-error"),
            CfgErrorKind::NestingTooDeep => (5113, "cfg-nesting-too-deep"),
            CfgErrorKind::ReadingFile => (5114, "cfg-error-reading-file"),
        };
        // The Phase enum has no config phase yet; cfg reading is a syntax-level phase.
        DiagnosticCode { number, name, phase: Phase::Syntax }
    }

    /// The Java exception class TLC reports for this kind.
    pub fn java_exception(self) -> &'static str {
        match self {
            CfgErrorKind::NumberFormat => "java.lang.NumberFormatException",
            CfgErrorKind::LexicalErrorToken => "java.lang.NullPointerException",
            CfgErrorKind::NestingTooDeep => "java.lang.StackOverflowError",
            _ => "tlc2.tool.ConfigFileException",
        }
    }
}

/// The first error in a cfg file, as TLC reports it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CfgError {
    pub kind: CfgErrorKind,
    /// The 1-based line TLC names ("at line L"), computed as SANY's char stream counts lines.
    /// Not every kind names a line.
    pub line: Option<u32>,
    /// Where the fault is: the offending token (empty at end of file).
    pub span: Span,
    /// TLC's text after "The exception was a <class>\n: ", for example
    /// "TLC found an error in the configuration file at line 3\nThe keyword INIT appeared twice."
    pub message: String,
}

const CONFIG_FILE_ERROR: &str = "TLC found an error in the configuration file at line";

impl CfgError {
    /// `CFG_EXPECTED_SYMBOL`: "It was expecting X, but did not find it."
    pub(crate) fn expected(kind: CfgErrorKind, line: u32, span: Span, what: &str) -> CfgError {
        CfgError::at_line(
            kind,
            line,
            span,
            &format!("It was expecting {what}, but did not find it."),
        )
    }

    pub(crate) fn at_line(kind: CfgErrorKind, line: u32, span: Span, detail: &str) -> CfgError {
        CfgError {
            kind,
            line: Some(line),
            span,
            message: format!("{CONFIG_FILE_ERROR} {line}\n{detail}"),
        }
    }

    pub(crate) fn missing_identifier(line: u32, span: Span, keyword: &str) -> CfgError {
        let detail = format!("The keyword {keyword} was not followed by an identifier.");
        CfgError::at_line(CfgErrorKind::MissingIdentifier, line, span, &detail)
    }

    pub(crate) fn keyword_twice(line: u32, span: Span, keyword: &str) -> CfgError {
        let detail = format!("The keyword {keyword} appeared twice.");
        CfgError::at_line(CfgErrorKind::KeywordTwice, line, span, &detail)
    }

    pub(crate) fn expected_identifier(line: u32, span: Span, after: &str) -> CfgError {
        let detail = format!("Expected an identifier after {after}.");
        CfgError::at_line(CfgErrorKind::ExpectedIdentifier, line, span, &detail)
    }

    pub(crate) fn number_format(span: Span, image: &str) -> CfgError {
        CfgError {
            kind: CfgErrorKind::NumberFormat,
            line: None,
            span,
            message: format!("For input string: \"{image}\""),
        }
    }

    pub(crate) fn lexical_error_token(span: Span) -> CfgError {
        CfgError {
            kind: CfgErrorKind::LexicalErrorToken,
            line: None,
            span,
            message: "Cannot invoke \"String.equals(Object)\" because \"tt.image\" is null".into(),
        }
    }

    pub(crate) fn nesting_too_deep(span: Span) -> CfgError {
        CfgError {
            kind: CfgErrorKind::NestingTooDeep,
            line: None,
            span,
            message: format!("Sets are nested deeper than {} levels.", crate::MAX_SET_NESTING),
        }
    }

    /// `CFG_ERROR_READING_FILE`, for callers that fail to read the file.
    pub fn reading_file(file_name: &str, reason: &str) -> CfgError {
        CfgError {
            kind: CfgErrorKind::ReadingFile,
            line: None,
            span: Span::default(),
            message: format!(
                "TLC encountered the following error when trying to read the configuration file \
                 {file_name}:\n{reason}"
            ),
        }
    }

    /// TLC's exit status for this error: always 255 (the error escapes as an exception).
    pub fn exit_code(&self) -> i32 {
        EXIT_UNEXPECTED_EXCEPTION
    }

    /// The lines TLC prints for this error (after its banner, before "Finished in").
    pub fn tlc_report(&self) -> String {
        format!(
            "Error: TLC threw an unexpected exception.\n\
             This was probably caused by an error in the spec or model.\n\
             See the User Output or TLC Console for clues to what happened.\n\
             The exception was a {}\n: {}",
            self.kind.java_exception(),
            self.message
        )
    }

    /// The error as a diagnostic: the message without TLC's "at line" prefix line, which the
    /// span already carries.
    pub fn to_diagnostic(&self) -> Diagnostic {
        let text = match self.message.split_once('\n') {
            Some((first, rest)) if first.starts_with(CONFIG_FILE_ERROR) => {
                if rest.is_empty() {
                    "TLC found an error in the configuration file".to_string()
                } else {
                    rest.to_string()
                }
            }
            _ => self.message.clone(),
        };
        Diagnostic::error(self.kind.code(), self.span, text)
    }
}

/// A note about input TLC accepts but silently misreads: a lexical error where TLC only checks
/// for end of file makes TLC stop reading the file there, without any message.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CfgWarning {
    pub span: Span,
    pub message: String,
}

impl CfgWarning {
    pub const CODE: DiagnosticCode =
        DiagnosticCode { number: 5190, name: "cfg-reading-stopped", phase: Phase::Syntax };

    pub fn to_diagnostic(&self) -> Diagnostic {
        Diagnostic::warning(CfgWarning::CODE, self.span, self.message.clone())
    }
}
