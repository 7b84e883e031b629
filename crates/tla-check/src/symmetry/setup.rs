//! From the `SYMMETRY` definition to the group the search reduces by, with TLC's checks.
//!
//! TLC (`Tool.getSymmetryPerms`) does more than take the group the listed permutations
//! generate. It looks at the *operands* of the definition's body (the elements of `{p, q}`, the
//! two sides of `A \cup B`, the argument of `Permutations(S)`) and, when there are at least as
//! many operands as permutations, takes every operand for a set of fewer than two elements:
//! it warns ("The set ... has been defined to be a symmetry set but contains less than two
//! elements.") and reduces nothing. So a set of permutations written out one by one
//! (`{(a :> b @@ b :> a)}`) reduces nothing in TLC. Otherwise it reduces by the group, and warns
//! about each `Permutations(S)` operand (with `S` a constant or a constant definition) none of
//! whose elements the group moves. The operands are named by their source text without spaces.

use tla_eval::{Ctx, Env, Evaluator, Location};
use tla_sema::hir::{Body, Expr, ExprKind};
use tla_values::{convert, sets, Atom, LazyKind, Value};

use super::{group_generated_by, Permutation, SymmetryGroup};

/// One operand of the `SYMMETRY` definition's body, as TLC's check sees it.
pub struct SymmetryOperand {
    /// The source TLC names the operand by (for `Permutations(S)`, that of `S`).
    pub location: Location,
    /// For `Permutations(S)` with `S` a constant or a constant definition whose value is an
    /// enumerated set: the elements of `S`.
    pub permuted: Option<Vec<Value>>,
}

/// The group to reduce by and the operands TLC warns about.
pub struct SymmetrySetup {
    pub group: SymmetryGroup,
    /// Where the operands are written that TLC takes for sets of fewer than two elements, in
    /// order; a warning (message 2300) names them when there are any.
    pub too_small: Vec<Location>,
}

/// The operands of `body` (TLC's `getArgs()` of the body's operator application), with what
/// the check needs of each.
pub fn operands_of(body: &'static Expr, evaluator: &Evaluator, ctx: &Ctx) -> Vec<SymmetryOperand> {
    let hir = evaluator.hir();
    let is_permutations = |def| {
        let definition = hir.definition(evaluator.resolve_definition(def));
        matches!(&definition.body, Body::Native { module, name } if module == "TLC" && name == "Permutations")
    };
    let at = |expr: &Expr| Location { module: expr.module, span: expr.span };
    operand_expressions(body)
        .into_iter()
        .map(|operand| match &operand.kind {
            ExprKind::Call { def, arguments } if arguments.len() == 1 && is_permutations(*def) => {
                let argument = &arguments[0];
                let names_a_constant = match &argument.kind {
                    ExprKind::Constant(_) => true,
                    ExprKind::Call { arguments, .. } => arguments.is_empty(),
                    _ => false,
                };
                let permuted = names_a_constant
                    .then(|| evaluator.eval(argument, &Env::empty(), ctx).ok())
                    .flatten()
                    .and_then(|value| match value {
                        Value::Set(set) => set.normalized().ok().map(<[Value]>::to_vec),
                        _ => None,
                    });
                SymmetryOperand { location: at(argument), permuted }
            }
            _ => SymmetryOperand { location: at(operand), permuted: None },
        })
        .collect()
}

