//! Positional subexpression selectors (`Op!1`, `Op!<<`, `Op!>>`, `Op!@`, `Op!(x)`, `Op!:`), after
//! the `FindingSubExpr` part of SANY's `selectorToNode`.
//!
//! The selectors walk the selected definition's body as SANY's semantic tree would have it:
//! parentheses and labels are transparent, an infix expression has two operands, a junction list
//! one per item, `f[a, b]` two (`f` and the tuple), a record one per field (its value), a
//! quantifier, CHOOSE or set/function constructor has its bounds as operands and its body behind
//! `!@` or `!(x, ...)`, a LET one (its body), CASE arms are selected by `!i!j`, an EXCEPT only its
//! function. SANY's errors for nonexistent operands are reported with its messages (4005). Where
//! the body is not at hand (operators defined in a LET, recursive operators, functions) or the
//! tree shape is not modelled, the selection is accepted.

use crate::codes;
use crate::labels::Statement;
use crate::resolve::{canonical, Analyzer};
use crate::scope::{SymbolId, SymbolKind};
use tla_diagnostics::Span;
use tla_syntax::ast::{
    BoundPattern, DefinitionKind, Expr, ExprKind, Module, NameSegment, Proof, ProofStepKind,
    Selector, Unit,
};

/// A node of the selected body, as SANY's semantic tree has it.
enum Node<'e> {
    Expr(&'e Expr),
    /// `$Tuple` of the arguments of `f[a, b]`.
    Tuple(&'e [Expr]),
    /// A node without operands (a string, a number).
    Leaf,
    /// Not modelled: the rest of the selection is accepted.
    Opaque,
    /// A CASE, HAVE or SUFFICES step's formula, SANY's one operand of the step's node.
    StepOperand(&'e Expr),
}

type Selection<'e> = Result<Node<'e>, (Span, String)>;

/// SANY's `ArgNum`: the (1-based) operand a selector names among `arity`, if any.
fn arg_num(selector: &Selector, arity: usize) -> Option<usize> {
    match selector {
        Selector::Number(n) => (*n as usize >= 1 && *n as usize <= arity).then_some(*n as usize),
        Selector::Structural(text) if text == "<<" => (arity > 0).then_some(1),
        Selector::Structural(text) if text == ">>" => (arity == 2).then_some(2),
        _ => None,
    }
}

/// SANY's `selectorItemToString`.
fn selector_item(selector: &Selector) -> String {
    match selector {
        Selector::Number(n) => format!("argument selector {n}"),
        Selector::Structural(text) | Selector::Name(text) => text.clone(),
        Selector::Arguments => "!(...)".to_string(),
    }
}

fn nonexistent(segment: &NameSegment) -> (Span, String) {
    let message =
        format!("Nonexistent operand specified by `{}'.", selector_item(&segment.selector));
    (segment.span, message)
}

fn has_none(segment: &NameSegment) -> (Span, String) {
    (segment.span, "Selecting subexpression of expression that has none.".to_string())
}

impl<'a> Analyzer<'a> {
    /// Positional selectors right after the name of `symbol`; false after an error.
    /// Positional selectors after the name of `symbol`, or after its label at `label_span`
    /// (`Op!l!1`); false after an error.
    pub(crate) fn positional_selectors(
        &mut self,
        symbol: SymbolId,
        rest: &[NameSegment],
        fact: bool,
        span: Span,
        label_span: Option<Span>,
    ) -> bool {
        for segment in rest {
            for argument in &segment.arguments {
                self.expression(argument);
            }
        }
        let Some(mut body) = self.find_body(symbol) else { return true };
        if let Some(label_span) = label_span {
            let Some(label_body) = find_label(body, label_span) else { return true };
            body = label_body;
        }
        match self.select(symbol, body, rest, fact, span, label_span.is_some()) {
            Ok(()) => true,
            Err((span, message)) => {
                let code = if message.starts_with("Expected ") {
                    codes::SUSPECTED_UNREACHABLE_CHECK
                } else {
                    codes::UNSUPPORTED_LANGUAGE_FEATURE
                };
                self.error(code, span, message);
                false
            }
        }
    }

    fn select(
        &self,
        symbol: SymbolId,
        body: &'a Expr,
        rest: &[NameSegment],
        fact: bool,
        span: Span,
        after_label: bool,
    ) -> Result<(), (Span, String)> {
        let wraps_formula = matches!(
            self.scopes.symbols[symbol].statement,
            Some(Statement::Case | Statement::Have | Statement::Suffices)
        );
        let mut node =
            if wraps_formula && !after_label { Node::StepOperand(body) } else { Node::Expr(body) };
        // SANY's parameters of the selection (the operator's, and the bound names of binders
        // selected with `!@` or `!(x)`) and the arguments given for them.
        let arity = self.scopes.symbols[symbol].arity.max(0) as usize;
        let mut counts = (arity, arity);
        // Whether the previous selector was the operator's name, and whether it was an operand
        // selector (SANY's `prevMode`); after a label it is neither.
        let mut after_name = !after_label;
        let mut after_operand = false;
        let mut idx = 0;
        while idx < rest.len() {
            let segment = &rest[idx];
            let last = idx + 1 == rest.len();
            let next_is_name = rest.get(idx + 1).is_some_and(|next| is_name(&next.selector));
            if matches!(&segment.selector, Selector::Structural(text) if text == ":") {
                if after_operand || !((last && after_name) || next_is_name) {
                    let message = "`!:' can be used only after a name and either at the end after an\noperator name or before an operator name.";
                    return Err((segment.span, message.to_string()));
                }
            } else if is_name(&segment.selector) {
                return Ok(());
            } else {
                node = match node {
                    Node::Expr(expr) => {
                        let top = !after_label && std::ptr::eq(expr, body);
                        self.select_in(symbol, expr, top, rest, &mut idx, &mut counts)?
                    }
                    Node::Tuple(items) => match arg_num(&segment.selector, items.len()) {
                        Some(n) => Node::Expr(&items[n - 1]),
                        None => return Err(nonexistent(segment)),
                    },
                    Node::StepOperand(formula) => match arg_num(&segment.selector, 1) {
                        Some(_) => Node::Expr(formula),
                        None => return Err(nonexistent(segment)),
                    },
                    Node::Leaf => return Err(has_none(segment)),
                    Node::Opaque => return Ok(()),
                };
            }
            let segment = &rest[idx];
            if let Some(next) = rest.get(idx + 1) {
                if is_name(&next.selector) {
                    let is_let = matches!(&node, Node::Expr(expr) if matches!(unlabelled(expr).kind, ExprKind::Let { .. }));
                    if is_let || matches!(node, Node::Opaque) {
                        return Ok(());
                    }
                    let message = "A name selector here must be from a LET clause.";
                    return Err((segment.span, message.to_string()));
                }
                if matches!(&next.selector, Selector::Structural(text) if text == ":") {
                    let message = "!: should not follow an operand selector.";
                    return Err((segment.span, message.to_string()));
                }
            }
            after_name = false;
            after_operand = true;
            idx += 1;
        }
        if counts.0 != counts.1 {
            let message = format!("Expected {} arguments but found {}.", counts.0, counts.1);
            return Err((span, message));
        }
        if !fact {
            if let Node::Expr(expr) = node {
                match &unlabelled(expr).kind {
                    ExprKind::AssumeProve { .. } if !std::ptr::eq(expr, body) => {
                        let span = rest.last().map_or(expr.span, |segment| segment.span);
                        let message = "Selected ASSUME/PROVE instead of expression.";
                        return Err((span, message.to_string()));
                    }
                    ExprKind::NewSymbol { .. } => {
                        let span = rest.last().map_or(expr.span, |segment| segment.span);
                        let message = "Selected a NEW declaration as an expression or operator.";
                        return Err((span, message.to_string()));
                    }
                    _ => {}
                }
            }
        }
        Ok(())
    }

    /// One selector (`rest[*idx]`, two for CASE) applied to `expr`.
    fn select_in(
        &self,
        symbol: SymbolId,
        expr: &'a Expr,
        top: bool,
        rest: &[NameSegment],
        idx: &mut usize,
        counts: &mut (usize, usize),
    ) -> Selection<'a> {
        let segment = &rest[*idx];
        let selector = &segment.selector;
        let operands = |items: Vec<&'a Expr>| -> Selection<'a> {
            match arg_num(selector, items.len()) {
                Some(n) => Ok(Node::Expr(items[n - 1])),
                None => Err(nonexistent(segment)),
            }
        };
        match &expr.kind {
            ExprKind::Parenthesized(inner) | ExprKind::Label { body: inner, .. } => {
                self.select_in(symbol, inner, top, rest, idx, counts)
            }
            ExprKind::Number(_) | ExprKind::Decimal(_) | ExprKind::String(_) => {
                Err(has_none(segment))
            }
            ExprKind::Let { body, .. } => match arg_num(selector, 1) {
                Some(_) => Ok(Node::Expr(body)),
                None => {
                    Err((segment.span, "A LET/IN expression has only one operand.".to_string()))
                }
            },
            ExprKind::Name(segments) => {
                let [only] = segments.as_slice() else { return Ok(Node::Opaque) };
                let Selector::Name(name) = &only.selector else { return Ok(Node::Opaque) };
                if name == "@" {
                    return Ok(Node::Opaque);
                }
                let kind =
                    self.scopes.resolve(canonical(name)).map(|id| self.scopes.symbols[id].kind);
                match kind {
                    Some(
                        SymbolKind::Variable
                        | SymbolKind::NewSymbol
                        | SymbolKind::TheoremOrAssumption
                        | SymbolKind::ModuleInstance,
                    ) => {
                        let message = format!(
                            "Choosing operand `{}' of subexpression with no operands.",
                            selector_item(selector)
                        );
                        Err((segment.span, message))
                    }
                    _ => operands(only.arguments.iter().collect()),
                }
            }
            ExprKind::Prefix { operand, .. } | ExprKind::Postfix { operand, .. } => {
                operands(vec![operand])
            }
            ExprKind::Infix { left, right, .. } => operands(vec![left, right]),
            ExprKind::Product(items)
            | ExprKind::Junction { items, .. }
            | ExprKind::SetEnumeration(items)
            | ExprKind::Tuple(items) => operands(items.iter().collect()),
            ExprKind::Apply { function, arguments } => match arg_num(selector, 2) {
                Some(1) => Ok(Node::Expr(function)),
                Some(_) if arguments.len() == 1 => Ok(Node::Expr(&arguments[0])),
                Some(_) => Ok(Node::Tuple(arguments)),
                None => Err(nonexistent(segment)),
            },
            ExprKind::Field { record, .. } => match arg_num(selector, 2) {
                Some(1) => Ok(Node::Expr(record)),
                Some(_) => Ok(Node::Leaf),
                None => Err(nonexistent(segment)),
            },
            ExprKind::If { condition, then_branch, else_branch } => {
                operands(vec![condition, then_branch, else_branch])
            }
            ExprKind::Case { arms, other } => {
                if *idx + 1 == rest.len() {
                    let message = "Subexpression of CASE must have form !i!j.";
                    return Err((segment.span, message.to_string()));
                }
                let n_arms = arms.len() + usize::from(other.is_some());
                let Some(arm) = arg_num(selector, n_arms) else { return Err(nonexistent(segment)) };
                *idx += 1;
                let second = &rest[*idx];
                let Some(part) = arg_num(&second.selector, 2) else {
                    let message =
                        "Second selector for CASE subexpression must specify  one of two operands.";
                    return Err((second.span, message.to_string()));
                };
                match (arms.get(arm - 1), other) {
                    (Some((guard, _)), _) if part == 1 => Ok(Node::Expr(guard)),
                    (Some((_, value)), _) => Ok(Node::Expr(value)),
                    (None, _) if part == 1 => {
                        Err((second.span, "Selecting OTHER in a CASE statement.".to_string()))
                    }
                    (None, Some(other)) => Ok(Node::Expr(other)),
                    (None, None) => Ok(Node::Opaque),
                }
            }
            ExprKind::Quantified { bounds, body, .. } => {
                let names: usize = bounds.iter().map(|bound| pattern_len(&bound.pattern)).sum();
                let bounded = bounds.iter().any(|bound| bound.set.is_some());
                let sets: Vec<&Expr> =
                    bounds.iter().filter_map(|bound| bound.set.as_ref()).collect();
                binder(counts, segment, names, if bounded { sets } else { Vec::new() }, body)
            }
            ExprKind::TemporalQuantified { names, body, .. } => {
                binder(counts, segment, names.len(), Vec::new(), body)
            }
            ExprKind::Choose { pattern, set, body } => binder(
                counts,
                segment,
                pattern_len(pattern),
                set.iter().map(|set| &**set).collect(),
                body,
            ),
            ExprKind::SetFilter { bound, predicate } => binder(
                counts,
                segment,
                pattern_len(&bound.pattern),
                bound.set.iter().collect(),
                predicate,
            ),
            ExprKind::SetMap { element: body, bounds }
            | ExprKind::FunctionConstructor { bounds, body } => {
                let names: usize = bounds.iter().map(|bound| pattern_len(&bound.pattern)).sum();
                binder(
                    counts,
                    segment,
                    names,
                    bounds.iter().filter_map(|bound| bound.set.as_ref()).collect(),
                    body,
                )
            }
            ExprKind::FunctionSet { domain, range } => operands(vec![domain, range]),
            ExprKind::Record(fields) | ExprKind::RecordSet(fields) => {
                operands(fields.iter().map(|(_, value)| value).collect())
            }
            ExprKind::Except { function, updates } => match arg_num(selector, 1 + updates.len()) {
                Some(1) => Ok(Node::Expr(function)),
                Some(_) => {
                    let message = "Selecting subexpression of an EXCEPT not yet implemented.";
                    Err((segment.span, message.to_string()))
                }
                None => Err(nonexistent(segment)),
            },
            ExprKind::BoxAction { action, subscript }
            | ExprKind::AngleAction { action, subscript } => operands(vec![action, subscript]),
            ExprKind::Fairness { subscript, action, .. } => operands(vec![subscript, action]),
            ExprKind::AssumeProve { assumptions, conclusion } => {
                let Some(position) = arg_num(selector, assumptions.len() + 1) else {
                    return Err(nonexistent(segment));
                };
                let in_scope_of_declaration = assumptions[..position - 1]
                    .iter()
                    .any(|assumption| matches!(assumption.kind, ExprKind::NewSymbol { .. }));
                // SANY's `illegalAPPosRef`: outside the theorem's own proof, the clauses after a
                // NEW are out of the declaration's scope.
                let in_own_proof = top && self.proof_goals.contains(&symbol);
                if in_scope_of_declaration && !in_own_proof {
                    let message = "Accessing ASSUME/PROVE clause within the scope of a declaration\n from outside that declaration's scope.";
                    return Err((segment.span, message.to_string()));
                }
                let selected = assumptions.get(position - 1).unwrap_or(conclusion);
                if matches!(selected.kind, ExprKind::NewSymbol { .. }) && *idx + 1 < rest.len() {
                    let message = "Selected a subexpression of a NEW clause of an ASSUME.";
                    return Err((segment.span, message.to_string()));
                }
                Ok(Node::Expr(selected))
            }
            _ => Ok(Node::Opaque),
        }
    }

    /// The body of a definition or theorem named by `symbol`, found by its span in the tree.
    fn find_body(&self, symbol: SymbolId) -> Option<&'a Expr> {
        let origin = self.scopes.symbols[symbol].origin?;
        let module = self.spec.files[origin.file].module()?;
        find_in_module(module, origin.span)
    }
}

