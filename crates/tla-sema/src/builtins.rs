//! The operators built into TLA+ itself, as SANY's initial context holds them.
//!
//! These names are in scope in every module without any `EXTENDS` and cannot be redefined.
//! Each entry records SANY's facts about the operator: its arity (`-1` for the internal,
//! variadic forms), the level of the operator itself, and per argument the maximum level it
//! accepts and the weight with which the argument's level counts towards the result's level
//! (used by level checking). Names starting with `$` are SANY's internal operators for syntax
//! forms (`$SetEnumerate` for `{a, b}`, `$FcnApply` for `f[x]`, ...); they appear in messages.

/// One built-in operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuiltinOperator {
    pub name: &'static str,
    /// Number of arguments; `-1` when the form takes any number.
    pub arity: i32,
    /// The level the operator itself contributes (2 for `'`, 3 for `[]`, ...).
    pub level: u8,
    /// Per argument: the highest level allowed. One entry for variadic forms.
    pub argument_max_levels: &'static [u8],
    /// Per argument: 1 if its level counts towards the result's level, else 0.
    pub argument_weights: &'static [u8],
}

const fn op(
    name: &'static str,
    arity: i32,
    level: u8,
    argument_max_levels: &'static [u8],
    argument_weights: &'static [u8],
) -> BuiltinOperator {
    BuiltinOperator { name, arity, level, argument_max_levels, argument_weights }
}

/// SANY's built-in operators, in SANY's order.
pub static BUILTIN_OPERATORS: &[BuiltinOperator] = &[
    op("STRING", 0, 0, &[], &[]),
    op("FALSE", 0, 0, &[], &[]),
    op("TRUE", 0, 0, &[], &[]),
    op("BOOLEAN", 0, 0, &[], &[]),
    op("=", 2, 0, &[2, 2], &[1, 1]),
    op("/=", 2, 0, &[2, 2], &[1, 1]),
    op(".", 2, 0, &[], &[]),
    op("'", 1, 2, &[1], &[0]),
    op("\\lnot", 1, 0, &[3], &[1]),
    op("\\neg", 1, 0, &[], &[]),
    op("\\land", 2, 0, &[3, 3], &[1, 1]),
    op("\\lor", 2, 0, &[3, 3], &[1, 1]),
    op("\\equiv", 2, 0, &[3, 3], &[1, 1]),
    op("=>", 2, 0, &[3, 3], &[1, 1]),
    op("SUBSET", 1, 0, &[2], &[1]),
    op("UNION", 1, 0, &[2], &[1]),
    op("DOMAIN", 1, 0, &[2], &[1]),
    op("\\subseteq", 2, 0, &[2, 2], &[1, 1]),
    op("\\in", 2, 0, &[2, 2], &[1, 1]),
    op("\\notin", 2, 0, &[2, 2], &[1, 1]),
    op("\\", 2, 0, &[2, 2], &[1, 1]),
    op("\\intersect", 2, 0, &[2, 2], &[1, 1]),
    op("\\union", 2, 0, &[2, 2], &[1, 1]),
    op("\\times", 2, 0, &[2, 2], &[1, 1]),
    op("~>", 2, 3, &[3, 3], &[0, 0]),
    op("[]", 1, 3, &[3], &[0]),
    op("<>", 1, 3, &[3], &[0]),
    op("ENABLED", 1, 1, &[2], &[0]),
    op("UNCHANGED", 1, 2, &[1], &[0]),
    op("\\cdot", 2, 2, &[2, 2], &[0, 0]),
    op("-+->", 2, 3, &[3, 3], &[0, 0]),
    op("$AngleAct", 2, 2, &[2, 1], &[0, 0]),
    op("$BoundedChoose", -1, 0, &[2], &[1]),
    op("$BoundedExists", -1, 0, &[3], &[1]),
    op("$BoundedForall", -1, 0, &[3], &[1]),
    op("$CartesianProd", -1, 0, &[2], &[1]),
    op("$Case", -1, 0, &[3], &[1]),
    op("$ConjList", -1, 0, &[3], &[1]),
    op("$DisjList", -1, 0, &[3], &[1]),
    op("$Except", -1, 0, &[2], &[1]),
    op("$FcnApply", 2, 0, &[2, 2], &[1, 1]),
    op("$FcnConstructor", -1, 0, &[3], &[1]),
    op("$IfThenElse", 3, 0, &[3, 3, 3], &[1, 1, 1]),
    op("$NonRecursiveFcnSpec", 1, 0, &[3], &[1]),
    op("$Pair", 2, 0, &[3, 3], &[1, 1]),
    op("$RcdConstructor", -1, 0, &[3], &[1]),
    op("$RcdSelect", 2, 0, &[2, 0], &[1, 1]),
    op("$RecursiveFcnSpec", 1, 0, &[3], &[1]),
    op("$Seq", -1, 0, &[2], &[1]),
    op("$SetEnumerate", -1, 0, &[2], &[1]),
    op("$SetOfAll", -1, 0, &[2], &[1]),
    op("$SetOfFcns", -1, 0, &[2], &[1]),
    op("$SetOfRcds", -1, 0, &[2], &[1]),
    op("$SF", 2, 3, &[1, 2], &[0, 0]),
    op("$SquareAct", 2, 2, &[2, 1], &[0, 0]),
    op("$SubsetOf", 1, 0, &[2], &[1]),
    op("$TemporalExists", 1, 3, &[3], &[0]),
    op("$TemporalForall", 1, 3, &[3], &[0]),
    op("$TemporalWhile", 2, 3, &[3, 3], &[0, 0]),
    op("$Tuple", -1, 0, &[2], &[1]),
    op("$UnboundedChoose", 1, 0, &[2], &[1]),
    op("$UnboundedExists", 1, 0, &[3], &[1]),
    op("$UnboundedForall", 1, 0, &[3], &[1]),
    op("$WF", 2, 3, &[1, 2], &[0, 0]),
    op("$Nop", 1, 0, &[3], &[1]),
    op("$Qed", 0, 0, &[], &[]),
    op("$Pfcase", 1, 0, &[3], &[1]),
    op("$Have", 1, 0, &[3], &[1]),
    op("$Take", 1, 0, &[3], &[1]),
    op("$Pick", 1, 0, &[3], &[1]),
    op("$Witness", -1, 0, &[2], &[1]),
    op("$Suffices", 1, 0, &[3], &[1]),
];

/// The built-in operator named `name` (after resolving synonyms such as `/\` to `\land`).
pub fn builtin_operator(name: &str) -> Option<&'static BuiltinOperator> {
    BUILTIN_OPERATORS.iter().find(|builtin| builtin.name == name)
}
