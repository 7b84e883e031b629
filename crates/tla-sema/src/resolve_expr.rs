//! Name resolution and level computation inside expressions.
//!
//! Every name must be in scope with the right number of arguments, bound names must be new, and
//! `@` may appear only in an `EXCEPT` value. Messages and codes are SANY's: "Unknown operator:
//! `X'." (4200) for an unknown name, "Could not find declaration or definition of symbol 'X'."
//! for an unknown operator symbol (such as `+` without `EXTENDS Naturals`, or `-.` for unary
//! minus without `Integers`), "The operator X requires N arguments." (4204).
//!
//! Each expression's level is computed on the way (0 constant, 1 state, 2 action, 3 temporal),
//! with SANY's per-operator limits and its checks for `[]`/`<>` of actions and for logical
//! operators mixing actions with temporal formulas. Level errors are kept apart: SANY reports
//! them only when there is no other semantic error.

use crate::builtins::builtin_operator;
use crate::codes;
use crate::levels::ArgumentFacts;
use crate::names::{is_operator_symbol, selector_text};
use crate::resolve::{canonical, Analyzer};
use crate::scope::{SymbolId, SymbolKind};
use tla_diagnostics::Span;
use tla_syntax::ast::{BoundGroup, BoundPattern, ExceptPathItem, Expr, ExprKind, Selector, Unit};

/// Levels, as SANY numbers them.
pub(crate) const CONSTANT_LEVEL: u8 = 0;
pub(crate) const ACTION_LEVEL: u8 = 2;
pub(crate) const TEMPORAL_LEVEL: u8 = 3;

