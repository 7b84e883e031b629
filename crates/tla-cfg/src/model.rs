//! The typed contents of a cfg file, as TLC's `ModelConfig` stores them, with source spans.
//!
//! TLC keeps names as plain strings (whatever token image followed a keyword), so we do too: a
//! name is not checked to be an identifier here. Validation against the specification happens in
//! [`crate::validate`].

use tla_diagnostics::Span;

/// The cfg keywords TLC's `ModelConfig.ALL_KEYWORDS` lists (rev 4c54d98). Plural spellings are
/// separate variants because the dump records what was written; both accumulate into one list.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum CfgKeyword {
    Constant,
    Constants,
    Constraint,
    Constraints,
    ActionConstraint,
    ActionConstraints,
    Invariant,
    Invariants,
    Init,
    Next,
    View,
    Symmetry,
    Specification,
    Property,
    Properties,
    Alias,
    PostCondition,
    Periodic,
    RlReward,
    CheckDeadlock,
}

impl CfgKeyword {
    pub const ALL: [CfgKeyword; 20] = [
        CfgKeyword::Constant,
        CfgKeyword::Constants,
        CfgKeyword::Constraint,
        CfgKeyword::Constraints,
        CfgKeyword::ActionConstraint,
        CfgKeyword::ActionConstraints,
        CfgKeyword::Invariant,
        CfgKeyword::Invariants,
        CfgKeyword::Init,
        CfgKeyword::Next,
        CfgKeyword::View,
        CfgKeyword::Symmetry,
        CfgKeyword::Specification,
        CfgKeyword::Property,
        CfgKeyword::Properties,
        CfgKeyword::Alias,
        CfgKeyword::PostCondition,
        CfgKeyword::Periodic,
        CfgKeyword::RlReward,
        CfgKeyword::CheckDeadlock,
    ];

    /// The keyword as written in a cfg file.
    pub fn text(self) -> &'static str {
        match self {
            CfgKeyword::Constant => "CONSTANT",
            CfgKeyword::Constants => "CONSTANTS",
            CfgKeyword::Constraint => "CONSTRAINT",
            CfgKeyword::Constraints => "CONSTRAINTS",
            CfgKeyword::ActionConstraint => "ACTION_CONSTRAINT",
            CfgKeyword::ActionConstraints => "ACTION_CONSTRAINTS",
            CfgKeyword::Invariant => "INVARIANT",
            CfgKeyword::Invariants => "INVARIANTS",
            CfgKeyword::Init => "INIT",
            CfgKeyword::Next => "NEXT",
            CfgKeyword::View => "VIEW",
            CfgKeyword::Symmetry => "SYMMETRY",
            CfgKeyword::Specification => "SPECIFICATION",
            CfgKeyword::Property => "PROPERTY",
            CfgKeyword::Properties => "PROPERTIES",
            CfgKeyword::Alias => "ALIAS",
            CfgKeyword::PostCondition => "POSTCONDITION",
            CfgKeyword::Periodic => "_PERIODIC",
            CfgKeyword::RlReward => "_RL_REWARD",
            CfgKeyword::CheckDeadlock => "CHECK_DEADLOCK",
        }
    }

    /// The keyword whose text is exactly `image` (keywords are case-sensitive whole tokens).
    pub fn from_text(image: &str) -> Option<CfgKeyword> {
        CfgKeyword::ALL.into_iter().find(|keyword| keyword.text() == image)
    }
}

/// A name written after a keyword or on either side of `<-`, with where it was written.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CfgName {
    pub name: String,
    pub span: Span,
}

/// One entry of a name list (`INVARIANT A B`), or the single name of `INIT X`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct NamedEntry {
    pub name: CfgName,
    /// The keyword that introduced the section the name is in, as written.
    pub keyword: CfgKeyword,
    pub keyword_span: Span,
}

/// `CHECK_DEADLOCK TRUE` or `CHECK_DEADLOCK FALSE`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CheckDeadlockEntry {
    pub value: bool,
    pub span: Span,
    pub keyword_span: Span,
}

/// A constant value as a cfg file can write it. TLC has no negative numbers, tuples, records or
/// ranges here: `-1` reads as the model value `-` followed by a new left-hand side `1`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum CfgValueKind {
    /// A decimal literal in `0..=2147483647` (TLC's `Integer.parseInt`).
    Integer(i32),
    /// A string literal's text between the quotes, escapes left as written (TLC does not
    /// decode them: `"a\"b"` is the four characters `a\"b`).
    String(String),
    Boolean(bool),
    /// Any other single token: TLC makes it a model value (`p1`, `a_1`, even `-` or `<<`).
    ModelValue(String),
    /// `{v1, v2, ...}`, elements as written (TLC normalises, that is sorts and de-duplicates,
    /// only when the set is used).
    Set(Vec<CfgValue>),
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CfgValue {
    pub kind: CfgValueKind,
    pub span: Span,
}

