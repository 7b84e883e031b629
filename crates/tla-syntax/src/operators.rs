//! The table of TLA+ operator symbols: spellings, fixity, precedence ranges and associativity.
//!
//! SANY resolves operator expressions with precedence *ranges*: two operators whose ranges
//! overlap cannot be mixed without parentheses, and a non-associative operator cannot be
//! chained. These numbers are SANY's (its table scales the book's precedences by ten), so that
//! "Precedence conflict" errors appear exactly where SANY reports them.

/// How an operator token may be used.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Fixity {
    Prefix,
    Infix,
    Postfix,
    /// `\X`: infix in position, but `A \X B \X C` is one n-ary product.
    Nfix,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Associativity {
    None,
    Left,
}

/// Precedence information of one canonical operator.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct OperatorInfo {
    /// The canonical name SANY uses in messages (for example `\land` for `/\`).
    pub name: &'static str,
    pub low: u8,
    pub high: u8,
    pub associativity: Associativity,
    pub fixity: Fixity,
}

impl OperatorInfo {
    /// `left` binds tighter than anything in `right`'s range: reduce.
    pub fn binds_tighter(left: &OperatorInfo, right: &OperatorInfo) -> bool {
        left.low > right.high
    }

    /// `left` binds looser than anything in `right`'s range: shift.
    pub fn binds_looser(left: &OperatorInfo, right: &OperatorInfo) -> bool {
        left.high < right.low
    }

    pub fn is_infix(&self) -> bool {
        matches!(self.fixity, Fixity::Infix | Fixity::Nfix)
    }
}

/// The lexical class of an operator spelling: where in the grammar the token may appear.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SpellingClass {
    /// A prefix operator usable in expressions (`~`, `[]`, `ENABLED`, ...).
    Prefix,
    /// `-.`, the name of unary minus, usable only where an operator is named.
    MinusDot,
    Infix,
    Postfix,
}

/// One way of writing an operator.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Spelling {
    pub text: &'static str,
    pub class: SpellingClass,
    /// The canonical operator name, the key of [`operator_info`].
    pub canonical: &'static str,
}

const fn prefix(text: &'static str, canonical: &'static str) -> Spelling {
    Spelling { text, class: SpellingClass::Prefix, canonical }
}
const fn infix(text: &'static str, canonical: &'static str) -> Spelling {
    Spelling { text, class: SpellingClass::Infix, canonical }
}
const fn postfix(text: &'static str, canonical: &'static str) -> Spelling {
    Spelling { text, class: SpellingClass::Postfix, canonical }
}