/// A quantifier-like node: `!@` and `!(x, ...)` select the body, numbers the bound sets.
fn binder<'e>(
    counts: &mut (usize, usize),
    segment: &NameSegment,
    n_names: usize,
    sets: Vec<&'e Expr>,
    body: &'e Expr,
) -> Selection<'e> {
    match &segment.selector {
        Selector::Arguments => {
            if segment.arguments.len() != n_names {
                let message = format!(
                    "Selector with {} argument(s) used for quantifier with {n_names} bound identifier(s).",
                    segment.arguments.len()
                );
                return Err((segment.span, message));
            }
            counts.0 += n_names;
            counts.1 += n_names;
            Ok(Node::Expr(body))
        }
        Selector::Structural(text) if text == "@" => {
            counts.0 += n_names;
            Ok(Node::Expr(body))
        }
        selector => match arg_num(selector, sets.len()) {
            Some(n) => Ok(Node::Expr(sets[n - 1])),
            None => Err(nonexistent(segment)),
        },
    }
}

fn pattern_len(pattern: &BoundPattern) -> usize {
    match pattern {
        BoundPattern::Names(names) | BoundPattern::Tuple(names) => names.len(),
    }
}

fn is_name(selector: &Selector) -> bool {
    matches!(selector, Selector::Name(_))
}

