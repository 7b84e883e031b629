//! The public shape of a TLA+ module, as the signature table records it: what it extends, what
//! it instantiates, and every operator it declares or defines, with arity, fixity and `LOCAL`.
//!
//! Shared by the signature test (which checks our embedded modules against the committed
//! table) and by the `extract_signatures` example (which derived that table from the original
//! modules shipped with SANY and the CommunityModules), so both sides are read the same way.

use super::references::{canonical, parameter_relevance, Relevance};
use tla_syntax::ast::{BoundPattern, DeclarationShape, Definition, DefinitionKind, Module, Unit};

/// One row of the signature table.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub struct SignatureRow {
    pub module: String,
    /// `extends`, `instance`, `operator`, `function`, `named-instance`, `constant` or `variable`.
    pub kind: String,
    pub name: String,
    /// The number of arguments the operator takes (0 for constants, variables, functions).
    pub arity: usize,
    /// `ordinary`, `prefix`, `infix` or `postfix`.
    pub fixity: String,
    /// The arity of each parameter (`0` for an ordinary parameter, `2` for `Op(_, _)`), comma
    /// separated; for a function definition, the number of bound names; `-` when none.
    pub parameter_arities: String,
    /// The 1-based positions of the parameters the body depends on (see `references.rs`),
    /// comma separated; `none` when it ignores them all; `-` when there are no parameters.
    pub level_parameters: String,
    /// Whether the definition is invisible to modules that extend or instantiate this one.
    pub local: bool,
}

pub const TABLE_HEADER: &str =
    "module\tkind\tname\tarity\tfixity\tparameter_arities\tlevel_parameters\tlocal";

impl SignatureRow {
    pub fn to_tsv(&self) -> String {
        format!(
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
            self.module,
            self.kind,
            self.name,
            self.arity,
            self.fixity,
            self.parameter_arities,
            self.level_parameters,
            if self.local { "local" } else { "public" }
        )
    }

    pub fn from_tsv(line: &str) -> Result<SignatureRow, String> {
        let fields: Vec<&str> = line.split('\t').collect();
        let [module, kind, name, arity, fixity, parameter_arities, level_parameters, local] =
            fields[..]
        else {
            return Err(format!("expected 8 tab-separated fields: {line:?}"));
        };
        let arity = arity.parse().map_err(|_| format!("bad arity in {line:?}"))?;
        let local = match local {
            "local" => true,
            "public" => false,
            _ => return Err(format!("bad local column in {line:?}")),
        };
        Ok(SignatureRow {
            module: module.to_string(),
            kind: kind.to_string(),
            name: name.to_string(),
            arity,
            fixity: fixity.to_string(),
            parameter_arities: parameter_arities.to_string(),
            level_parameters: level_parameters.to_string(),
            local,
        })
    }
}

/// Reads a signature table: one row a line; `#` lines, blank lines and the header are skipped.
pub fn parse_table(text: &str) -> Result<Vec<SignatureRow>, String> {
    text.lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#') && *line != TABLE_HEADER)
        .map(SignatureRow::from_tsv)
        .collect()
}

/// The signature rows of the modules in `texts`, which are read together because an
/// operator's level parameters depend on the operators it applies; or the first module's
/// parser diagnostic, named by `label`.
pub fn modules_signature(texts: &[(String, String)]) -> Result<Vec<SignatureRow>, String> {
    let mut modules = Vec::new();
    for (label, text) in texts {
        let parsed = tla_syntax::parse_module(text);
        if let Some(diagnostic) = parsed.diagnostics.first() {
            return Err(format!("{label}: {}", diagnostic.message));
        }
        modules.push(parsed.module.ok_or_else(|| format!("{label}: no module found"))?);
    }
    let definitions: Vec<&Definition> = modules
        .iter()
        .flat_map(|module| module.units.iter())
        .filter_map(|unit| match unit {
            Unit::Definition(definition) => Some(definition),
            _ => None,
        })
        .collect();
    let recursive: Vec<String> = modules.iter().flat_map(recursive_names).collect();
    let relevance = parameter_relevance(&definitions, &recursive);
    Ok(modules.iter().flat_map(|module| signature_of(module, &relevance)).collect())
}

