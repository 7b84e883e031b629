//! Labels (`l(x) :: e`) and the selectors that refer to them (`Op!l(a)`), after SANY's
//! `generateLabel` and the label part of its `selectorToNode`.
//!
//! SANY keeps a stack with one frame per definition, named theorem or assumption, numbered proof
//! step and label being processed. A frame holds the labels found directly inside it and the
//! sequence of sets of names bound (by quantifiers, CHOOSE, set constructors, LAMBDA, PICK and
//! the bounds of a function definition) since the frame began. A label must be inside a frame
//! (4333), not in the scope of a NEW of a nested ASSUME/PROVE (4334), not in an EXCEPT value
//! (4335); its parameters are exactly the names bound since the enclosing frame, each once (4330,
//! 4331, 4332), and its name is unique in the frame (4336). A reference `Op!l!m(a)` follows
//! labels through the frames' label sets: an unknown label is 4004 "Cannot find label", a wrong
//! number of arguments 4337. Positional selectors (`!1`, `!<<`, `!:`, `!(x)`) are accepted
//! unchecked: they would need SANY's semantic tree.

use crate::codes;
use crate::resolve::{canonical, Analyzer};
use crate::resolve_expr::CONSTANT_LEVEL;
use crate::scope::{SymbolId, SymbolKind};
use std::collections::HashMap;
use std::rc::Rc;
use tla_diagnostics::Span;
use tla_syntax::ast::{Expr, ExprKind, Name, NameSegment, Selector};

/// The labels found directly inside a definition, theorem, step or label, by name.
pub type LabelSet = Rc<HashMap<String, LabelInfo>>;

/// One label: its parameters and the labels inside its body.
#[derive(Clone, Debug, Default)]
pub struct LabelInfo {
    pub arity: usize,
    pub labels: LabelSet,
    /// Whether the label's body is an `ASSUME ... PROVE`.
    pub assume_prove: bool,
    /// The labelled expression's span (to find it in the definition's tree).
    pub span: Span,
    /// Whether the label is in a clause of a theorem's or step's ASSUME/PROVE that is in the
    /// scope of a NEW (it may then be referred to only from within the proof).
    pub in_declaration_scope: bool,
}

/// What a theorem or proof-step name stands for (SANY's checks on using it as an expression).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Statement {
    Expression,
    AssumeProve,
    Suffices,
    Qed,
    Case,
    Have,
    Take,
    Pick,
    Witness,
    /// A numbered USE, HIDE or INSTANCE step (SANY's `NumberedProofStepKind`).
    NonTheoremStep,
    /// A numbered DEFINE step (also a `NumberedProofStepKind`, but allowed in DEF clauses).
    DefineStep,
}

impl Statement {
    /// SANY's name of a non-expression step, for "X proof step selected instead of expression."
    fn non_expression_name(self) -> Option<&'static str> {
        Some(match self {
            Statement::Qed => "QED step",
            Statement::Case => "CASE",
            Statement::Have => "HAVE",
            Statement::Take => "TAKE",
            Statement::Pick => "PICK",
            Statement::Witness => "WITNESS",
            Statement::Suffices => "SUFFICES",
            _ => return None,
        })
    }
}

#[derive(Default)]
struct LabelFrame {
    labels: HashMap<String, LabelInfo>,
    parameters: Vec<Vec<SymbolId>>,
}

/// Label and ASSUME/PROVE state of the analysis.
#[derive(Default)]
pub(crate) struct LabelState {
    frames: Vec<LabelFrame>,
    /// Nesting of ASSUME/PROVEs (SANY's `assumeProveDepth`).
    pub(crate) assume_prove_depth: usize,
    /// Per depth: whether the current node is in the scope of a NEW at that depth.
    pub(crate) in_scope_of_declaration: Vec<bool>,
    /// Set while the ASSUME/PROVE of a named theorem or numbered step is analysed (SANY's
    /// `currentGoal`).
    pub(crate) in_goal: bool,
}

