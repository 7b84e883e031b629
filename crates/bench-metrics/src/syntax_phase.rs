//! The syntax phase: does the model pass the TLA+ front end, whole and action by action?
//!
//! **What it measures.** Whether SANY would accept the module, and how many of the model's
//! actions are free of front-end errors on their own.
//!
//! **How.** Score = 0.5 × (the whole module passes our SANY-equivalent checks: parse, module
//! loading, names, levels) + 0.5 × (passing actions / actions). The actions are `Init` and the
//! actions `Next` splits into (see `actions.rs`); when `Next` itself is broken, the top-level
//! definitions named in its text. An action passes when neither it nor any top-level definition it
//! uses, directly or not, has an error. A definition with a syntax error is cut out of the module
//! (its text blanked, positions kept) and the rest is checked again, so one broken definition
//! fails exactly the actions that depend on it; nothing is ever stubbed out as `TRUE`. A module
//! that cannot be found is replaced by an empty one for the per-action check, so the actions that
//! use its operators fail and the others are judged on their own.
//!
//! **Example.** A module whose `Next` has three actions, one of which uses an undefined operator:
//! the whole module fails, and `Init` and two of `Next`'s actions pass, so the score is
//! 0.5 × 0 + 0.5 × 3/4 = 0.375.

use crate::actions::{
    init_and_next, referenced_names, split_next, top_level_definitions, EntryPoints,
};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};
use tla_sema::{LoadError, ModuleSource, SourceFile};

/// What the syntax phase found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SyntaxResult {
    pub score: f64,
    pub whole_module_passes: bool,
    /// SANY-style messages of the whole-module check (first error first).
    pub whole_module_errors: Vec<String>,
    pub actions: Vec<ActionResult>,
    /// Definitions cut out because they did not parse.
    pub definitions_with_syntax_errors: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ActionResult {
    pub name: String,
    pub passes: bool,
    /// Why it fails: its own errors, or the definitions it uses that have errors.
    pub reasons: Vec<String>,
}

/// Maximum number of definitions cut out before giving up (each cut is one re-parse).
const MAX_CUTS: usize = 200;

/// Scores the module `text` (module name `module_name`), finding its imports through `source`.
pub fn evaluate_syntax(
    module_name: &str,
    text: &str,
    entry_points: &EntryPoints,
    source: &mut dyn ModuleSource,
) -> SyntaxResult {
    let (whole_module_passes, whole_module_errors) = whole_module_check(module_name, text, source);
    // Cut out definitions that do not parse, one at a time.
    let mut working = text.to_string();
    let mut cut = Vec::new();
    let mut cut_names: BTreeSet<String> = BTreeSet::new();
    let original_next_region =
        |name: &str| definition_region(text, name).map(|(start, end)| text[start..end].to_string());
    loop {
        let parsed = tla_syntax::parse_module(&working);
        let Some(diagnostic) = parsed.diagnostics.iter().find(|diagnostic| diagnostic.is_error())
        else {
            break;
        };
        if cut.len() >= MAX_CUTS {
            break;
        }
        match region_containing(&working, diagnostic.span.start as usize, &cut_names) {
            Some((start, end, name)) => {
                blank(&mut working, start, end);
                cut_names.insert(name.clone());
                cut.push(name);
            }
            _ => break,
        }
    }
    let mut failing: BTreeMap<String, Vec<String>> =
        cut.iter().map(|name| (name.clone(), vec!["does not parse".to_string()])).collect();
    let parsed = tla_syntax::parse_module(&working);
    let Some(module) = parsed.module.as_ref().filter(|_| parsed.diagnostics.is_empty()) else {
        // Even the module's frame does not parse: no action can be judged.
        return finish(whole_module_passes, whole_module_errors, Vec::new(), cut);
    };
    // Check names and levels of what parses, with missing modules replaced by empty ones.
    let mut lenient = EmptyForMissing { inner: source };
    let spec = tla_sema::load_specification(
        module_name,
        SourceFile { path: module_name.to_string(), text: working.clone() },
        &mut lenient,
    );
    if spec.errors.is_empty() {
        let analysis = tla_sema::analyze(&spec);
        let definitions = definition_spans(module);
        for diagnostic in analysis
            .diagnostics
            .iter()
            .filter(|diagnostic| diagnostic.diagnostic.is_error() && diagnostic.file == 0)
        {
            let offset = diagnostic.diagnostic.span.start;
            if let Some((name, _)) =
                definitions.iter().find(|(_, (start, end))| *start <= offset && offset < *end)
            {
                failing.entry(name.clone()).or_default().push(
                    diagnostic.diagnostic.message.lines().next().unwrap_or_default().to_string(),
                );
            }
        }
    }
    let definitions = top_level_definitions(module);
    let (init, next) = init_and_next(module, entry_points);
    let mut action_names: Vec<String> = init.into_iter().collect();
    if let Some(next) = next {
        if definitions.contains_key(&next) {
            action_names.extend(split_next(&next, &definitions, &cut_names));
        } else if let Some(region) = original_next_region(&next) {
            // `Next` is broken: the top-level definitions named in its text.
            let named: Vec<String> = tla_syntax::lexer::lex(&region)
                .tokens
                .iter()
                .map(|token| region[token.span.start as usize..token.span.end as usize].to_string())
                .filter(|word| {
                    word != &next && (definitions.contains_key(word) || cut_names.contains(word))
                })
                .collect();
            for name in named {
                if !action_names.contains(&name) {
                    action_names.push(name);
                }
            }
        } else {
            action_names.push(next);
        }
    }
    let dependencies: BTreeMap<String, BTreeSet<String>> = definitions
        .iter()
        .map(|(name, body)| {
            let mut names = BTreeSet::new();
            referenced_names(body, &mut names);
            (name.clone(), names)
        })
        .collect();
    let actions = action_names
        .into_iter()
        .map(|name| judge_action(&name, &definitions, &dependencies, &failing, &cut_names))
        .collect();
    finish(whole_module_passes, whole_module_errors, actions, cut)
}

