//! The TLA+ modules every specification may extend without shipping them: the standard modules
//! of the TLA+ tools (`Naturals`, `Sequences`, `TLC`, ...) and the CommunityModules
//! (`SequencesExt`, `Functions`, `IOUtils`, `DyadicRationals`, ...: all of them except the
//! TLAPS proof modules `*Theorems` and `*Theorems_proofs`).
//!
//! The module texts under `modules/` were written for this project from the operators'
//! documented meaning ("Specifying Systems", TLC's documentation, the CommunityModules
//! documentation), not copied. What they must share with the originals is their public shape:
//! the same operator names, arities, fixity, `LOCAL`s, `EXTENDS` and `LOCAL INSTANCE`s, and the
//! same parameters mentioned by each body (SANY derives levels from them), because user
//! specifications are checked against that shape. `signatures.tsv` records the originals'
//! shape and `tests/signatures.rs` checks ours against it; `docs/dev/modules.md` says more.
//!
//! Each operator is either defined in TLA+ (the evaluator evaluates our definition) or built into
//! the evaluator (TLC implements it natively, and so will we); [`EmbeddedModule`] lists the latter.

/// Where a module comes from, which also tells which version fixed its public shape.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ModuleOrigin {
    /// A standard module that SANY and TLC ship in `tla2tools.jar` (1.8.0 line).
    Standard,
    /// A module of tlaplus/CommunityModules (commit a8068a4, 2026-07-31: the snapshot the
    /// project's SANY-labelled corpora were checked with).
    Community,
}

/// One embedded module: its text and which of its operators the evaluator implements natively.
#[derive(Debug)]
pub struct EmbeddedModule {
    pub name: &'static str,
    pub text: &'static str,
    pub origin: ModuleOrigin,
    /// The operators whose TLA+ definition the evaluator does not use because it implements them
    /// itself, as TLC does, named by SANY's canonical spelling (`\oplus` for `(+)`, `\leq` for
    /// `<=`). Every other operator of the module is evaluated from its TLA+ definition. A
    /// function definition can be listed too (`Combinatorics`' `factorial`).
    pub builtin_operators: &'static [&'static str],
}

impl EmbeddedModule {
    /// Whether `operator`, defined in this module, is built into the evaluator.
    pub fn is_builtin(&self, operator: &str) -> bool {
        self.builtin_operators.contains(&operator)
    }
}

macro_rules! embedded {
    ($name:literal, $origin:ident, [$($builtin:literal),* $(,)?]) => {
        EmbeddedModule {
            name: $name,
            text: include_str!(concat!("../modules/", $name, ".tla")),
            origin: ModuleOrigin::$origin,
            builtin_operators: &[$($builtin),*],
        }
    };
}

