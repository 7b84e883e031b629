//! Lowering names: what a (maybe qualified, maybe applied) name denotes, and the call it
//! becomes.
//!
//! A name is looked up in the bindings and `LET` definitions of the [`BodyContext`], then in the
//! module's names, then among TLA+'s built-in operators. `I(a)!J!Op(b)` walks through the
//! instances on the way; the definition it reaches takes the bindings the first instance was
//! written under, then the instance arguments, then its own. Operator arguments (a name, a
//! built-in symbol, a `LAMBDA`) become [`OperatorRef`]s, and instance substitutions used deeper
//! than they were written are wrapped in [`ExprKind::Outer`] or shifted.

use crate::hir::{
    Body, BuiltinOp, DefId, Expr, ExprKind, Level, OperatorRef, Parameter, ACTION_LEVEL,
    STATE_LEVEL, TEMPORAL_LEVEL,
};
use crate::lower::{canonical, unsupported, LowerError, ModuleLowerer, NamedEntity};
use crate::lower_expr::{max_level, BodyContext, LocalEntry};
use tla_diagnostics::Span;
use tla_syntax::ast::{self, Selector};

/// What a name resolves to.
enum Resolved<'a> {
    Binding { index: u32, arity: usize },
    Let { def: DefId, up: u32 },
    Named(NamedEntity<'a>),
    Builtin(BuiltinOp),
    Bool(bool),
    BooleanSet,
    StringSet,
}

/// A general name walked through its instances: the target, the arguments of the instances on
/// the way, and the target's own arguments.
struct NameTarget<'e, 'a> {
    resolved: Resolved<'a>,
    /// How many bottom bindings lead the instance arguments (those in scope where the first
    /// instance on the way was written).
    base: usize,
    instance_arguments: Vec<Expr>,
    arguments: &'e [ast::Expr],
}

