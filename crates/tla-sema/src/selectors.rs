//! Positional subexpression selectors (`Op!1`, `Op!<<`, `Op!>>`, `Op!@`, `Op!(x)`, `Op!:`), after
//! the `FindingSubExpr` part of SANY's `selectorToNode`.
//!
//! The selectors walk the selected definition's body as SANY's semantic tree would have it:
//! parentheses and labels are transparent, an infix expression has two operands, a junction list
//! one per item, `f[a, b]` two (`f` and the tuple), a record one per field (its value), a
//! quantifier, CHOOSE or set/function constructor has its bounds as operands and its body behind
//! `!@` or `!(x, ...)`, a LET one (its body), CASE arms are selected by `!i!j`, an EXCEPT only its
//! function, a LAMBDA its body behind `!@` or `!(x, ...)`. A function definition is a binder
//! over its bounds; a PICK or TAKE step a binder, a WITNESS step one operand per expression and
//! a SUFFICES ASSUME/PROVE step the ASSUME/PROVE behind `!1`. A name after a selected LET picks
//! one of its definitions (`Op!2!A(x)!1`), then labels inside it. SANY's errors are reported with
//! its messages and codes, at the selector's token. Where the tree shape is not modelled (an
//! INSTANCE inside a LET, a TAKE's missing body), the selection is accepted.

use crate::codes;
use crate::resolve::{canonical, Analyzer};
use crate::scope::{SymbolId, SymbolKind};
use tla_diagnostics::Span;
use tla_syntax::ast::{
    BoundGroup, BoundPattern, DefinitionKind, Expr, ExprKind, Module, NameSegment, Proof,
    ProofStepKind, Selector, Unit,
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
    /// A SUFFICES ASSUME/PROVE step: `!1` selects the ASSUME/PROVE itself.
    SufficesAssumeProve(&'e Expr),
    /// Bound names over `bounds` (a function definition, a PICK or a TAKE step): numbers select
    /// the bound sets, `!@` and `!(x, ...)` the body (a TAKE has none).
    Binder {
        bounds: &'e [BoundGroup],
        body: Option<&'e Expr>,
    },
}

/// What a name selects: a definition's or theorem's body, a function definition or a proof step.
enum Root<'e> {
    Expr(&'e Expr),
    Function(&'e [BoundGroup], &'e Expr),
    Step(&'e ProofStepKind),
}

impl<'e> Root<'e> {
    /// The formula labels are looked up in.
    fn formula(&self) -> Option<&'e Expr> {
        match self {
            Root::Expr(expr) | Root::Function(_, expr) => Some(expr),
            Root::Step(kind) => match kind {
                ProofStepKind::Assert(expr)
                | ProofStepKind::Case(expr)
                | ProofStepKind::Have(expr)
                | ProofStepKind::Suffices(expr)
                | ProofStepKind::Pick { body: expr, .. } => Some(expr),
                _ => None,
            },
        }
    }

    /// The node SANY's selection starts from.
    fn node(&self) -> Node<'e> {
        match self {
            Root::Expr(expr) => Node::Expr(expr),
            Root::Function(bounds, body) => Node::Binder { bounds, body: Some(body) },
            Root::Step(kind) => match kind {
                ProofStepKind::Assert(expr) => Node::Expr(expr),
                ProofStepKind::Suffices(expr)
                    if matches!(expr.kind, ExprKind::AssumeProve { .. }) =>
                {
                    Node::SufficesAssumeProve(expr)
                }
                ProofStepKind::Case(expr)
                | ProofStepKind::Have(expr)
                | ProofStepKind::Suffices(expr) => Node::StepOperand(expr),
                ProofStepKind::Pick { bounds, body } => Node::Binder { bounds, body: Some(body) },
                ProofStepKind::Take(bounds) => Node::Binder { bounds, body: None },
                ProofStepKind::Witness(items) => Node::Tuple(items),
                _ => Node::Opaque,
            },
        }
    }
}

/// Where a selection starts: the node, and the root formula when the selection starts at the
/// name itself rather than after a label.
struct Start<'e> {
    node: Node<'e>,
    top: Option<&'e Expr>,
}

/// A selection error: SANY's code, the location and the message.
struct SelectionError {
    code: tla_diagnostics::DiagnosticCode,
    span: Span,
    message: String,
}

impl SelectionError {
    /// SANY's usual code for a failed selection (4005, "unsupported language feature").
    fn unsupported(span: Span, message: impl Into<String>) -> SelectionError {
        SelectionError { code: codes::UNSUPPORTED_LANGUAGE_FEATURE, span, message: message.into() }
    }
}