/// The arguments of the operator application `body` is, in SANY's terms.
fn operand_expressions(body: &'static Expr) -> Vec<&'static Expr> {
    match &body.kind {
        ExprKind::Call { arguments, .. }
        | ExprKind::CallLet { arguments, .. }
        | ExprKind::CallParameter { arguments, .. }
        | ExprKind::CallConstant { arguments, .. }
        | ExprKind::Builtin { arguments, .. }
        | ExprKind::Junction { items: arguments, .. }
        | ExprKind::SetEnumeration(arguments)
        | ExprKind::Tuple(arguments)
        | ExprKind::Product(arguments) => arguments.iter().collect(),
        ExprKind::If { condition, then_branch, else_branch } => {
            vec![condition, then_branch, else_branch]
        }
        ExprKind::SetFilter { predicate: only, .. }
        | ExprKind::SetMap { element: only, .. }
        | ExprKind::FunctionConstructor { body: only, .. } => vec![only],
        ExprKind::FunctionSet { domain, range } => vec![domain, range],
        ExprKind::Apply { function, arguments } => {
            std::iter::once(&**function).chain(arguments).collect()
        }
        _ => Vec::new(),
    }
}

/// TLC's check of the `SYMMETRY` set `value` with the body's `operands`; an error is the text
/// of TLC's message (exit 255).
pub fn symmetry_setup(
    value: &Value,
    operands: &[SymmetryOperand],
) -> Result<SymmetrySetup, String> {
    let enumerated = match value {
        Value::Set(_) | Value::Ext(_) => true,
        Value::Lazy(lazy) => {
            matches!(lazy.kind(), LazyKind::Cup(..) | LazyKind::Cap(..) | LazyKind::Diff(..))
        }
        _ => false,
    };
    let elements = enumerated.then(|| sets::normalized_elements(value).ok()).flatten();
    let Some(elements) = elements else {
        return Err(crate::report::unexpected_exception(
            "The symmetry operator must specify a set of functions.",
        ));
    };
    let mut functions = Vec::with_capacity(elements.len());
    for element in &elements {
        match element {
            Value::Tuple(_) | Value::Record(_) => return Err(not_function_records()),
            other => match convert::to_function(other) {
                Ok(Some(function)) => functions.push(function),
                _ => return Err(not_function_records()),
            },
        }
    }
    if operands.len() >= functions.len() {
        if operands.is_empty() {
            // TLC's `MVPerms.permutationSubgroup` fails on an empty set.
            return Err(crate::report::unexpected_exception_of(
                "java.lang.IllegalArgumentException",
            ));
        }
        return Ok(SymmetrySetup {
            group: SymmetryGroup::default(),
            too_small: operands.iter().map(|operand| operand.location).collect(),
        });
    }
    let mut generators: Vec<Permutation> = Vec::new();
    for function in &functions {
        let mut pairs = Vec::new();
        for (from, to) in function.domain_elements().iter().zip(function.values()) {
            match (from, to) {
                (Value::ModelValue(from), Value::ModelValue(to)) => pairs.push((*from, *to)),
                _ => {
                    return Err(crate::report::unexpected_exception(
                        "Symmetry function must have model values as domain and range.",
                    ))
                }
            }
        }
        pairs.retain(|(from, to)| from != to);
        pairs.sort_by_key(|(from, _)| from.rank());
        if !pairs.is_empty() && !generators.contains(&pairs) {
            generators.push(pairs);
        }
    }
    let group = group_generated_by(generators);
    let moved: Vec<Atom> = group.iter().flatten().map(|(_, to)| *to).collect();
    let too_small = operands
        .iter()
        .filter(|operand| {
            operand.permuted.as_ref().is_some_and(|elements| {
                !elements.iter().any(
                    |element| matches!(element, Value::ModelValue(atom) if moved.contains(atom)),
                )
            })
        })
        .map(|operand| operand.location)
        .collect();
    Ok(SymmetrySetup { group: SymmetryGroup::new(group), too_small })
}

/// TLC's warning naming the operands `names` (message 2300).
pub fn too_small_warning(names: &[String]) -> String {
    let (plural, have, verb_ending) =
        if names.len() > 1 { ("s", "have", "") } else { ("", "has", "s") };
    format!(
        "The set{plural} {} {have} been defined to be a symmetry set but contain{verb_ending} less than two elements.",
        names.join(", and ")
    )
}

fn not_function_records() -> String {
    crate::report::unexpected_exception("The symmetry values must be function records.")
}