impl Analyzer<'_> {
    pub(crate) fn push_labels(&mut self) {
        self.label_state.frames.push(LabelFrame::default());
    }

    pub(crate) fn pop_labels(&mut self) -> LabelSet {
        Rc::new(self.label_state.frames.pop().map(|frame| frame.labels).unwrap_or_default())
    }

    /// SANY's `pushFormalParams`: names bound from here on, which labels must list.
    pub(crate) fn push_formal_parameters(&mut self, ids: Vec<SymbolId>) {
        if let Some(frame) = self.label_state.frames.last_mut() {
            frame.parameters.push(ids);
        }
    }

    pub(crate) fn pop_formal_parameters(&mut self) {
        if let Some(frame) = self.label_state.frames.last_mut() {
            frame.parameters.pop();
        }
    }

    /// Whether a label here is in the scope of a NEW of a nested ASSUME/PROVE.
    fn no_labels_allowed(&self) -> bool {
        let state = &self.label_state;
        (2..=state.assume_prove_depth)
            .any(|depth| state.in_scope_of_declaration.get(depth).copied().unwrap_or(false))
    }

    /// SANY's `generateLabel`: a labelled expression `name(parameters) :: body`.
    pub(crate) fn label(
        &mut self,
        expr: &Expr,
        name: &Name,
        parameters: &[Name],
        body: &Expr,
    ) -> u8 {
        if self.label_state.frames.is_empty() {
            let message = "Label not in definition or proof step.".to_string();
            self.error(codes::LABEL_NOT_IN_DEFINITION_OR_PROOF_STEP, expr.span, message);
            return CONSTANT_LEVEL;
        }
        if self.no_labels_allowed() {
            let message =
                "Label not allowed within scope of declaration in nested ASSUME/PROVE.".to_string();
            self.error(
                codes::LABEL_NOT_ALLOWED_IN_NESTED_ASSUME_PROVE_WITH_NEW,
                expr.span,
                message,
            );
            return CONSTANT_LEVEL;
        }
        if self.except_depth > 0 {
            let message = "Labels inside EXCEPT clauses are not yet implemented.".to_string();
            self.error(codes::LABEL_NOT_ALLOWED_IN_FUNCTION_EXCEPT, expr.span, message);
            return CONSTANT_LEVEL;
        }
        self.push_labels();
        let level = self.expression(body);
        let inner = self.pop_labels();
        let mut parameter_ids = Vec::new();
        for parameter in parameters {
            match self.scopes.resolve(canonical(&parameter.text)) {
                Some(id) if self.scopes.symbols[id].kind == SymbolKind::FormalParameter => {
                    parameter_ids.push(Some(id));
                }
                _ => {
                    let message =
                        format!("Illegal parameter {} of label `{}'.", parameter.text, name.text);
                    self.error(codes::LABEL_PARAMETER_UNNECESSARY, parameter.span, message);
                    parameter_ids.push(None);
                }
            }
        }
        self.check_label_parameters(expr.span, name, parameters, &parameter_ids);
        let state = &self.label_state;
        let in_declaration_scope = state.in_goal
            && state.assume_prove_depth >= 1
            && state.in_scope_of_declaration.get(1).copied().unwrap_or(false);
        let info = LabelInfo {
            arity: parameters.len(),
            labels: inner,
            assume_prove: matches!(body.kind, ExprKind::AssumeProve { .. }),
            span: expr.span,
            in_declaration_scope,
        };
        let duplicate = match self.label_state.frames.last_mut() {
            Some(frame) if frame.labels.contains_key(&name.text) => true,
            Some(frame) => {
                frame.labels.insert(name.text.clone(), info);
                false
            }
            None => false,
        };
        if duplicate {
            let message = format!("Duplicate label `{}'.", name.text);
            self.error(codes::LABEL_REDEFINITION, expr.span, message);
        }
        level
    }

    /// SANY's `formalParamsEqual`: the label's parameters are the names bound since the
    /// enclosing frame began, each once.
    fn check_label_parameters(
        &mut self,
        span: Span,
        name: &Name,
        parameters: &[Name],
        ids: &[Option<SymbolId>],
    ) {
        let mut given: Vec<(SymbolId, &str)> = Vec::new();
        for (parameter, id) in parameters.iter().zip(ids) {
            let Some(id) = *id else { continue };
            if given.iter().any(|&(seen, _)| seen == id) {
                let message = format!(
                    "Repeated formal parameter {} \nin label `{}'.",
                    parameter.text, name.text
                );
                self.error(codes::LABEL_PARAMETER_REPETITION, span, message);
            } else {
                given.push((id, parameter.text.as_str()));
            }
        }
        let required: Vec<SymbolId> = self
            .label_state
            .frames
            .last()
            .map(|frame| frame.parameters.iter().flatten().copied().collect())
            .unwrap_or_default();
        for id in required {
            if let Some(position) = given.iter().position(|&(seen, _)| seen == id) {
                given.remove(position);
            } else {
                let message = format!(
                    "Label {} must contain formal parameter `{}'.",
                    name.text, self.scopes.symbols[id].name
                );
                self.error(codes::LABEL_PARAMETER_MISSING, span, message);
            }
        }
        if !given.is_empty() {
            let mut message = format!("Label {} declares extra parameter(s)  ", name.text);
            for (_, text) in &given {
                message.push_str(text);
                message.push_str("  ");
            }
            self.error(codes::LABEL_PARAMETER_UNNECESSARY, span, message);
        }
    }

    /// Only definitions and theorems (and steps) have subexpressions.
    pub(crate) fn can_take_subexpression(&mut self, symbol: SymbolId, span: Span) -> bool {
        let kind = self.scopes.symbols[symbol].kind;
        if matches!(kind, SymbolKind::UserDefined | SymbolKind::TheoremOrAssumption)
            && !matches!(
                self.scopes.symbols[symbol].statement,
                Some(Statement::NonTheoremStep | Statement::DefineStep)
            )
        {
            return true;
        }
        let message =
            format!("Cannot take subexpression of `{}'.", self.scopes.symbols[symbol].name);
        self.error(codes::UNSUPPORTED_LANGUAGE_FEATURE, span, message);
        false
    }

    /// The selectors after an operator or theorem name (`Op!l!m(a)`, `Op!1`): labels are
    /// followed and checked; positional selectors end the checks. Returns false after an error.
    pub(crate) fn follow_selectors(
        &mut self,
        symbol: SymbolId,
        rest: &[NameSegment],
        expr: &Expr,
        fact: bool,
    ) -> bool {
        let mut labels = self.scopes.symbols[symbol].labels.clone();
        let mut label_span = None;
        for (idx, segment) in rest.iter().enumerate() {
            let Selector::Name(label_name) = &segment.selector else {
                return self.positional_selectors(
                    symbol,
                    &rest[idx..],
                    fact,
                    expr.span,
                    label_span,
                );
            };
            // SANY locates the label's token, after the `!`.
            let token_start = segment.span.start + 1;
            let selector_span = Span::new(token_start, token_start + label_name.len() as u32);
            let Some(info) = labels.get(label_name).cloned() else {
                let message = format!("Cannot find label `{label_name}'.");
                self.error(codes::SUSPECTED_UNREACHABLE_CHECK, selector_span, message);
                return false;
            };
            if info.in_declaration_scope && !self.proof_goals.contains(&symbol) {
                let message = format!(
                    "Accessing subexpression labeled `{label_name}' of ASSUME/PROVE clause within the scope of a declaration\n from outside that declaration's scope."
                );
                self.error(codes::UNSUPPORTED_LANGUAGE_FEATURE, selector_span, message);
                return false;
            }
            if info.arity != segment.arguments.len() {
                let message = format!("Label `{label_name}' used with wrong number of arguments.");
                self.error(
                    codes::LABEL_GIVEN_INCORRECT_NUMBER_OF_ARGUMENTS,
                    selector_span,
                    message,
                );
                return false;
            }
            for argument in &segment.arguments {
                self.expression(argument);
            }
            if idx + 1 == rest.len() && info.assume_prove && !fact {
                self.assume_prove_as_expression(expr.span);
                return false;
            }
            labels = info.labels;
            label_span = Some(info.span);
        }
        true
    }

    pub(crate) fn assume_prove_as_expression(&mut self, span: Span) {
        let message = "ASSUME/PROVE used where an expression is required.".to_string();
        self.error(codes::ASSUME_PROVE_USED_WHERE_EXPRESSION_REQUIRED, span, message);
    }

    /// SANY's checks on a theorem or step name used as an expression (not as a fact).
    pub(crate) fn check_statement_as_expression(&mut self, symbol: SymbolId, span: Span) -> bool {
        match self.scopes.symbols[symbol].statement {
            Some(Statement::AssumeProve) => {
                self.assume_prove_as_expression(span);
                false
            }
            Some(statement) => match statement.non_expression_name() {
                Some(what) => {
                    let message = format!("{what} proof step selected instead of expression.");
                    self.error(codes::PROOF_STEP_NON_EXPRESSION_USED_AS_EXPRESSION, span, message);
                    false
                }
                None => true,
            },
            None => true,
        }
    }
}
