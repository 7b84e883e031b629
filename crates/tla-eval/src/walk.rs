//! Visiting the sub-expressions of a resolved expression (for passes over the whole
//! specification, such as interning its string literals in order).

use tla_sema::hir::{Body, ExceptPathItem, Expr, ExprKind, OperatorRef};

/// Calls `visit` on each direct sub-expression of `expr`, left to right.
pub fn for_each_child<'e>(expr: &'e Expr, visit: &mut dyn FnMut(&'e Expr)) {
    let bounds = |bounds: &'e [tla_sema::hir::Bound], visit: &mut dyn FnMut(&'e Expr)| {
        for bound in bounds {
            if let Some(set) = &bound.set {
                visit(set);
            }
        }
    };
    match &expr.kind {
        ExprKind::Call { arguments, .. }
        | ExprKind::CallLet { arguments, .. }
        | ExprKind::CallParameter { arguments, .. }
        | ExprKind::CallConstant { arguments, .. }
        | ExprKind::Builtin { arguments, .. } => arguments.iter().for_each(visit),
        ExprKind::Operator(OperatorRef::Definition { instance_arguments, .. }) => {
            instance_arguments.iter().for_each(visit)
        }
        ExprKind::Outer { expr, .. } | ExprKind::Label { body: expr, .. } => visit(expr),
        ExprKind::Junction { items, .. }
        | ExprKind::SetEnumeration(items)
        | ExprKind::Tuple(items)
        | ExprKind::Product(items) => items.iter().for_each(visit),
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
        ExprKind::Let { body, .. } => visit(body),
        ExprKind::Quantified { bounds: quantified, body, .. } => {
            bounds(quantified, visit);
            visit(body);
        }
        ExprKind::Choose { bound, body } => {
            bounds(std::slice::from_ref(bound), visit);
            visit(body);
        }
        ExprKind::SetFilter { bound, predicate } => {
            bounds(std::slice::from_ref(bound), visit);
            visit(predicate);
        }
        ExprKind::SetMap { element, bounds: mapped } => {
            visit(element);
            bounds(mapped, visit);
        }
        ExprKind::FunctionConstructor { bounds: domain, body } => {
            bounds(domain, visit);
            visit(body);
        }
        ExprKind::FunctionSet { domain, range } => {
            visit(domain);
            visit(range);
        }
        ExprKind::Apply { function, arguments } => {
            visit(function);
            arguments.iter().for_each(visit);
        }
        ExprKind::Record(fields) | ExprKind::RecordSet(fields) => {
            fields.iter().for_each(|(_, value)| visit(value))
        }
        ExprKind::Field { record, .. } => visit(record),
        ExprKind::Except { function, updates } => {
            visit(function);
            for update in updates {
                for item in &update.path {
                    if let ExceptPathItem::Index(indices) = item {
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
        ExprKind::TemporalQuantified { body, .. } => visit(body),
        ExprKind::Bool(_)
        | ExprKind::Int(_)
        | ExprKind::LargeNumber(_)
        | ExprKind::Decimal(_)
        | ExprKind::Str(_)
        | ExprKind::BooleanSet
        | ExprKind::StringSet
        | ExprKind::Local(_)
        | ExprKind::Constant(_)
        | ExprKind::Variable(_)
        | ExprKind::Operator(_)
        | ExprKind::ExceptAt
        | ExprKind::Unsupported { .. } => {}
    }
}

/// Calls `visit` on each expression a definition's body is made of: the body of an ordinary
/// definition, the bound sets and the body of a function definition, nothing for a native one.
pub fn for_each_body_expression<'e>(body: &'e Body, visit: &mut dyn FnMut(&'e Expr)) {
    match body {
        Body::Expression(body) => visit(body),
        Body::Function { bounds, body } => {
            for set in bounds.iter().filter_map(|bound| bound.set.as_ref()) {
                visit(set);
            }
            visit(body);
        }
        Body::Native { .. } => {}
    }
}
