//! A compact text rendering of the resolved representation, for snapshot tests and debugging.
//!
//! Lowering decisions (which definition a name became, which de Bruijn index a bound name got,
//! how many bindings an instance substitution skips) are easiest to review as text: one line
//! per module, constant, variable, scope entry and definition, with bodies as s-expressions.
//! Locals print as `%i`, constants as `cI:Name`, variables as `vI:name`, definitions as
//! `dI:Name`, `LET` calls with the bindings they drop (`dI:Name^up`).

use crate::hir::{
    Body, Bound, Definition, Entity, ExceptPathItem, Expr, ExprKind, Hir, OperatorRef, Quantifier,
};
use std::fmt::Write;

/// Renders `hir`.
pub fn dump(hir: &Hir) -> String {
    let mut out = String::new();
    let modules: Vec<String> =
        hir.modules.iter().map(|module| format!("{}(file {})", module.name, module.file)).collect();
    let _ = writeln!(out, "modules: {}", modules.join(", "));
    for (index, constant) in hir.constants.iter().enumerate() {
        let arity = if constant.arity > 0 { format!("/{}", constant.arity) } else { String::new() };
        let _ = writeln!(
            out,
            "constant {index}: {}{arity} ({})",
            constant.name,
            module_name(hir, constant.module)
        );
    }
    for (index, variable) in hir.variables.iter().enumerate() {
        let _ = writeln!(
            out,
            "variable {index}: {} ({})",
            variable.name,
            module_name(hir, variable.module)
        );
    }
    let scope: Vec<String> = hir
        .root_scope
        .iter()
        .map(|(name, entity)| match entity {
            Entity::Definition(def) => format!("{name}=d{def}"),
            Entity::Constant(constant) => format!("{name}=c{constant}"),
            Entity::Variable(variable) => format!("{name}=v{variable}"),
        })
        .collect();
    let _ = writeln!(out, "root scope: {}", scope.join(" "));
    for (module, definitions) in &hir.module_scopes {
        let entries: Vec<String> =
            definitions.iter().map(|(name, def)| format!("{name}=d{def}")).collect();
        let _ = writeln!(out, "module scope {module}: {}", entries.join(" "));
    }
    for (index, definition) in hir.definitions.iter().enumerate() {
        let _ = writeln!(out, "{}", definition_line(hir, index, definition));
    }
    for assumption in &hir.assumptions {
        let name = assumption.name.as_deref().unwrap_or("_");
        let _ = writeln!(out, "assume {name}: {}", expr(hir, &assumption.body));
    }
    out
}

fn module_name(hir: &Hir, module: u32) -> &str {
    hir.modules.get(module as usize).map_or("?", |module| module.name.as_str())
}

fn definition_line(hir: &Hir, index: usize, definition: &Definition) -> String {
    let mut line = format!("d{index} {}!{}", module_name(hir, definition.module), definition.name);
    if definition.local {
        line.push_str(" local");
    }
    if !definition.parameters.is_empty() {
        let parameters: Vec<String> = definition
            .parameters
            .iter()
            .enumerate()
            .map(|(position, parameter)| {
                let mut text = if parameter.name.is_empty() {
                    "_".to_string()
                } else {
                    parameter.name.clone()
                };
                if parameter.arity > 0 {
                    let _ = write!(text, "/{}", parameter.arity);
                }
                if position < definition.instance_parameters {
                    text.insert(0, '!');
                }
                text
            })
            .collect();
        let _ = write!(line, "({})", parameters.join(", "));
    }
    let _ = write!(line, " L{}", definition.level);
    match &definition.body {
        Body::Expression(body) => {
            let _ = write!(line, " = {}", expr(hir, body));
        }
        Body::Function { bounds: function_bounds, body } => {
            let _ = write!(line, " = fn {} {}", bounds(hir, function_bounds), expr(hir, body));
        }
        Body::Native { module, name } => {
            let _ = write!(line, " = native {module}!{name}");
        }
    }
    line
}

fn definition_name(hir: &Hir, def: u32) -> String {
    let name = hir.definitions.get(def as usize).map_or("?", |definition| definition.name.as_str());
    format!("d{def}:{name}")
}

