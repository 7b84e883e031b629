//! Which parameters of an operator its value depends on, approximately as SANY computes the
//! "level parameters" of a definition.
//!
//! SANY gives `Op(e1, ..., en)` the highest level among the arguments in the positions whose
//! parameters the body's level depends on. A placeholder body that ignores a parameter (TLC's
//! `PrintT(out) == TRUE`) therefore makes `PrintT(x')` a constant, and our texts must ignore the
//! same parameters as the originals for SANY's level verdicts to come out the same. The
//! approximation: a parameter counts when it occurs in the body other than as an argument in a
//! position that the applied operator (known by name from the modules being compared, or from an
//! enclosing `LET`) ignores. SANY counts every parameter of a `RECURSIVE` operator, and so do we.

use std::collections::{BTreeMap, BTreeSet};
use tla_syntax::ast::{
    BoundGroup, Definition, DefinitionKind, ExceptPathItem, Expr, ExprKind, Selector, Unit,
};
use tla_syntax::operators::OPERATOR_SPELLINGS;

/// For each operator name, whether each of its parameter positions is used by its body.
pub type Relevance = BTreeMap<String, Vec<bool>>;

/// Computes the relevance of every operator in `definitions` (the top-level definitions of the
/// modules being compared), as a least fixpoint since operators may call each other. Operators
/// named in `recursive` (declared `RECURSIVE`) depend on all their parameters, as in SANY.
pub fn parameter_relevance(definitions: &[&Definition], recursive: &[String]) -> Relevance {
    let mut relevance: Relevance = Relevance::new();
    for definition in definitions {
        if let DefinitionKind::Operator { parameters, .. } = &definition.kind {
            let name = canonical(&definition.name.text);
            let all = recursive.contains(&name);
            relevance.insert(name, vec![all; parameters.len()]);
        }
    }
    loop {
        let mut changed = false;
        for definition in definitions {
            let DefinitionKind::Operator { parameters, body, .. } = &definition.kind else {
                continue;
            };
            let used = relevant_names(body, &relevance);
            let row: Vec<bool> = parameters
                .iter()
                .map(|parameter| used.contains(&canonical(&parameter.name.text)))
                .collect();
            let entry = relevance.entry(canonical(&definition.name.text)).or_default();
            let merged: Vec<bool> = row
                .iter()
                .enumerate()
                .map(|(index, now)| *now || entry.get(index).copied().unwrap_or(false))
                .collect();
            if *entry != merged {
                *entry = merged;
                changed = true;
            }
        }
        if !changed {
            return relevance;
        }
    }
}

/// The names occurring in `body` at positions that can influence its value.
pub fn relevant_names(body: &Expr, relevance: &Relevance) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let mut pending: Vec<&Expr> = vec![body];
    while let Some(expr) = pending.pop() {
        match &expr.kind {
            ExprKind::Name(segments) => {
                for segment in segments {
                    let Selector::Name(name) = &segment.selector else {
                        pending.extend(segment.arguments.iter());
                        continue;
                    };
                    let name = canonical(name);
                    let positions = relevance
                        .get(&name)
                        .filter(|row| segments.len() == 1 && row.len() == segment.arguments.len());
                    for (index, argument) in segment.arguments.iter().enumerate() {
                        if positions.is_none_or(|row| row[index]) {
                            pending.push(argument);
                        }
                    }
                    names.insert(name);
                }
            }
            ExprKind::Prefix { operator, operand } | ExprKind::Postfix { operator, operand } => {
                let name = canonical(&operator.text);
                if relevance.get(&name).is_none_or(|row| row.first() != Some(&false)) {
                    pending.push(operand);
                }
                names.insert(name);
            }
            ExprKind::Infix { operator, left, right } => {
                let name = canonical(&operator.text);
                let row = relevance.get(&name).filter(|row| row.len() == 2);
                if row.is_none_or(|row| row[0]) {
                    pending.push(left);
                }
                if row.is_none_or(|row| row[1]) {
                    pending.push(right);
                }
                names.insert(name);
            }
            ExprKind::Let { definitions, body } => {
                names.extend(let_relevant_names(definitions, body, relevance));
            }
            other => push_children(other, &mut pending),
        }
    }
    names
}

