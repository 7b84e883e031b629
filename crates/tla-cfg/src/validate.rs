//! Checking a parsed cfg file against the names a specification defines, in TLC's order and
//! with TLC's words (`SpecProcessor.processSpec`/`processConfig`, `Spec.getViewSpec`,
//! `Tool.getSymmetryPerms`, `Spec.getAliasSpec`, `Spec.getPostConditionSpecs`, rev 4c54d98).
//!
//! The specification is passed in as data ([`SpecNames`]), so this crate needs no semantic
//! analysis. TLC stops at the first error; [`validate`] returns every error it finds in the
//! order TLC would meet them, so the first one is TLC's verdict. Checks that need the meaning of
//! a formula (is `SPECIFICATION`'s body of the right shape, is an invariant state-level, does a
//! substituted constant evaluate) are the caller's; their message constructors are here.

use std::collections::{HashMap, HashSet};

use tla_diagnostics::{Diagnostic, DiagnosticCode, Phase, Span};

use crate::error::{EXIT_CONFIG_ERROR, EXIT_UNEXPECTED_EXCEPTION};
use crate::model::{CfgName, CfgValueKind, ConstantEntry, ModelConfig, NamedEntry};
use crate::value_print::{print_with, InternOrder};

/// A `CONSTANT` declared in the root module, with its arity (`F(_, _)` has arity 2).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct DeclaredConstant {
    pub name: String,
    pub arity: usize,
}

/// A definition visible in a module (TLC's `OpDefNode`), with its arity.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct DefinedName {
    pub name: String,
    pub arity: usize,
    /// For a zero-arity, constant-level definition that TLC evaluates when it starts: the value,
    /// as TLC prints it (`FALSE`, `{1, 2}`). TLC then treats the name as a value, not an
    /// operator: `INVARIANT ConstFalse` gives "The invariant of ConstFalse is equal to FALSE",
    /// `INIT ConstTrue` gives "The initial predicate ConstTrue cannot be a constant.".
    pub constant_value: Option<String>,
}

/// The definitions of one module of the specification, for `[Mod]` qualified cfg lines.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ModuleDefinitions {
    pub name: String,
    pub definitions: Vec<DefinedName>,
}

/// What the cfg file is checked against: a summary of the specification.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct SpecNames {
    /// The root module's declared constants, in declaration order.
    pub constants: Vec<DeclaredConstant>,
    /// Every definition visible in the root module (its own, and those of modules it extends,
    /// standard modules included), in TLC's order (`ModuleNode.getOpDefs`).
    pub definitions: Vec<DefinedName>,
    /// Whether the specification declares state variables (an `INIT` is then required).
    pub has_variables: bool,
    /// Every module of the specification (root, extended, instantiated, standard).
    pub modules: Vec<ModuleDefinitions>,
}

/// When TLC notices a fault: most at start-up, `POSTCONDITION` only after the state space has
/// been explored (so a violation found first wins), and a bad `ALIAS` never: TLC evaluates the
/// alias only to print a trace and silently prints the plain state when that fails.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CheckMoment {
    Startup,
    AfterChecking,
    NeverReported,
}

/// The kinds of validation errors; the numbers are TLC's error codes (`EC.java`) where TLC has
/// one, and ours (52xx) for the Java exceptions TLC lets escape.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum ValidationErrorKind {
    ConstantNotAssigned,
    SubstitutionChain,
    SubstitutionUndefined,
    SubstitutionArity,
    SubstitutionNonConstant,
    IdentifierNotInSpec,
    BothSpecificationAndInitNext,
    RequiresNoArgument,
    NotDefined,
    HasValue,
    MissingInit,
    MissingNext,
    MustNotBeConstant,
    ArityInconsistent,
    ModuleNotInSpec,
    /// `SYMMETRY c` with `c` a constant: a `RuntimeException`, exit 255.
    SymmetryNotOperator,
    /// `F = v` followed by `F(a) = w`: TLC's `ClassCastException`, exit 255.
    ConstantTableClash,
}