fn constant_name(hir: &Hir, constant: u32) -> String {
    let name = hir.constants.get(constant as usize).map_or("?", |declared| declared.name.as_str());
    format!("c{constant}:{name}")
}

fn list(hir: &Hir, exprs: &[Expr]) -> String {
    exprs.iter().map(|item| format!(" {}", expr(hir, item))).collect()
}

fn call(head: String, hir: &Hir, arguments: &[Expr]) -> String {
    if arguments.is_empty() {
        head
    } else {
        format!("({head}{})", list(hir, arguments))
    }
}

fn bounds(hir: &Hir, bounds: &[Bound]) -> String {
    let items: Vec<String> = bounds
        .iter()
        .map(|bound| {
            let names = bound.names.join(",");
            let mut text = if bound.tuple { format!("<<{names}>>") } else { names };
            if let Some(set) = &bound.set {
                let _ = write!(text, " \\in {}", expr(hir, set));
            }
            text
        })
        .collect();
    format!("[{}]", items.join("; "))
}

fn operator(hir: &Hir, operator: &OperatorRef) -> String {
    match operator {
        OperatorRef::Definition { def, instance_arguments } => {
            let mut text = format!("op:{}", definition_name(hir, *def));
            if !instance_arguments.is_empty() {
                let _ = write!(text, "[{}]", list(hir, instance_arguments).trim_start());
            }
            text
        }
        OperatorRef::Local { def, up } => format!("op:{}^{up}", definition_name(hir, *def)),
        OperatorRef::Parameter(index) => format!("op:%{index}"),
        OperatorRef::Builtin(op) => format!("op:{}", op.name()),
    }
}

fn quantifier(quantifier: Quantifier, temporal: bool) -> &'static str {
    match (quantifier, temporal) {
        (Quantifier::Forall, false) => "\\A",
        (Quantifier::Exists, false) => "\\E",
        (Quantifier::Forall, true) => "\\AA",
        (Quantifier::Exists, true) => "\\EE",
    }
}

/// One expression as an s-expression.
pub fn expr(hir: &Hir, expr: &Expr) -> String {
    stacker::maybe_grow(64 * 1024, 1024 * 1024, || expr_inner(hir, expr))
}