impl<'a> ModuleLowerer<'a> {
    /// What `name` denotes here.
    fn resolve(&self, context: &BodyContext<'_, 'a>, name: &str) -> Option<Resolved<'a>> {
        match name {
            "TRUE" => return Some(Resolved::Bool(true)),
            "FALSE" => return Some(Resolved::Bool(false)),
            "BOOLEAN" => return Some(Resolved::BooleanSet),
            "STRING" => return Some(Resolved::StringSet),
            _ => {}
        }
        for entry in context.locals.iter().rev() {
            match entry {
                LocalEntry::Binding { name: bound, arity, position } if bound == name => {
                    return Some(Resolved::Binding {
                        index: context.depth - 1 - position,
                        arity: *arity,
                    });
                }
                LocalEntry::Let { name: defined, def, depth } if defined == name => {
                    return Some(Resolved::Let { def: *def, up: context.depth - depth });
                }
                LocalEntry::Instance { name: defined, info } if defined == name => {
                    return Some(Resolved::Named(NamedEntity::Instance(info.clone())));
                }
                _ => {}
            }
        }
        if let Some(found) = context.table.lookup(name) {
            return Some(Resolved::Named(found.clone()));
        }
        BuiltinOp::from_name(name).map(Resolved::Builtin)
    }

    /// Walks `I(a)!J!Op(b)` to its target.
    fn name_target<'e>(
        &mut self,
        context: &mut BodyContext<'_, 'a>,
        segments: &'e [ast::NameSegment],
    ) -> Result<Option<NameTarget<'e, 'a>>, LowerError> {
        let Some((first, rest)) = segments.split_first() else {
            return Err(LowerError::new("an empty name"));
        };
        let Selector::Name(first_name) = &first.selector else { return Ok(None) };
        let name = canonical(first_name);
        let mut resolved = self
            .resolve(context, &name)
            .ok_or_else(|| LowerError::new(format!("unknown name {first_name}")))?;
        let mut instance_arguments = Vec::new();
        let mut arguments: &'e [ast::Expr] = &first.arguments;
        let mut base = context.inherited;
        for (index, segment) in rest.iter().enumerate() {
            let Resolved::Named(NamedEntity::Instance(info)) = &resolved else { return Ok(None) };
            let info = info.clone();
            if index == 0 {
                base = info.base;
            }
            let Selector::Name(next) = &segment.selector else { return Ok(None) };
            for (index, argument) in arguments.iter().enumerate() {
                let arity = info.parameter_arities.get(index).copied().unwrap_or(0);
                instance_arguments.push(self.argument(context, argument, arity)?);
            }
            let found =
                info.names.entries.get(&canonical(next)).ok_or_else(|| {
                    LowerError::new(format!("unknown name {next} in an instance"))
                })?;
            resolved = Resolved::Named(found.clone());
            arguments = &segment.arguments;
        }
        Ok(Some(NameTarget { resolved, base, instance_arguments, arguments }))
    }

    pub(crate) fn name(
        &mut self,
        context: &mut BodyContext<'_, 'a>,
        segments: &[ast::NameSegment],
        span: Span,
    ) -> Result<Expr, LowerError> {
        if let [segment] = segments {
            if matches!(&segment.selector, Selector::Name(name) if name == "@")
                && segment.arguments.is_empty()
            {
                return Ok(Expr {
                    kind: ExprKind::ExceptAt,
                    span,
                    module: context.module,
                    level: 0,
                    slot: Default::default(),
                });
            }
        }
        match self.name_target(context, segments)? {
            Some(target) => self.apply(context, target, span),
            None => Ok(unsupported("a subexpression selector", span, context.module)),
        }
    }

    /// An operator written prefix, infix or postfix, applied to its operands.
    pub(crate) fn operator_application(
        &mut self,
        context: &mut BodyContext<'_, 'a>,
        written: &str,
        operands: &[&ast::Expr],
        span: Span,
    ) -> Result<Expr, LowerError> {
        let name = canonical(written);
        let module = context.module;
        if matches!(name.as_str(), "\\land" | "\\lor" | "\\times") && operands.len() == 2 {
            let items = vec![
                self.expression(context, operands[0])?,
                self.expression(context, operands[1])?,
            ];
            let level = max_level(&items);
            let kind = if name == "\\times" {
                ExprKind::Product(items)
            } else {
                ExprKind::Junction { conjunction: name == "\\land", items }
            };
            return Ok(Expr { kind, span, module, level, slot: Default::default() });
        }
        let resolved = self
            .resolve(context, &name)
            .ok_or_else(|| LowerError::new(format!("unknown operator {written}")))?;
        let arguments: Vec<ast::Expr> = Vec::new();
        let target = NameTarget {
            resolved,
            base: context.inherited,
            instance_arguments: Vec::new(),
            arguments: &arguments,
        };
        self.apply_with(context, target, ArgumentSource::Operands(operands), span)
    }

    fn apply(
        &mut self,
        context: &mut BodyContext<'_, 'a>,
        target: NameTarget<'_, 'a>,
        span: Span,
    ) -> Result<Expr, LowerError> {
        let arguments = target.arguments;
        self.apply_with(context, target, ArgumentSource::Written(arguments), span)
    }

    /// Lowers the arguments of a callee whose parameters have `arities`.
    fn arguments(
        &mut self,
        context: &mut BodyContext<'_, 'a>,
        source: &ArgumentSource<'_>,
        arities: &[usize],
    ) -> Result<Vec<Expr>, LowerError> {
        let operands: Vec<&ast::Expr> = match source {
            ArgumentSource::Written(arguments) => arguments.iter().collect(),
            ArgumentSource::Operands(operands) => operands.to_vec(),
        };
        let mut lowered = Vec::new();
        for (index, operand) in operands.into_iter().enumerate() {
            let arity = arities.get(index).copied().unwrap_or(0);
            lowered.push(self.argument(context, operand, arity)?);
        }
        Ok(lowered)
    }

    fn argument(
        &mut self,
        context: &mut BodyContext<'_, 'a>,
        argument: &ast::Expr,
        arity: usize,
    ) -> Result<Expr, LowerError> {
        if arity > 0 {
            self.operator_argument(context, argument, arity)
        } else {
            self.expression(context, argument)
        }
    }

    fn definition_arities(&self, def: DefId, skip_instance_parameters: bool) -> Vec<usize> {
        let definition = self.hir.definition(def);
        let skip = if skip_instance_parameters { definition.instance_parameters } else { 0 };
        definition.parameters.iter().skip(skip).map(|parameter| parameter.arity).collect()
    }

    /// The leading arguments of a definition lowered through instances: the `base` bottom
    /// bindings followed by the arguments given on the way (`I(a)!Op`), as many as the
    /// definition takes (one lowered in a shared context takes none).
    fn leading_arguments(
        &self,
        context: &BodyContext<'_, 'a>,
        inherited: usize,
        base: usize,
        instance_arguments: Vec<Expr>,
        span: Span,
    ) -> Result<Vec<Expr>, LowerError> {
        let mut all = context.bottom_arguments(base, span);
        all.extend(instance_arguments);
        if inherited > all.len() {
            return Err(LowerError::new(
                "a definition needs instance arguments that are not in scope",
            ));
        }
        all.truncate(inherited);
        Ok(all)
    }

    fn apply_with(
        &mut self,
        context: &mut BodyContext<'_, 'a>,
        target: NameTarget<'_, 'a>,
        source: ArgumentSource<'_>,
        span: Span,
    ) -> Result<Expr, LowerError> {
        let module = context.module;
        let has_arguments = match &source {
            ArgumentSource::Written(arguments) => !arguments.is_empty(),
            ArgumentSource::Operands(operands) => !operands.is_empty(),
        };
        let (kind, level) = match target.resolved {
            Resolved::Bool(value) => (ExprKind::Bool(value), 0),
            Resolved::BooleanSet => (ExprKind::BooleanSet, 0),
            Resolved::StringSet => (ExprKind::StringSet, 0),
            Resolved::Binding { index, arity } => {
                if arity == 0 && !has_arguments {
                    (ExprKind::Local(index), 0)
                } else {
                    let arguments = self.arguments(context, &source, &[])?;
                    let level = max_level(&arguments);
                    (ExprKind::CallParameter { index, arguments }, level)
                }
            }
            Resolved::Let { def, up } => {
                let arities = self.definition_arities(def, false);
                let arguments = self.arguments(context, &source, &arities)?;
                let level = max_level(&arguments).max(self.definition_level(def));
                (ExprKind::CallLet { def, up, arguments }, level)
            }
            Resolved::Builtin(op) => {
                let arguments = self.arguments(context, &source, &[])?;
                let level = builtin_level(op, &arguments);
                (ExprKind::Builtin { op, arguments }, level)
            }
            Resolved::Named(NamedEntity::Definition { def, inherited }) => {
                let mut arguments = self.leading_arguments(
                    context,
                    inherited,
                    target.base,
                    target.instance_arguments,
                    span,
                )?;
                let arities = self.definition_arities(def, true);
                arguments.extend(self.arguments(context, &source, &arities)?);
                let level = max_level(&arguments).max(self.definition_level(def));
                (ExprKind::Call { def, arguments }, level)
            }
            Resolved::Named(NamedEntity::Constant(constant)) => {
                if has_arguments {
                    let arguments = self.arguments(context, &source, &[])?;
                    let level = max_level(&arguments);
                    (ExprKind::CallConstant { constant, arguments }, level)
                } else {
                    (ExprKind::Constant(constant), 0)
                }
            }
            Resolved::Named(NamedEntity::Variable(variable)) => {
                (ExprKind::Variable(variable), STATE_LEVEL)
            }
            Resolved::Named(NamedEntity::Substituted(substitute)) => {
                let up = context
                    .depth
                    .checked_sub(substitute.depth)
                    .ok_or_else(|| LowerError::new("a substitution used outside its instance"))?;
                if let ExprKind::Operator(operator) = &substitute.expr.kind {
                    let operator = shift_operator(operator, up);
                    return self.apply_operator(context, operator, &source, span);
                }
                if has_arguments {
                    return Err(LowerError::new("arguments given to a substituted constant"));
                }
                let level = substitute.expr.level;
                if is_closed(&substitute.expr) {
                    // A leaf: located where it is used.
                    let mut expr = substitute.expr.clone();
                    expr.span = span;
                    expr.module = module;
                    return Ok(expr);
                }
                if up == 0 {
                    return Ok(clone_expr(&substitute.expr));
                }
                (ExprKind::Outer { up, expr: Box::new(clone_expr(&substitute.expr)) }, level)
            }
            Resolved::Named(NamedEntity::Instance(_)) => {
                return Err(LowerError::new("an instance name used as an expression"))
            }
            Resolved::Named(NamedEntity::Module(_)) => {
                return Err(LowerError::new("a module name used as an expression"))
            }
        };
        Ok(Expr { kind, span, module, level, slot: Default::default() })
    }

    /// An operator reference applied to arguments.
    fn apply_operator(
        &mut self,
        context: &mut BodyContext<'_, 'a>,
        operator: OperatorRef,
        source: &ArgumentSource<'_>,
        span: Span,
    ) -> Result<Expr, LowerError> {
        let (kind, level) = match operator {
            OperatorRef::Definition { def, instance_arguments } => {
                let mut arguments = instance_arguments;
                let arities = self.definition_arities(def, true);
                arguments.extend(self.arguments(context, source, &arities)?);
                let level = max_level(&arguments).max(self.definition_level(def));
                (ExprKind::Call { def, arguments }, level)
            }
            OperatorRef::Local { def, up } => {
                let arities = self.definition_arities(def, false);
                let arguments = self.arguments(context, source, &arities)?;
                let level = max_level(&arguments).max(self.definition_level(def));
                (ExprKind::CallLet { def, up, arguments }, level)
            }
            OperatorRef::Parameter(index) => {
                let arguments = self.arguments(context, source, &[])?;
                let level = max_level(&arguments);
                (ExprKind::CallParameter { index, arguments }, level)
            }
            OperatorRef::Builtin(op) => {
                let arguments = self.arguments(context, source, &[])?;
                let level = builtin_level(op, &arguments);
                (ExprKind::Builtin { op, arguments }, level)
            }
        };
        Ok(Expr { kind, span, module: context.module, level, slot: Default::default() })
    }

    /// An argument where an operator of `arity` arguments is expected: an operator name, an
    /// operator symbol, or a `LAMBDA`.
    pub(crate) fn operator_argument(
        &mut self,
        context: &mut BodyContext<'_, 'a>,
        argument: &ast::Expr,
        arity: usize,
    ) -> Result<Expr, LowerError> {
        let span = argument.span;
        let module = context.module;
        let make = |operator: OperatorRef, level: Level| Expr {
            kind: ExprKind::Operator(operator),
            span,
            module,
            level,
            slot: Default::default(),
        };
        match &argument.kind {
            ast::ExprKind::Parenthesized(inner) => self.operator_argument(context, inner, arity),
            ast::ExprKind::Lambda { parameters, body } => {
                let mark = context.mark();
                let mut lowered_parameters = Vec::new();
                for parameter in parameters {
                    context.push_binding(&parameter.text, 0);
                    lowered_parameters.push(Parameter { name: parameter.text.clone(), arity: 0 });
                }
                let body = self.expression(context, body);
                context.restore(mark);
                let body = body?;
                let level = body.level;
                let def = self.local_definition_entry("LAMBDA", module, span, lowered_parameters);
                let entry = &mut self.hir.definitions[def as usize];
                entry.body = Body::Expression(body);
                entry.level = level;
                Ok(make(OperatorRef::Local { def, up: 0 }, level))
            }
            ast::ExprKind::Name(segments)
                if segments.iter().all(|segment| segment.arguments.is_empty()) =>
            {
                let target = self.name_target(context, segments)?.ok_or_else(|| {
                    LowerError::new("a subexpression selector used as an operator")
                })?;
                match target.resolved {
                    Resolved::Binding { index, .. } => Ok(make(OperatorRef::Parameter(index), 0)),
                    Resolved::Let { def, up } => {
                        let level = self.definition_level(def);
                        Ok(make(OperatorRef::Local { def, up }, level))
                    }
                    Resolved::Builtin(op) => Ok(make(OperatorRef::Builtin(op), 0)),
                    Resolved::Named(NamedEntity::Definition { def, inherited }) => {
                        let instance_arguments = self.leading_arguments(
                            context,
                            inherited,
                            target.base,
                            target.instance_arguments,
                            span,
                        )?;
                        let level = self.definition_level(def);
                        Ok(make(OperatorRef::Definition { def, instance_arguments }, level))
                    }
                    Resolved::Named(NamedEntity::Substituted(substitute)) => {
                        let up = context.depth.checked_sub(substitute.depth).ok_or_else(|| {
                            LowerError::new("a substitution used outside its instance")
                        })?;
                        match &substitute.expr.kind {
                            ExprKind::Operator(operator) => {
                                Ok(make(shift_operator(operator, up), substitute.expr.level))
                            }
                            _ => Err(LowerError::new("an expression substituted for an operator")),
                        }
                    }
                    Resolved::Named(NamedEntity::Constant(constant)) => {
                        // No reference form for a declared operator constant: wrap it in a
                        // local definition that applies it to its parameters.
                        let parameters: Vec<Parameter> = (0..arity)
                            .map(|index| Parameter { name: format!("_{index}"), arity: 0 })
                            .collect();
                        let arguments = (0..arity)
                            .map(|index| Expr {
                                kind: ExprKind::Local((arity - 1 - index) as u32),
                                span,
                                module,
                                level: 0,
                                slot: Default::default(),
                            })
                            .collect();
                        let body = Expr {
                            kind: ExprKind::CallConstant { constant, arguments },
                            span,
                            module,
                            level: 0,
                            slot: Default::default(),
                        };
                        let def = self.local_definition_entry("LAMBDA", module, span, parameters);
                        self.hir.definitions[def as usize].body = Body::Expression(body);
                        Ok(make(OperatorRef::Local { def, up: 0 }, 0))
                    }
                    _ => Err(LowerError::new("an operator argument that names no operator")),
                }
            }
            _ => Err(LowerError::new("an expression given where an operator is required")),
        }
    }
}