fn finish(
    whole_module_passes: bool,
    whole_module_errors: Vec<String>,
    actions: Vec<ActionResult>,
    cut: Vec<String>,
) -> SyntaxResult {
    let passing = actions.iter().filter(|action| action.passes).count();
    let action_share = if actions.is_empty() { 0.0 } else { passing as f64 / actions.len() as f64 };
    let score = 0.5 * if whole_module_passes { 1.0 } else { 0.0 } + 0.5 * action_share;
    SyntaxResult {
        score,
        whole_module_passes,
        whole_module_errors,
        actions,
        definitions_with_syntax_errors: cut,
    }
}

fn judge_action(
    name: &str,
    definitions: &BTreeMap<String, &tla_syntax::ast::Expr>,
    dependencies: &BTreeMap<String, BTreeSet<String>>,
    failing: &BTreeMap<String, Vec<String>>,
    cut_names: &BTreeSet<String>,
) -> ActionResult {
    if !definitions.contains_key(name) && !cut_names.contains(name) {
        return ActionResult {
            name: name.to_string(),
            passes: false,
            reasons: vec![format!("{name} is not defined")],
        };
    }
    let mut reasons = Vec::new();
    let mut seen = BTreeSet::new();
    let mut pending = vec![name.to_string()];
    while let Some(current) = pending.pop() {
        if !seen.insert(current.clone()) {
            continue;
        }
        if let Some(errors) = failing.get(&current) {
            for error in errors {
                if current == name {
                    reasons.push(error.clone());
                } else {
                    reasons.push(format!("uses {current}, which has an error: {error}"));
                }
            }
        }
        if let Some(used) = dependencies.get(&current) {
            pending.extend(
                used.iter()
                    .filter(|used| definitions.contains_key(*used) || cut_names.contains(*used))
                    .cloned(),
            );
        }
    }
    ActionResult { name: name.to_string(), passes: reasons.is_empty(), reasons }
}

