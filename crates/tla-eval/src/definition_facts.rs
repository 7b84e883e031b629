//! Facts about the specification's definitions that the evaluator needs before it evaluates
//! anything: which definitions call which, which function definitions refer to themselves, and
//! which constant-level definitions can still change during a run.

use tla_sema::hir::{Body, Expr, ExprKind, Hir, OperatorRef};

/// Function definitions `f[x \in S] == ...` that refer to themselves, directly or through
/// other definitions (`LET` definitions included).
pub(crate) fn self_referencing_functions(hir: &Hir, callees: &[Vec<u32>]) -> Vec<bool> {
    hir.definitions
        .iter()
        .enumerate()
        .map(|(def, definition)| {
            if !matches!(definition.body, Body::Function { .. }) {
                return false;
            }
            let mut seen = vec![false; callees.len()];
            let mut pending: Vec<u32> = callees[def].clone();
            while let Some(next) = pending.pop() {
                if next as usize == def {
                    return true;
                }
                if let Some(flag) = seen.get_mut(next as usize) {
                    if !*flag {
                        *flag = true;
                        pending.extend(callees[next as usize].iter().copied());
                    }
                }
            }
            false
        })
        .collect()
}

/// The natives TLC evaluates anew each time (`minLevel` above constant in TLC's overrides).
const VOLATILE_NATIVES: &[&str] = &["TLCGet", "Trace", "CounterExample", "PickSuccessor"];

/// Adds to `out` the definitions `expr` calls or defines (`LET`), directly.
pub(crate) fn called_definitions(expr: &Expr, out: &mut Vec<u32>) {
    match &expr.kind {
        ExprKind::Call { def, .. } | ExprKind::CallLet { def, .. } => out.push(*def),
        ExprKind::Operator(OperatorRef::Definition { def, .. })
        | ExprKind::Operator(OperatorRef::Local { def, .. }) => out.push(*def),
        ExprKind::Let { definitions, .. } => out.extend(definitions.iter().copied()),
        _ => {}
    }
    crate::walk::for_each_child(expr, &mut |child| called_definitions(child, out));
}

/// Per definition: the definitions its body calls or defines (`LET`), directly.
pub(crate) fn definition_callees(hir: &Hir) -> Vec<Vec<u32>> {
    hir.definitions
        .iter()
        .map(|definition| {
            let mut out = Vec::new();
            crate::walk::for_each_body_expression(&definition.body, &mut |expr| {
                called_definitions(expr, &mut out)
            });
            out
        })
        .collect()
}

/// The natives whose results depend on what the search did before (its counters, the registers
/// `TLCSet` wrote), so that evaluating an action again need not give what it gave then.
const SEARCH_STATE_NATIVES: &[&str] =
    &["TLCGet", "TLCSet", "Trace", "CounterExample", "PickSuccessor"];

/// Definitions that (through calls) use a volatile native: they must not be cached.
pub(crate) fn volatile_definitions(hir: &Hir, callees: &[Vec<u32>]) -> Vec<bool> {
    definitions_calling(hir, callees, VOLATILE_NATIVES)
}

/// Definitions that (through calls) read or write what the search did before (see
/// [`SEARCH_STATE_NATIVES`]).
pub(crate) fn search_state_definitions(hir: &Hir, callees: &[Vec<u32>]) -> Vec<bool> {
    definitions_calling(hir, callees, SEARCH_STATE_NATIVES)
}

/// Definitions that are, or call (directly or not), one of `natives`.
fn definitions_calling(hir: &Hir, callees: &[Vec<u32>], natives: &[&str]) -> Vec<bool> {
    let mut volatile: Vec<bool> = hir
        .definitions
        .iter()
        .map(|definition| {
            matches!(&definition.body, Body::Native { name, .. } if natives.contains(&name.as_str()))
        })
        .collect();
    let mut changed = true;
    while changed {
        changed = false;
        for (def, called) in callees.iter().enumerate() {
            if !volatile[def]
                && called.iter().any(|callee| volatile.get(*callee as usize) == Some(&true))
            {
                volatile[def] = true;
                changed = true;
            }
        }
    }
    volatile
}
