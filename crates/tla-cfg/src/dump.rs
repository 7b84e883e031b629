//! A stable, line-per-item text rendering of a parsed cfg file, used by snapshot tests and for
//! debugging. Every item shows its byte span as `@start..end`; values print as written (not
//! normalised).

use std::fmt::Write;

use crate::model::{CfgName, CfgValue, CfgValueKind, ConstantEntry, NamedEntry};
use crate::parser::ParsedConfig;

/// Renders everything `parsed` holds: items in section order, then the error and the warning.
pub fn dump(parsed: &ParsedConfig) -> String {
    let config = &parsed.config;
    let mut out = String::new();
    for entry in &config.constants {
        match entry {
            ConstantEntry::Assignment(assignment) => {
                out.push_str("constant ");
                name(&mut out, &assignment.name);
                if assignment.has_argument_list {
                    out.push('(');
                    for (idx, argument) in assignment.arguments.iter().enumerate() {
                        if idx > 0 {
                            out.push_str(", ");
                        }
                        value(&mut out, argument);
                    }
                    out.push(')');
                }
                out.push_str(" = ");
                if let Some(module) = &assignment.module {
                    out.push('[');
                    name(&mut out, module);
                    out.push_str("] ");
                }
                value(&mut out, &assignment.value);
            }
            ConstantEntry::Substitution(substitution) => {
                out.push_str("substitute ");
                name(&mut out, &substitution.name);
                out.push_str(" <- ");
                if let Some(module) = &substitution.module {
                    out.push('[');
                    name(&mut out, module);
                    out.push_str("] ");
                }
                name(&mut out, &substitution.definition);
            }
        }
        let _ = writeln!(out, " (entry @{:?})", entry.span());
    }
    for (label, entry) in config.single_entries() {
        if let Some(entry) = entry {
            named(&mut out, label, entry);
            out.push('\n');
        }
    }
    for (label, list) in [
        ("INVARIANT", &config.invariants),
        ("PROPERTY", &config.properties),
        ("CONSTRAINT", &config.constraints),
        ("ACTION_CONSTRAINT", &config.action_constraints),
    ] {
        for entry in list {
            named(&mut out, label, entry);
            out.push('\n');
        }
    }
    if let Some(check) = &config.check_deadlock {
        let _ = writeln!(
            out,
            "CHECK_DEADLOCK {}@{:?} (keyword @{:?})",
            if check.value { "TRUE" } else { "FALSE" },
            check.span,
            check.keyword_span
        );
    }
    if let Some(error) = &parsed.error {
        let code = error.kind.code();
        let _ = writeln!(
            out,
            "error {code} {} (exit {}) @{:?}\n  {}: {}",
            code.name,
            error.exit_code(),
            error.span,
            error.kind.java_exception(),
            error.message.replace('\n', "\n  "),
        );
    }
    if let Some(warning) = &parsed.warning {
        let _ = writeln!(out, "warning @{:?}: {}", warning.span, warning.message);
    }
    if out.is_empty() {
        out.push_str("(empty)\n");
    }
    out
}

fn named(out: &mut String, label: &str, entry: &NamedEntry) {
    let _ = write!(out, "{label} ");
    name(out, &entry.name);
    let _ = write!(out, " (as {} @{:?})", entry.keyword.text(), entry.keyword_span);
}

fn name(out: &mut String, name: &CfgName) {
    let _ = write!(out, "{}@{:?}", name.name, name.span);
}

fn value(out: &mut String, value: &CfgValue) {
    write_value(out, value);
    let _ = write!(out, "@{:?}", value.span);
}

fn write_value(out: &mut String, value: &CfgValue) {
    match &value.kind {
        CfgValueKind::Integer(number) => {
            let _ = write!(out, "{number}");
        }
        CfgValueKind::Boolean(flag) => out.push_str(if *flag { "TRUE" } else { "FALSE" }),
        CfgValueKind::String(text) => {
            let _ = write!(out, "\"{text}\"");
        }
        CfgValueKind::ModelValue(model_value) => {
            let _ = write!(out, "model:{model_value}");
        }
        CfgValueKind::Set(elements) => {
            out.push('{');
            for (idx, element) in elements.iter().enumerate() {
                if idx > 0 {
                    out.push_str(", ");
                }
                write_value(out, element);
            }
            out.push('}');
        }
    }
}
