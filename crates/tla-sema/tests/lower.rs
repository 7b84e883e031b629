//! Lowering to the resolved representation, checked on small specifications written for these
//! tests: each folder under `tests/data/lower` holds a root module `Main.tla` (and the modules it
//! uses besides the embedded standard ones) and `expected.txt`, the dump of the lowered HIR.
//! `UPDATE_EXPECT=1 cargo test` rewrites the expected dumps.

use std::path::{Path, PathBuf};
use tla_sema::hir::{
    Body, Bound, DefId, ExceptPathItem, Expr, ExprKind, Hir, OperatorRef, Parameter,
};
use tla_sema::{ModuleSource, SourceFile};

/// Modules from the case's folder, then the embedded standard modules.
struct CaseModules {
    folder: PathBuf,
}

impl ModuleSource for CaseModules {
    fn find_module(&mut self, name: &str) -> Option<SourceFile> {
        let path = self.folder.join(format!("{name}.tla"));
        if let Ok(text) = std::fs::read_to_string(&path) {
            return Some(SourceFile { path: path.display().to_string(), text });
        }
        let embedded = tla_modules::embedded_module(name)?;
        Some(SourceFile { path: format!("{name}.tla"), text: embedded.text.to_string() })
    }
}

/// The evaluator's natives as the embedded modules list them, plus `Lib`'s `Fast`.
fn fake_is_native(module: &str, name: &str) -> bool {
    if module == "Lib" {
        return name == "Fast";
    }
    tla_modules::embedded_module(module).is_some_and(|embedded| embedded.is_builtin(name))
}