/// The left-hand side of a constant line: `N`, `Op`, or instance-qualified `A!B!c`, joined
/// with `!` as TLC joins it.
pub type ConstantName = CfgName;

/// `c = v`, `Op(a1, ..., an) = v` (one line of an operator's value table), or either of them
/// with a module qualifier on the right: `c = [Mod] v`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ConstantAssignment {
    pub name: ConstantName,
    /// Arguments of `Op(a1, ..., an) = v`; empty for a plain constant.
    pub arguments: Vec<CfgValue>,
    /// Whether the line had an argument list at all.
    pub has_argument_list: bool,
    /// `[Mod]` in `c = [Mod] v`: the assignment applies to the definitions of module `Mod`.
    pub module: Option<CfgName>,
    pub value: CfgValue,
    pub span: Span,
}

/// `c <- Def` or `c <- [Mod] Def`: replace a constant or a definition by another definition.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ConstantSubstitution {
    pub name: ConstantName,
    /// `[Mod]` in `c <- [Mod] Def`: the substitution applies to the definitions of module `Mod`.
    pub module: Option<CfgName>,
    pub definition: CfgName,
    pub span: Span,
}

/// One line of a `CONSTANT`/`CONSTANTS` section.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ConstantEntry {
    Assignment(ConstantAssignment),
    Substitution(ConstantSubstitution),
}

impl ConstantEntry {
    pub fn name(&self) -> &ConstantName {
        match self {
            ConstantEntry::Assignment(assignment) => &assignment.name,
            ConstantEntry::Substitution(substitution) => &substitution.name,
        }
    }

    pub fn span(&self) -> Span {
        match self {
            ConstantEntry::Assignment(assignment) => assignment.span,
            ConstantEntry::Substitution(substitution) => substitution.span,
        }
    }
}

/// Everything a cfg file says, in TLC's terms. Lists keep source order and accumulate over
/// repeated keywords (`INVARIANT A` then `INVARIANTS B` gives `[A, B]`); single-name keywords
/// may appear once (TLC's "The keyword X appeared twice.").
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct ModelConfig {
    pub constants: Vec<ConstantEntry>,
    pub init: Option<NamedEntry>,
    pub next: Option<NamedEntry>,
    pub specification: Option<NamedEntry>,
    pub invariants: Vec<NamedEntry>,
    pub properties: Vec<NamedEntry>,
    pub constraints: Vec<NamedEntry>,
    pub action_constraints: Vec<NamedEntry>,
    pub symmetry: Option<NamedEntry>,
    pub view: Option<NamedEntry>,
    pub alias: Option<NamedEntry>,
    pub postcondition: Option<NamedEntry>,
    /// `_PERIODIC`, an internal TLC keyword.
    pub periodic: Option<NamedEntry>,
    /// `_RL_REWARD`, an internal TLC keyword.
    pub rl_reward: Option<NamedEntry>,
    pub check_deadlock: Option<CheckDeadlockEntry>,
}

impl ModelConfig {
    /// Whether TLC checks for deadlock: `CHECK_DEADLOCK` if given, otherwise yes. (TLC's
    /// `-deadlock` flag turns the check off even over `CHECK_DEADLOCK TRUE`; that is the
    /// caller's business.)
    pub fn check_deadlock(&self) -> bool {
        self.check_deadlock.is_none_or(|entry| entry.value)
    }

    /// The plain (unqualified) assignments `c = v` and `Op(args) = v`, in order.
    pub fn assignments(&self) -> impl Iterator<Item = &ConstantAssignment> {
        self.constants.iter().filter_map(|entry| match entry {
            ConstantEntry::Assignment(assignment) if assignment.module.is_none() => {
                Some(assignment)
            }
            _ => None,
        })
    }

    /// The plain (unqualified) substitutions `c <- Def`, in order.
    pub fn substitutions(&self) -> impl Iterator<Item = &ConstantSubstitution> {
        self.constants.iter().filter_map(|entry| match entry {
            ConstantEntry::Substitution(substitution) if substitution.module.is_none() => {
                Some(substitution)
            }
            _ => None,
        })
    }

    /// The single-name entries in a fixed order, with TLC's words for what each names.
    pub(crate) fn single_entries(&self) -> [(&'static str, Option<&NamedEntry>); 9] {
        [
            ("INIT", self.init.as_ref()),
            ("NEXT", self.next.as_ref()),
            ("SPECIFICATION", self.specification.as_ref()),
            ("SYMMETRY", self.symmetry.as_ref()),
            ("VIEW", self.view.as_ref()),
            ("ALIAS", self.alias.as_ref()),
            ("POSTCONDITION", self.postcondition.as_ref()),
            ("_PERIODIC", self.periodic.as_ref()),
            ("_RL_REWARD", self.rl_reward.as_ref()),
        ]
    }
}
