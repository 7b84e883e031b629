//! Recomputing levels once every definition is lowered.
//!
//! Lowering computes an expression's level as it goes, from the levels of the definitions it
//! calls. A RECURSIVE operator may be called before its definition is lowered, when its level
//! is not known yet (it counts as a constant then). When that happened, this pass recomputes
//! every level with the same rules until no definition's level changes (levels only grow, and
//! there are four of them, so this ends).

use crate::hir::{
    Body, Bound, BuiltinOp, Expr, ExprKind, Hir, Level, OperatorRef, ACTION_LEVEL, STATE_LEVEL,
    TEMPORAL_LEVEL,
};

/// Recomputes the levels of every expression and definition of `hir`.
pub(crate) fn recompute_levels(hir: &mut Hir) {
    // Each round either raises a definition's level or is the last one.
    let max_rounds = hir.definitions.len().saturating_mul(3).saturating_add(2);
    for _ in 0..max_rounds {
        let mut levels: Vec<Level> =
            hir.definitions.iter().map(|definition| definition.level).collect();
        let mut changed = false;
        for index in 0..hir.definitions.len() {
            let definition = &mut hir.definitions[index];
            let level = match &mut definition.body {
                Body::Expression(body) => relevel(body, &levels),
                Body::Function { bounds, body } => {
                    relevel_bounds(bounds, &levels).max(relevel(body, &levels))
                }
                Body::Native { .. } => definition.level,
            };
            if level != definition.level {
                definition.level = level;
                levels[index] = level;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let levels: Vec<Level> = hir.definitions.iter().map(|definition| definition.level).collect();
    for assumption in &mut hir.assumptions {
        relevel(&mut assumption.body, &levels);
    }
}

fn level_of(levels: &[Level], def: u32) -> Level {
    levels.get(def as usize).copied().unwrap_or(0)
}

fn relevel_all(exprs: &mut [Expr], levels: &[Level]) -> Level {
    exprs.iter_mut().map(|expr| relevel(expr, levels)).max().unwrap_or(0)
}

fn relevel_bounds(bounds: &mut [Bound], levels: &[Level]) -> Level {
    bounds
        .iter_mut()
        .filter_map(|bound| bound.set.as_mut())
        .map(|set| relevel(set, levels))
        .max()
        .unwrap_or(0)
}

fn relevel(expr: &mut Expr, levels: &[Level]) -> Level {
    stacker::maybe_grow(64 * 1024, 1024 * 1024, || relevel_inner(expr, levels))
}

fn relevel_inner(expr: &mut Expr, levels: &[Level]) -> Level {
    let level = match &mut expr.kind {
        ExprKind::Bool(_)
        | ExprKind::Int(_)
        | ExprKind::LargeNumber(_)
        | ExprKind::Decimal(_)
        | ExprKind::Str(_)
        | ExprKind::BooleanSet
        | ExprKind::StringSet
        | ExprKind::Local(_)
        | ExprKind::Constant(_)
        | ExprKind::ExceptAt
        | ExprKind::Unsupported { .. } => 0,
        ExprKind::Variable(_) => STATE_LEVEL,
        ExprKind::Call { def, arguments } | ExprKind::CallLet { def, arguments, .. } => {
            let def = *def;
            relevel_all(arguments, levels).max(level_of(levels, def))
        }
        ExprKind::CallParameter { arguments, .. } | ExprKind::CallConstant { arguments, .. } => {
            relevel_all(arguments, levels)
        }
        ExprKind::Operator(operator) => match operator {
            OperatorRef::Definition { def, instance_arguments } => {
                let def = *def;
                relevel_all(instance_arguments, levels);
                level_of(levels, def)
            }
            OperatorRef::Local { def, .. } => level_of(levels, *def),
            OperatorRef::Parameter(_) | OperatorRef::Builtin(_) => 0,
        },
        ExprKind::Builtin { op, arguments } => {
            let op = *op;
            let level = relevel_all(arguments, levels);
            match op {
                BuiltinOp::Prime | BuiltinOp::Unchanged | BuiltinOp::Composition => ACTION_LEVEL,
                BuiltinOp::Enabled => STATE_LEVEL,
                BuiltinOp::Always
                | BuiltinOp::Eventually
                | BuiltinOp::LeadsTo
                | BuiltinOp::WhilePlus => TEMPORAL_LEVEL,
                _ => level,
            }
        }
        ExprKind::Outer { expr: inner, .. } => relevel(inner, levels),
        ExprKind::Junction { items, .. }
        | ExprKind::SetEnumeration(items)
        | ExprKind::Tuple(items)
        | ExprKind::Product(items) => relevel_all(items, levels),
        ExprKind::If { condition, then_branch, else_branch } => relevel(condition, levels)
            .max(relevel(then_branch, levels))
            .max(relevel(else_branch, levels)),
        ExprKind::Case { arms, other } => {
            let mut level = 0;
            for (guard, value) in arms {
                level = level.max(relevel(guard, levels)).max(relevel(value, levels));
            }
            if let Some(other) = other {
                level = level.max(relevel(other, levels));
            }
            level
        }
        ExprKind::Let { body, .. } => relevel(body, levels),
        ExprKind::Quantified { bounds, body, .. }
        | ExprKind::FunctionConstructor { bounds, body }
        | ExprKind::SetMap { element: body, bounds } => {
            relevel_bounds(bounds, levels).max(relevel(body, levels))
        }
        ExprKind::Choose { bound, body } | ExprKind::SetFilter { bound, predicate: body } => {
            relevel_bounds(std::slice::from_mut(&mut **bound), levels).max(relevel(body, levels))
        }
        ExprKind::FunctionSet { domain, range } => {
            relevel(domain, levels).max(relevel(range, levels))
        }
        ExprKind::Apply { function, arguments } => {
            relevel(function, levels).max(relevel_all(arguments, levels))
        }
        ExprKind::Record(fields) | ExprKind::RecordSet(fields) => {
            fields.iter_mut().map(|(_, value)| relevel(value, levels)).max().unwrap_or(0)
        }
        ExprKind::Field { record: inner, .. } | ExprKind::Label { body: inner, .. } => {
            relevel(inner, levels)
        }
        ExprKind::Except { function, updates } => {
            let mut level = relevel(function, levels);
            for update in updates {
                for item in &mut update.path {
                    if let crate::hir::ExceptPathItem::Index(indices) = item {
                        level = level.max(relevel_all(indices, levels));
                    }
                }
                level = level.max(relevel(&mut update.value, levels));
            }
            level
        }
        ExprKind::BoxAction { action, subscript } | ExprKind::AngleAction { action, subscript } => {
            relevel(action, levels);
            relevel(subscript, levels);
            ACTION_LEVEL
        }
        ExprKind::Fairness { subscript, action, .. } => {
            relevel(action, levels);
            relevel(subscript, levels);
            TEMPORAL_LEVEL
        }
        ExprKind::TemporalQuantified { body, .. } => {
            relevel(body, levels);
            TEMPORAL_LEVEL
        }
    };
    expr.level = level;
    level
}