type Selection<'e> = Result<Node<'e>, SelectionError>;

/// The selector's own token, after its `!` (SANY's location for selector errors).
fn token_span(segment: &NameSegment) -> Span {
    let start = segment.span.start + 1;
    let length = match &segment.selector {
        Selector::Number(n) => n.to_string().len(),
        Selector::Structural(text) | Selector::Name(text) => text.len(),
        Selector::Arguments => return Span::new(start, segment.span.end),
    };
    Span::new(start, start + length as u32)
}

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

fn nonexistent(segment: &NameSegment) -> SelectionError {
    let message =
        format!("Nonexistent operand specified by `{}'.", selector_item(&segment.selector));
    SelectionError::unsupported(token_span(segment), message)
}

fn has_none(segment: &NameSegment) -> SelectionError {
    SelectionError::unsupported(
        token_span(segment),
        "Selecting subexpression of expression that has none.",
    )
}

impl<'a> Analyzer<'a> {
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
        let Some(root) = self.find_body(symbol) else { return true };
        let start = match label_span {
            Some(label_span) => {
                let Some(formula) = root.formula() else { return true };
                let Some(label_body) = find_label(formula, label_span) else { return true };
                Start { node: Node::Expr(label_body), top: None }
            }
            None => Start { top: root.formula(), node: root.node() },
        };
        match self.select(symbol, start, rest, fact, span) {
            Ok(()) => true,
            Err(error) => {
                self.error(error.code, error.span, error.message);
                false
            }
        }
    }

    fn select(
        &self,
        symbol: SymbolId,
        start: Start<'a>,
        rest: &[NameSegment],
        fact: bool,
        span: Span,
    ) -> Result<(), SelectionError> {
        let Start { mut node, top } = start;
        let is_top = |expr: &Expr| top.is_some_and(|top| std::ptr::eq(expr, top));
        // SANY's parameters of the selection (the operator's, and the bound names of binders
        // selected with `!@` or `!(x)`) and the arguments given for them.
        let arity = self.scopes.symbols[symbol].arity.max(0) as usize;
        let mut counts = (arity, arity);
        // Whether the previous selector was an operator's name, and whether it was an operand
        // selector (SANY's `prevMode`); after a label it is neither.
        let mut after_name = top.is_some();
        let mut after_operand = false;
        let mut idx = 0;
        while idx < rest.len() {
            let segment = &rest[idx];
            let last = idx + 1 == rest.len();
            let next_is_name = rest.get(idx + 1).is_some_and(|next| is_name(&next.selector));
            if matches!(&segment.selector, Selector::Structural(text) if text == ":") {
                if after_operand || !((last && after_name) || next_is_name) {
                    let message = "`!:' can be used only after a name and either at the end after an\noperator name or before an operator name.";
                    return Err(SelectionError::unsupported(token_span(segment), message));
                }
            } else if is_name(&segment.selector) {
                return Ok(());
            } else {
                node = match node {
                    Node::Expr(expr) => {
                        self.select_in(symbol, expr, is_top(expr), rest, &mut idx, &mut counts)?
                    }
                    Node::Tuple(items) => match arg_num(&segment.selector, items.len()) {
                        Some(n) => Node::Expr(&items[n - 1]),
                        None => return Err(nonexistent(segment)),
                    },
                    Node::StepOperand(formula) => match arg_num(&segment.selector, 1) {
                        Some(_) => Node::Expr(formula),
                        None => return Err(nonexistent(segment)),
                    },
                    Node::SufficesAssumeProve(assume_prove) => {
                        match arg_num(&segment.selector, 1) {
                            Some(_) => Node::Expr(assume_prove),
                            None => {
                                let message = "Accessing non-existent subexpression of a SUFFICES";
                                return Err(SelectionError::unsupported(
                                    token_span(segment),
                                    message,
                                ));
                            }
                        }
                    }
                    Node::Binder { bounds, body } => {
                        let names = bounds.iter().map(|bound| pattern_len(&bound.pattern)).sum();
                        let sets: Vec<&Expr> =
                            bounds.iter().filter_map(|bound| bound.set.as_ref()).collect();
                        match (body, &segment.selector) {
                            (Some(body), _) => binder(&mut counts, segment, names, sets, body)?,
                            // A TAKE step has no body to select (SANY fails on it).
                            (None, Selector::Arguments) => return Ok(()),
                            (None, Selector::Structural(text)) if text == "@" => return Ok(()),
                            (None, selector) => match arg_num(selector, sets.len()) {
                                Some(n) => Node::Expr(sets[n - 1]),
                                None => return Err(nonexistent(segment)),
                            },
                        }
                    }
                    Node::Leaf => return Err(has_none(segment)),
                    Node::Opaque => return Ok(()),
                };
            }
            let segment = &rest[idx];
            if let Some(next) = rest.get(idx + 1) {
                if is_name(&next.selector) {
                    let let_definitions = match &node {
                        Node::Expr(expr) => match &unlabelled(expr).kind {
                            ExprKind::Let { definitions, .. } => Some(definitions),
                            _ => None,
                        },
                        _ => None,
                    };
                    if let Some(definitions) = let_definitions {
                        let (selected, consumed) = self.select_let_definition(
                            definitions,
                            rest,
                            idx + 1,
                            span,
                            &mut counts,
                        )?;
                        node = selected;
                        idx += 1 + consumed;
                        after_name = true;
                        after_operand = false;
                        continue;
                    }
                    if matches!(node, Node::Opaque) {
                        return Ok(());
                    }
                    let message = "A name selector here must be from a LET clause.";
                    return Err(SelectionError::unsupported(token_span(segment), message));
                }
                if matches!(&next.selector, Selector::Structural(text) if text == ":") {
                    let message = "!: should not follow an operand selector.";
                    return Err(SelectionError::unsupported(token_span(segment), message));
                }
            }
            after_name = false;
            after_operand = true;
            idx += 1;
        }
        if let Node::Expr(expr) = node {
            if self.is_operator_argument(unlabelled(expr)) {
                let message = "Selected operator argument when expression expected.";
                return Err(SelectionError::unsupported(span, message));
            }
        }
        if counts.0 != counts.1 {
            let message = format!("Expected {} arguments but found {}.", counts.0, counts.1);
            return Err(SelectionError { code: codes::SUSPECTED_UNREACHABLE_CHECK, span, message });
        }
        if !fact {
            if let Node::Expr(expr) = node {
                match &unlabelled(expr).kind {
                    ExprKind::AssumeProve { .. } if !is_top(expr) => {
                        let span = rest.last().map_or(expr.span, token_span);
                        let message = "Selected ASSUME/PROVE instead of expression.";
                        return Err(SelectionError::unsupported(span, message));
                    }
                    ExprKind::NewSymbol { .. } => {
                        let span = rest.last().map_or(expr.span, token_span);
                        let message = "Selected a NEW declaration as an expression or operator.";
                        return Err(SelectionError::unsupported(span, message));
                    }
                    _ => {}
                }
            }
        }
        Ok(())
    }

    /// The definition a name selects in a LET (`rest[at]`), then the labels named after it;
    /// returns the selected node and how many name segments it used.
    fn select_let_definition(
        &self,
        definitions: &'a [Unit],
        rest: &[NameSegment],
        at: usize,
        span: Span,
        counts: &mut (usize, usize),
    ) -> Result<(Node<'a>, usize), SelectionError> {
        let segment = &rest[at];
        let Selector::Name(name) = &segment.selector else { return Ok((Node::Opaque, 1)) };
        let found = definitions.iter().find_map(|unit| match unit {
            Unit::Definition(definition) if definition.name.text == *name => Some(definition),
            _ => None,
        });
        let mut node = match found.map(|definition| &definition.kind) {
            None => {
                // `I!Op` of an INSTANCE in the LET is looked up as one name; not modelled.
                let has_instance = definitions.iter().any(|unit| {
                    matches!(unit, Unit::Definition(definition) if matches!(definition.kind, DefinitionKind::Instance { .. }))
                });
                if has_instance {
                    return Ok((Node::Opaque, rest.len() - at));
                }
                let last = rest.last().expect("a name follows");
                let message = format!("Unknown operator: `{}'.", selector_item(&last.selector));
                return Err(SelectionError {
                    code: codes::SYMBOL_UNDEFINED,
                    span: token_span(last),
                    message,
                });
            }
            Some(DefinitionKind::Operator { parameters, body, .. }) => {
                if segment.arguments.len() != parameters.len() {
                    let message =
                        format!("The operator {name} requires {} arguments.", parameters.len());
                    return Err(SelectionError {
                        code: codes::OPERATOR_GIVEN_INCORRECT_NUMBER_OF_ARGUMENTS,
                        span: segment.arguments_span.unwrap_or(span),
                        message,
                    });
                }
                counts.0 += parameters.len();
                counts.1 += segment.arguments.len();
                Node::Expr(body)
            }
            Some(DefinitionKind::Function { bounds, body }) => {
                Node::Binder { bounds, body: Some(body) }
            }
            Some(DefinitionKind::Instance { .. }) => return Ok((Node::Opaque, rest.len() - at)),
        };
        let mut consumed = 1;
        while let Some(label) = rest.get(at + consumed) {
            let Selector::Name(label_name) = &label.selector else { break };
            let Node::Expr(expr) = node else { return Ok((Node::Opaque, rest.len() - at)) };
            let Some((parameters, body)) = find_label_named(expr, label_name) else {
                let message = format!("Cannot find label `{label_name}'.");
                return Err(SelectionError {
                    code: codes::SUSPECTED_UNREACHABLE_CHECK,
                    span: token_span(label),
                    message,
                });
            };
            if parameters != label.arguments.len() {
                let message = format!("Label `{label_name}' used with wrong number of arguments.");
                return Err(SelectionError {
                    code: codes::LABEL_GIVEN_INCORRECT_NUMBER_OF_ARGUMENTS,
                    span: token_span(label),
                    message,
                });
            }
            node = Node::Expr(body);
            consumed += 1;
        }
        Ok((node, consumed))
    }

    /// Whether `expr` is an operator argument in SANY's tree: a LAMBDA, or the bare name of an
    /// operator that takes arguments.
    fn is_operator_argument(&self, expr: &Expr) -> bool {
        match &expr.kind {
            ExprKind::Lambda { .. } => true,
            ExprKind::Name(segments) => match segments.as_slice() {
                [only] if only.arguments.is_empty() => match &only.selector {
                    Selector::Name(name) => self
                        .scopes
                        .resolve(canonical(name))
                        .is_some_and(|id| self.scopes.symbols[id].arity > 0),
                    _ => false,
                },
                _ => false,
            },
            _ => false,
        }
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
                None => Err(SelectionError::unsupported(
                    token_span(segment),
                    "A LET/IN expression has only one operand.",
                )),
            },
            ExprKind::Name(segments) => {
                if segments.len() > 1 {
                    // `I(p)!Op(a)`: SANY's application has the instance's and the operator's
                    // arguments as operands. A name with positional selectors is not modelled.
                    if !segments.iter().all(|segment| is_name(&segment.selector)) {
                        return Ok(Node::Opaque);
                    }
                    return operands(
                        segments.iter().flat_map(|segment| segment.arguments.iter()).collect(),
                    );
                }
                let [only] = segments.as_slice() else { return Ok(Node::Opaque) };
                let Selector::Name(name) = &only.selector else { return Ok(Node::Opaque) };
                if name == "@" {
                    return Ok(Node::Opaque);
                }
                let kind =
                    self.scopes.resolve(canonical(name)).map(|id| self.scopes.symbols[id].kind);
                let symbol_arity = self
                    .scopes
                    .resolve(canonical(name))
                    .map_or(0, |id| self.scopes.symbols[id].arity);
                if only.arguments.is_empty() && symbol_arity > 0 {
                    let message = "Trying to select subexpression of an operator argument.";
                    return Err(SelectionError::unsupported(token_span(segment), message));
                }
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
                        Err(SelectionError::unsupported(token_span(segment), message))
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
                    return Err(SelectionError::unsupported(token_span(segment), message));
                }
                let n_arms = arms.len() + usize::from(other.is_some());
                let Some(arm) = arg_num(selector, n_arms) else { return Err(nonexistent(segment)) };
                *idx += 1;
                let second = &rest[*idx];
                let Some(part) = arg_num(&second.selector, 2) else {
                    let message =
                        "Second selector for CASE subexpression must specify  one of two operands.";
                    return Err(SelectionError::unsupported(token_span(second), message));
                };
                match (arms.get(arm - 1), other) {
                    (Some((guard, _)), _) if part == 1 => Ok(Node::Expr(guard)),
                    (Some((_, value)), _) => Ok(Node::Expr(value)),
                    (None, _) if part == 1 => Err(SelectionError::unsupported(
                        token_span(second),
                        "Selecting OTHER in a CASE statement.",
                    )),
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
            ExprKind::Lambda { parameters, body } => match selector {
                Selector::Arguments => {
                    if segment.arguments.len() != parameters.len() {
                        let message = format!(
                            "Selector with {}arguments used for LAMBDA expression taking {} arguments.",
                            segment.arguments.len(),
                            parameters.len()
                        );
                        return Err(SelectionError::unsupported(token_span(segment), message));
                    }
                    counts.0 += parameters.len();
                    counts.1 += parameters.len();
                    Ok(Node::Expr(body))
                }
                Selector::Structural(text) if text == "@" => {
                    counts.0 += parameters.len();
                    Ok(Node::Expr(body))
                }
                _ => {
                    // SANY names a number selector by its token kind.
                    let shown = match selector {
                        Selector::Number(_) => "N_StructOp".to_string(),
                        other => selector_item(other),
                    };
                    let message =
                        format!("Cannot use !{shown} to select subexpression of a LAMBDA.");
                    Err(SelectionError::unsupported(token_span(segment), message))
                }
            },
            ExprKind::FunctionSet { domain, range } => operands(vec![domain, range]),
            ExprKind::Record(fields) | ExprKind::RecordSet(fields) => {
                operands(fields.iter().map(|(_, value)| value).collect())
            }
            ExprKind::Except { function, updates } => match arg_num(selector, 1 + updates.len()) {
                Some(1) => Ok(Node::Expr(function)),
                Some(_) => {
                    let message = "Selecting subexpression of an EXCEPT not yet implemented.";
                    Err(SelectionError::unsupported(token_span(segment), message))
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
                    return Err(SelectionError::unsupported(token_span(segment), message));
                }
                let selected = assumptions.get(position - 1).unwrap_or(conclusion);
                if matches!(selected.kind, ExprKind::NewSymbol { .. }) && *idx + 1 < rest.len() {
                    let message = "Selected a subexpression of a NEW clause of an ASSUME.";
                    return Err(SelectionError::unsupported(token_span(segment), message));
                }
                Ok(Node::Expr(selected))
            }
            _ => Ok(Node::Opaque),
        }
    }

    /// What `symbol` names, found by its span in the tree.
    fn find_body(&self, symbol: SymbolId) -> Option<Root<'a>> {
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
                return Err(SelectionError::unsupported(token_span(segment), message));
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
fn find_in_module(module: &Module, span: Span) -> Option<Root<'_>> {
    module.units.iter().find_map(|unit| find_in_unit(unit, span))
}