impl Analyzer<'_> {
    /// Resolves an expression and returns its level (stack-safe for deep trees).
    pub(crate) fn expression(&mut self, expr: &Expr) -> u8 {
        stacker::maybe_grow(64 * 1024, 2 * 1024 * 1024, || self.expression_inner(expr))
    }

    pub(crate) fn expressions(&mut self, exprs: &[Expr]) -> Vec<u8> {
        exprs.iter().map(|expr| self.expression(expr)).collect()
    }

    fn expression_inner(&mut self, expr: &Expr) -> u8 {
        match &expr.kind {
            ExprKind::Name(segments) => self.general_name(expr, segments, false),
            ExprKind::StepName(name) => self.step_name(expr, name, false),
            ExprKind::Number(_) | ExprKind::Decimal(_) | ExprKind::String(_) => CONSTANT_LEVEL,
            ExprKind::Error => CONSTANT_LEVEL,
            ExprKind::Prefix { operator, operand } => {
                let written = operator.text.as_str();
                let symbol = self.operator_symbol(written, operator.span);
                if self.unresolved_operator(symbol, "prefix", written, expr.span) {
                    return CONSTANT_LEVEL;
                }
                let facts = self.tracked_expressions(&[operand]);
                self.operator_constraints(symbol, &facts, expr.span);
                let level = facts[0].level;
                self.apply_operator(symbol, canonical(written), &[level], &[operand], expr.span)
            }
            ExprKind::Infix { operator, left, right } => {
                let symbol = self.operator_symbol(&operator.text, operator.span);
                if self.unresolved_operator(symbol, "infix", &operator.text, expr.span) {
                    return CONSTANT_LEVEL;
                }
                let facts = self.tracked_expressions(&[left, right]);
                self.operator_constraints(symbol, &facts, expr.span);
                let levels = [facts[0].level, facts[1].level];
                self.apply_operator(
                    symbol,
                    canonical(&operator.text),
                    &levels,
                    &[left, right],
                    expr.span,
                )
            }
            ExprKind::Postfix { operator, operand } => {
                let symbol = self.operator_symbol(&operator.text, operator.span);
                if self.unresolved_operator(symbol, "postfix", &operator.text, expr.span) {
                    return CONSTANT_LEVEL;
                }
                let facts = self.tracked_expressions(&[operand]);
                self.operator_constraints(symbol, &facts, expr.span);
                let level = facts[0].level;
                self.apply_operator(
                    symbol,
                    canonical(&operator.text),
                    &[level],
                    &[operand],
                    expr.span,
                )
            }
            ExprKind::Product(factors) => {
                let levels = self.expressions(factors);
                self.apply_form("$CartesianProd", &levels, expr.span)
            }
            ExprKind::Apply { function, arguments } => {
                self.check_function_arguments(function, arguments.len(), expr.span);
                let mut operands = vec![&**function];
                operands.extend(arguments.iter());
                let facts = self.tracked_expressions(&operands);
                let uses: Vec<_> = facts.iter().map(|fact| fact.uses.clone()).collect();
                self.constrain_builtin("$FcnApply", &uses);
                let levels: Vec<u8> = facts.iter().map(|fact| fact.level).collect();
                self.apply_form("$FcnApply", &levels, expr.span)
            }
            ExprKind::Field { record, .. } => {
                let level = self.expression(record);
                self.apply_form("$RcdSelect", &[level], expr.span)
            }
            ExprKind::Junction { conjunction, items } => {
                let levels = self.expressions(items);
                let form = if *conjunction { "$ConjList" } else { "$DisjList" };
                self.check_mixed_action_and_temporal(form, &levels, expr.span);
                self.apply_form(form, &levels, expr.span)
            }
            ExprKind::Parenthesized(inner) => self.expression(inner),
            ExprKind::If { condition, then_branch, else_branch } => {
                let levels = [
                    self.expression(condition),
                    self.expression(then_branch),
                    self.expression(else_branch),
                ];
                self.apply_form("$IfThenElse", &levels, expr.span)
            }
            ExprKind::Case { arms, other } => {
                let mut levels = Vec::new();
                for (guard, value) in arms {
                    levels.push(self.expression(guard));
                    levels.push(self.expression(value));
                }
                if let Some(other) = other {
                    levels.push(self.expression(other));
                }
                self.apply_form("$Case", &levels, expr.span)
            }
            ExprKind::Let { definitions, body } => {
                self.scopes.push();
                self.let_level += 1;
                for unit in definitions {
                    match unit {
                        Unit::Definition(definition) => self.definition(definition),
                        Unit::Recursive(declarations) => self.recursive(declarations),
                        _ => {}
                    }
                }
                self.check_recursive_defined();
                let level = self.expression(body);
                self.let_level -= 1;
                self.scopes.pop();
                level
            }
            ExprKind::Quantified { bounds, body, .. } => {
                self.scopes.push();
                let (range_levels, ids) = self.bound_groups_with_ids(bounds);
                let body_level = self.bound_body(ids, body);
                self.scopes.pop();
                let bounded = bounds.iter().any(|bound| bound.set.is_some());
                let form = if bounded { "$BoundedExists" } else { "$UnboundedExists" };
                self.check_ranges(form, bounds, &range_levels, expr.span);
                if body_level == TEMPORAL_LEVEL {
                    for (set, &level) in
                        bounds.iter().filter_map(|bound| bound.set.as_ref()).zip(&range_levels)
                    {
                        if level == ACTION_LEVEL {
                            let message =
                                "Action-level bound of quantified temporal formula.".to_string();
                            self.level_error(
                                codes::QUANTIFIED_TEMPORAL_FORMULA_WITH_ACTION_LEVEL_BOUND,
                                set.span,
                                message,
                            );
                        }
                    }
                }
                range_levels.into_iter().chain([body_level]).max().unwrap_or(CONSTANT_LEVEL)
            }
            ExprKind::TemporalQuantified { names, body, .. } => {
                self.scopes.push();
                let mut ids = Vec::new();
                for name in names {
                    let id = self.make_symbol(name, SymbolKind::FormalParameter, 0, false);
                    self.scopes.symbols[id].level = 1;
                    self.declare(id, name.span);
                    ids.push(id);
                }
                self.bound_body(ids, body);
                self.scopes.pop();
                TEMPORAL_LEVEL
            }
            ExprKind::Choose { pattern, set, body } => {
                let set_level = set.as_ref().map(|set| self.expression(set));
                self.scopes.push();
                let ids = self.bind_pattern(pattern);
                let body_level = self.bound_body(ids, body);
                self.scopes.pop();
                let form = if set.is_some() { "$BoundedChoose" } else { "$UnboundedChoose" };
                let levels: Vec<u8> = set_level.into_iter().chain([body_level]).collect();
                self.apply_form(form, &levels, expr.span)
            }
            ExprKind::SetEnumeration(elements) => {
                let operands: Vec<&Expr> = elements.iter().collect();
                let facts = self.tracked_expressions(&operands);
                let uses: Vec<_> = facts.iter().map(|fact| fact.uses.clone()).collect();
                self.constrain_builtin("$SetEnumerate", &uses);
                let levels: Vec<u8> = facts.iter().map(|fact| fact.level).collect();
                self.apply_form("$SetEnumerate", &levels, expr.span)
            }
            ExprKind::Tuple(elements) => {
                let levels = self.expressions(elements);
                self.apply_form("$Tuple", &levels, expr.span)
            }
            ExprKind::SetFilter { bound, predicate } => {
                self.scopes.push();
                let (mut levels, ids) = self.bound_groups_with_ids(std::slice::from_ref(bound));
                levels.push(self.bound_body(ids, predicate));
                self.scopes.pop();
                self.apply_form("$SubsetOf", &levels, expr.span)
            }
            ExprKind::SetMap { element, bounds } => {
                self.scopes.push();
                let (mut levels, ids) = self.bound_groups_with_ids(bounds);
                levels.push(self.bound_body(ids, element));
                self.scopes.pop();
                self.apply_form("$SetOfAll", &levels, expr.span)
            }
            ExprKind::FunctionConstructor { bounds, body } => {
                self.scopes.push();
                let (mut levels, ids) = self.bound_groups_with_ids(bounds);
                levels.push(self.bound_body(ids, body));
                self.scopes.pop();
                self.apply_form("$FcnConstructor", &levels, expr.span)
            }
            ExprKind::FunctionSet { domain, range } => {
                let levels = [self.expression(domain), self.expression(range)];
                self.apply_form("$SetOfFcns", &levels, expr.span)
            }
            ExprKind::Record(fields) | ExprKind::RecordSet(fields) => {
                self.check_unique_fields(fields);
                let levels: Vec<u8> =
                    fields.iter().map(|(_, value)| self.expression(value)).collect();
                let form = if matches!(expr.kind, ExprKind::Record(_)) {
                    "$RcdConstructor"
                } else {
                    "$SetOfRcds"
                };
                self.apply_form(form, &levels, expr.span)
            }
            ExprKind::Except { function, updates } => {
                let mut levels = vec![self.expression(function)];
                for update in updates {
                    for item in &update.path {
                        if let ExceptPathItem::Index(indices) = item {
                            levels.extend(self.expressions(indices));
                        }
                    }
                    self.except_depth += 1;
                    levels.push(self.expression(&update.value));
                    self.except_depth -= 1;
                }
                self.apply_form("$Except", &levels, expr.span)
            }
            ExprKind::BracketList(_) => {
                let message = "Unsupported expression type `['.".to_string();
                // SANY points at the `[` alone.
                let bracket = Span::new(expr.span.start, expr.span.start + 1);
                self.error(codes::INTERNAL_ERROR, bracket, message);
                CONSTANT_LEVEL
            }
            ExprKind::BoxAction { action, subscript }
            | ExprKind::AngleAction { action, subscript } => {
                let facts = self.tracked_expressions(&[action, subscript]);
                let levels = [facts[0].level, facts[1].level];
                let form = if matches!(expr.kind, ExprKind::BoxAction { .. }) {
                    "$SquareAct"
                } else {
                    "$AngleAct"
                };
                self.constrain_builtin(form, &[facts[0].uses.clone(), facts[1].uses.clone()]);
                self.apply_form(form, &levels, expr.span)
            }
            ExprKind::Fairness { fairness, subscript, action } => {
                let facts = self.tracked_expressions(&[subscript, action]);
                let levels = [facts[0].level, facts[1].level];
                let form = match fairness {
                    tla_syntax::ast::Fairness::Weak => "$WF",
                    tla_syntax::ast::Fairness::Strong => "$SF",
                };
                self.constrain_builtin(form, &[facts[0].uses.clone(), facts[1].uses.clone()]);
                self.apply_form(form, &levels, expr.span)
            }
            ExprKind::Lambda { .. } => {
                let message = "LAMBDA expression used where an expression is required.".to_string();
                self.error(codes::LAMBDA_GIVEN_WHERE_EXPRESSION_REQUIRED, expr.span, message);
                CONSTANT_LEVEL
            }
            ExprKind::Label { name, parameters, body } => self.label(expr, name, parameters, body),
            ExprKind::AssumeProve { assumptions, conclusion } => {
                self.assume_prove(assumptions, conclusion)
            }
            ExprKind::NewSymbol { declaration, set } => {
                if let Some(set) = set {
                    if self.expression(set) == TEMPORAL_LEVEL {
                        let message = "Level error:\nTemporal formula used as set.".to_string();
                        self.level_error(
                            codes::ASSUME_PROVE_NEW_CONSTANT_HAS_TEMPORAL_LEVEL_BOUND,
                            expr.span,
                            message,
                        );
                    }
                }
                let arity = crate::resolve::shape_arity(&declaration.shape);
                let id = self.make_symbol(&declaration.name, SymbolKind::NewSymbol, arity, false);
                self.declare(id, declaration.name.span);
                CONSTANT_LEVEL
            }
        }
    }

    /// SANY's 4262: a record constructor or set of records names each field once.
    fn check_unique_fields(&mut self, fields: &[(tla_syntax::ast::Name, Expr)]) {
        for (idx, (field, _)) in fields.iter().enumerate() {
            if fields[..idx].iter().any(|(earlier, _)| earlier.text == field.text) {
                let message = "Non-unique fields in constructor.".to_string();
                self.error(codes::RECORD_CONSTRUCTOR_FIELD_REDEFINITION, field.span, message);
                return;
            }
        }
    }

    /// A function defined with k > 1 parameters applied to n >= 2 arguments needs n = k (one
    /// argument may be a tuple, so `f[t]` is always allowed).
    fn check_function_arguments(&mut self, function: &Expr, n_arguments: usize, span: Span) {
        let ExprKind::Name(segments) = &function.kind else { return };
        let [segment] = segments.as_slice() else { return };
        let Selector::Name(name) = &segment.selector else { return };
        if !segment.arguments.is_empty() || n_arguments < 2 {
            return;
        }
        let Some(symbol) = self.scopes.resolve(canonical(name)) else { return };
        if let Some(n_parameters) = self.scopes.symbols[symbol].function_parameters {
            if n_parameters != n_arguments {
                let message = format!(
                    "Function '{name}' is defined with {n_parameters} parameters, but is applied to {n_arguments} arguments."
                );
                self.error(codes::FUNCTION_GIVEN_INCORRECT_NUMBER_OF_ARGUMENTS, span, message);
            }
        }
    }

    /// An operator symbol used infix, prefix or postfix: it must be in scope.
    fn operator_symbol(&mut self, written: &str, span: Span) -> Option<SymbolId> {
        let found = self.scopes.resolve(canonical(written));
        if found.is_none() {
            let message =
                format!("Could not find declaration or definition of symbol '{written}'.");
            self.error(codes::SUSPECTED_UNREACHABLE_CHECK, span, message);
        }
        found
    }

    /// SANY's second error for an operator symbol not in scope, at the whole application
    /// (after "Could not find declaration or definition of symbol"). Returns whether it was
    /// reported: SANY then leaves the operands unanalysed (so their errors are not reported).
    fn unresolved_operator(
        &mut self,
        symbol: Option<SymbolId>,
        fixity: &str,
        written: &str,
        span: Span,
    ) -> bool {
        if symbol.is_some() {
            return false;
        }
        let message = format!("Couldn't resolve {fixity} operator symbol `{written}'.");
        self.error(codes::SUSPECTED_UNREACHABLE_CHECK, span, message);
        true
    }

    /// The level of applying `symbol` (a built-in or a defined operator) to arguments of the
    /// given levels, after SANY's level checks.
    fn apply_operator(
        &mut self,
        symbol: Option<SymbolId>,
        name: &str,
        levels: &[u8],
        operands: &[&Expr],
        span: Span,
    ) -> u8 {
        let Some(symbol) = symbol else { return levels.iter().copied().max().unwrap_or(0) };
        if self.scopes.symbols[symbol].kind != SymbolKind::BuiltIn {
            return self.defined_operator_level(symbol, levels);
        }
        match name {
            "[]" | "<>" if levels.first() == Some(&ACTION_LEVEL) => {
                let wanted_form = if name == "[]" { "[A]_v" } else { "<<A>>_v" };
                let is_wanted_form = operands.first().is_some_and(|operand| match &operand.kind {
                    ExprKind::BoxAction { .. } => name == "[]",
                    ExprKind::AngleAction { .. } => name == "<>",
                    _ => false,
                });
                if !is_wanted_form {
                    let (code, message) = if name == "[]" {
                        (
                            codes::ALWAYS_PROPERTY_SENSITIVE_TO_STUTTERING,
                            format!("[] followed by action not of form {wanted_form}."),
                        )
                    } else {
                        (
                            codes::EVENTUALLY_PROPERTY_SENSITIVE_TO_STUTTERING,
                            format!("<> followed by action not of form {wanted_form}."),
                        )
                    };
                    self.level_error(code, span, message);
                }
            }
            "~>" | "-+->" if levels.contains(&ACTION_LEVEL) => {
                let message = "Action used where only temporal formula or state predicate allowed."
                    .to_string();
                self.level_error(
                    codes::BINARY_TEMPORAL_OPERATOR_WITH_ACTION_LEVEL_PARAMETER,
                    span,
                    message,
                );
            }
            "\\land" | "\\lor" | "=>" | "\\equiv" => {
                self.check_mixed_action_and_temporal(name, levels, span)
            }
            _ => {}
        }
        self.apply_form(name, levels, span)
    }

    /// Level of a built-in form (`$SetEnumerate`, `'`, ...), reporting arguments above its limits.
    fn apply_form(&mut self, form: &str, levels: &[u8], span: Span) -> u8 {
        let Some(builtin) = builtin_operator(form) else {
            return levels.iter().copied().max().unwrap_or(CONSTANT_LEVEL);
        };
        let mut level = builtin.level;
        for (idx, &argument_level) in levels.iter().enumerate() {
            let position = if builtin.arity < 0 { 0 } else { idx };
            let max = builtin.argument_max_levels.get(position).copied().unwrap_or(TEMPORAL_LEVEL);
            let weight = builtin.argument_weights.get(position).copied().unwrap_or(1);
            if argument_level > max {
                let message = format!(
                    "Level error in applying operator {form}:\nThe level of argument {} exceeds the maximum level allowed by the operator.",
                    idx + 1
                );
                self.level_error(codes::OPERATOR_LEVEL_CONSTRAINTS_EXCEEDED, span, message);
            }
            if weight > 0 {
                level = level.max(argument_level);
            }
        }
        level
    }

    /// SANY's check that `/\`, `\/`, `=>`, `<=>` and junction lists do not mix an action with a
    /// temporal formula.
    fn check_mixed_action_and_temporal(&mut self, name: &str, levels: &[u8], span: Span) {
        if levels.contains(&ACTION_LEVEL) && levels.contains(&TEMPORAL_LEVEL) {
            let shown = match name {
                "$ConjList" => "Conjunction list",
                "$DisjList" => "Disjunction list",
                other => other,
            };
            let message = format!("{shown} has both temporal formula and action as arguments.");
            self.level_error(
                codes::LOGICAL_OPERATOR_WITH_MIXED_ACTION_TEMPORAL_PARAMETERS,
                span,
                message,
            );
        }
    }

    /// Bounded quantifier ranges may not be temporal (SANY code 4315).
    fn check_ranges(&mut self, form: &str, bounds: &[BoundGroup], range_levels: &[u8], span: Span) {
        for (bound, &level) in bounds.iter().filter(|bound| bound.set.is_some()).zip(range_levels) {
            if level > ACTION_LEVEL {
                let first = match &bound.pattern {
                    BoundPattern::Names(names) | BoundPattern::Tuple(names) => {
                        names.first().map_or(String::new(), |name| name.text.clone())
                    }
                };
                let message = format!(
                    "Level error in applying operator {form}:\nThe level of the range for the bounded variable {first} \nexceeds the maximum level allowed by the operator."
                );
                self.level_error(codes::QUANTIFICATION_WITH_TEMPORAL_LEVEL_BOUND, span, message);
            }
        }
    }

    /// The level of applying a defined operator: its body's own level, raised by the arguments
    /// for the parameters its body uses.
    pub(crate) fn defined_operator_level(&self, symbol: SymbolId, levels: &[u8]) -> u8 {
        let symbol = &self.scopes.symbols[symbol];
        let mut level = symbol.level;
        for (idx, &argument_level) in levels.iter().enumerate() {
            if symbol.parameter_weights.get(idx).copied().unwrap_or(true) {
                level = level.max(argument_level);
            }
        }
        level
    }

    /// Quantifier bounds: the sets are resolved first, then the names bound (SANY's
    /// `processQuantBoundArgs`). Returns the levels of the sets.
    /// Like [`Analyzer::bound_groups`], also returning the symbols of the bound names.
    pub(crate) fn bound_groups_with_ids(
        &mut self,
        bounds: &[BoundGroup],
    ) -> (Vec<u8>, Vec<SymbolId>) {
        let levels: Vec<u8> = bounds
            .iter()
            .filter_map(|bound| bound.set.as_ref())
            .map(|set| self.expression(set))
            .collect();
        let ids = bounds.iter().flat_map(|bound| self.bind_pattern(&bound.pattern)).collect();
        (levels, ids)
    }

    /// The body of a binder: the bound names are parameters any label inside must list.
    pub(crate) fn bound_body(&mut self, ids: Vec<SymbolId>, body: &Expr) -> u8 {
        self.push_formal_parameters(ids);
        let level = self.expression(body);
        self.pop_formal_parameters();
        level
    }

    fn bind_pattern(&mut self, pattern: &BoundPattern) -> Vec<SymbolId> {
        let names = match pattern {
            BoundPattern::Names(names) | BoundPattern::Tuple(names) => names,
        };
        let mut ids = Vec::new();
        for name in names {
            let id = self.make_symbol(name, SymbolKind::FormalParameter, 0, false);
            self.declare(id, name.span);
            ids.push(id);
        }
        ids
    }

    /// Resolves the arguments of an application of `callee`; returns their levels.
    pub(crate) fn arguments(&mut self, callee: SymbolId, arguments: &[Expr]) -> Vec<u8> {
        self.argument_facts(callee, arguments).iter().map(|fact| fact.level).collect()
    }

    /// Resolves the arguments of an application of `callee`, with their level facts.
    pub(crate) fn argument_facts(
        &mut self,
        callee: SymbolId,
        arguments: &[Expr],
    ) -> Vec<ArgumentFacts> {
        let parameter_arities = self.scopes.symbols[callee].parameter_arities.clone();
        arguments
            .iter()
            .enumerate()
            .map(|(idx, argument)| {
                let expected = parameter_arities.get(idx).copied().unwrap_or(0);
                let start = self.uses_mark();
                let level = self.argument(argument, expected, idx, callee);
                let operator = if expected > 0 { self.operator_argument(argument) } else { None };
                ArgumentFacts { level, uses: start..self.uses_mark(), operator }
            })
            .collect()
    }

    /// The operator an operator argument names (`F`, `'`, `I!Op`), if any.
    fn operator_argument(&self, argument: &Expr) -> Option<SymbolId> {
        let ExprKind::Name(segments) = &argument.kind else { return None };
        let [segment] = segments.as_slice() else { return None };
        let Selector::Name(name) = &segment.selector else { return None };
        self.scopes.resolve(canonical(name))
    }

    /// Analyses operands, logging the names used in each.
    fn tracked_expressions(&mut self, operands: &[&Expr]) -> Vec<ArgumentFacts> {
        operands
            .iter()
            .map(|operand| {
                let start = self.uses_mark();
                let level = self.expression(operand);
                ArgumentFacts { level, uses: start..self.uses_mark(), operator: None }
            })
            .collect()
    }

    /// Level constraints of an operator written prefix, infix or postfix.
    fn operator_constraints(
        &mut self,
        symbol: Option<SymbolId>,
        facts: &[ArgumentFacts],
        span: Span,
    ) {
        let Some(symbol) = symbol else { return };
        match self.scopes.symbols[symbol].kind {
            SymbolKind::BuiltIn => {
                let name = self.scopes.symbols[symbol].name.clone();
                let uses: Vec<_> = facts.iter().map(|fact| fact.uses.clone()).collect();
                self.constrain_builtin(&name, &uses);
            }
            SymbolKind::UserDefined => self.defined_operator_application(symbol, facts, span),
            _ => self.declared_operator_application(symbol, facts),
        }
    }

    /// An argument passed where an operator of `expected_arity` arguments (0: an expression) is
    /// wanted; returns its level.
    pub(crate) fn argument(
        &mut self,
        argument: &Expr,
        expected_arity: i32,
        position: usize,
        callee: SymbolId,
    ) -> u8 {
        if expected_arity == 0 {
            return self.expression(argument);
        }
        match &argument.kind {
            ExprKind::Lambda { parameters, body } => {
                if parameters.len() as i32 != expected_arity {
                    let message = format!(
                        "Lambda expression with arity {} used as argument {} of operator `{}', \nbut an operator of arity {expected_arity} is required.",
                        parameters.len(),
                        position + 1,
                        self.scopes.symbols[callee].name
                    );
                    self.error(
                        codes::LAMBDA_OPERATOR_ARGUMENT_HAS_INCORRECT_ARITY,
                        argument.span,
                        message,
                    );
                }
                self.scopes.push();
                let mut ids = Vec::new();
                for parameter in parameters {
                    let id = self.make_symbol(parameter, SymbolKind::FormalParameter, 0, false);
                    self.declare(id, parameter.span);
                    ids.push(id);
                }
                let level = self.bound_body(ids, body);
                self.scopes.pop();
                level
            }
            ExprKind::Name(segments)
                if segments.iter().all(|segment| segment.arguments.is_empty()) =>
            {
                let Some(Selector::Name(first)) = segments.first().map(|segment| &segment.selector)
                else {
                    return CONSTANT_LEVEL;
                };
                match self.scopes.resolve(canonical(first)) {
                    None if is_operator_symbol(first) && first != "@" => {
                        let message = format!(
                            "Could not find declaration or definition of symbol '{first}'."
                        );
                        self.error(codes::SUSPECTED_UNREACHABLE_CHECK, argument.span, message);
                        CONSTANT_LEVEL
                    }
                    None => {
                        let message = format!("Unknown operator: `{}'.", selector_text(segments));
                        self.error(codes::SYMBOL_UNDEFINED, argument.span, message);
                        CONSTANT_LEVEL
                    }
                    Some(symbol) => {
                        let arity = self.scopes.symbols[symbol].arity;
                        if segments.len() == 1 && arity != expected_arity && arity >= 0 {
                            let message = format!("Expected arity {expected_arity} but found operator of arity {arity}.");
                            self.error(
                                codes::HIGHER_ORDER_OPERATOR_ARGUMENT_HAS_INCORRECT_ARITY,
                                argument.span,
                                message,
                            );
                        }
                        self.scopes.symbols[symbol].used = true;
                        self.scopes.symbols[symbol].level
                    }
                }
            }
            _ => {
                let message = format!(
                    "An expression appears as argument number {} (counting from 1) to operator '{}', in a position an operator is required.",
                    position + 1,
                    self.scopes.symbols[callee].name
                );
                self.error(
                    codes::HIGHER_ORDER_OPERATOR_REQUIRED_BUT_EXPRESSION_GIVEN,
                    argument.span,
                    message,
                );
                CONSTANT_LEVEL
            }
        }
    }
}
