//! A compact S-expression rendering of syntax trees, for snapshot tests and debugging.
//!
//! The rendering shows the structure the parser chose (which operator binds to what) and
//! nothing else, so a snapshot changes only when the tree does.

use crate::ast::{
    BoundGroup, BoundPattern, DeclarationShape, Definition, DefinitionKind, ExceptPathItem, Expr,
    ExprKind, Module, Proof, ProofStepKind, Quantifier, Selector, Unit,
};
use std::fmt::Write;

/// Renders a module, one unit per line.
pub fn module_to_sexpr(module: &Module) -> String {
    let mut res = String::new();
    let _ = write!(res, "(module {}", module.name.text);
    if !module.extends.is_empty() {
        let names: Vec<&str> = module.extends.iter().map(|name| name.text.as_str()).collect();
        let _ = write!(res, " (extends {})", names.join(" "));
    }
    res.push('\n');
    for unit in &module.units {
        res.push_str("  ");
        unit_to_sexpr(unit, &mut res);
        res.push('\n');
    }
    res.push_str(")\n");
    res
}

fn unit_to_sexpr(unit: &Unit, out: &mut String) {
    match unit {
        Unit::Constants(declarations) | Unit::Recursive(declarations) => {
            let keyword =
                if matches!(unit, Unit::Constants(_)) { "constants" } else { "recursive" };
            let names: Vec<String> = declarations
                .iter()
                .map(|declaration| match declaration.shape {
                    DeclarationShape::Operator { arity: 0 } => declaration.name.text.clone(),
                    DeclarationShape::Operator { arity } => {
                        format!("{}/{arity}", declaration.name.text)
                    }
                    DeclarationShape::Prefix => format!("{}_", declaration.name.text),
                    DeclarationShape::Infix => format!("_{}_", declaration.name.text),
                    DeclarationShape::Postfix => format!("_{}", declaration.name.text),
                })
                .collect();
            let _ = write!(out, "({keyword} {})", names.join(" "));
        }
        Unit::Variables(names) => {
            let names: Vec<&str> = names.iter().map(|name| name.text.as_str()).collect();
            let _ = write!(out, "(variables {})", names.join(" "));
        }
        Unit::Definition(definition) => definition_to_sexpr(definition, out),
        Unit::Instance(instance) => {
            let _ = write!(out, "(instance {}", instance.module.text);
            for substitution in &instance.substitutions {
                let _ = write!(out, " ({} ", substitution.target.text);
                expr_to_sexpr(&substitution.value, out);
                out.push(')');
            }
            out.push(')');
        }
        Unit::Assume(assume) => {
            out.push_str("(assume ");
            expr_to_sexpr(&assume.body, out);
            out.push(')');
        }
        Unit::Theorem(theorem) => {
            out.push_str("(theorem ");
            expr_to_sexpr(&theorem.body, out);
            if let Some(proof) = &theorem.proof {
                out.push(' ');
                proof_to_sexpr(proof, out);
            }
            out.push(')');
        }
        Unit::Module(module) => {
            let _ = write!(out, "(module {} ({} units))", module.name.text, module.units.len());
        }
        Unit::UseOrHide(use_or_hide) => {
            let keyword = if use_or_hide.hide { "hide" } else { "use" };
            let _ = write!(
                out,
                "({keyword} {} {})",
                use_or_hide.facts.len(),
                use_or_hide.definitions.len()
            );
        }
        Unit::Separator(_) => out.push_str("----"),
    }
}

fn definition_to_sexpr(definition: &Definition, out: &mut String) {
    let local = if definition.local { "local " } else { "" };
    match &definition.kind {
        DefinitionKind::Operator { parameters, body, .. } => {
            let parameters: Vec<&str> = parameters.iter().map(|p| p.name.text.as_str()).collect();
            let _ = write!(out, "({local}def {} ({}) ", definition.name.text, parameters.join(" "));
            expr_to_sexpr(body, out);
            out.push(')');
        }
        DefinitionKind::Function { bounds, body } => {
            let _ = write!(out, "({local}fundef {} ", definition.name.text);
            bounds_to_sexpr(bounds, out);
            out.push(' ');
            expr_to_sexpr(body, out);
            out.push(')');
        }
        DefinitionKind::Instance { instance, .. } => {
            let _ = write!(
                out,
                "({local}def {} (instance {}))",
                definition.name.text, instance.module.text
            );
        }
    }
}