/// Where the arguments of an application come from.
enum ArgumentSource<'e> {
    Written(&'e [ast::Expr]),
    Operands(&'e [&'e ast::Expr]),
}

/// An operator reference valid `up` bindings further out, used here.
fn shift_operator(operator: &OperatorRef, up: u32) -> OperatorRef {
    match operator {
        OperatorRef::Definition { def, instance_arguments } => OperatorRef::Definition {
            def: *def,
            instance_arguments: instance_arguments
                .iter()
                .map(|argument| outer(argument, up))
                .collect(),
        },
        OperatorRef::Local { def, up: inner } => OperatorRef::Local { def: *def, up: inner + up },
        OperatorRef::Parameter(index) => OperatorRef::Parameter(index + up),
        OperatorRef::Builtin(op) => OperatorRef::Builtin(*op),
    }
}

fn outer(expr: &Expr, up: u32) -> Expr {
    if up == 0 || is_closed(expr) {
        return clone_expr(expr);
    }
    Expr {
        kind: ExprKind::Outer { up, expr: Box::new(clone_expr(expr)) },
        span: expr.span,
        module: expr.module,
        level: expr.level,
        slot: Default::default(),
    }
}

/// A copy of `expr`. Copying recurses as deep as the expression, which is at most as deep as
/// its text is long: a long one is copied on a stack of its own.
fn clone_expr(expr: &Expr) -> Expr {
    let text_length = expr.span.end.saturating_sub(expr.span.start) as usize;
    if text_length < 1000 {
        return expr.clone();
    }
    stacker::grow(text_length.saturating_mul(1024).min(1 << 28), || expr.clone())
}

/// Whether an expression means the same in every environment (no bindings inside).
fn is_closed(expr: &Expr) -> bool {
    matches!(
        expr.kind,
        ExprKind::Bool(_)
            | ExprKind::Int(_)
            | ExprKind::Str(_)
            | ExprKind::Constant(_)
            | ExprKind::Variable(_)
            | ExprKind::BooleanSet
            | ExprKind::StringSet
    ) || matches!(&expr.kind, ExprKind::Call { arguments, .. } if arguments.is_empty())
}

fn builtin_level(op: BuiltinOp, arguments: &[Expr]) -> Level {
    match op {
        BuiltinOp::Prime | BuiltinOp::Unchanged | BuiltinOp::Composition => ACTION_LEVEL,
        BuiltinOp::Enabled => STATE_LEVEL,
        BuiltinOp::Always | BuiltinOp::Eventually | BuiltinOp::LeadsTo | BuiltinOp::WhilePlus => {
            TEMPORAL_LEVEL
        }
        _ => max_level(arguments),
    }
}
