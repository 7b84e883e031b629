//! The model's actions, found from the parsed module (never by regular expressions), and which
//! top-level definitions each definition uses.
//!
//! Actions are `Init` and the actions `Next` splits into, as TLC splits it: through disjunctions
//! (`\/` and bulleted disjunction lists), parentheses, existential quantifiers and calls of
//! definitions whose bodies split further; the action is named after the innermost definition.
//! `Init` and `Next` are taken from the cfg (`INIT`/`NEXT`, or the conjuncts of `SPECIFICATION`).

use std::collections::{BTreeMap, BTreeSet};
use tla_syntax::ast::{
    DefinitionKind, Expr, ExprKind, Module, NameSegment, Quantifier, Selector, Unit,
};

/// How the cfg names the behaviour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EntryPoints {
    InitNext {
        init: String,
        next: String,
    },
    Specification(String),
    /// No cfg: `Init` and `Next`, the conventional names.
    Conventional,
}

/// The top-level definitions of a module: name to body (if it is an operator or function).
pub fn top_level_definitions(module: &Module) -> BTreeMap<String, &Expr> {
    let mut res = BTreeMap::new();
    for unit in &module.units {
        if let Unit::Definition(definition) = unit {
            match &definition.kind {
                DefinitionKind::Operator { body, .. } | DefinitionKind::Function { body, .. } => {
                    res.insert(definition.name.text.clone(), body);
                }
                DefinitionKind::Instance { .. } => {}
            }
        }
    }
    res
}

/// The names of `Init` and `Next` for `entry_points` in `module`.
pub fn init_and_next(
    module: &Module,
    entry_points: &EntryPoints,
) -> (Option<String>, Option<String>) {
    match entry_points {
        EntryPoints::InitNext { init, next } => (Some(init.clone()), Some(next.clone())),
        EntryPoints::Conventional => (Some("Init".to_string()), Some("Next".to_string())),
        EntryPoints::Specification(name) => {
            let definitions = top_level_definitions(module);
            let Some(body) = definitions.get(name) else { return (None, None) };
            let mut init = None;
            let mut next = None;
            for conjunct in conjuncts(body) {
                match &conjunct.kind {
                    ExprKind::Prefix { operator, operand }
                        if operator.text == "[]" || operator.text == "□" =>
                    {
                        if let ExprKind::BoxAction { action, .. } = &strip_parentheses(operand).kind
                        {
                            next = simple_name(action).or(next);
                        }
                    }
                    ExprKind::Name(_) if init.is_none() => init = simple_name(conjunct),
                    _ => {}
                }
            }
            (init, next)
        }
    }
}

/// The actions `next` splits into, each named after a definition, in order of appearance.
/// `unparsed` names definitions that exist but did not parse: calls of them are still actions.
pub fn split_next(
    next: &str,
    definitions: &BTreeMap<String, &Expr>,
    unparsed: &BTreeSet<String>,
) -> Vec<String> {
    let mut res = Vec::new();
    let mut visiting = BTreeSet::new();
    let names = KnownNames { definitions, unparsed };
    split_definition(next, &names, &mut visiting, &mut res);
    res
}

struct KnownNames<'a, 'e> {
    definitions: &'a BTreeMap<String, &'e Expr>,
    unparsed: &'a BTreeSet<String>,
}

impl KnownNames<'_, '_> {
    fn contains(&self, name: &str) -> bool {
        self.definitions.contains_key(name) || self.unparsed.contains(name)
    }
}

fn split_definition(
    name: &str,
    names: &KnownNames,
    visiting: &mut BTreeSet<String>,
    out: &mut Vec<String>,
) {
    let Some(body) = names.definitions.get(name) else {
        push_unique(out, name);
        return;
    };
    if !visiting.insert(name.to_string()) {
        push_unique(out, name);
        return;
    }
    let parts = disjuncts(body);
    if parts.len() == 1 && called_definition(parts[0], names).is_none() {
        push_unique(out, name);
    } else {
        for part in parts {
            match called_definition(part, names) {
                Some(callee) => split_definition(&callee, names, visiting, out),
                None => push_unique(out, name),
            }
        }
    }
    visiting.remove(name);
}

fn push_unique(out: &mut Vec<String>, name: &str) {
    if !out.iter().any(|existing| existing == name) {
        out.push(name.to_string());
    }
}

/// The disjuncts of an expression, looking through parentheses and `\E`.
fn disjuncts(expr: &Expr) -> Vec<&Expr> {
    let expr = strip_parentheses(expr);
    match &expr.kind {
        ExprKind::Junction { conjunction: false, items } => {
            items.iter().flat_map(disjuncts).collect()
        }
        ExprKind::Infix { operator, left, right }
            if matches!(operator.text.as_str(), "\\/" | "\\lor" | "∨") =>
        {
            let mut res = disjuncts(left);
            res.extend(disjuncts(right));
            res
        }
        ExprKind::Quantified { quantifier: Quantifier::Exists, body, .. } => disjuncts(body),
        _ => vec![expr],
    }
}

fn conjuncts(expr: &Expr) -> Vec<&Expr> {
    let expr = strip_parentheses(expr);
    match &expr.kind {
        ExprKind::Junction { conjunction: true, items } => {
            items.iter().flat_map(conjuncts).collect()
        }
        ExprKind::Infix { operator, left, right }
            if matches!(operator.text.as_str(), "/\\" | "\\land" | "∧") =>
        {
            let mut res = conjuncts(left);
            res.extend(conjuncts(right));
            res
        }
        _ => vec![expr],
    }
}