fn proof_to_sexpr(proof: &Proof, out: &mut String) {
    match proof {
        Proof::Obvious(_) => out.push_str("obvious"),
        Proof::Omitted(_) => out.push_str("omitted"),
        Proof::By(by) => {
            let _ = write!(out, "(by {} {})", by.facts.len(), by.definitions.len());
        }
        Proof::Steps(steps) => {
            out.push_str("(proof");
            for step in steps {
                let label = step.label.as_ref().map_or("", |label| label.text.as_str());
                let kind = match &step.kind {
                    ProofStepKind::Qed => "qed",
                    ProofStepKind::Assert(_) => "assert",
                    ProofStepKind::Suffices(_) => "suffices",
                    ProofStepKind::Case(_) => "case",
                    ProofStepKind::Pick { .. } => "pick",
                    ProofStepKind::Have(_) => "have",
                    ProofStepKind::Take(_) => "take",
                    ProofStepKind::Witness(_) => "witness",
                    ProofStepKind::Define(_) => "define",
                    ProofStepKind::UseOrHide(_) => "use",
                    ProofStepKind::Instance(_) => "instance",
                };
                let _ = write!(out, " ({label} {kind}");
                if let Some(inner) = &step.proof {
                    out.push(' ');
                    proof_to_sexpr(inner, out);
                }
                out.push(')');
            }
            out.push(')');
        }
    }
}

fn bounds_to_sexpr(bounds: &[BoundGroup], out: &mut String) {
    out.push('(');
    for (idx, bound) in bounds.iter().enumerate() {
        if idx > 0 {
            out.push(' ');
        }
        match &bound.pattern {
            BoundPattern::Names(names) => {
                let names: Vec<&str> = names.iter().map(|name| name.text.as_str()).collect();
                out.push_str(&names.join(","));
            }
            BoundPattern::Tuple(names) => {
                let names: Vec<&str> = names.iter().map(|name| name.text.as_str()).collect();
                let _ = write!(out, "<<{}>>", names.join(","));
            }
        }
        if let Some(set) = &bound.set {
            out.push_str(" \\in ");
            expr_to_sexpr(set, out);
        }
    }
    out.push(')');
}

fn list(keyword: &str, exprs: &[Expr], out: &mut String) {
    let _ = write!(out, "({keyword}");
    for expr in exprs {
        out.push(' ');
        expr_to_sexpr(expr, out);
    }
    out.push(')');
}