/// Every operator spelling the lexer knows. Backslash words (`\cup`) and Unicode symbols are
/// included; the lexer takes the longest match.
pub static OPERATOR_SPELLINGS: &[Spelling] = &[
    postfix("'", "'"),
    postfix("^+", "^+"),
    postfix("⁺", "^+"),
    postfix("^*", "^*"),
    postfix("^#", "^#"),
    Spelling { text: "-.", class: SpellingClass::MinusDot, canonical: "-." },
    prefix("\\lnot", "\\lnot"),
    prefix("¬", "\\lnot"),
    prefix("\\neg", "\\lnot"),
    prefix("~", "\\lnot"),
    prefix("[]", "[]"),
    prefix("□", "[]"),
    prefix("<>", "<>"),
    prefix("◇", "<>"),
    prefix("ENABLED", "ENABLED"),
    prefix("UNCHANGED", "UNCHANGED"),
    prefix("SUBSET", "SUBSET"),
    prefix("UNION", "UNION"),
    prefix("DOMAIN", "DOMAIN"),
    infix("//", "//"),
    infix("/\\", "\\land"),
    infix("∧", "\\land"),
    infix("/=", "/="),
    infix("/", "/"),
    infix("\\/", "\\lor"),
    infix("∨", "\\lor"),
    infix("\\approx", "\\approx"),
    infix("\\asymp", "\\asymp"),
    infix("\\bigcirc", "\\bigcirc"),
    infix("\\bullet", "\\bullet"),
    infix("\\cap", "\\intersect"),
    infix("\\cdot", "\\cdot"),
    infix("\\circ", "\\o"),
    infix("\\cong", "\\cong"),
    infix("\\cup", "\\union"),
    infix("\\div", "\\div"),
    infix("\\doteq", "\\doteq"),
    infix("\\equiv", "\\equiv"),
    infix("\\geq", "\\geq"),
    infix("\\gg", "\\gg"),
    infix("\\in", "\\in"),
    infix("∈", "\\in"),
    infix("\\intersect", "\\intersect"),
    infix("\\union", "\\union"),
    infix("\\land", "\\land"),
    infix("\\leq", "\\leq"),
    infix("\\ll", "\\ll"),
    infix("\\lor", "\\lor"),
    infix("\\o", "\\o"),
    infix("\\odot", "\\odot"),
    infix("\\ominus", "\\ominus"),
    infix("\\oplus", "\\oplus"),
    infix("\\oslash", "\\oslash"),
    infix("\\otimes", "\\otimes"),
    infix("\\prec", "\\prec"),
    infix("\\preceq", "\\preceq"),
    infix("\\propto", "\\propto"),
    infix("\\sim", "\\sim"),
    infix("\\simeq", "\\simeq"),
    infix("\\sqcap", "\\sqcap"),
    infix("\\sqcup", "\\sqcup"),
    infix("\\sqsubset", "\\sqsubset"),
    infix("\\sqsupset", "\\sqsupset"),
    infix("\\sqsubseteq", "\\sqsubseteq"),
    infix("\\sqsupseteq", "\\sqsupseteq"),
    infix("\\star", "\\star"),
    infix("\\subset", "\\subset"),
    infix("\\subseteq", "\\subseteq"),
    infix("\\succ", "\\succ"),
    infix("\\succeq", "\\succeq"),
    infix("\\supset", "\\supset"),
    infix("\\supseteq", "\\supseteq"),
    infix("\\uplus", "\\uplus"),
    infix("\\wr", "\\wr"),
    infix("\\", "\\"),
    infix("~>", "~>"),
    infix("=>", "=>"),
    infix("=<", "\\leq"),
    infix("=|", "=|"),
    infix("=", "="),
    infix("##", "##"),
    infix("#", "/="),
    infix("^^", "^^"),
    infix("^", "^"),
    infix("--", "--"),
    infix("-|", "-|"),
    infix("-+->", "-+->"),
    infix("-", "-"),
    infix("**", "**"),
    infix("*", "*"),
    infix("++", "++"),
    infix("+", "+"),
    infix("<=>", "\\equiv"),
    infix("<:", "<:"),
    infix("<=", "\\leq"),
    infix("<", "<"),
    infix(">=", "\\geq"),
    infix(">", ">"),
    infix("...", "..."),
    infix("..", ".."),
    infix("||", "||"),
    infix("|", "|"),
    infix("|-", "|-"),
    infix("|=", "|="),
    infix("&&", "&&"),
    infix("&", "&"),
    infix("$$", "$$"),
    infix("$", "$"),
    infix("??", "??"),
    infix("%%", "%%"),
    infix("%", "%"),
    infix("@@", "@@"),
    infix("!!", "!!"),
    infix(":>", ":>"),
    infix(":=", ":="),
    infix("::=", "::="),
    infix("(+)", "\\oplus"),
    infix("(-)", "\\ominus"),
    infix("(.)", "\\odot"),
    infix("(/)", "\\oslash"),
    infix("(\\X)", "\\otimes"),
    infix("\\notin", "\\notin"),
    infix("≈", "\\approx"),
    infix("≔", ":="),
    infix("≍", "\\asymp"),
    infix("◯", "\\bigcirc"),
    infix("⩴", "::="),
    infix("●", "\\bullet"),
    infix("∩", "\\intersect"),
    infix("⋅", "\\cdot"),
    infix("∘", "\\o"),
    infix("≅", "\\cong"),
    infix("∪", "\\union"),
    infix("÷", "\\div"),
    infix("≐", "\\doteq"),
    infix("‥", ".."),
    infix("…", "..."),
    infix("≡", "\\equiv"),
    infix("‼", "!!"),
    infix("≥", "\\geq"),
    infix("≫", "\\gg"),
    infix("⇔", "\\equiv"),
    infix("⇒", "=>"),
    infix("⫤", "=|"),
    infix("↝", "~>"),
    infix("≤", "\\leq"),
    infix("≪", "\\ll"),
    infix("⊣", "-|"),
    infix("≠", "/="),
    infix("∉", "\\notin"),
    infix("⊙", "\\odot"),
    infix("⊖", "\\ominus"),
    infix("⊕", "\\oplus"),
    infix("⊘", "\\oslash"),
    infix("⊗", "\\otimes"),
    infix("⇸", "-+->"),
    infix("≺", "\\prec"),
    infix("⪯", "\\preceq"),
    infix("∝", "\\propto"),
    infix("⁇", "??"),
    infix("⊨", "|="),
    infix("⊢", "|-"),
    infix("∼", "\\sim"),
    infix("≃", "\\simeq"),
    infix("⊓", "\\sqcap"),
    infix("⊔", "\\sqcup"),
    infix("⊏", "\\sqsubset"),
    infix("⊑", "\\sqsubseteq"),
    infix("⊐", "\\sqsupset"),
    infix("⊒", "\\sqsupseteq"),
    infix("⋆", "\\star"),
    infix("⊂", "\\subset"),
    infix("⊆", "\\subseteq"),
    infix("≻", "\\succ"),
    infix("⪰", "\\succeq"),
    infix("⊃", "\\supset"),
    infix("⊇", "\\supseteq"),
    infix("×", "\\times"),
    infix("⊎", "\\uplus"),
    infix("‖", "||"),
    infix("≀", "\\wr"),
    infix("\\times", "\\times"),
    infix("\\X", "\\times"),
];