impl ValidationErrorKind {
    pub fn code(self) -> DiagnosticCode {
        use ValidationErrorKind::*;
        let (number, name) = match self {
            ConstantNotAssigned => (2222, "cfg-constant-not-assigned"),
            SubstitutionChain => (2223, "cfg-substitution-chain"),
            SubstitutionUndefined => (2224, "cfg-substitution-undefined"),
            SubstitutionArity => (2225, "cfg-substitution-arity"),
            SubstitutionNonConstant => (2281, "cfg-substitution-non-constant"),
            IdentifierNotInSpec => (2226, "cfg-identifier-not-in-spec"),
            BothSpecificationAndInitNext => (2227, "cfg-both-specification-and-init-next"),
            RequiresNoArgument => (2228, "cfg-requires-no-argument"),
            NotDefined => (2229, "cfg-not-defined"),
            HasValue => (2230, "cfg-has-value"),
            MissingInit => (2231, "cfg-missing-init"),
            MissingNext => (2232, "cfg-missing-next"),
            MustNotBeConstant => (2233, "cfg-must-not-be-constant"),
            ArityInconsistent => (2242, "cfg-arity-inconsistent"),
            ModuleNotInSpec => (2245, "cfg-module-not-in-spec"),
            SymmetryNotOperator => (5201, "cfg-symmetry-not-operator"),
            ConstantTableClash => (5202, "cfg-constant-table-clash"),
        };
        DiagnosticCode { number, name, phase: Phase::Semantic }
    }
}

/// One disagreement between the cfg file and the specification.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ValidationError {
    pub kind: ValidationErrorKind,
    /// TLC's message, line breaks included.
    pub message: String,
    /// The cfg item at fault; empty (0..0) when the fault is an absence (a constant without a
    /// value, no `INIT`).
    pub span: Span,
    pub moment: CheckMoment,
    /// The Java exception class when TLC lets the error escape (exit 255), else `None` (151).
    pub java_exception: Option<&'static str>,
}

impl ValidationError {
    fn new(kind: ValidationErrorKind, span: Span, message: String) -> ValidationError {
        ValidationError { kind, message, span, moment: CheckMoment::Startup, java_exception: None }
    }

    /// `TLC_CONFIG_SUBSTITUTION_NON_CONSTANT`, for callers that evaluate substituted constants:
    /// `addendum` is empty or " - specifically: <reason>".
    pub fn substitution_non_constant(
        constant: &str,
        definition: &str,
        addendum: &str,
        span: Span,
    ) -> ValidationError {
        ValidationError::new(
            ValidationErrorKind::SubstitutionNonConstant,
            span,
            format!(
                "The configuration file substitutes constant {constant} with non-constant \
                 {definition}{addendum}"
            ),
        )
    }

    /// TLC's exit status: 151 for configuration errors, 255 for the ones that escape, `None`
    /// for faults TLC never reports ([`CheckMoment::NeverReported`]).
    pub fn exit_code(&self) -> Option<i32> {
        match (self.moment, self.java_exception) {
            (CheckMoment::NeverReported, _) => None,
            (_, Some(_)) => Some(EXIT_UNEXPECTED_EXCEPTION),
            (_, None) => Some(EXIT_CONFIG_ERROR),
        }
    }

    /// The lines TLC prints for this error.
    pub fn tlc_report(&self) -> String {
        match self.java_exception {
            None => format!("Error: {}", self.message),
            Some(exception) => format!(
                "Error: TLC threw an unexpected exception.\n\
                 This was probably caused by an error in the spec or model.\n\
                 See the User Output or TLC Console for clues to what happened.\n\
                 The exception was a {exception}\n: {}",
                self.message
            ),
        }
    }

    pub fn to_diagnostic(&self) -> Diagnostic {
        Diagnostic::error(self.kind.code(), self.span, self.message.replace('\n', " "))
    }
}

