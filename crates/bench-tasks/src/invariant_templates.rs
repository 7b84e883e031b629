//! Invariant templates: the properties an expert would check on any model of a task.
//!
//! A template is model-independent: it states the property in prose and gives an example formula
//! for a typical model. The invariant metric asks a translator to concretise each template for the
//! model under test, and our reference model carries a hand-concretised copy of every template.
//!
//! ```toml
//! [[invariant]]
//! name = "MutualExclusion"
//! kind = "safety"                # or "liveness"
//! statement = "At most one thread holds the lock at any time."
//! description = "Precise description in terms of the code's state."
//! example = "MutualExclusion == Cardinality({t \\in Threads : pc[t] = \"cs\"}) <= 1"
//! ```

use serde::Deserialize;

/// Whether a property must hold in every reachable state or on every fair behaviour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PropertyKind {
    /// A state predicate checked with TLC's `INVARIANT`.
    Safety,
    /// A temporal formula checked with TLC's `PROPERTY` under the model's fairness.
    Liveness,
}

impl PropertyKind {
    /// The spelling used in template files.
    pub fn as_str(self) -> &'static str {
        match self {
            PropertyKind::Safety => "safety",
            PropertyKind::Liveness => "liveness",
        }
    }
}

/// One property of a task, independent of any particular model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvariantTemplate {
    /// A TLA+ identifier, used as the operator name once concretised.
    pub name: String,
    pub kind: PropertyKind,
    /// One plain-language sentence.
    pub statement: String,
    /// The precise meaning in terms of the system's state and steps.
    pub description: String,
    /// An example TLA+ definition for a typical model.
    pub example: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct InvariantTemplatesFile {
    #[serde(default)]
    invariant: Vec<InvariantTemplateEntry>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct InvariantTemplateEntry {
    name: String,
    kind: String,
    statement: String,
    description: String,
    example: String,
}

/// Parses the text of an invariant templates file.
///
/// Errors name the offending template; names must be TLA+ identifiers and unique, and the file
/// must hold at least one template.
pub fn parse_invariant_templates(text: &str) -> Result<Vec<InvariantTemplate>, String> {
    let file: InvariantTemplatesFile = toml::from_str(text).map_err(|error| error.to_string())?;
    if file.invariant.is_empty() {
        return Err("no `[[invariant]]` entries".to_owned());
    }
    let mut res: Vec<InvariantTemplate> = Vec::with_capacity(file.invariant.len());
    for (entry_idx, entry) in file.invariant.into_iter().enumerate() {
        let kind = match entry.kind.as_str() {
            "safety" => PropertyKind::Safety,
            "liveness" => PropertyKind::Liveness,
            other => {
                return Err(format!(
                "invariant[{entry_idx}] `{}`: kind must be `safety` or `liveness`, found `{other}`",
                entry.name
            ))
            }
        };
        if !is_tla_identifier(&entry.name) {
            return Err(format!(
                "invariant[{entry_idx}]: name `{}` is not a TLA+ identifier",
                entry.name
            ));
        }
        if res.iter().any(|template| template.name == entry.name) {
            return Err(format!("invariant[{entry_idx}]: duplicate name `{}`", entry.name));
        }
        for (field_name, value) in [
            ("statement", &entry.statement),
            ("description", &entry.description),
            ("example", &entry.example),
        ] {
            if value.trim().is_empty() {
                return Err(format!(
                    "invariant[{entry_idx}] `{}`: `{field_name}` is empty",
                    entry.name
                ));
            }
        }
        res.push(InvariantTemplate {
            name: entry.name,
            kind,
            statement: entry.statement.trim().to_owned(),
            description: entry.description.trim().to_owned(),
            example: entry.example.trim_end().to_owned(),
        });
    }
    Ok(res)
}

pub(crate) fn is_tla_identifier(text: &str) -> bool {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) if first.is_ascii_alphabetic() || first == '_' => {}
        _ => return false,
    }
    chars.all(|it| it.is_ascii_alphanumeric() || it == '_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_a_safety_and_a_liveness_template() {
        let templates = parse_invariant_templates(
            r#"
[[invariant]]
name = "MutualExclusion"
kind = "safety"
statement = "At most one holder."
description = "No two threads are in the critical section."
example = "MutualExclusion == TRUE"

[[invariant]]
name = "EventualRelease"
kind = "liveness"
statement = "Held locks are released."
description = "Under weak fairness."
example = "EventualRelease == []<>TRUE"
"#,
        )
        .unwrap();
        assert_eq!(templates.len(), 2);
        assert_eq!(templates[1].kind, PropertyKind::Liveness);
    }

    #[test]
    fn rejects_bad_kind_duplicate_name_and_empty_file() {
        let entry = |name: &str, kind: &str| {
            format!(
                "[[invariant]]\nname = \"{name}\"\nkind = \"{kind}\"\nstatement = \"s\"\ndescription = \"d\"\nexample = \"e\"\n"
            )
        };
        let error = parse_invariant_templates(&entry("A", "progress")).unwrap_err();
        assert!(error.contains("kind must be"), "{error}");
        let error =
            parse_invariant_templates(&(entry("A", "safety") + &entry("A", "safety"))).unwrap_err();
        assert!(error.contains("duplicate name `A`"), "{error}");
        let error = parse_invariant_templates(&entry("1A", "safety")).unwrap_err();
        assert!(error.contains("not a TLA+ identifier"), "{error}");
        assert!(parse_invariant_templates("").unwrap_err().contains("no `[[invariant]]`"));
    }
}
