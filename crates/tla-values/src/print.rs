//! TLC's printed form of values (`toString`), and `ppr`, its 80-column pretty-printed form.
//!
//! Sets print normalised (`{1, 2}`), tuples and functions on `1..n` as `<<1, "a">>`, records and
//! functions whose domain is all identifier-like strings as `[a |-> 1]`, other functions as
//! `(1 :> 2 @@ 3 :> 4)`, strings quoted with TLC's escapes, model values bare. Lazy sets print the
//! way TLC prints them by default (TLC's `expand` flag): small `SUBSET`, `[S -> T]`, record sets
//! and products are expanded, `\cup`/`\cap`/`\`/`UNION` are expanded unless that fails, and `Nat`,
//! `Int`, `STRING`, `Seq(S)` and intervals stay symbolic (`1..3`).

use std::fmt::Write;

use crate::error::EvalResult;
use crate::ext::ExtClass;
use crate::lazy::{LazyKind, LazySet};
use crate::sets::size;
use crate::value::{FunctionDomain, Value};

/// TLC's `enumBound`: lazy function, record and tuple sets smaller than this print expanded.
const ENUM_BOUND: usize = 2000;

/// The width `Values.ppr` formats to.
pub const PPR_WIDTH: usize = 80;

/// TLC's `toString`: the value on one line. Never fails: a set TLC cannot normalise prints its
/// elements as built, a lazy set that cannot be expanded prints symbolically.
pub fn to_tlc_string(value: &Value) -> String {
    let mut out = String::new();
    // Never fails when not strict.
    let _ = write_value(&mut out, value, false);
    out
}

/// TLC's `Values.ppr(v.toString())`: the value formatted to 80 columns.
pub fn ppr(value: &Value) -> String {
    crate::pretty::pretty_print(&to_tlc_string(value), PPR_WIDTH)
}

/// What `Print`/`PrintT`/`ToString` print (`toStringUnchecked` after `deepNormalize`): like
/// [`to_tlc_string`], but failing where TLC fails instead of falling back: sets must normalise and
/// a lazy set whose expansion fails (e.g. `{1} \cup Nat`) is an error.
pub fn try_to_tlc_string(value: &Value) -> EvalResult<String> {
    deep_normalize(value)?;
    let mut out = String::new();
    write_value(&mut out, value, true)?;
    Ok(out)
}

fn deep_normalize(value: &Value) -> EvalResult<()> {
    match value {
        Value::Set(set) => {
            for elem in set.current_elements() {
                deep_normalize(elem)?;
            }
            set.normalized()?;
        }
        Value::Tuple(elems) => elems.iter().try_for_each(deep_normalize)?,
        Value::Record(record) => record.values().iter().try_for_each(deep_normalize)?,
        Value::Function(function) => function.values().iter().try_for_each(deep_normalize)?,
        _ => {}
    }
    Ok(())
}

/// Java's `StringValue.PrintVersion`, inside quotes.
pub fn write_quoted_string(out: &mut String, text: &str) {
    out.push('"');
    for ch in text.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\u{c}' => out.push_str("\\f"),
            '\r' => out.push_str("\\r"),
            other => out.push(other),
        }
    }
    out.push('"');
}

fn write_list(
    out: &mut String,
    open: &str,
    close: &str,
    elems: &[Value],
    strict: bool,
) -> EvalResult<()> {
    out.push_str(open);
    for (i, elem) in elems.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write_value(out, elem, strict)?;
    }
    out.push_str(close);
    Ok(())
}

/// `FcnRcdValue.isName`: identifier-like record field names print as records.
fn is_name(name: &str) -> bool {
    let mut has_letter = false;
    for ch in name.chars() {
        if ch == '_' {
            continue;
        }
        if !ch.is_alphanumeric() {
            return false;
        }
        has_letter = has_letter || ch.is_alphabetic();
    }
    has_letter
        && (name.chars().count() < 4 || !(name.starts_with("WF_") || name.starts_with("SF_")))
}

