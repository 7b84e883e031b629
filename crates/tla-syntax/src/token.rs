//! Tokens of TLA+ as SANY's lexer produces them.
//!
//! The set of token kinds follows SANY's grammar closely, because which spellings are reserved
//! words, which are operators and which are identifiers decides what parses. Operator tokens
//! carry an index into [`crate::operators::OPERATOR_SPELLINGS`], which records the canonical
//! operator and its precedence.

use tla_diagnostics::Span;

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum TokenKind {
    /// `---- MODULE` (any number of dashes, optional spaces).
    BeginModule,
    /// `----` and longer runs of dashes.
    Separator,
    /// `====` and longer runs of equal signs.
    EndModule,
    Identifier,
    Number,
    String,
    Keyword(Keyword),
    /// An operator symbol: index into the operator spelling table.
    Operator(u16),
    Comma,
    Colon,
    ColonColon,
    Dot,
    Underscore,
    /// `==` or `≜`.
    DefEq,
    LeftParen,
    RightParen,
    LeftBracket,
    /// `]_` as in `[Next]_vars`.
    RightBracketUnderscore,
    RightBracket,
    LeftBrace,
    RightBrace,
    /// `<<` or `⟨`.
    LeftAngle,
    /// `>>_` as in `<<Next>>_vars`.
    RightAngleUnderscore,
    /// `>>` or `⟩`.
    RightAngle,
    Bang,
    /// `->` or `→`.
    Arrow,
    /// `<-` or `←`.
    LeftArrow,
    /// `|->` or `↦`.
    MapsTo,
    /// `WF_`.
    WeakFairness,
    /// `SF_`.
    StrongFairness,
    /// A proof step name such as `<1>2` or `<*>a`.
    ProofStep,
    /// A proof step name followed by dots, such as `<1>2.`.
    ProofStepDot,
    /// A bare proof level such as `<1>` or `<+>`.
    ProofLevel,
    /// An unnumbered step such as `<1>.` or `<1>*`.
    UnnumberedStep,
    Eof,
}

/// SANY's reserved words (other than operator words like `ENABLED`, which are operators).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Keyword {
    Action,
    Assume,
    BoxAssume,
    Assumption,
    Case,
    Choose,
    Constant,
    Else,
    Except,
    Exists,
    Extends,
    Forall,
    If,
    Instance,
    Let,
    In,
    Local,
    Module,
    New,
    Other,
    Proposition,
    TemporalExists,
    TemporalForall,
    Then,
    By,
    Only,
    Define,
    Def,
    Theorem,
    Use,
    Hide,
    Have,
    Obvious,
    Omitted,
    Lambda,
    Take,
    Proof,
    Prove,
    BoxProve,
    Qed,
    Recursive,
    State,
    Temporal,
    Pick,
    Witness,
    Suffices,
    Variable,
    With,
}

impl Keyword {
    /// The keyword spelled `word`, if `word` is a reserved word.
    pub fn from_word(word: &str) -> Option<Keyword> {
        Some(match word {
            "ACTION" | "ACTIONS" => Keyword::Action,
            "ASSUME" => Keyword::Assume,
            "ASSUMPTION" | "AXIOM" => Keyword::Assumption,
            "CASE" => Keyword::Case,
            "CHOOSE" => Keyword::Choose,
            "CONSTANT" | "CONSTANTS" => Keyword::Constant,
            "ELSE" => Keyword::Else,
            "EXCEPT" => Keyword::Except,
            "EXTENDS" => Keyword::Extends,
            "IF" => Keyword::If,
            "INSTANCE" => Keyword::Instance,
            "LET" => Keyword::Let,
            "IN" => Keyword::In,
            "LOCAL" => Keyword::Local,
            "MODULE" => Keyword::Module,
            "NEW" => Keyword::New,
            "OTHER" => Keyword::Other,
            "PROPOSITION" | "LEMMA" | "COROLLARY" => Keyword::Proposition,
            "THEN" => Keyword::Then,
            "BY" => Keyword::By,
            "ONLY" => Keyword::Only,
            "DEFINE" => Keyword::Define,
            "DEF" | "DEFS" => Keyword::Def,
            "THEOREM" => Keyword::Theorem,
            "USE" => Keyword::Use,
            "HIDE" => Keyword::Hide,
            "HAVE" => Keyword::Have,
            "OBVIOUS" => Keyword::Obvious,
            "OMITTED" => Keyword::Omitted,
            "LAMBDA" => Keyword::Lambda,
            "TAKE" => Keyword::Take,
            "PROOF" => Keyword::Proof,
            "PROVE" => Keyword::Prove,
            "QED" => Keyword::Qed,
            "RECURSIVE" => Keyword::Recursive,
            "STATE" => Keyword::State,
            "TEMPORAL" | "TEMPORALS" => Keyword::Temporal,
            "PICK" => Keyword::Pick,
            "WITNESS" => Keyword::Witness,
            "SUFFICES" => Keyword::Suffices,
            "VARIABLE" | "VARIABLES" => Keyword::Variable,
            "WITH" => Keyword::With,
            _ => return None,
        })
    }

    /// Whether SANY accepts this word as a record field name after `.` or before `|->`.
    pub fn is_field_name(self) -> bool {
        !matches!(
            self,
            Keyword::Exists | Keyword::Forall | Keyword::TemporalExists | Keyword::TemporalForall
        )
    }
}

/// One token: its kind, its bytes, and where SANY says it is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Token {
    pub kind: TokenKind,
    pub span: Span,
    /// 1-based line.
    pub line: u32,
    /// 1-based column as SANY counts it (tabs advance to the next multiple of 8).
    pub column: u32,
}