fn check(case: &str) {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/lower").join(case);
    let text = std::fs::read_to_string(folder.join("Main.tla")).unwrap();
    let mut source = CaseModules { folder: folder.clone() };
    let spec = tla_sema::load_specification(
        "Main",
        SourceFile { path: "Main.tla".into(), text },
        &mut source,
    );
    assert!(spec.errors.is_empty(), "{case}: loading failed: {:?}", spec.errors);
    let analysis = tla_sema::analyze(&spec);
    assert!(!analysis.has_errors(), "{case}: analysis failed: {:?}", analysis.diagnostics);
    let hir = tla_sema::lower::lower(&spec, &fake_is_native)
        .unwrap_or_else(|error| panic!("{case}: lowering failed: {}", error.message));
    let violations = contract_violations(&hir);
    assert!(violations.is_empty(), "{case}: {violations:?}");
    let actual = tla_sema::hir_dump::dump(&hir);
    let expected_path = folder.join("expected.txt");
    if std::env::var_os("UPDATE_EXPECT").is_some() {
        std::fs::write(&expected_path, &actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
    assert_eq!(expected, actual, "{case}: the dump differs (UPDATE_EXPECT=1 rewrites it)");
}

#[test]
fn extends_and_let() {
    check("extends_let");
}

#[test]
fn higher_order_recursion_except_labels() {
    check("higher_order");
}

#[test]
fn instances() {
    check("instances");
}

#[test]
fn natives_and_temporal_operators() {
    check("natives_temporal");
}

/// Checks the environment layout of `hir.rs` on every body: de Bruijn indices and `up`s within
/// the environment, argument counts matching the callee, operator arguments exactly where the
/// callee's parameter is an operator.
fn contract_violations(hir: &Hir) -> Vec<String> {
    let mut checker = ContractChecker { hir, violations: Vec::new() };
    for (def, definition) in hir.definitions.iter().enumerate() {
        if !definition.local {
            checker.definition(def as DefId, 0);
        }
    }
    for assumption in &hir.assumptions {
        checker.expr(&assumption.body, 0);
    }
    checker.violations
}

struct ContractChecker<'h> {
    hir: &'h Hir,
    violations: Vec<String>,
}

impl ContractChecker<'_> {
    fn fail(&mut self, what: String) {
        self.violations.push(what);
    }

    /// A definition whose body sees `depth` bindings besides its parameters.
    fn definition(&mut self, def: DefId, depth: u32) {
        let definition = self.hir.definition(def);
        let depth = depth + definition.parameters.len() as u32;
        match &definition.body {
            Body::Expression(body) => self.expr(body, depth),
            Body::Function { bounds, body } => {
                let inner = self.bounds(bounds, depth);
                self.expr(body, inner);
            }
            Body::Native { .. } => {}
        }
    }

    fn bounds(&mut self, bounds: &[Bound], depth: u32) -> u32 {
        for set in bounds.iter().filter_map(|bound| bound.set.as_ref()) {
            self.expr(set, depth);
        }
        depth + bounds.iter().map(|bound| bound.width() as u32).sum::<u32>()
    }

    fn arguments(&mut self, parameters: &[Parameter], arguments: &[Expr], depth: u32) {
        if parameters.len() != arguments.len() {
            self.fail(format!("{} arguments for {} parameters", arguments.len(), parameters.len()));
        }
        for (parameter, argument) in parameters.iter().zip(arguments) {
            if (parameter.arity > 0) != matches!(argument.kind, ExprKind::Operator(_)) {
                self.fail(format!("argument for {} has the wrong kind", parameter.name));
            }
        }
        self.all(arguments, depth);
    }

    fn all(&mut self, exprs: &[Expr], depth: u32) {
        for expr in exprs {
            self.expr(expr, depth);
        }
    }

    fn expr(&mut self, expr: &Expr, depth: u32) {
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.expr_inner(expr, depth));
    }

    fn expr_inner(&mut self, expr: &Expr, depth: u32) {
        let hir = self.hir;
        match &expr.kind {
            ExprKind::Local(index) | ExprKind::CallParameter { index, .. } if *index >= depth => {
                self.fail(format!("index {index} with {depth} bindings"))
            }
            ExprKind::Call { def, arguments } => {
                self.arguments(&hir.definition(*def).parameters, arguments, depth)
            }
            ExprKind::CallLet { def, up, arguments } => {
                if *up > depth || !hir.definition(*def).local {
                    self.fail(format!("bad LET call of d{def}"));
                }
                self.arguments(&hir.definition(*def).parameters, arguments, depth);
            }
            ExprKind::CallParameter { arguments, .. }
            | ExprKind::CallConstant { arguments, .. }
            | ExprKind::Builtin { arguments, .. }
            | ExprKind::Junction { items: arguments, .. }
            | ExprKind::SetEnumeration(arguments)
            | ExprKind::Tuple(arguments)
            | ExprKind::Product(arguments) => self.all(arguments, depth),
            ExprKind::Operator(OperatorRef::Definition { def, instance_arguments }) => {
                if hir.definition(*def).instance_parameters != instance_arguments.len() {
                    self.fail(format!("instance arguments of d{def}"));
                }
                self.all(instance_arguments, depth);
            }
            ExprKind::Operator(OperatorRef::Local { def, up }) => {
                if *up > depth {
                    self.fail(format!("reference to d{def} drops {up} of {depth}"));
                }
                if hir.definition(*def).name == "LAMBDA" && *up == 0 {
                    self.definition(*def, depth);
                }
            }
            ExprKind::Operator(OperatorRef::Parameter(index)) if *index >= depth => {
                self.fail(format!("operator parameter {index} with {depth} bindings"))
            }
            ExprKind::Outer { up, expr } => match depth.checked_sub(*up) {
                Some(outer) => self.expr(expr, outer),
                None => self.fail(format!("outer {up} with {depth} bindings")),
            },
            ExprKind::If { condition, then_branch, else_branch } => {
                self.expr(condition, depth);
                self.expr(then_branch, depth);
                self.expr(else_branch, depth);
            }
            ExprKind::Case { arms, other } => {
                for (guard, value) in arms {
                    self.expr(guard, depth);
                    self.expr(value, depth);
                }
                if let Some(other) = other {
                    self.expr(other, depth);
                }
            }
            ExprKind::Let { definitions, body } => {
                for def in definitions {
                    self.definition(*def, depth);
                }
                self.expr(body, depth);
            }
            ExprKind::Quantified { bounds, body, .. }
            | ExprKind::FunctionConstructor { bounds, body }
            | ExprKind::SetMap { element: body, bounds } => {
                let inner = self.bounds(bounds, depth);
                self.expr(body, inner);
            }
            ExprKind::Choose { bound, body } | ExprKind::SetFilter { bound, predicate: body } => {
                let inner = self.bounds(std::slice::from_ref(&**bound), depth);
                self.expr(body, inner);
            }
            ExprKind::FunctionSet { domain: left, range: right }
            | ExprKind::BoxAction { action: left, subscript: right }
            | ExprKind::AngleAction { action: left, subscript: right }
            | ExprKind::Fairness { action: left, subscript: right, .. } => {
                self.expr(left, depth);
                self.expr(right, depth);
            }
            ExprKind::Apply { function, arguments } => {
                self.expr(function, depth);
                self.all(arguments, depth);
            }
            ExprKind::Record(fields) | ExprKind::RecordSet(fields) => {
                for (_, value) in fields {
                    self.expr(value, depth);
                }
            }
            ExprKind::Field { record: inner, .. } | ExprKind::Label { body: inner, .. } => {
                self.expr(inner, depth)
            }
            ExprKind::Except { function, updates } => {
                self.expr(function, depth);
                for update in updates {
                    for item in &update.path {
                        if let ExceptPathItem::Index(indices) = item {
                            self.all(indices, depth);
                        }
                    }
                    self.expr(&update.value, depth);
                }
            }
            ExprKind::TemporalQuantified { names, body, .. } => {
                self.expr(body, depth + names.len() as u32)
            }
            _ => {}
        }
    }
}

/// Long operator chains make trees as deep as the parser allows; lowering, copying
/// substitutions into instances, dumping and dropping must not overflow a test thread's stack.
#[test]
fn deep_expressions() {
    let chain = vec!["1"; 4000].join(" + ");
    let text = format!(
        "---- MODULE Main ----\nEXTENDS Naturals\n---- MODULE Inner ----\nCONSTANT c\n\
         Use == \\A q \\in {{1}} : c = q\n====\nASSUME Fact == {chain} > 0\n\
         I == INSTANCE Inner WITH c <- {chain}\nX == I!Use /\\ Fact\n===="
    );
    let mut source = CaseModules { folder: PathBuf::new() };
    let spec = tla_sema::load_specification(
        "Main",
        SourceFile { path: "Main.tla".into(), text },
        &mut source,
    );
    assert!(spec.errors.is_empty(), "{:?}", spec.errors);
    assert!(!tla_sema::analyze(&spec).has_errors());
    let hir = tla_sema::lower::lower(&spec, &fake_is_native).unwrap();
    assert!(contract_violations(&hir).is_empty());
    assert!(tla_sema::hir_dump::dump(&hir).contains("(outer 1 (d0:+"));
}