fn find_in_unit(unit: &Unit, span: Span) -> Option<Root<'_>> {
    match unit {
        Unit::Definition(definition) if definition.span == span => definition_root(definition),
        Unit::Theorem(theorem) => {
            if theorem.name.is_some()
                && (theorem.span == span
                    || theorem.name.as_ref().is_some_and(|name| name.span == span))
            {
                return Some(Root::Expr(&theorem.body));
            }
            find_in_proof(theorem.proof.as_ref()?, span)
        }
        Unit::Assume(assume) if assume.name.is_some() && assume.span == span => {
            Some(Root::Expr(&assume.body))
        }
        Unit::Module(inner) if inner.span.start <= span.start && span.end <= inner.span.end => {
            find_in_module(inner, span)
        }
        _ => None,
    }
}

fn definition_root(definition: &tla_syntax::ast::Definition) -> Option<Root<'_>> {
    match &definition.kind {
        DefinitionKind::Operator { body, .. } => Some(Root::Expr(body)),
        DefinitionKind::Function { bounds, body } => Some(Root::Function(bounds, body)),
        DefinitionKind::Instance { .. } => None,
    }
}

fn find_in_proof(proof: &Proof, span: Span) -> Option<Root<'_>> {
    let Proof::Steps(steps) = proof else { return None };
    steps.iter().find_map(|step| {
        if !(step.span.start <= span.start && span.end <= step.span.end) {
            return None;
        }
        if step.label.as_ref().is_some_and(|label| label.span == span) {
            return Some(Root::Step(&step.kind));
        }
        match &step.kind {
            ProofStepKind::Define(definitions) => definitions
                .iter()
                .filter(|definition| definition.span == span)
                .find_map(definition_root),
            _ => find_in_proof(step.proof.as_ref()?, span),
        }
    })
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

/// The parameter count and body of the label `name` directly in `expr` (not inside another
/// label or a LET definition).
fn find_label_named<'e>(expr: &'e Expr, name: &str) -> Option<(usize, &'e Expr)> {
    let mut pending = vec![expr];
    while let Some(expr) = pending.pop() {
        if let ExprKind::Label { name: label, parameters, body } = &expr.kind {
            if label.text == name {
                return Some((parameters.len(), body));
            }
            continue;
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