const fn info(
    name: &'static str,
    low: u8,
    high: u8,
    associativity: Associativity,
    fixity: Fixity,
) -> OperatorInfo {
    OperatorInfo { name, low, high, associativity, fixity }
}

use Associativity::{Left, None as NonAssoc};
use Fixity::{Infix as In, Nfix, Postfix as Post, Prefix as Pre};

static OPERATOR_TABLE: &[OperatorInfo] = &[
    info("[", 160, 160, Left, Post),
    info(".", 170, 170, Left, In),
    info("'", 150, 150, NonAssoc, Post),
    info("^", 140, 140, NonAssoc, In),
    info("/", 130, 130, NonAssoc, In),
    info("*", 130, 130, Left, In),
    info("-", 110, 110, Left, In),
    info("-.", 120, 120, NonAssoc, Pre),
    info("+", 100, 100, Left, In),
    info("=", 50, 50, NonAssoc, In),
    info("\\lnot", 40, 40, Left, Pre),
    info("\\land", 30, 30, Left, In),
    info("\\lor", 30, 30, Left, In),
    info("~>", 20, 20, NonAssoc, In),
    info("=>", 10, 10, NonAssoc, In),
    info("[]", 40, 150, NonAssoc, Pre),
    info("<>", 40, 150, NonAssoc, Pre),
    info("ENABLED", 40, 150, NonAssoc, Pre),
    info("UNCHANGED", 40, 150, NonAssoc, Pre),
    info("SUBSET", 100, 130, NonAssoc, Pre),
    info("UNION", 100, 130, NonAssoc, Pre),
    info("DOMAIN", 100, 130, NonAssoc, Pre),
    info("^+", 150, 150, NonAssoc, Post),
    info("^*", 150, 150, NonAssoc, Post),
    info("^#", 150, 150, NonAssoc, Post),
    info("\\cdot", 50, 140, Left, In),
    info("\\equiv", 20, 20, NonAssoc, In),
    info("-+->", 20, 20, NonAssoc, In),
    info("/=", 50, 50, NonAssoc, In),
    info("\\subseteq", 50, 50, NonAssoc, In),
    info("\\in", 50, 50, NonAssoc, In),
    info("\\notin", 50, 50, NonAssoc, In),
    info("<", 50, 50, NonAssoc, In),
    info("\\leq", 50, 50, NonAssoc, In),
    info(">", 50, 50, NonAssoc, In),
    info("\\geq", 50, 50, NonAssoc, In),
    info("\\times", 100, 130, Left, Nfix),
    info("\\", 80, 80, NonAssoc, In),
    info("\\intersect", 80, 80, Left, In),
    info("\\union", 80, 80, Left, In),
    info("...", 90, 90, NonAssoc, In),
    info("..", 90, 90, NonAssoc, In),
    info("|", 100, 110, Left, In),
    info("||", 100, 110, Left, In),
    info("&&", 130, 130, Left, In),
    info("&", 130, 130, Left, In),
    info("$$", 90, 130, Left, In),
    info("$", 90, 130, Left, In),
    info("??", 90, 130, Left, In),
    info("%%", 100, 110, Left, In),
    info("%", 100, 110, NonAssoc, In),
    info("##", 90, 130, Left, In),
    info("++", 100, 100, Left, In),
    info("--", 110, 110, Left, In),
    info("**", 130, 130, Left, In),
    info("//", 130, 130, NonAssoc, In),
    info("^^", 140, 140, NonAssoc, In),
    info("@@", 60, 60, Left, In),
    info("!!", 90, 130, NonAssoc, In),
    info("|-", 50, 50, NonAssoc, In),
    info("|=", 50, 50, NonAssoc, In),
    info("-|", 50, 50, NonAssoc, In),
    info("=|", 50, 50, NonAssoc, In),
    info("<:", 70, 70, NonAssoc, In),
    info(":>", 70, 70, NonAssoc, In),
    info(":=", 50, 50, NonAssoc, In),
    info("::=", 50, 50, NonAssoc, In),
    info("\\oplus", 100, 100, Left, In),
    info("\\ominus", 110, 110, Left, In),
    info("\\odot", 130, 130, Left, In),
    info("\\oslash", 130, 130, NonAssoc, In),
    info("\\otimes", 130, 130, Left, In),
    info("\\uplus", 90, 130, Left, In),
    info("\\sqcap", 90, 130, Left, In),
    info("\\sqcup", 90, 130, Left, In),
    info("\\div", 130, 130, NonAssoc, In),
    info("\\wr", 90, 140, NonAssoc, In),
    info("\\star", 130, 130, Left, In),
    info("\\o", 130, 130, Left, In),
    info("\\bigcirc", 130, 130, Left, In),
    info("\\bullet", 130, 130, Left, In),
    info("\\prec", 50, 50, NonAssoc, In),
    info("\\succ", 50, 50, NonAssoc, In),
    info("\\preceq", 50, 50, NonAssoc, In),
    info("\\succeq", 50, 50, NonAssoc, In),
    info("\\sim", 50, 50, NonAssoc, In),
    info("\\simeq", 50, 50, NonAssoc, In),
    info("\\ll", 50, 50, NonAssoc, In),
    info("\\gg", 50, 50, NonAssoc, In),
    info("\\asymp", 50, 50, NonAssoc, In),
    info("\\subset", 50, 50, NonAssoc, In),
    info("\\supset", 50, 50, NonAssoc, In),
    info("\\supseteq", 50, 50, NonAssoc, In),
    info("\\approx", 50, 50, NonAssoc, In),
    info("\\cong", 50, 50, NonAssoc, In),
    info("\\sqsubset", 50, 50, NonAssoc, In),
    info("\\sqsubseteq", 50, 50, NonAssoc, In),
    info("\\sqsupset", 50, 50, NonAssoc, In),
    info("\\sqsupseteq", 50, 50, NonAssoc, In),
    info("\\doteq", 50, 50, NonAssoc, In),
    info("\\propto", 50, 50, NonAssoc, In),
];