static MODULES: &[EmbeddedModule] = &[
    embedded!(
        "Naturals",
        Standard,
        ["Nat", "+", "-", "*", "^", "<", ">", "\\leq", "\\geq", "%", "\\div", "..",]
    ),
    embedded!("Integers", Standard, ["Int", "-."]),
    // TLC rejects real numbers; the evaluator will too, but the names must resolve.
    embedded!("Reals", Standard, ["Real", "/", "Infinity"]),
    embedded!(
        "Sequences",
        Standard,
        ["Seq", "Len", "\\o", "Append", "Head", "Tail", "SubSeq", "SelectSeq",]
    ),
    embedded!("FiniteSets", Standard, ["IsFiniteSet", "Cardinality"]),
    embedded!(
        "Bags",
        Standard,
        [
            "IsABag",
            "BagToSet",
            "SetToBag",
            "BagIn",
            "EmptyBag",
            "\\oplus",
            "\\ominus",
            "BagUnion",
            "\\sqsubseteq",
            "BagOfAll",
            "BagCardinality",
            "CopiesIn",
        ]
    ),
    embedded!(
        "TLC",
        Standard,
        [
            "Print",
            "PrintT",
            "Assert",
            "JavaTime",
            "TLCGet",
            "TLCSet",
            ":>",
            "@@",
            "Permutations",
            "SortSeq",
            "RandomElement",
            "Any",
            "ToString",
            "TLCEval",
        ]
    ),
    embedded!(
        "TLCExt",
        Standard,
        [
            "AssertError",
            "TLCGetOrDefault",
            "Trace",
            "CounterExample",
            "ToTrace",
            "TLCModelValue",
            "TLCDefer",
            "TLCNoOp",
            "PickSuccessor",
            "TLCCache",
            "TLCFP",
            "TLCEvalDefinition",
        ]
    ),
    embedded!(
        "Json",
        Standard,
        [
            "ToJson",
            "ToJsonArray",
            "ToJsonObject",
            "JsonSerialize",
            "JsonDeserialize",
            "ndJsonSerialize",
            "ndJsonDeserialize",
        ]
    ),
    embedded!("Randomization", Standard, ["RandomSubset", "RandomSetOfSubsets"]),
    embedded!("RealTime", Standard, []),
    embedded!("Toolbox", Standard, []),
    embedded!(
        "SequencesExt",
        Community,
        [
            "SetToSeq",
            "SetToSeqs",
            "Contains",
            "LongestCommonPrefix",
            "FoldSeq",
            "FoldLeft",
            "FoldRight",
            "FoldLeftDomain",
            "FoldRightDomain",
            "IsPrefix",
            "SelectInSeq",
            "SelectInSubSeq",
            "SelectLastInSeq",
            "SelectLastInSubSeq",
            "RemoveFirst",
            "RemoveFirstMatch",
            "Suffixes",
            "AllSubSeqs",
        ]
    ),
    embedded!("FiniteSetsExt", Community, ["FoldSet", "Quantify", "kSubset"]),
    embedded!(
        "Functions",
        Community,
        ["IsInjective", "AntiFunction", "FoldFunction", "FoldFunctionOnSet",]
    ),
    embedded!("Folds", Community, []),
    embedded!("BagsExt", Community, ["FoldBag"]),
    embedded!(
        "IOUtils",
        Community,
        [
            "IOSerialize",
            "IODeserialize",
            "Serialize",
            "Deserialize",
            "IOExec",
            "IOEnvExec",
            "IOExecTemplate",
            "IOEnvExecTemplate",
            "IOEnv",
            "atoi",
        ]
    ),
    embedded!("VectorClocks", Community, ["CausalOrder"]),
    embedded!("Relation", Community, []),
    embedded!("Graphs", Community, ["SimplePath", "AreConnectedIn", "IsStronglyConnected"]),
    // TLC overrides the LOCAL helpers And, Or and Xor (so &, | and ^^ run natively through
    // their TLA+ definitions), and Not and shiftR.
    embedded!("Bitwise", Community, ["And", "Or", "Xor", "Not", "shiftR"]),
    embedded!("CSV", Community, ["CSVWrite", "CSVWriteRecord", "CSVRead", "CSVRecords"]),
    // TLC overrides the LOCAL Reduce.
    embedded!("DyadicRationals", Community, ["Reduce"]),
    embedded!(
        "UndirectedGraphs",
        Community,
        ["SimplePath", "AreConnectedIn", "ConnectedComponents"]
    ),
    // factorial is a function definition (factorial[n \in Nat]) that TLC overrides.
    embedded!("Combinatorics", Community, ["factorial", "choose"]),
    embedded!("Statistics", Community, ["ChiSquare"]),
    embedded!("Quorum", Community, []),
    embedded!("DifferentialEquations", Community, []),
    embedded!("GraphViz", Community, ["DotDiGraph"]),
    embedded!("HTML", Community, []),
    embedded!(
        "SVG",
        Community,
        ["SVGElemToString", "NodeOfRingNetwork", "NodesOfDirectedMultiGraph", "PointOnLine"]
    ),
    embedded!("ShiViz", Community, []),
];

/// The embedded module named `name`, if there is one.
pub fn embedded_module(name: &str) -> Option<&'static EmbeddedModule> {
    MODULES.iter().find(|module| module.name == name)
}

/// Every embedded module: the standard ones first, then the community ones.
pub fn all_modules() -> &'static [EmbeddedModule] {
    MODULES
}