fn expr_inner(hir: &Hir, e: &Expr) -> String {
    match &e.kind {
        ExprKind::Bool(value) => if *value { "TRUE" } else { "FALSE" }.to_string(),
        ExprKind::Int(value) => value.to_string(),
        ExprKind::LargeNumber(text) | ExprKind::Decimal(text) => text.clone(),
        ExprKind::Str(text) => format!("{text:?}"),
        ExprKind::BooleanSet => "BOOLEAN".to_string(),
        ExprKind::StringSet => "STRING".to_string(),
        ExprKind::Local(index) => format!("%{index}"),
        ExprKind::Constant(constant) => constant_name(hir, *constant),
        ExprKind::Variable(variable) => {
            let name = hir
                .variables
                .get(*variable as usize)
                .map_or("?", |declared| declared.name.as_str());
            format!("v{variable}:{name}")
        }
        ExprKind::Call { def, arguments } => call(definition_name(hir, *def), hir, arguments),
        ExprKind::CallLet { def, up, arguments } => {
            call(format!("{}^{up}", definition_name(hir, *def)), hir, arguments)
        }
        ExprKind::CallParameter { index, arguments } => {
            format!("(%{index}{})", list(hir, arguments))
        }
        ExprKind::CallConstant { constant, arguments } => {
            format!("({}{})", constant_name(hir, *constant), list(hir, arguments))
        }
        ExprKind::Operator(reference) => operator(hir, reference),
        ExprKind::Builtin { op, arguments } => format!("({}{})", op.name(), list(hir, arguments)),
        ExprKind::Outer { up, expr: inner } => format!("(outer {up} {})", expr(hir, inner)),
        ExprKind::Junction { conjunction, items } => {
            format!("({}{})", if *conjunction { "/\\" } else { "\\/" }, list(hir, items))
        }
        ExprKind::If { condition, then_branch, else_branch } => format!(
            "(if {} {} {})",
            expr(hir, condition),
            expr(hir, then_branch),
            expr(hir, else_branch)
        ),
        ExprKind::Case { arms, other } => {
            let mut text = "(case".to_string();
            for (guard, value) in arms {
                let _ = write!(text, " ({} -> {})", expr(hir, guard), expr(hir, value));
            }
            if let Some(other) = other {
                let _ = write!(text, " (other {})", expr(hir, other));
            }
            text.push(')');
            text
        }
        ExprKind::Let { definitions, body } => {
            let names: Vec<String> = definitions.iter().map(|def| format!("d{def}")).collect();
            format!("(let [{}] {})", names.join(" "), expr(hir, body))
        }
        ExprKind::Quantified { quantifier: q, bounds: b, body } => {
            format!("({} {} {})", quantifier(*q, false), bounds(hir, b), expr(hir, body))
        }
        ExprKind::Choose { bound, body } => {
            format!("(choose {} {})", bounds(hir, std::slice::from_ref(&**bound)), expr(hir, body))
        }
        ExprKind::SetEnumeration(items) => format!("(set{})", list(hir, items)),
        ExprKind::SetFilter { bound, predicate } => format!(
            "(filter {} {})",
            bounds(hir, std::slice::from_ref(&**bound)),
            expr(hir, predicate)
        ),
        ExprKind::SetMap { element, bounds: b } => {
            format!("(map {} {})", expr(hir, element), bounds(hir, b))
        }
        ExprKind::FunctionConstructor { bounds: b, body } => {
            format!("(fn {} {})", bounds(hir, b), expr(hir, body))
        }
        ExprKind::FunctionSet { domain, range } => {
            format!("(-> {} {})", expr(hir, domain), expr(hir, range))
        }
        ExprKind::Apply { function, arguments } => {
            format!("(apply {}{})", expr(hir, function), list(hir, arguments))
        }
        ExprKind::Record(fields) | ExprKind::RecordSet(fields) => {
            let head = if matches!(e.kind, ExprKind::Record(_)) { "record" } else { "recordset" };
            let fields: String = fields
                .iter()
                .map(|(name, value)| format!(" {name}:{}", expr(hir, value)))
                .collect();
            format!("({head}{fields})")
        }
        ExprKind::Field { record, field } => format!("(. {} {field})", expr(hir, record)),
        ExprKind::Except { function, updates } => {
            let mut text = format!("(except {}", expr(hir, function));
            for update in updates {
                text.push_str(" (");
                for item in &update.path {
                    match item {
                        ExceptPathItem::Field(name) => {
                            let _ = write!(text, ".{name}");
                        }
                        ExceptPathItem::Index(indices) => {
                            let _ = write!(text, "[{}]", list(hir, indices).trim_start());
                        }
                    }
                }
                let _ = write!(text, " := {})", expr(hir, &update.value));
            }
            text.push(')');
            text
        }
        ExprKind::ExceptAt => "@".to_string(),
        ExprKind::Tuple(items) => format!("(tuple{})", list(hir, items)),
        ExprKind::Product(items) => format!("(X{})", list(hir, items)),
        ExprKind::BoxAction { action, subscript } => {
            format!("([]_ {} {})", expr(hir, action), expr(hir, subscript))
        }
        ExprKind::AngleAction { action, subscript } => {
            format!("(<>_ {} {})", expr(hir, action), expr(hir, subscript))
        }
        ExprKind::Fairness { strong, subscript, action } => format!(
            "({} {} {})",
            if *strong { "SF" } else { "WF" },
            expr(hir, subscript),
            expr(hir, action)
        ),
        ExprKind::TemporalQuantified { quantifier: q, names, body } => {
            format!("({} [{}] {})", quantifier(*q, true), names.join(","), expr(hir, body))
        }
        ExprKind::Label { name, body } => format!("(label {name} {})", expr(hir, body)),
        ExprKind::Unsupported { what } => format!("(unsupported {what:?})"),
    }
}