/// The precedence information of the canonical operator `canonical`.
pub fn operator_info(canonical: &str) -> Option<&'static OperatorInfo> {
    OPERATOR_TABLE.iter().find(|info| info.name == canonical)
}

/// The prefix form of an infix operator that also has one: only `-`, whose prefix form is `-.`.
pub fn mixfix_form(info: &OperatorInfo) -> Option<&'static OperatorInfo> {
    if info.fixity == Fixity::Prefix {
        return operator_info(info.name);
    }
    if info.name == "-" {
        return operator_info("-.");
    }
    None
}

/// The precedence information of the operator spelled by spelling `index`.
pub fn spelling_info(index: u16) -> Option<&'static OperatorInfo> {
    static BY_SPELLING: std::sync::OnceLock<Vec<Option<&'static OperatorInfo>>> =
        std::sync::OnceLock::new();
    let table = BY_SPELLING.get_or_init(|| {
        OPERATOR_SPELLINGS.iter().map(|spelling| operator_info(spelling.canonical)).collect()
    });
    table.get(index as usize).copied().flatten()
}

/// The canonical name of the operator written `text` (`/\\` is `\\land`), or `text` itself
/// when it is no operator symbol.
pub fn canonical_name(text: &str) -> &str {
    OPERATOR_SPELLINGS
        .iter()
        .find(|spelling| spelling.text == text)
        .map_or(text, |spelling| spelling.canonical)
}

/// The spelling with index `index` in [`OPERATOR_SPELLINGS`].
pub fn spelling(index: u16) -> &'static Spelling {
    &OPERATOR_SPELLINGS[index as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_spelling_has_precedence_information() {
        for spelling in OPERATOR_SPELLINGS {
            assert!(
                operator_info(spelling.canonical).is_some(),
                "no precedence for {}",
                spelling.canonical
            );
        }
    }
}
