//! The constant parts of larger expressions: `{"none", "lock"}`, `[Threads -> BOOLEAN]`,
//! `[thread : Threads, live : BOOLEAN]`, `<<1, "a">>`, built only from literals, the model's
//! constants and constant definitions. TLC builds such a value again at every evaluation (only
//! whole zero-argument constant definitions are computed once); its value cannot change during a
//! run, so the evaluator computes each once, on first use, and shares it. Nothing is remembered
//! while per-expression coverage is counted, which counts every evaluation as TLC does.

use tla_sema::hir::{BuiltinOp, DefId, Expr, ExprKind, Hir};

use crate::evaluator::ConstantBinding;

/// Finds the largest closed constant expressions of the specification (their values are kept in
/// the evaluator's table of facts known ahead, `known.rs`). `cached_definition` says whether a
/// zero-argument call of a definition yields a value fixed for the run.
pub(crate) fn closed_constants(
    hir: &'static Hir,
    constants: &[ConstantBinding],
    cached_definition: &dyn Fn(DefId) -> bool,
    pure_native: &dyn Fn(DefId) -> bool,
) -> Vec<&'static Expr> {
    let finder = Finder { constants, cached_definition, pure_native };
    let mut found = Vec::new();
    for definition in &hir.definitions {
        crate::walk::for_each_body_expression(&definition.body, &mut |expr| {
            finder.visit(expr, &mut found)
        });
    }
    found
}

struct Finder<'a> {
    constants: &'a [ConstantBinding],
    cached_definition: &'a dyn Fn(DefId) -> bool,
    /// Whether a definition (after the model's overrides) is a native operator that only
    /// computes a value from its arguments (`Seq`, `..`, `+`).
    pure_native: &'a dyn Fn(DefId) -> bool,
}

impl Finder<'_> {
    fn visit(&self, expr: &'static Expr, found: &mut Vec<&'static Expr>) {
        if is_structure(expr) && self.closed(expr) {
            found.push(expr);
            return;
        }
        crate::walk::for_each_child(expr, &mut |child| self.visit(child, found));
    }

    /// Whether `expr`'s value depends on nothing but literals and values fixed for the run.
    fn closed(&self, expr: &Expr) -> bool {
        match &expr.kind {
            ExprKind::Bool(_)
            | ExprKind::Int(_)
            | ExprKind::Str(_)
            | ExprKind::BooleanSet
            | ExprKind::StringSet => true,
            ExprKind::Constant(constant) => {
                matches!(self.constants.get(*constant as usize), Some(ConstantBinding::Value(_)))
            }
            ExprKind::Call { def, arguments } if arguments.is_empty() => {
                (self.cached_definition)(*def)
            }
            ExprKind::Call { def, arguments } => {
                (self.pure_native)(*def) && arguments.iter().all(|argument| self.closed(argument))
            }
            ExprKind::Builtin {
                op:
                    BuiltinOp::PowerSet
                    | BuiltinOp::BigUnion
                    | BuiltinOp::Union
                    | BuiltinOp::Intersect
                    | BuiltinOp::SetMinus,
                arguments,
            } => arguments.iter().all(|argument| self.closed(argument)),
            ExprKind::SetEnumeration(items) | ExprKind::Tuple(items) | ExprKind::Product(items) => {
                items.iter().all(|item| self.closed(item))
            }
            ExprKind::Record(fields) | ExprKind::RecordSet(fields) => {
                fields.iter().all(|(_, value)| self.closed(value))
            }
            ExprKind::FunctionSet { domain, range } => self.closed(domain) && self.closed(range),
            _ => false,
        }
    }
}

/// The expression kinds worth remembering: each builds a new value from its parts.
fn is_structure(expr: &Expr) -> bool {
    match &expr.kind {
        ExprKind::SetEnumeration(items) | ExprKind::Tuple(items) | ExprKind::Product(items) => {
            !items.is_empty()
        }
        ExprKind::Record(_) | ExprKind::RecordSet(_) | ExprKind::FunctionSet { .. } => true,
        _ => false,
    }
}
