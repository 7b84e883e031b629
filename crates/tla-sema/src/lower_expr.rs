//! Lowering expressions: every name becomes what it denotes, with de Bruijn indices for bound
//! names and parameters, as [`crate::hir`]'s environment layout requires.
//!
//! A [`BodyContext`] tracks the bindings in scope while a definition's body is lowered: the
//! instance parameters at the bottom (nameless, only substitutions refer to them), then the
//! parameters, then the names bound by quantifiers and other binders, and the `LET` definitions
//! in scope with the depth they were written at (and named instances written in a `LET`).
//! Binders lower their sets in the scope outside them, then push their names left to right.
//! What names denote, and the calls they become, is `lower_names.rs`.

use crate::hir::{
    Body, Bound, DefId, ExceptPathItem, ExceptUpdate, Expr, ExprKind, Level, ModuleId, Parameter,
    Quantifier, ACTION_LEVEL, TEMPORAL_LEVEL,
};
use crate::lower::{
    canonical, declared_parameters, shape_arity, unsupported, InstanceInfo, LowerError,
    ModuleLowerer, NameTable,
};
use std::rc::Rc;
use tla_diagnostics::Span;
use tla_syntax::ast::{self, BoundPattern, DefinitionKind, Unit};

/// A name in scope inside a definition's body.
pub(crate) enum LocalEntry<'a> {
    /// A bound name or parameter at `position` from the bottom of the environment.
    Binding { name: String, arity: usize, position: u32 },
    /// A `LET` definition written where the environment had `depth` bindings.
    Let { name: String, def: DefId, depth: u32 },
    /// A named instance written in a `LET`.
    Instance { name: String, info: Rc<InstanceInfo<'a>> },
}

/// The scope of the expression being lowered.
pub(crate) struct BodyContext<'t, 'a> {
    pub(crate) table: &'t NameTable<'a>,
    pub(crate) module: ModuleId,
    /// How many instance parameters sit at the bottom of the environment.
    pub(crate) inherited: usize,
    pub(crate) locals: Vec<LocalEntry<'a>>,
    /// How many bindings the environment holds here.
    pub(crate) depth: u32,
}

impl<'t, 'a> BodyContext<'t, 'a> {
    pub(crate) fn new(
        table: &'t NameTable<'a>,
        module: ModuleId,
        instance_parameters: &[Parameter],
    ) -> Self {
        let mut context = BodyContext {
            table,
            module,
            inherited: instance_parameters.len(),
            locals: Vec::new(),
            depth: 0,
        };
        for parameter in instance_parameters {
            // Nameless: the instantiated module cannot name them, only substitutions do.
            context.push_binding("", parameter.arity);
        }
        context
    }

    pub(crate) fn push_binding(&mut self, name: &str, arity: usize) {
        self.locals.push(LocalEntry::Binding {
            name: name.to_string(),
            arity,
            position: self.depth,
        });
        self.depth += 1;
    }

    pub(crate) fn mark(&self) -> (usize, u32) {
        (self.locals.len(), self.depth)
    }

    pub(crate) fn restore(&mut self, mark: (usize, u32)) {
        self.locals.truncate(mark.0);
        self.depth = mark.1;
    }

    /// Every binding in scope, bottom first, as (nameless) parameters.
    pub(crate) fn binding_parameters(&self) -> Vec<Parameter> {
        let mut parameters = Vec::new();
        for entry in &self.locals {
            if let LocalEntry::Binding { arity, .. } = entry {
                parameters.push(Parameter { name: String::new(), arity: *arity });
            }
        }
        parameters
    }

    /// The `count` bottom bindings, as arguments passed on from here.
    pub(crate) fn bottom_arguments(&self, count: usize, span: Span) -> Vec<Expr> {
        (0..count.min(self.depth as usize))
            .map(|position| Expr {
                kind: ExprKind::Local(self.depth - 1 - position as u32),
                span,
                module: self.module,
                level: 0,
                slot: Default::default(),
            })
            .collect()
    }
}

pub(crate) fn max_level<'e>(exprs: impl IntoIterator<Item = &'e Expr>) -> Level {
    exprs.into_iter().map(|expr| expr.level).max().unwrap_or(0)
}