/// Renders one expression.
pub fn expr_to_sexpr(expr: &Expr, out: &mut String) {
    match &expr.kind {
        ExprKind::Name(segments) => {
            let simple = segments.len() == 1 && segments[0].arguments.is_empty();
            if !simple {
                out.push('(');
            }
            for (idx, segment) in segments.iter().enumerate() {
                if idx > 0 {
                    out.push('!');
                }
                match &segment.selector {
                    Selector::Name(text) | Selector::Structural(text) => out.push_str(text),
                    Selector::Number(number) => {
                        let _ = write!(out, "{number}");
                    }
                    Selector::Arguments => {}
                }
                for argument in &segment.arguments {
                    out.push(' ');
                    expr_to_sexpr(argument, out);
                }
            }
            if !simple {
                out.push(')');
            }
        }
        ExprKind::Number(text) | ExprKind::Decimal(text) | ExprKind::StepName(text) => {
            out.push_str(text)
        }
        ExprKind::String(text) => {
            let _ = write!(out, "{text:?}");
        }
        ExprKind::Prefix { operator, operand } => {
            let _ = write!(out, "({} ", operator.text);
            expr_to_sexpr(operand, out);
            out.push(')');
        }
        ExprKind::Infix { operator, left, right } => {
            let _ = write!(out, "({} ", operator.text);
            expr_to_sexpr(left, out);
            out.push(' ');
            expr_to_sexpr(right, out);
            out.push(')');
        }
        ExprKind::Postfix { operator, operand } => {
            out.push('(');
            expr_to_sexpr(operand, out);
            let _ = write!(out, " {})", operator.text);
        }
        ExprKind::Product(factors) => list("\\X", factors, out),
        ExprKind::Apply { function, arguments } => {
            out.push_str("(apply ");
            expr_to_sexpr(function, out);
            for argument in arguments {
                out.push(' ');
                expr_to_sexpr(argument, out);
            }
            out.push(')');
        }
        ExprKind::Field { record, field } => {
            out.push_str("(. ");
            expr_to_sexpr(record, out);
            let _ = write!(out, " {})", field.text);
        }
        ExprKind::Junction { conjunction, items } => {
            list(if *conjunction { "/\\-list" } else { "\\/-list" }, items, out)
        }
        ExprKind::Parenthesized(inner) => {
            out.push_str("(paren ");
            expr_to_sexpr(inner, out);
            out.push(')');
        }
        ExprKind::If { condition, then_branch, else_branch } => list(
            "if",
            &[(**condition).clone(), (**then_branch).clone(), (**else_branch).clone()],
            out,
        ),
        ExprKind::Case { arms, other } => {
            out.push_str("(case");
            for (guard, value) in arms {
                out.push_str(" (");
                expr_to_sexpr(guard, out);
                out.push_str(" -> ");
                expr_to_sexpr(value, out);
                out.push(')');
            }
            if let Some(other) = other {
                out.push_str(" (other ");
                expr_to_sexpr(other, out);
                out.push(')');
            }
            out.push(')');
        }
        ExprKind::Let { definitions, body } => {
            out.push_str("(let (");
            for (idx, unit) in definitions.iter().enumerate() {
                if idx > 0 {
                    out.push(' ');
                }
                unit_to_sexpr(unit, out);
            }
            out.push_str(") ");
            expr_to_sexpr(body, out);
            out.push(')');
        }
        ExprKind::Quantified { quantifier, bounds, body } => {
            out.push_str(if *quantifier == Quantifier::Forall { "(\\A " } else { "(\\E " });
            bounds_to_sexpr(bounds, out);
            out.push(' ');
            expr_to_sexpr(body, out);
            out.push(')');
        }
        ExprKind::TemporalQuantified { quantifier, names, body } => {
            let names: Vec<&str> = names.iter().map(|name| name.text.as_str()).collect();
            let keyword = if *quantifier == Quantifier::Forall { "\\AA" } else { "\\EE" };
            let _ = write!(out, "({keyword} ({}) ", names.join(","));
            expr_to_sexpr(body, out);
            out.push(')');
        }
        ExprKind::Choose { pattern, set, body } => {
            out.push_str("(choose ");
            let bound = BoundGroup {
                pattern: pattern.clone(),
                set: set.as_deref().cloned(),
                span: expr.span,
            };
            bounds_to_sexpr(&[bound], out);
            out.push(' ');
            expr_to_sexpr(body, out);
            out.push(')');
        }
        ExprKind::SetEnumeration(elements) => list("set", elements, out),
        ExprKind::SetFilter { bound, predicate } => {
            out.push_str("(filter ");
            bounds_to_sexpr(std::slice::from_ref(bound), out);
            out.push(' ');
            expr_to_sexpr(predicate, out);
            out.push(')');
        }
        ExprKind::SetMap { element, bounds } => {
            out.push_str("(map ");
            expr_to_sexpr(element, out);
            out.push(' ');
            bounds_to_sexpr(bounds, out);
            out.push(')');
        }
        ExprKind::FunctionConstructor { bounds, body } => {
            out.push_str("(function ");
            bounds_to_sexpr(bounds, out);
            out.push(' ');
            expr_to_sexpr(body, out);
            out.push(')');
        }
        ExprKind::FunctionSet { domain, range } => {
            list("->", &[(**domain).clone(), (**range).clone()], out)
        }
        ExprKind::Record(fields) | ExprKind::RecordSet(fields) => {
            let keyword =
                if matches!(expr.kind, ExprKind::Record(_)) { "record" } else { "recordset" };
            let _ = write!(out, "({keyword}");
            for (name, value) in fields {
                let _ = write!(out, " ({} ", name.text);
                expr_to_sexpr(value, out);
                out.push(')');
            }
            out.push(')');
        }
        ExprKind::Except { function, updates } => {
            out.push_str("(except ");
            expr_to_sexpr(function, out);
            for update in updates {
                out.push_str(" (!");
                for item in &update.path {
                    match item {
                        ExceptPathItem::Field(name) => {
                            let _ = write!(out, ".{}", name.text);
                        }
                        ExceptPathItem::Index(indices) => list("", indices, out),
                    }
                }
                out.push(' ');
                expr_to_sexpr(&update.value, out);
                out.push(')');
            }
            out.push(')');
        }
        ExprKind::BracketList(elements) => list("brackets", elements, out),
        ExprKind::Tuple(elements) => list("tuple", elements, out),
        ExprKind::BoxAction { action, subscript } => {
            list("[]_", &[(**action).clone(), (**subscript).clone()], out)
        }
        ExprKind::AngleAction { action, subscript } => {
            list("<>_", &[(**action).clone(), (**subscript).clone()], out)
        }
        ExprKind::Fairness { fairness, subscript, action } => {
            let keyword = match fairness {
                crate::ast::Fairness::Weak => "WF_",
                crate::ast::Fairness::Strong => "SF_",
            };
            list(keyword, &[(**subscript).clone(), (**action).clone()], out)
        }
        ExprKind::Lambda { parameters, body } => {
            let names: Vec<&str> = parameters.iter().map(|name| name.text.as_str()).collect();
            let _ = write!(out, "(lambda ({}) ", names.join(" "));
            expr_to_sexpr(body, out);
            out.push(')');
        }
        ExprKind::Label { name, parameters, body } => {
            let names: Vec<&str> = parameters.iter().map(|name| name.text.as_str()).collect();
            let _ = write!(out, "(label {} ({}) ", name.text, names.join(" "));
            expr_to_sexpr(body, out);
            out.push(')');
        }
        ExprKind::AssumeProve { assumptions, conclusion } => {
            list("assume", assumptions, out);
            out.push_str(" (prove ");
            expr_to_sexpr(conclusion, out);
            out.push(')');
        }
        ExprKind::NewSymbol { declaration, set } => {
            let _ = write!(out, "(new {}", declaration.name.text);
            if let Some(set) = set {
                out.push(' ');
                expr_to_sexpr(set, out);
            }
            out.push(')');
        }
        ExprKind::Error => out.push_str("<error>"),
    }
}