/// What a name means to TLC at some point of its start-up (its `defns` table).
#[derive(Clone, PartialEq, Eq, Debug)]
enum Meaning {
    Operator {
        arity: usize,
    },
    /// A declared constant's value from the cfg file (printed).
    ConstantValue(String),
    /// A definition TLC evaluated at start-up, or replaced by `Def = v` (printed).
    DefinitionValue(String),
}

impl Meaning {
    fn printed_value(&self) -> Option<&str> {
        match self {
            Meaning::Operator { .. } => None,
            Meaning::ConstantValue(text) | Meaning::DefinitionValue(text) => Some(text),
        }
    }
}

/// Checks `config` against `spec`, returning errors in the order TLC meets them.
///
/// TLC's verdict is the first error with [`CheckMoment::Startup`]; failing that, if the model
/// checking itself finds nothing, the first with [`CheckMoment::AfterChecking`].
pub fn validate(config: &ModelConfig, spec: &SpecNames) -> Vec<ValidationError> {
    let mut checker = Checker { config, spec, errors: Vec::new(), defns: HashMap::new() };
    checker.run();
    checker.errors
}

struct Checker<'c> {
    config: &'c ModelConfig,
    spec: &'c SpecNames,
    errors: Vec<ValidationError>,
    defns: HashMap<String, Meaning>,
}

fn requires_no_argument(what: &str, entry: &NamedEntry) -> ValidationError {
    ValidationError::new(
        ValidationErrorKind::RequiresNoArgument,
        entry.name.span,
        format!(
            "TLC requires {what} not to take any argument, but one was given: {}",
            entry.name.name
        ),
    )
}

fn not_defined(what: &str, entry: &NamedEntry) -> ValidationError {
    ValidationError::new(
        ValidationErrorKind::NotDefined,
        entry.name.span,
        format!(
            "The {what} {} specified in the configuration file\nis not defined in the specification.",
            entry.name.name
        ),
    )
}

fn has_value(what: &str, entry: &NamedEntry, value: &str) -> ValidationError {
    ValidationError::new(
        ValidationErrorKind::HasValue,
        entry.name.span,
        format!("The {what} of {} is equal to {value}", entry.name.name),
    )
}

fn must_not_be_constant(what: &str, entry: &NamedEntry) -> ValidationError {
    ValidationError::new(
        ValidationErrorKind::MustNotBeConstant,
        entry.name.span,
        format!("The {what} {} cannot be a constant.", entry.name.name),
    )
}

/// The Java class of a cfg value, for TLC's `ClassCastException` text.
fn java_value_class(kind: &CfgValueKind) -> &'static str {
    match kind {
        CfgValueKind::Integer(_) => "IntValue",
        CfgValueKind::String(_) => "StringValue",
        CfgValueKind::Boolean(_) => "BoolValue",
        CfgValueKind::ModelValue(_) => "ModelValue",
        CfgValueKind::Set(_) => "SetEnumValue",
    }
}