fn unlabelled(mut expr: &Expr) -> &Expr {
    while let ExprKind::Label { body, .. } | ExprKind::Parenthesized(body) = &expr.kind {
        expr = body;
    }
    expr
}

/// The body of the operator definition spanning `span`, or of the theorem or assumption whose
/// name is at `span`, among the units of `module` (nested modules and proofs included).
fn find_in_module(module: &Module, span: Span) -> Option<&Expr> {
    module.units.iter().find_map(|unit| find_in_unit(unit, span))
}

fn find_in_unit(unit: &Unit, span: Span) -> Option<&Expr> {
    match unit {
        Unit::Definition(definition) if definition.span == span => match &definition.kind {
            DefinitionKind::Operator { body, .. } => Some(body),
            _ => None,
        },
        Unit::Theorem(theorem) => {
            if theorem.name.as_ref().is_some_and(|name| name.span == span) {
                return Some(&theorem.body);
            }
            find_in_proof(theorem.proof.as_ref()?, span)
        }
        Unit::Assume(assume) if assume.name.as_ref().is_some_and(|name| name.span == span) => {
            Some(&assume.body)
        }
        Unit::Module(inner) if inner.span.start <= span.start && span.end <= inner.span.end => {
            find_in_module(inner, span)
        }
        _ => None,
    }
}