impl<'a> ModuleLowerer<'a> {
    pub(crate) fn expression(
        &mut self,
        context: &mut BodyContext<'_, 'a>,
        expr: &ast::Expr,
    ) -> Result<Expr, LowerError> {
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.expression_inner(context, expr))
    }

    fn expressions(
        &mut self,
        context: &mut BodyContext<'_, 'a>,
        exprs: &[ast::Expr],
    ) -> Result<Vec<Expr>, LowerError> {
        exprs.iter().map(|expr| self.expression(context, expr)).collect()
    }

    fn boxed(
        &mut self,
        context: &mut BodyContext<'_, 'a>,
        expr: &ast::Expr,
    ) -> Result<Box<Expr>, LowerError> {
        Ok(Box::new(self.expression(context, expr)?))
    }

    fn expression_inner(
        &mut self,
        context: &mut BodyContext<'_, 'a>,
        expr: &ast::Expr,
    ) -> Result<Expr, LowerError> {
        use ast::ExprKind as A;
        let span = expr.span;
        let module = context.module;
        let make = |kind: ExprKind, level: Level| Expr {
            kind,
            span,
            module,
            level,
            slot: Default::default(),
        };
        Ok(match &expr.kind {
            A::Name(segments) => self.name(context, segments, span)?,
            A::Number(text) => make(number(text), 0),
            A::Decimal(text) => make(ExprKind::Decimal(text.clone()), 0),
            A::String(text) => make(ExprKind::Str(text.clone()), 0),
            A::StepName(_) => unsupported("a proof step name", span, module),
            A::Prefix { operator, operand } => {
                self.operator_application(context, &operator.text, &[operand], span)?
            }
            A::Postfix { operator, operand } => {
                self.operator_application(context, &operator.text, &[operand], span)?
            }
            A::Infix { operator, left, right } => {
                self.operator_application(context, &operator.text, &[left, right], span)?
            }
            A::Product(items) => {
                let items = self.expressions(context, items)?;
                let level = max_level(&items);
                make(ExprKind::Product(items), level)
            }
            A::Apply { function, arguments } => {
                let function = self.boxed(context, function)?;
                let arguments = self.expressions(context, arguments)?;
                let level = max_level(&arguments).max(function.level);
                make(ExprKind::Apply { function, arguments }, level)
            }
            A::Field { record, field } => {
                let record = self.boxed(context, record)?;
                let level = record.level;
                make(ExprKind::Field { record, field: field.text.clone() }, level)
            }
            A::Junction { conjunction, items } => {
                let items = self.expressions(context, items)?;
                let level = max_level(&items);
                make(ExprKind::Junction { conjunction: *conjunction, items }, level)
            }
            // SANY keeps no node for parentheses: the expression keeps its own location (TLC's
            // error positions and labels name the expression inside them).
            A::Parenthesized(inner) => self.expression(context, inner)?,
            A::If { condition, then_branch, else_branch } => {
                let condition = self.boxed(context, condition)?;
                let then_branch = self.boxed(context, then_branch)?;
                let else_branch = self.boxed(context, else_branch)?;
                let level = condition.level.max(then_branch.level).max(else_branch.level);
                make(ExprKind::If { condition, then_branch, else_branch }, level)
            }
            A::Case { arms, other } => {
                let mut lowered = Vec::new();
                let mut level = 0;
                for (guard, value) in arms {
                    let guard = self.expression(context, guard)?;
                    let value = self.expression(context, value)?;
                    level = level.max(guard.level).max(value.level);
                    lowered.push((guard, value));
                }
                let other = match other {
                    Some(other) => Some(self.boxed(context, other)?),
                    None => None,
                };
                level = level.max(other.as_ref().map_or(0, |other| other.level));
                make(ExprKind::Case { arms: lowered, other }, level)
            }
            A::Let { definitions, body } => self.let_in(context, definitions, body, span)?,
            A::Quantified { quantifier, bounds, body } => {
                let mark = context.mark();
                let (bounds, bounds_level) = self.bounds(context, bounds)?;
                let body = self.boxed(context, body)?;
                context.restore(mark);
                let level = bounds_level.max(body.level);
                make(
                    ExprKind::Quantified { quantifier: quantifier_of(*quantifier), bounds, body },
                    level,
                )
            }
            A::TemporalQuantified { quantifier, names, body } => {
                let mark = context.mark();
                for name in names {
                    context.push_binding(&name.text, 0);
                }
                let body = self.boxed(context, body)?;
                context.restore(mark);
                let names = names.iter().map(|name| name.text.clone()).collect();
                let kind = ExprKind::TemporalQuantified {
                    quantifier: quantifier_of(*quantifier),
                    names,
                    body,
                };
                make(kind, TEMPORAL_LEVEL)
            }
            A::Choose { pattern, set, body } => {
                let set = match set {
                    Some(set) => Some(self.expression(context, set)?),
                    None => None,
                };
                let mark = context.mark();
                let bound = self.bind_pattern(context, pattern, set);
                let body = self.boxed(context, body)?;
                context.restore(mark);
                let level = body.level.max(bound.set.as_ref().map_or(0, |set| set.level));
                make(ExprKind::Choose { bound: Box::new(bound), body }, level)
            }
            A::SetEnumeration(items) => {
                let items = self.expressions(context, items)?;
                let level = max_level(&items);
                make(ExprKind::SetEnumeration(items), level)
            }
            A::SetFilter { bound, predicate } => {
                let mark = context.mark();
                let (mut bounds, bounds_level) =
                    self.bounds(context, std::slice::from_ref(&**bound))?;
                let predicate = self.boxed(context, predicate)?;
                context.restore(mark);
                let level = bounds_level.max(predicate.level);
                let bound =
                    bounds.pop().ok_or_else(|| LowerError::new("a set filter without a bound"))?;
                make(ExprKind::SetFilter { bound: Box::new(bound), predicate }, level)
            }
            A::SetMap { element, bounds } => {
                let mark = context.mark();
                let (bounds, bounds_level) = self.bounds(context, bounds)?;
                let element = self.boxed(context, element)?;
                context.restore(mark);
                let level = bounds_level.max(element.level);
                make(ExprKind::SetMap { element, bounds }, level)
            }
            A::FunctionConstructor { bounds, body } => {
                let mark = context.mark();
                let (bounds, bounds_level) = self.bounds(context, bounds)?;
                let body = self.boxed(context, body)?;
                context.restore(mark);
                let level = bounds_level.max(body.level);
                make(ExprKind::FunctionConstructor { bounds, body }, level)
            }
            A::FunctionSet { domain, range } => {
                let domain = self.boxed(context, domain)?;
                let range = self.boxed(context, range)?;
                let level = domain.level.max(range.level);
                make(ExprKind::FunctionSet { domain, range }, level)
            }
            A::Record(fields) | A::RecordSet(fields) => {
                let mut lowered = Vec::new();
                for (name, value) in fields {
                    lowered.push((name.text.clone(), self.expression(context, value)?));
                }
                let level = max_level(lowered.iter().map(|(_, value)| value));
                if matches!(expr.kind, A::Record(_)) {
                    make(ExprKind::Record(lowered), level)
                } else {
                    make(ExprKind::RecordSet(lowered), level)
                }
            }
            A::Except { function, updates } => {
                let function = self.boxed(context, function)?;
                let mut level = function.level;
                let mut lowered = Vec::new();
                for update in updates {
                    let mut path = Vec::new();
                    for item in &update.path {
                        path.push(match item {
                            ast::ExceptPathItem::Field(name) => {
                                ExceptPathItem::Field(name.text.clone())
                            }
                            ast::ExceptPathItem::Index(indices) => {
                                let indices = self.expressions(context, indices)?;
                                level = level.max(max_level(&indices));
                                ExceptPathItem::Index(indices)
                            }
                        });
                    }
                    let value = self.expression(context, &update.value)?;
                    level = level.max(value.level);
                    lowered.push(ExceptUpdate { path, value });
                }
                make(ExprKind::Except { function, updates: lowered }, level)
            }
            A::Tuple(items) => {
                let items = self.expressions(context, items)?;
                let level = max_level(&items);
                make(ExprKind::Tuple(items), level)
            }
            A::BoxAction { action, subscript } => {
                let action = self.boxed(context, action)?;
                let subscript = self.boxed(context, subscript)?;
                make(ExprKind::BoxAction { action, subscript }, ACTION_LEVEL)
            }
            A::AngleAction { action, subscript } => {
                let action = self.boxed(context, action)?;
                let subscript = self.boxed(context, subscript)?;
                make(ExprKind::AngleAction { action, subscript }, ACTION_LEVEL)
            }
            A::Fairness { fairness, subscript, action } => {
                let subscript = self.boxed(context, subscript)?;
                let action = self.boxed(context, action)?;
                let strong = *fairness == ast::Fairness::Strong;
                make(ExprKind::Fairness { strong, subscript, action }, TEMPORAL_LEVEL)
            }
            A::Label { name, body, .. } => {
                let body = self.boxed(context, body)?;
                let level = body.level;
                make(ExprKind::Label { name: name.text.clone(), body }, level)
            }
            A::Lambda { .. } => unsupported("a LAMBDA outside an operator argument", span, module),
            A::BracketList(_) => unsupported("a bracket list", span, module),
            A::AssumeProve { .. } => unsupported("ASSUME ... PROVE", span, module),
            A::NewSymbol { .. } => unsupported("a NEW declaration", span, module),
            A::Error => unsupported("a syntax error", span, module),
        })
    }

    /// Lowers quantifier bounds: every set in the current scope, then every name bound.
    pub(crate) fn bounds(
        &mut self,
        context: &mut BodyContext<'_, 'a>,
        groups: &[ast::BoundGroup],
    ) -> Result<(Vec<Bound>, Level), LowerError> {
        let mut sets = Vec::new();
        for group in groups {
            sets.push(match &group.set {
                Some(set) => Some(self.expression(context, set)?),
                None => None,
            });
        }
        let level = max_level(sets.iter().flatten());
        let bounds = groups
            .iter()
            .zip(sets)
            .map(|(group, set)| self.bind_pattern(context, &group.pattern, set))
            .collect();
        Ok((bounds, level))
    }

    fn bind_pattern(
        &mut self,
        context: &mut BodyContext<'_, 'a>,
        pattern: &BoundPattern,
        set: Option<Expr>,
    ) -> Bound {
        let (names, tuple) = match pattern {
            BoundPattern::Names(names) => (names, false),
            BoundPattern::Tuple(names) => (names, true),
        };
        for name in names {
            context.push_binding(&name.text, 0);
        }
        Bound { names: names.iter().map(|name| name.text.clone()).collect(), tuple, set }
    }

    /// `LET` definitions: local definitions that see the environment here.
    fn let_in(
        &mut self,
        context: &mut BodyContext<'_, 'a>,
        units: &[Unit],
        body: &ast::Expr,
        span: Span,
    ) -> Result<Expr, LowerError> {
        let mark = context.mark();
        let let_depth = context.depth;
        let mut lowered = Vec::new();
        for unit in units {
            match unit {
                Unit::Definition(definition) => {
                    let parameters = match &definition.kind {
                        DefinitionKind::Operator { parameters, .. } => {
                            declared_parameters(parameters)
                        }
                        DefinitionKind::Function { .. } => Vec::new(),
                        DefinitionKind::Instance { parameters, instance } => {
                            let info = self.named_instance(context, parameters, instance)?;
                            let name = canonical(&definition.name.text);
                            context.locals.push(LocalEntry::Instance { name, info: Rc::new(info) });
                            continue;
                        }
                    };
                    let name = canonical(&definition.name.text);
                    let def = self.local_definition_entry(
                        &name,
                        context.module,
                        definition.span,
                        parameters,
                    );
                    context.locals.push(LocalEntry::Let { name, def, depth: let_depth });
                    lowered.push((def, definition));
                }
                Unit::Recursive(_) => {}
                _ => return Err(LowerError::new("a LET holds something other than definitions")),
            }
        }
        for (def, definition) in &lowered {
            let inner_mark = context.mark();
            let (body, level) = match &definition.kind {
                DefinitionKind::Operator { parameters, body, .. } => {
                    for parameter in parameters {
                        context.push_binding(
                            &canonical(&parameter.name.text),
                            shape_arity(&parameter.shape),
                        );
                    }
                    let body = self.expression(context, body)?;
                    let level = body.level;
                    (Body::Expression(body), level)
                }
                DefinitionKind::Function { bounds, body } => {
                    let (bounds, bounds_level) = self.bounds(context, bounds)?;
                    let body = self.expression(context, body)?;
                    let level = body.level.max(bounds_level);
                    (Body::Function { bounds, body }, level)
                }
                DefinitionKind::Instance { .. } => continue,
            };
            context.restore(inner_mark);
            let entry = &mut self.hir.definitions[*def as usize];
            entry.body = body;
            entry.level = level;
        }
        let body = self.boxed(context, body)?;
        context.restore(mark);
        let level = body.level;
        let definitions = lowered.into_iter().map(|(def, _)| def).collect();
        Ok(Expr {
            kind: ExprKind::Let { definitions, body },
            span,
            module: context.module,
            level,
            slot: Default::default(),
        })
    }
}

fn quantifier_of(quantifier: ast::Quantifier) -> Quantifier {
    match quantifier {
        ast::Quantifier::Forall => Quantifier::Forall,
        ast::Quantifier::Exists => Quantifier::Exists,
    }
}

/// A numeral (`42`, `\b101`, `\o17`, `\hFF`): an integer in TLC's 32-bit range, or the text.
fn number(text: &str) -> ExprKind {
    let (digits, radix) = match text.get(..2) {
        Some("\\b") | Some("\\B") => (&text[2..], 2),
        Some("\\o") | Some("\\O") => (&text[2..], 8),
        Some("\\h") | Some("\\H") => (&text[2..], 16),
        _ => (text, 10),
    };
    match i64::from_str_radix(digits, radix) {
        Ok(value) if value <= i64::from(i32::MAX) => ExprKind::Int(value),
        _ => ExprKind::LargeNumber(text.to_string()),
    }
}