/// Writes TLC's `toString`; `strict` is TLC's `toStringUnchecked` (expansion errors propagate).
fn write_value(out: &mut String, value: &Value, strict: bool) -> EvalResult<()> {
    match value {
        Value::Bool(b) => out.push_str(if *b { "TRUE" } else { "FALSE" }),
        Value::Int(n) => {
            let _ = write!(out, "{n}");
        }
        Value::Str(atom) => write_quoted_string(out, atom.text()),
        Value::ModelValue(atom) => out.push_str(atom.text()),
        Value::Set(set) => {
            let elems = match set.normalized() {
                Ok(elems) => elems,
                Err(error) if strict => return Err(error),
                Err(_) => set.current_elements(),
            };
            write_list(out, "{", "}", elems, strict)?;
        }
        Value::Interval(interval) => {
            if interval.is_empty() {
                out.push_str("{}");
            } else {
                let _ = write!(out, "{}..{}", interval.low, interval.high);
            }
        }
        Value::Tuple(elems) => write_list(out, "<<", ">>", elems, strict)?,
        Value::Record(record) => {
            out.push('[');
            for (i, (name, value)) in record.names().iter().zip(record.values()).enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                out.push_str(name.text());
                out.push_str(" |-> ");
                write_value(out, value, strict)?;
            }
            out.push(']');
        }
        Value::Function(function) => {
            if function.is_empty() {
                out.push_str("<<>>");
                return Ok(());
            }
            let domain = function.domain_elements();
            let is_record = matches!(function.domain(), FunctionDomain::Values(_))
                && domain.iter().all(|d| matches!(d, Value::Str(name) if is_name(name.text())));
            let is_tuple = match function.domain() {
                FunctionDomain::Interval { low } => *low == 1,
                FunctionDomain::Values(_) => domain
                    .iter()
                    .enumerate()
                    .all(|(i, d)| matches!(d, Value::Int(n) if *n == i as i64 + 1)),
            };
            if is_record {
                out.push('[');
                for (i, (name, value)) in domain.iter().zip(function.values()).enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    if let Value::Str(name) = name {
                        out.push_str(name.text());
                    }
                    out.push_str(" |-> ");
                    write_value(out, value, strict)?;
                }
                out.push(']');
            } else if is_tuple {
                write_list(out, "<<", ">>", function.values(), strict)?;
            } else {
                out.push('(');
                for (i, (arg, value)) in domain.iter().zip(function.values()).enumerate() {
                    if i > 0 {
                        out.push_str(" @@ ");
                    }
                    write_value(out, arg, strict)?;
                    out.push_str(" :> ");
                    write_value(out, value, strict)?;
                }
                out.push(')');
            }
        }
        Value::Lazy(lazy) => out.push_str(&lazy_text(lazy, strict)?),
        Value::Ext(ext) => match ext.class() {
            // TLC's `SetPredValue` lets expansion errors through in `toStringUnchecked`;
            // `FcnLambdaValue` always falls back to its symbolic form.
            ExtClass::Set | ExtClass::Function => match ext.to_concrete() {
                Err(error) if strict && ext.class() == ExtClass::Set => return Err(error),
                Ok(Value::Ext(_)) | Err(_) => out.push_str(&ext.lazy_text()),
                Ok(concrete) => write_value(out, &concrete, strict)?,
            },
            ExtClass::Other => out.push_str(&ext.lazy_text()),
        },
    }
    Ok(())
}

fn product_below_bound(sizes: impl IntoIterator<Item = crate::error::EvalResult<usize>>) -> bool {
    let mut total: u64 = 1;
    for size in sizes {
        let Ok(size) = size else { return false };
        total = total.saturating_mul(size as u64);
        if total > i32::MAX as u64 {
            return false;
        }
    }
    (total as usize) < ENUM_BOUND
}