impl Checker<'_> {
    fn run(&mut self) {
        let table = self.constant_table();
        self.apply_constants(&table);
        self.apply_substitutions();
        self.apply_module_substitutions();
        self.check_constant_substitution_arity();
        let snapshot = self.defns.clone();
        self.pre_evaluate_constant_definitions();
        self.check_invariants();
        self.check_behaviour_spec();
        self.check_properties();
        self.check_missing_init_next();
        self.check_constraints();
        self.check_internal_keywords(&snapshot);
        self.check_view_and_symmetry(&snapshot);
        self.check_alias_and_postcondition();
    }

    /// TLC's `makeConstantTable`: plain `c = v` lines and operator tables `Op(a) = v`.
    fn constant_table(&mut self) -> HashMap<String, Meaning> {
        let order = InternOrder::of_config(self.config);
        let mut table: HashMap<String, Meaning> = HashMap::new();
        let mut plain_values: HashMap<String, &'static str> = HashMap::new();
        let mut table_arity: HashMap<String, usize> = HashMap::new();
        for assignment in self.config.assignments() {
            let name = &assignment.name.name;
            if !assignment.has_argument_list {
                table.insert(
                    name.clone(),
                    Meaning::ConstantValue(print_with(&assignment.value, &order)),
                );
                plain_values.insert(name.clone(), java_value_class(&assignment.value.kind));
                table_arity.remove(name);
                continue;
            }
            let arity = assignment.arguments.len();
            if let Some(class) = plain_values.get(name) {
                let message = format!(
                    "class tlc2.value.impl.{class} cannot be cast to class \
                     tlc2.value.impl.OpRcdValue (tlc2.value.impl.{class} and \
                     tlc2.value.impl.OpRcdValue are in unnamed module of loader 'app')"
                );
                let mut error = ValidationError::new(
                    ValidationErrorKind::ConstantTableClash,
                    assignment.span,
                    message,
                );
                error.java_exception = Some("java.lang.ClassCastException");
                self.errors.push(error);
                continue;
            }
            match table_arity.get(name) {
                Some(&known) if known != arity => self.errors.push(ValidationError::new(
                    ValidationErrorKind::ArityInconsistent,
                    assignment.span,
                    format!("The arity of the operator {name} is inconsistent in the configuration file."),
                )),
                Some(_) => {}
                None => {
                    table_arity.insert(name.clone(), arity);
                    table.insert(name.clone(), Meaning::ConstantValue(format!("<{name} table>")));
                }
            }
        }
        table
    }

    fn apply_constants(&mut self, table: &HashMap<String, Meaning>) {
        let spec = self.spec;
        let (substitutions, _) = substitution_map(self.config);
        for constant in &spec.constants {
            match table.get(&constant.name) {
                Some(value) => {
                    self.defns.insert(constant.name.clone(), value.clone());
                }
                None if !substitutions.contains_key(constant.name.as_str()) => {
                    self.errors.push(ValidationError::new(
                        ValidationErrorKind::ConstantNotAssigned,
                        Span::default(),
                        format!(
                            "The constant parameter {} is not assigned a value by the \
                             configuration file.",
                            constant.name
                        ),
                    ));
                }
                None => {}
            }
        }
        for definition in &spec.definitions {
            let meaning = match table.get(&definition.name) {
                Some(Meaning::ConstantValue(text)) => Meaning::DefinitionValue(text.clone()),
                _ => Meaning::Operator { arity: definition.arity },
            };
            self.defns.insert(definition.name.clone(), meaning);
        }
    }

    /// Substitutes `rhs` for `lhs` (`lhs_arity` for definitions), TLC's checks included.
    fn substitute(
        &mut self,
        lhs: &str,
        lhs_arity: Option<usize>,
        rhs: &CfgName,
        is_substituted: &dyn Fn(&str) -> bool,
    ) -> Option<Meaning> {
        if is_substituted(&rhs.name) {
            self.errors.push(ValidationError::new(
                ValidationErrorKind::SubstitutionChain,
                rhs.span,
                format!(
                    "In the configuration file, the identifier {} appears\non the right-hand side \
                     of a <- after already appearing on the\nleft-hand side of one.",
                    rhs.name
                ),
            ));
        }
        let Some(meaning) = self.defns.get(&rhs.name).cloned() else {
            self.errors.push(ValidationError::new(
                ValidationErrorKind::SubstitutionUndefined,
                rhs.span,
                format!(
                    "The configuration file substitutes for {lhs} with the undefined identifier {}.",
                    rhs.name
                ),
            ));
            return None;
        };
        if let (Some(arity), Meaning::Operator { arity: rhs_arity }) = (lhs_arity, &meaning) {
            if arity != *rhs_arity {
                self.errors.push(substitution_arity(lhs, rhs));
            }
        }
        Some(meaning)
    }

    fn apply_substitutions(&mut self) {
        let spec = self.spec;
        let (substitutions, order) = substitution_map(self.config);
        let substituted: HashSet<&str> = substitutions.keys().copied().collect();
        let is_substituted = |name: &str| substituted.contains(name);
        let mut done: HashSet<&str> = HashSet::new();
        for constant in &spec.constants {
            if let Some(rhs) = substitutions.get(constant.name.as_str()) {
                if let Some(meaning) = self.substitute(&constant.name, None, rhs, &is_substituted) {
                    self.defns.insert(constant.name.clone(), meaning);
                }
                done.insert(constant.name.as_str());
            }
        }
        for definition in &spec.definitions {
            if let Some(rhs) = substitutions.get(definition.name.as_str()) {
                let arity = Some(definition.arity);
                if let Some(meaning) =
                    self.substitute(&definition.name, arity, rhs, &is_substituted)
                {
                    self.defns.insert(definition.name.clone(), meaning);
                }
                done.insert(definition.name.as_str());
            }
        }
        for name in order {
            if !done.contains(name.name.as_str()) {
                self.errors.push(not_in_spec(name));
            }
        }
    }

    fn apply_module_substitutions(&mut self) {
        let spec = self.spec;
        let mut by_module: HashMap<&str, (HashMap<&str, &CfgName>, Vec<&CfgName>)> = HashMap::new();
        let mut module_order: Vec<&CfgName> = Vec::new();
        for entry in &self.config.constants {
            let ConstantEntry::Substitution(substitution) = entry else { continue };
            let Some(module) = &substitution.module else { continue };
            let slot = by_module.entry(module.name.as_str()).or_insert_with(|| {
                module_order.push(module);
                Default::default()
            });
            if slot.0.insert(substitution.name.name.as_str(), &substitution.definition).is_none() {
                slot.1.push(&substitution.name);
            }
        }
        for module in &spec.modules {
            let Some((substitutions, order)) = by_module.get(module.name.as_str()) else {
                continue;
            };
            let is_substituted = |name: &str| substitutions.contains_key(name);
            let mut done: HashSet<&str> = HashSet::new();
            for definition in &module.definitions {
                if let Some(rhs) = substitutions.get(definition.name.as_str()) {
                    self.substitute(&definition.name, Some(definition.arity), rhs, &is_substituted);
                    done.insert(definition.name.as_str());
                }
            }
            for name in order {
                if !done.contains(name.name.as_str()) {
                    self.errors.push(not_in_spec(name));
                }
            }
        }
        for module in module_order {
            if !self.spec.modules.iter().any(|known| known.name == module.name) {
                self.errors.push(ValidationError::new(
                    ValidationErrorKind::ModuleNotInSpec,
                    module.span,
                    format!(
                        "In the configuration file, the module name {} is not a module in the \
                         specification.",
                        module.name
                    ),
                ));
            }
        }
    }

    /// `processConstantDefns`: a constant replaced by an operator must have its arity.
    fn check_constant_substitution_arity(&mut self) {
        let spec = self.spec;
        let (substitutions, _) = substitution_map(self.config);
        for constant in &spec.constants {
            let Some(rhs) = substitutions.get(constant.name.as_str()) else { continue };
            if let Some(Meaning::Operator { arity }) = self.defns.get(&constant.name) {
                if *arity != constant.arity {
                    self.errors.push(substitution_arity(&constant.name, rhs));
                }
            }
        }
    }

    /// Zero-arity constant-level definitions become values (unless substituted away).
    fn pre_evaluate_constant_definitions(&mut self) {
        let spec = self.spec;
        let (substitutions, _) = substitution_map(self.config);
        for definition in &spec.definitions {
            let Some(value) = &definition.constant_value else { continue };
            if definition.arity != 0 || substitutions.contains_key(definition.name.as_str()) {
                continue;
            }
            if let Some(Meaning::Operator { .. }) = self.defns.get(&definition.name) {
                self.defns.insert(definition.name.clone(), Meaning::DefinitionValue(value.clone()));
            }
        }
    }

    /// Invariants, constraints, action constraints: operators without arguments, or `TRUE`.
    fn check_predicate_list(&mut self, what: &str, entries: &[NamedEntry]) {
        for entry in entries {
            match self.defns.get(&entry.name.name) {
                Some(Meaning::Operator { arity }) => {
                    if *arity != 0 {
                        self.errors.push(requires_no_argument(what, entry));
                    }
                }
                None => self.errors.push(not_defined(what, entry)),
                Some(meaning) => {
                    let value = meaning.printed_value().unwrap_or_default();
                    if value != "TRUE" {
                        self.errors.push(has_value(what, entry, value));
                    }
                }
            }
        }
    }

    fn check_invariants(&mut self) {
        let config = self.config;
        self.check_predicate_list("invariant", &config.invariants);
    }

    fn check_behaviour_spec(&mut self) {
        let config = self.config;
        let Some(specification) = &config.specification else {
            let defns = self.defns.clone();
            self.check_operator("initial predicate", config.init.as_ref(), &defns);
            self.check_operator("next state action", config.next.as_ref(), &defns);
            return;
        };
        if config.init.is_some() || config.next.is_some() {
            let span = config.init.as_ref().or(config.next.as_ref()).map(|e| e.name.span);
            self.errors.push(ValidationError::new(
                ValidationErrorKind::BothSpecificationAndInitNext,
                span.unwrap_or_default(),
                "The configuration file cannot specify both INIT/NEXT and SPECIFICATION fields."
                    .into(),
            ));
        }
        self.check_formula("name", "value", specification);
    }

    /// `SPECIFICATION` and `PROPERTY` names: arity errors name the formula, not its role.
    fn check_formula(&mut self, undefined_word: &str, value_word: &str, entry: &NamedEntry) {
        match self.defns.get(&entry.name.name) {
            Some(Meaning::Operator { arity }) => {
                if *arity != 0 {
                    self.errors.push(ValidationError::new(
                        ValidationErrorKind::RequiresNoArgument,
                        entry.name.span,
                        format!("TLC requires {} not to take any argument.", entry.name.name),
                    ));
                }
            }
            None => self.errors.push(not_defined(undefined_word, entry)),
            Some(meaning) => {
                let value = meaning.printed_value().unwrap_or_default();
                if value_word == "value" || value != "TRUE" {
                    self.errors.push(has_value(value_word, entry, value));
                }
            }
        }
    }

    /// `INIT`, `NEXT`, `VIEW`, `ALIAS`, `POSTCONDITION`, `_RL_REWARD`: defined, not a value, no
    /// arguments.
    fn check_operator(
        &mut self,
        what: &str,
        entry: Option<&NamedEntry>,
        table: &HashMap<String, Meaning>,
    ) -> Option<ValidationError> {
        let entry = entry?;
        let error = match table.get(&entry.name.name) {
            None => not_defined(what, entry),
            Some(Meaning::Operator { arity: 0 }) => return None,
            Some(Meaning::Operator { .. }) => requires_no_argument(what, entry),
            Some(_) => must_not_be_constant(what, entry),
        };
        self.errors.push(error.clone());
        Some(error)
    }

    fn check_properties(&mut self) {
        let config = self.config;
        for entry in &config.properties {
            self.check_formula("property", "property", entry);
        }
    }

    /// `TLC_CONFIG_MISSING_INIT`/`_NEXT`, decidable without `SPECIFICATION` only.
    fn check_missing_init_next(&mut self) {
        let config = self.config;
        if config.specification.is_some() {
            return;
        }
        let checks_something = !config.invariants.is_empty() || !config.properties.is_empty();
        if config.init.is_none() && (self.spec.has_variables || checks_something) {
            self.errors.push(ValidationError::new(
                ValidationErrorKind::MissingInit,
                Span::default(),
                "The configuration file did not specify the initial state predicate.".into(),
            ));
        }
        if config.next.is_none() && checks_something {
            self.errors.push(ValidationError::new(
                ValidationErrorKind::MissingNext,
                Span::default(),
                "The configuration file did not specify the next state predicate.".into(),
            ));
        }
    }

    fn check_constraints(&mut self) {
        let config = self.config;
        self.check_predicate_list("constraint", &config.constraints);
        self.check_predicate_list("action constraint", &config.action_constraints);
    }

    /// `_RL_REWARD` and `_PERIODIC` are looked up before constant definitions are evaluated.
    fn check_internal_keywords(&mut self, snapshot: &HashMap<String, Meaning>) {
        let config = self.config;
        self.check_operator("rlreward", config.rl_reward.as_ref(), snapshot);
        if let Some(entry) = &config.periodic {
            match snapshot.get(&entry.name.name) {
                None => self.errors.push(not_defined("periodic", entry)),
                Some(Meaning::Operator { arity }) if *arity != 0 => {
                    self.errors.push(requires_no_argument("periodic", entry))
                }
                _ => {}
            }
        }
    }

    fn check_view_and_symmetry(&mut self, snapshot: &HashMap<String, Meaning>) {
        let config = self.config;
        let defns = self.defns.clone();
        self.check_operator("view function", config.view.as_ref(), &defns);
        let Some(entry) = &config.symmetry else { return };
        match snapshot.get(&entry.name.name) {
            None => self.errors.push(not_defined("symmetry function", entry)),
            Some(Meaning::ConstantValue(_)) => {
                let mut error = ValidationError::new(
                    ValidationErrorKind::SymmetryNotOperator,
                    entry.name.span,
                    format!(
                        "The symmetry function {} must specify a set of permutations.",
                        entry.name.name
                    ),
                );
                error.java_exception = Some("java.lang.RuntimeException");
                self.errors.push(error);
            }
            Some(_) => {}
        }
    }

    fn check_alias_and_postcondition(&mut self) {
        let config = self.config;
        let defns = self.defns.clone();
        if let Some(error) = self.check_operator("alias", config.alias.as_ref(), &defns) {
            let last = self.errors.len() - 1;
            self.errors[last] = ValidationError { moment: CheckMoment::NeverReported, ..error };
        }
        let postcondition = config.postcondition.as_ref();
        if let Some(error) = self.check_operator("post condition", postcondition, &defns) {
            let last = self.errors.len() - 1;
            self.errors[last] = ValidationError {
                moment: CheckMoment::AfterChecking,
                java_exception: Some("java.lang.RuntimeException"),
                ..error
            };
        }
    }
}

/// The last plain substitution of each name (TLC keeps them in a hash table), and the names in
/// order of first appearance.
fn substitution_map(config: &ModelConfig) -> (HashMap<&str, &CfgName>, Vec<&CfgName>) {
    let mut map = HashMap::new();
    let mut order = Vec::new();
    for substitution in config.substitutions() {
        if map.insert(substitution.name.name.as_str(), &substitution.definition).is_none() {
            order.push(&substitution.name);
        }
    }
    (map, order)
}

fn substitution_arity(lhs: &str, rhs: &CfgName) -> ValidationError {
    ValidationError::new(
        ValidationErrorKind::SubstitutionArity,
        rhs.span,
        format!(
            "The configuration file substitutes for {lhs} with {} of different number of arguments.",
            rhs.name
        ),
    )
}

fn not_in_spec(name: &CfgName) -> ValidationError {
    ValidationError::new(
        ValidationErrorKind::IdentifierNotInSpec,
        name.span,
        format!(
            "In the configuration file, the identifier {} does not appear in the specification.",
            name.name
        ),
    )
}