fn find_in_proof(proof: &Proof, span: Span) -> Option<&Expr> {
    let Proof::Steps(steps) = proof else { return None };
    steps.iter().find_map(|step| {
        if !(step.span.start <= span.start && span.end <= step.span.end) {
            return None;
        }
        if step.label.as_ref().is_some_and(|label| label.span == span) {
            return step_body(&step.kind);
        }
        match &step.kind {
            ProofStepKind::Define(definitions) => {
                definitions.iter().find_map(|definition| match &definition.kind {
                    DefinitionKind::Operator { body, .. } if definition.span == span => Some(body),
                    _ => None,
                })
            }
            _ => find_in_proof(step.proof.as_ref()?, span),
        }
    })
}

/// The formula of a named step whose selection is modelled: an assertion (its ASSUME/PROVE
/// included), a CASE, a HAVE or a SUFFICES without ASSUME (the last three behind one operand,
/// `Node::StepOperand`). A SUFFICES ASSUME, PICK, TAKE or WITNESS step is not modelled.
fn step_body(kind: &ProofStepKind) -> Option<&Expr> {
    match kind {
        ProofStepKind::Assert(expr) | ProofStepKind::Case(expr) | ProofStepKind::Have(expr) => {
            Some(expr)
        }
        ProofStepKind::Suffices(expr) if !matches!(expr.kind, ExprKind::AssumeProve { .. }) => {
            Some(expr)
        }
        _ => None,
    }
}