/// The relevant names of `LET definitions IN body`: each `LET` operator gets its own parameter
/// relevance, and the names its body depends on count only where the body uses the operator.
/// (Recursion here follows `LET` nesting only, which is shallow in module texts.)
fn let_relevant_names(definitions: &[Unit], body: &Expr, outer: &Relevance) -> BTreeSet<String> {
    let mut relevance = outer.clone();
    let mut depends_on: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for unit in definitions {
        let Unit::Definition(definition) = unit else { continue };
        let name = canonical(&definition.name.text);
        let used = match &definition.kind {
            DefinitionKind::Operator { parameters, body, .. } => {
                let used = relevant_names(body, &relevance);
                let row = parameters
                    .iter()
                    .map(|parameter| used.contains(&canonical(&parameter.name.text)))
                    .collect();
                relevance.insert(name.clone(), row);
                used
            }
            DefinitionKind::Function { bounds, body } => {
                let mut used = relevant_names(body, &relevance);
                for set in bounds.iter().filter_map(|bound| bound.set.as_ref()) {
                    used.extend(relevant_names(set, &relevance));
                }
                relevance.remove(&name);
                used
            }
            DefinitionKind::Instance { .. } => {
                relevance.remove(&name);
                BTreeSet::new()
            }
        };
        depends_on.insert(name, used);
    }
    let mut names = relevant_names(body, &relevance);
    let mut pending: Vec<String> = names.iter().cloned().collect();
    while let Some(name) = pending.pop() {
        for used in depends_on.get(&name).into_iter().flatten() {
            if names.insert(used.clone()) {
                pending.push(used.clone());
            }
        }
    }
    names
}

fn push_bounds<'a>(bounds: &'a [BoundGroup], pending: &mut Vec<&'a Expr>) {
    pending.extend(bounds.iter().filter_map(|bound| bound.set.as_ref()));
}

fn push_children<'a>(kind: &'a ExprKind, pending: &mut Vec<&'a Expr>) {
    match kind {
        ExprKind::Product(items)
        | ExprKind::SetEnumeration(items)
        | ExprKind::BracketList(items)
        | ExprKind::Tuple(items)
        | ExprKind::Junction { items, .. } => pending.extend(items.iter()),
        ExprKind::Apply { function, arguments } => {
            pending.push(function);
            pending.extend(arguments.iter());
        }
        ExprKind::Field { record, .. } => pending.push(record),
        ExprKind::Parenthesized(inner) => pending.push(inner),
        ExprKind::If { condition, then_branch, else_branch } => {
            pending.extend([&**condition, &**then_branch, &**else_branch]);
        }
        ExprKind::Case { arms, other } => {
            for (guard, value) in arms {
                pending.push(guard);
                pending.push(value);
            }
            pending.extend(other.as_deref());
        }
        ExprKind::Quantified { bounds, body, .. } => {
            push_bounds(bounds, pending);
            pending.push(body);
        }
        ExprKind::TemporalQuantified { body, .. }
        | ExprKind::Lambda { body, .. }
        | ExprKind::Label { body, .. } => pending.push(body),
        ExprKind::Choose { set, body, .. } => {
            pending.extend(set.as_deref());
            pending.push(body);
        }
        ExprKind::SetFilter { bound, predicate } => {
            pending.extend(bound.set.as_ref());
            pending.push(predicate);
        }
        ExprKind::SetMap { element: body, bounds }
        | ExprKind::FunctionConstructor { bounds, body } => {
            push_bounds(bounds, pending);
            pending.push(body);
        }
        ExprKind::FunctionSet { domain, range } => pending.extend([&**domain, &**range]),
        ExprKind::Record(fields) | ExprKind::RecordSet(fields) => {
            pending.extend(fields.iter().map(|(_, value)| value));
        }
        ExprKind::Except { function, updates } => {
            pending.push(function);
            for update in updates {
                for item in &update.path {
                    if let ExceptPathItem::Index(indices) = item {
                        pending.extend(indices.iter());
                    }
                }
                pending.push(&update.value);
            }
        }
        ExprKind::BoxAction { action, subscript }
        | ExprKind::AngleAction { action, subscript }
        | ExprKind::Fairness { action, subscript, .. } => {
            pending.extend([&**action, &**subscript]);
        }
        ExprKind::AssumeProve { assumptions, conclusion } => {
            pending.extend(assumptions.iter());
            pending.push(conclusion);
        }
        ExprKind::NewSymbol { set, .. } => pending.extend(set.as_deref()),
        ExprKind::Name(_)
        | ExprKind::Prefix { .. }
        | ExprKind::Infix { .. }
        | ExprKind::Postfix { .. }
        | ExprKind::Let { .. }
        | ExprKind::Number(_)
        | ExprKind::Decimal(_)
        | ExprKind::String(_)
        | ExprKind::StepName(_)
        | ExprKind::Error => {}
    }
}

/// SANY's canonical spelling of an operator symbol (`\leq` for `=<`); other names unchanged.
pub fn canonical(text: &str) -> String {
    OPERATOR_SPELLINGS
        .iter()
        .find(|spelling| spelling.text == text)
        .map_or(text, |spelling| spelling.canonical)
        .to_string()
}
