//! TLC's warnings as TLC prints them: each message text once per run, the first warning of the
//! run with the hint about `-nowarning`, none at all under `-nowarning`.
//!
//! TLC keeps a history of the warning texts it printed and prints a warning only when its text
//! is not in it. The hint is part of the text, added while the history is empty, so a warning
//! met again right after the first one is printed once more, without the hint, and then never.
//! In `-tool` mode the text carries neither the `Warning: ` prefix nor the hint.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};

use tla_check::report::{Message, SourceIndex};
use tla_eval::EvalWarning;

/// TLC's message class of warnings, in `-tool` mode.
const WARNING_CLASS: u8 = 3;
/// TLC's code for an `EXCEPT` applied outside the function's domain.
const EXCEPT_OUTSIDE_DOMAIN: u16 = 2144;

/// The warnings printed so far in a run.
pub struct WarningLog {
    enabled: bool,
    tool_mode: bool,
    printed: Mutex<HashSet<String>>,
    /// While [`WarningLog::capturing`] runs: the evaluator's warnings and `Print` lines, kept
    /// instead of printed.
    captured: Mutex<Option<Vec<Message>>>,
}

impl WarningLog {
    pub fn new(enabled: bool, tool_mode: bool) -> WarningLog {
        WarningLog {
            enabled,
            tool_mode,
            printed: Mutex::new(HashSet::new()),
            captured: Mutex::new(None),
        }
    }

    /// Runs `evaluate` with the evaluator's warnings and `Print` lines kept rather than
    /// printed, and returns them in order (for a report that places them among its own
    /// messages).
    pub fn capturing(&self, evaluate: impl FnOnce()) -> Vec<Message> {
        *self.captured.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(Vec::new());
        evaluate();
        self.captured
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .take()
            .unwrap_or_default()
    }

    /// The message to print for warning `code` with `text`; `None` when warnings are off or
    /// the same message was printed before.
    pub fn message(&self, code: u16, text: &str) -> Option<Message> {
        if !self.enabled {
            return None;
        }
        let mut printed = self.printed.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let message = if self.tool_mode {
            Message { code, class: WARNING_CLASS, text: text.to_string() }
        } else if printed.is_empty() {
            Message::info(
                code,
                format!("Warning: {text}\n(Use the -nowarning option to disable this warning.)"),
            )
        } else {
            Message::info(code, format!("Warning: {text}"))
        };
        printed.insert(format!("{code}:{}", message.text)).then_some(message)
    }

    /// Keeps the message `make` builds when [`WarningLog::capturing`] runs, and says so; builds
    /// nothing otherwise.
    fn kept(&self, make: impl FnOnce() -> Message) -> bool {
        let mut captured = self.captured.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        match captured.as_mut() {
            Some(kept) => {
                kept.push(make());
                true
            }
            None => false,
        }
    }

    /// The evaluator's `Print` sink: `print` for each line, unless [`WarningLog::capturing`]
    /// runs (the line is then kept as a message of its own).
    pub fn evaluator_printer(
        log: Arc<WarningLog>,
        print: Arc<dyn Fn(&str) + Send + Sync>,
    ) -> Arc<dyn Fn(&str) + Send + Sync> {
        Arc::new(move |line| {
            let raw =
                || Message { code: 0, class: tla_check::report::CLASS_NONE, text: line.into() };
            if !log.kept(raw) {
                print(line);
            }
        })
    }

    /// The evaluator's warning sink: each warning is rendered with its location and printed
    /// through `emit` unless it was printed before.
    pub fn evaluator_warner(
        log: Arc<WarningLog>,
        sources: Arc<SourceIndex>,
        emit: crate::tlc::Emitter,
    ) -> Arc<dyn Fn(EvalWarning) + Send + Sync> {
        Arc::new(move |warning| {
            let (code, text) = match warning {
                EvalWarning::ExceptOutsideDomain { function } => (
                    EXCEPT_OUTSIDE_DOMAIN,
                    format!(
                        "The EXCEPT was applied to non-existing fields of the value at\n{}",
                        sources.location_text(&tla_eval::Location {
                            module: function.module,
                            span: function.span,
                        })
                    ),
                ),
            };
            if let Some(message) = log.message(code, &text) {
                if !log.kept(|| message.clone()) {
                    emit(&[message]);
                }
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::WarningLog;

    #[test]
    fn a_warning_is_printed_with_the_hint_then_once_without_then_never() {
        let log = WarningLog::new(true, false);
        let first = log.message(7, "w").map(|message| message.text);
        assert_eq!(
            first.as_deref(),
            Some("Warning: w\n(Use the -nowarning option to disable this warning.)")
        );
        assert_eq!(log.message(7, "w").map(|message| message.text).as_deref(), Some("Warning: w"));
        assert!(log.message(7, "w").is_none());
        assert_eq!(log.message(7, "v").map(|message| message.text).as_deref(), Some("Warning: v"));
    }

    #[test]
    fn tool_mode_prints_the_bare_text_once_and_nowarning_nothing() {
        let tool = WarningLog::new(true, true);
        let message = tool.message(2144, "w").expect("printed");
        assert_eq!((message.class, message.text.as_str()), (3, "w"));
        assert!(tool.message(2144, "w").is_none());
        assert!(WarningLog::new(false, false).message(2144, "w").is_none());
    }
}