/// The body of the label expression at `span` inside `expr` (not inside LET definitions, whose
/// labels are their own).
fn find_label(expr: &Expr, span: Span) -> Option<&Expr> {
    let mut pending = vec![expr];
    while let Some(expr) = pending.pop() {
        if !(expr.span.start <= span.start && span.end <= expr.span.end) {
            continue;
        }
        if let ExprKind::Label { body, .. } = &expr.kind {
            if expr.span == span {
                return Some(body);
            }
        }
        pending.extend(children(expr));
    }
    None
}

/// The subexpressions of `expr` (a LET's body, not its definitions).
fn children(expr: &Expr) -> Vec<&Expr> {
    match &expr.kind {
        ExprKind::Name(segments) => {
            segments.iter().flat_map(|segment| segment.arguments.iter()).collect()
        }
        ExprKind::Prefix { operand, .. } | ExprKind::Postfix { operand, .. } => vec![operand],
        ExprKind::Infix { left, right, .. } => vec![left, right],
        ExprKind::Product(items)
        | ExprKind::SetEnumeration(items)
        | ExprKind::BracketList(items)
        | ExprKind::Tuple(items)
        | ExprKind::Junction { items, .. } => items.iter().collect(),
        ExprKind::Apply { function, arguments } => {
            std::iter::once(&**function).chain(arguments.iter()).collect()
        }
        ExprKind::Field { record: inner, .. }
        | ExprKind::Parenthesized(inner)
        | ExprKind::Let { body: inner, .. }
        | ExprKind::TemporalQuantified { body: inner, .. }
        | ExprKind::Lambda { body: inner, .. }
        | ExprKind::Label { body: inner, .. } => vec![inner],
        ExprKind::If { condition, then_branch, else_branch } => {
            vec![condition, then_branch, else_branch]
        }
        ExprKind::Case { arms, other } => {
            arms.iter().flat_map(|(guard, value)| [guard, value]).chain(other.as_deref()).collect()
        }
        ExprKind::Quantified { bounds, body, .. }
        | ExprKind::SetMap { element: body, bounds }
        | ExprKind::FunctionConstructor { bounds, body } => {
            let mut all: Vec<&Expr> =
                bounds.iter().filter_map(|bound| bound.set.as_ref()).collect();
            all.push(body);
            all
        }
        ExprKind::Choose { set, body, .. } => set.as_deref().into_iter().chain([&**body]).collect(),
        ExprKind::SetFilter { bound, predicate } => {
            bound.set.iter().chain([&**predicate]).collect()
        }
        ExprKind::FunctionSet { domain, range } => vec![domain, range],
        ExprKind::Record(fields) | ExprKind::RecordSet(fields) => {
            fields.iter().map(|(_, value)| value).collect()
        }
        ExprKind::Except { function, updates } => {
            let mut all = vec![&**function];
            for update in updates {
                for item in &update.path {
                    if let tla_syntax::ast::ExceptPathItem::Index(indices) = item {
                        all.extend(indices.iter());
                    }
                }
                all.push(&update.value);
            }
            all
        }
        ExprKind::BoxAction { action, subscript } | ExprKind::AngleAction { action, subscript } => {
            vec![action, subscript]
        }
        ExprKind::Fairness { subscript, action, .. } => vec![subscript, action],
        ExprKind::AssumeProve { assumptions, conclusion } => {
            assumptions.iter().chain([&**conclusion]).collect()
        }
        ExprKind::NewSymbol { set, .. } => set.as_deref().into_iter().collect(),
        ExprKind::Number(_)
        | ExprKind::Decimal(_)
        | ExprKind::String(_)
        | ExprKind::StepName(_)
        | ExprKind::Error => Vec::new(),
    }
}