fn strip_parentheses(mut expr: &Expr) -> &Expr {
    while let ExprKind::Parenthesized(inner) = &expr.kind {
        expr = inner;
    }
    expr
}

/// `A` or `A(args)` where `A` is a top-level definition.
fn called_definition(expr: &Expr, names: &KnownNames) -> Option<String> {
    let ExprKind::Name(segments) = &strip_parentheses(expr).kind else { return None };
    let [NameSegment { selector: Selector::Name(name), .. }] = segments.as_slice() else {
        return None;
    };
    names.contains(name).then(|| name.clone())
}

fn simple_name(expr: &Expr) -> Option<String> {
    let ExprKind::Name(segments) = &strip_parentheses(expr).kind else { return None };
    match segments.as_slice() {
        [NameSegment { selector: Selector::Name(name), arguments, .. }] if arguments.is_empty() => {
            Some(name.clone())
        }
        _ => None,
    }
}

/// The names a definition body refers to (identifiers and operator symbols), for dependencies.
pub fn referenced_names(expr: &Expr, out: &mut BTreeSet<String>) {
    stacker::maybe_grow(64 * 1024, 1024 * 1024, || referenced_names_inner(expr, out));
}

fn referenced_names_inner(expr: &Expr, out: &mut BTreeSet<String>) {
    match &expr.kind {
        ExprKind::Name(segments) => {
            for segment in segments {
                if let Selector::Name(name) = &segment.selector {
                    out.insert(name.clone());
                }
                for argument in &segment.arguments {
                    referenced_names(argument, out);
                }
            }
        }
        ExprKind::Let { definitions, body } => {
            for unit in definitions {
                if let Unit::Definition(definition) = unit {
                    if let DefinitionKind::Operator { body, .. }
                    | DefinitionKind::Function { body, .. } = &definition.kind
                    {
                        referenced_names(body, out);
                    }
                }
            }
            referenced_names(body, out);
        }
        _ => for_each_child(expr, &mut |child| referenced_names(child, out)),
    }
}

/// Calls `visit` on each direct sub-expression of `expr` (other than LET definitions).
fn for_each_child(expr: &Expr, visit: &mut dyn FnMut(&Expr)) {
    match &expr.kind {
        ExprKind::Prefix { operator, operand } | ExprKind::Postfix { operator, operand } => {
            let _ = operator;
            visit(operand);
        }
        ExprKind::Infix { left, right, .. } => {
            visit(left);
            visit(right);
        }
        ExprKind::Product(items)
        | ExprKind::SetEnumeration(items)
        | ExprKind::BracketList(items)
        | ExprKind::Tuple(items)
        | ExprKind::Junction { items, .. } => items.iter().for_each(visit),
        ExprKind::Apply { function, arguments } => {
            visit(function);
            arguments.iter().for_each(visit);
        }
        ExprKind::Field { record, .. } => visit(record),
        ExprKind::Parenthesized(inner)
        | ExprKind::Label { body: inner, .. }
        | ExprKind::Lambda { body: inner, .. } => visit(inner),
        ExprKind::If { condition, then_branch, else_branch } => {
            visit(condition);
            visit(then_branch);
            visit(else_branch);
        }
        ExprKind::Case { arms, other } => {
            for (guard, value) in arms {
                visit(guard);
                visit(value);
            }
            if let Some(other) = other {
                visit(other);
            }
        }
        ExprKind::Quantified { bounds, body, .. }
        | ExprKind::FunctionConstructor { bounds, body } => {
            bounds.iter().filter_map(|bound| bound.set.as_ref()).for_each(&mut *visit);
            visit(body);
        }
        ExprKind::SetMap { element, bounds } => {
            bounds.iter().filter_map(|bound| bound.set.as_ref()).for_each(&mut *visit);
            visit(element);
        }
        ExprKind::SetFilter { bound, predicate } => {
            if let Some(set) = &bound.set {
                visit(set);
            }
            visit(predicate);
        }
        ExprKind::TemporalQuantified { body, .. } => visit(body),
        ExprKind::Choose { set, body, .. } => {
            if let Some(set) = set {
                visit(set);
            }
            visit(body);
        }
        ExprKind::FunctionSet { domain, range } => {
            visit(domain);
            visit(range);
        }
        ExprKind::Record(fields) | ExprKind::RecordSet(fields) => {
            fields.iter().for_each(|(_, value)| visit(value))
        }
        ExprKind::Except { function, updates } => {
            visit(function);
            for update in updates {
                for item in &update.path {
                    if let tla_syntax::ast::ExceptPathItem::Index(indices) = item {
                        indices.iter().for_each(&mut *visit);
                    }
                }
                visit(&update.value);
            }
        }
        ExprKind::BoxAction { action, subscript } | ExprKind::AngleAction { action, subscript } => {
            visit(action);
            visit(subscript);
        }
        ExprKind::Fairness { subscript, action, .. } => {
            visit(subscript);
            visit(action);
        }
        ExprKind::AssumeProve { assumptions, conclusion } => {
            assumptions.iter().for_each(&mut *visit);
            visit(conclusion);
        }
        ExprKind::NewSymbol { set, .. } => {
            if let Some(set) = set {
                visit(set);
            }
        }
        ExprKind::Name(_)
        | ExprKind::Let { .. }
        | ExprKind::Number(_)
        | ExprKind::Decimal(_)
        | ExprKind::String(_)
        | ExprKind::StepName(_)
        | ExprKind::Error => {}
    }
}