pub fn signature_of(module: &Module, relevance: &Relevance) -> Vec<SignatureRow> {
    let module_name = module.name.text.clone();
    let row = |kind: &str, name: &str, arity: usize, fixity: &str, parameters: String, local| {
        SignatureRow {
            module: module_name.clone(),
            kind: kind.to_string(),
            name: name.to_string(),
            arity,
            fixity: fixity.to_string(),
            parameter_arities: if parameters.is_empty() { "-".to_string() } else { parameters },
            level_parameters: "-".to_string(),
            local,
        }
    };
    // SANY exports an operator declared RECURSIVE even when its definition says LOCAL (the
    // declaration itself cannot be LOCAL), so the table records that effective visibility.
    let declared_recursive = recursive_names(module);
    let mut rows = Vec::new();
    for extended in &module.extends {
        rows.push(row("extends", &extended.text, 0, "ordinary", String::new(), false));
    }
    for unit in &module.units {
        match unit {
            Unit::Constants(declarations) => {
                for declaration in declarations {
                    let (arity, fixity) = shape_arity_and_fixity(&declaration.shape);
                    let name = canonical(&declaration.name.text);
                    rows.push(row("constant", &name, arity, fixity, String::new(), false));
                }
            }
            Unit::Variables(names) => {
                for name in names {
                    rows.push(row("variable", &name.text, 0, "ordinary", String::new(), false));
                }
            }
            Unit::Instance(instance) => {
                let name = &instance.module.text;
                rows.push(row("instance", name, 0, "ordinary", String::new(), instance.local));
            }
            Unit::Definition(definition) => {
                let (kind, name, arity, fixity, parameters) = definition_shape(definition);
                let mut definition_row =
                    row(&kind, &name, arity, fixity, parameters, definition.local);
                if declared_recursive.contains(&definition_row.name) {
                    definition_row.local = false;
                }
                if let Some(positions) = relevance.get(&definition_row.name) {
                    if definition_row.kind == "operator" && !positions.is_empty() {
                        definition_row.level_parameters = level_parameters(positions);
                    }
                }
                rows.push(definition_row);
            }
            _ => {}
        }
    }
    rows.sort();
    rows
}

fn level_parameters(positions: &[bool]) -> String {
    let used: Vec<String> = positions
        .iter()
        .enumerate()
        .filter(|(_, used)| **used)
        .map(|(index, _)| (index + 1).to_string())
        .collect();
    if used.is_empty() {
        "none".to_string()
    } else {
        used.join(",")
    }
}

/// The names a module declares `RECURSIVE`.
fn recursive_names(module: &Module) -> Vec<String> {
    module
        .units
        .iter()
        .filter_map(|unit| match unit {
            Unit::Recursive(declarations) => Some(declarations),
            _ => None,
        })
        .flatten()
        .map(|declaration| canonical(&declaration.name.text))
        .collect()
}

/// A definition's kind, canonical name, arity, fixity and parameter arities.
type DefinitionShape = (String, String, usize, &'static str, String);

fn definition_shape(definition: &Definition) -> DefinitionShape {
    let name = canonical(&definition.name.text);
    match &definition.kind {
        DefinitionKind::Operator { shape, parameters, .. } => {
            let (_, fixity) = shape_arity_and_fixity(shape);
            let arities: Vec<String> = parameters
                .iter()
                .map(|parameter| shape_arity_and_fixity(&parameter.shape).0.to_string())
                .collect();
            ("operator".to_string(), name, parameters.len(), fixity, arities.join(","))
        }
        DefinitionKind::Function { bounds, .. } => {
            let bound_names: usize = bounds
                .iter()
                .map(|bound| match &bound.pattern {
                    BoundPattern::Names(names) => names.len(),
                    BoundPattern::Tuple(_) => 1,
                })
                .sum();
            ("function".to_string(), name, 0, "ordinary", bound_names.to_string())
        }
        DefinitionKind::Instance { parameters, instance } => {
            let arities: Vec<String> = parameters
                .iter()
                .map(|parameter| shape_arity_and_fixity(&parameter.shape).0.to_string())
                .collect();
            let kind = format!("named-instance:{}", instance.module.text);
            (kind, name, parameters.len(), "ordinary", arities.join(","))
        }
    }
}

fn shape_arity_and_fixity(shape: &DeclarationShape) -> (usize, &'static str) {
    match shape {
        DeclarationShape::Operator { arity } => (*arity, "ordinary"),
        DeclarationShape::Prefix => (1, "prefix"),
        DeclarationShape::Infix => (2, "infix"),
        DeclarationShape::Postfix => (1, "postfix"),
    }
}