/// The whole module through the front end, as `sysmobench sany` would check it.
fn whole_module_check(
    module_name: &str,
    text: &str,
    source: &mut dyn ModuleSource,
) -> (bool, Vec<String>) {
    let spec = tla_sema::load_specification(
        module_name,
        SourceFile { path: module_name.to_string(), text: text.to_string() },
        source,
    );
    if let Some(error) = spec.errors.first() {
        let message = match error {
            LoadError::ParseFailed { file } => spec.files[*file]
                .parsed
                .diagnostics
                .first()
                .map_or_else(String::new, |diagnostic| diagnostic.message.clone()),
            LoadError::ModuleNotFound { module, imported_by } => {
                format!(
                    "Cannot find source file for module {module} imported in module {imported_by}."
                )
            }
            LoadError::NameMismatch { file_name, module_name, .. } => {
                format!("File name '{file_name}' does not match the name '{module_name}' of the top level module it contains.")
            }
            LoadError::Circular { cycle } => {
                format!("Circular dependency among modules: {}", cycle.join(" -> "))
            }
        };
        return (false, vec![message]);
    }
    let analysis = tla_sema::analyze(&spec);
    let errors: Vec<String> = analysis
        .diagnostics
        .iter()
        .filter(|diagnostic| diagnostic.diagnostic.is_error())
        .map(|diagnostic| diagnostic.diagnostic.message.clone())
        .collect();
    (errors.is_empty(), errors)
}

/// Spans of the top-level definitions of a parsed module, by name.
fn definition_spans(module: &tla_syntax::ast::Module) -> Vec<(String, (u32, u32))> {
    module
        .units
        .iter()
        .filter_map(|unit| match unit {
            tla_syntax::ast::Unit::Definition(definition) => {
                Some((definition.name.text.clone(), (definition.span.start, definition.span.end)))
            }
            _ => None,
        })
        .collect()
}

/// The region `[start, end)` of the definition an error at byte `offset` belongs to, and its
/// name: from its left-hand side to the next definition, or to the end of the module. An error
/// just after an unfinished definition (for example at the next definition, or in a region
/// already cut out) belongs to the last definition not cut out yet before it.
fn region_containing(
    text: &str,
    offset: usize,
    already_cut: &BTreeSet<String>,
) -> Option<(usize, usize, String)> {
    let starts: Vec<_> = tla_syntax::definition_starts(text)
        .into_iter()
        .filter(|start| !already_cut.contains(&start.name))
        .collect();
    let module_end = text.find("\n====").map_or(text.len(), |idx| idx + 1);
    let mut idx = starts.iter().rposition(|start| (start.offset as usize) <= offset)?;
    if starts[idx].offset as usize == offset && idx > 0 {
        idx -= 1;
    }
    let start = starts[idx].offset as usize;
    let end = starts.get(idx + 1).map_or(module_end, |next| next.offset as usize).max(start);
    Some((start, end.max(offset.min(module_end)), starts[idx].name.clone()))
}

/// The text region of the definition named `name`, if `text` has one.
fn definition_region(text: &str, name: &str) -> Option<(usize, usize)> {
    let starts = tla_syntax::definition_starts(text);
    let module_end = text.find("\n====").map_or(text.len(), |idx| idx + 1);
    let idx = starts.iter().position(|start| start.name == name)?;
    let start = starts[idx].offset as usize;
    let end = starts.get(idx + 1).map_or(module_end, |next| next.offset as usize).max(start);
    Some((start, end))
}

/// Replaces `text[start..end]` by spaces, keeping line breaks (and so every other position).
fn blank(text: &mut String, start: usize, end: usize) {
    let replaced: String = text[start..end]
        .chars()
        .map(|c| if c == '\n' || c == '\r' { c.to_string() } else { " ".repeat(c.len_utf8()) })
        .collect();
    text.replace_range(start..end, &replaced);
}

/// Answers like the wrapped source, but an empty module for any module it cannot find.
struct EmptyForMissing<'a> {
    inner: &'a mut dyn ModuleSource,
}

impl ModuleSource for EmptyForMissing<'_> {
    fn find_module(&mut self, name: &str) -> Option<SourceFile> {
        self.inner.find_module(name).or_else(|| {
            Some(SourceFile {
                path: format!("(missing module {name})"),
                text: format!("---- MODULE {name} ----\n====\n"),
            })
        })
    }
}