/// How TLC prints a lazy set by default (expanded when small or cheap).
pub fn lazy_set_text(lazy: &LazySet) -> String {
    lazy_text(lazy, false).unwrap_or_else(|_| lazy_set_symbolic_text(lazy))
}

fn lazy_text(lazy: &LazySet, strict: bool) -> EvalResult<String> {
    let checked = |size: EvalResult<usize>| match size {
        Err(error) if strict => Err(error),
        other => Ok(other),
    };
    let expand = match lazy.kind() {
        LazyKind::Nat | LazyKind::Int | LazyKind::Strings | LazyKind::Seq(_) => false,
        LazyKind::Subset(base) => matches!(checked(size(base))?, Ok(n) if n < 7),
        LazyKind::FunctionSet { domain, range } => {
            match (checked(size(domain))?, checked(size(range))?) {
                (Ok(d), Ok(r)) => product_below_bound((0..d).map(|_| Ok(r))),
                _ => false,
            }
        }
        LazyKind::RecordSet { sets, .. } | LazyKind::Product(sets) => {
            let sizes =
                sets.iter().map(|set| checked(size(set))).collect::<EvalResult<Vec<_>>>()?;
            product_below_bound(sizes)
        }
        LazyKind::Cup(..) | LazyKind::Cap(..) | LazyKind::Diff(..) | LazyKind::Union(_) => true,
    };
    if expand {
        match lazy.to_set_enum() {
            Ok(Some(set)) => {
                let mut out = String::new();
                write_value(&mut out, &Value::Set(set), strict)?;
                return Ok(out);
            }
            Err(error) if strict => return Err(error),
            _ => {}
        }
    }
    Ok(lazy_set_symbolic_text(lazy))
}

/// The symbolic form TLC prints when it does not expand a lazy set.
pub fn lazy_set_symbolic_text(lazy: &LazySet) -> String {
    let mut out = String::new();
    match lazy.kind() {
        LazyKind::Nat => out.push_str("Nat"),
        LazyKind::Int => out.push_str("Int"),
        LazyKind::Strings => out.push_str("STRING"),
        LazyKind::Seq(range) => {
            out.push_str("Seq(");
            let _ = write_value(&mut out, range, false);
            out.push(')');
        }
        LazyKind::Subset(base) => {
            out.push_str("SUBSET ");
            if matches!(base, Value::Interval(_)) {
                out.push('(');
                let _ = write_value(&mut out, base, false);
                out.push(')');
            } else {
                let _ = write_value(&mut out, base, false);
            }
        }
        LazyKind::FunctionSet { domain, range } => {
            out.push('[');
            let _ = write_value(&mut out, domain, false);
            out.push_str(" -> ");
            let _ = write_value(&mut out, range, false);
            out.push(']');
        }
        LazyKind::RecordSet { names, sets } => {
            out.push('[');
            for (i, (name, set)) in names.iter().zip(sets).enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                out.push_str(name.text());
                out.push_str(": ");
                let _ = write_value(&mut out, set, false);
            }
            out.push(']');
        }
        LazyKind::Product(sets) => {
            if !sets.is_empty() {
                out.push('(');
            }
            for (i, set) in sets.iter().enumerate() {
                if i > 0 {
                    out.push_str(" \\X ");
                }
                let _ = write_value(&mut out, set, false);
            }
            if !sets.is_empty() {
                out.push(')');
            }
        }
        LazyKind::Cup(a, b) | LazyKind::Cap(a, b) | LazyKind::Diff(a, b) => {
            let op = match lazy.kind() {
                LazyKind::Cup(..) => " \\cup ",
                LazyKind::Cap(..) => " \\cap ",
                _ => " \\ ",
            };
            let _ = write_value(&mut out, a, false);
            out.push_str(op);
            let _ = write_value(&mut out, b, false);
        }
        LazyKind::Union(sets) => {
            out.push_str("UNION(");
            let _ = write_value(&mut out, sets, false);
            out.push(')');
        }
    }
    out
}
