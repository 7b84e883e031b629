//! TLC's pretty-printer for printed values (`tlc2/pprint`), used for states, `Print` and messages.
//!
//! TLC does not format values directly: it prints a value on one line, re-parses that text with a
//! small ad-hoc parser and, when the text is wider than the column budget (80), breaks sets,
//! sequences, records and functions over lines (`{ a,\n  b }`). Because the parser works on
//! text, its quirks are part of TLC's output: a name with an underscore or a string with an
//! escaped quote makes the parse fail and the value is printed unbroken. We reproduce the
//! algorithm on the text, quirks included. Lengths count characters (Java counts UTF-16 units; the
//! two differ only for characters outside the Basic Multilingual Plane).

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Constant,
    Set,
    Sequence,
    Record,
    Function,
    Pair,
    Subset,
}

struct Node {
    kind: Kind,
    first: usize,
    last: usize,
    children: Vec<Node>,
}

impl Node {
    fn len(&self) -> usize {
        self.last + 1 - self.first
    }

    /// The node's text (TLC's `substring`, which fails past the end of the text).
    fn value(&self, text: &[char]) -> Parsed<String> {
        text.get(self.first..=self.last).map(|chars| chars.iter().collect()).ok_or(Malformed)
    }
}

/// A parse failure (TLC's `ParseException`, or running off the end of the text).
struct Malformed;

type Parsed<T> = Result<T, Malformed>;

/// Java's `Character.isWhitespace`.
fn is_java_whitespace(ch: char) -> bool {
    matches!(ch, '\t' | '\n' | '\u{b}' | '\u{c}' | '\r' | '\u{1c}'..='\u{1f}')
        || (ch.is_whitespace() && !matches!(ch, '\u{85}' | '\u{a0}' | '\u{2007}' | '\u{202f}'))
}

fn is_java_digit(ch: char) -> bool {
    ch.is_ascii_digit() || (!ch.is_ascii() && ch.is_numeric())
}

fn is_java_letter_or_digit(ch: char) -> bool {
    ch.is_alphanumeric()
}

struct Parser<'a> {
    text: &'a [char],
}

impl Parser<'_> {
    fn at(&self, index: usize) -> Parsed<char> {
        self.text.get(index).copied().ok_or(Malformed)
    }

    fn starts_with(&self, index: usize, token: &str) -> bool {
        token.chars().enumerate().all(|(offset, ch)| self.text.get(index + offset) == Some(&ch))
    }

    fn skip_whitespace(&self, mut index: usize) -> Parsed<usize> {
        while is_java_whitespace(self.at(index)?) {
            index += 1;
        }
        Ok(index)
    }

    fn parse(&self, index: usize) -> Parsed<Node> {
        let index = self.skip_whitespace(index)?;
        match self.at(index)? {
            '{' => self.parse_list(index, Kind::Set, 1, '}'),
            '<' => self.parse_list(index, Kind::Sequence, 2, '>'),
            '[' => self.parse_pairs(index, Kind::Record, "|->", ']'),
            '(' => self.parse_pairs(index, Kind::Function, ":>", ')'),
            _ if self.starts_with(index, "SUBSET") => {
                let start = self.skip_whitespace(index + 6)?;
                let element = self.parse(start)?;
                Ok(Node {
                    kind: Kind::Subset,
                    first: index,
                    last: element.last,
                    children: vec![element],
                })
            }
            _ => self.parse_constant(index),
        }
    }

    /// Sets and sequences: elements separated by optional commas up to the closing character.
    fn parse_list(&self, index: usize, kind: Kind, open_len: usize, close: char) -> Parsed<Node> {
        let mut children = Vec::new();
        let mut last = self.skip_whitespace(index + open_len)?;
        while self.at(last)? != close {
            let element = self.parse(last)?;
            last = self.skip_whitespace(element.last + 1)?;
            children.push(element);
            if self.at(last)? == ',' {
                last += 1;
            }
            last = self.skip_whitespace(last)?;
        }
        if kind == Kind::Sequence {
            // Point at the second '>' of ">>".
            last += 1;
        }
        Ok(Node { kind, first: index, last, children })
    }

    /// Records (`a |-> v, ...`) and functions (`a :> v @@ ...`).
    fn parse_pairs(&self, index: usize, kind: Kind, div: &str, close: char) -> Parsed<Node> {
        let mut children = Vec::new();
        let mut last = self.skip_whitespace(index + 1)?;
        while self.at(last)? != close {
            let pair_start = last;
            let key = self.parse(last)?;
            let mut position = self.skip_whitespace(key.last + 1)?;
            if !self.starts_with(position, div) {
                return Err(Malformed);
            }
            position = self.skip_whitespace(position + div.chars().count())?;
            let value = self.parse(position)?;
            let pair_last = value.last;
            children.push(Node {
                kind: Kind::Pair,
                first: pair_start,
                last: pair_last,
                children: vec![key, value],
            });
            last = self.skip_whitespace(pair_last + 1)?;
            if kind == Kind::Record {
                if self.at(last)? == ',' {
                    last += 1;
                }
            } else if self.starts_with(last, "@@") {
                last += 2;
            }
            last = self.skip_whitespace(last)?;
        }
        Ok(Node { kind, first: index, last, children })
    }

    fn parse_constant(&self, index: usize) -> Parsed<Node> {
        let first = self.skip_whitespace(index)?;
        let mut last = first;
        let constant = |last| Node { kind: Kind::Constant, first, last, children: Vec::new() };
        let ch = self.at(first)?;
        if ch == '"' {
            loop {
                last += 1;
                if self.at(last)? == '"' {
                    break;
                }
            }
            return Ok(constant(last));
        }
        if is_java_digit(ch) {
            if let Some(interval_last) = self.parse_interval(index) {
                return Ok(constant(interval_last));
            }
        }
        if ch == '-' {
            last += 1;
            while is_java_digit(self.at(last)?) {
                last += 1;
                if last == self.text.len() {
                    break;
                }
            }
            return Ok(constant(last - 1));
        }
        if is_java_letter_or_digit(ch) {
            while is_java_letter_or_digit(self.at(last)?) {
                last += 1;
                if last == self.text.len() {
                    break;
                }
            }
            return Ok(constant(last - 1));
        }
        Err(Malformed)
    }

    /// `i..j`; `None` when the text there is not an interval.
    fn parse_interval(&self, index: usize) -> Option<usize> {
        let mut last = index;
        if !is_java_digit(*self.text.get(last)?) {
            return None;
        }
        while last < self.text.len() && is_java_digit(self.text[last]) {
            last += 1;
        }
        if !self.starts_with(last, "..") {
            return None;
        }
        last += 2;
        if !is_java_digit(*self.text.get(last)?) {
            return None;
        }
        while is_java_digit(*self.text.get(last)?) {
            last += 1;
            if last == self.text.len() {
                break;
            }
        }
        Some(last - 1)
    }
}

struct Formatter<'a> {
    text: &'a [char],
}

struct Delimiters {
    open: &'static str,
    close: &'static str,
    pad: &'static str,
    sep: &'static str,
    div: &'static str,
    div_pad: &'static str,
}

const SET: Delimiters =
    Delimiters { open: "{ ", close: " }", pad: "  ", sep: ",", div: "", div_pad: "" };
const SEQUENCE: Delimiters =
    Delimiters { open: "<< ", close: " >>", pad: "   ", sep: ",", div: "", div_pad: "" };
const SUBSET: Delimiters =
    Delimiters { open: "SUBSET ", close: " ", pad: " ", sep: ",", div: "", div_pad: "" };
const FUNCTION: Delimiters =
    Delimiters { open: "( ", close: " )", pad: "  ", sep: " @@", div: " :>", div_pad: "    " };
const RECORD: Delimiters =
    Delimiters { open: "[ ", close: " ]", pad: "  ", sep: ",", div: " |->", div_pad: "    " };

fn width(s: &str) -> i64 {
    s.chars().count() as i64
}

impl Formatter<'_> {
    fn format(
        &self,
        node: &Node,
        column_width: i64,
        trailer_width: i64,
        left_pad: &str,
    ) -> Parsed<String> {
        if node.len() as i64 <= column_width - trailer_width {
            return node.value(self.text);
        }
        match node.kind {
            Kind::Constant => node.value(self.text),
            Kind::Set => self.format_simple(node, column_width, trailer_width, left_pad, &SET),
            Kind::Sequence => {
                self.format_simple(node, column_width, trailer_width, left_pad, &SEQUENCE)
            }
            Kind::Subset => {
                self.format_simple(node, column_width, trailer_width, left_pad, &SUBSET)
            }
            Kind::Function => {
                self.format_pairs(node, column_width, trailer_width, left_pad, &FUNCTION)
            }
            Kind::Record => self.format_pairs(node, column_width, trailer_width, left_pad, &RECORD),
            Kind::Pair => Err(Malformed),
        }
    }

    fn format_simple(
        &self,
        node: &Node,
        column_width: i64,
        trailer_width: i64,
        left_pad: &str,
        d: &Delimiters,
    ) -> Parsed<String> {
        let column_width = column_width - width(d.open).max(width(d.pad));
        let trailer_width = trailer_width + width(d.close);
        let left_pad = format!("{left_pad}{}", d.pad);
        let mut out = String::from(d.open);
        for (i, child) in node.children.iter().enumerate() {
            if i + 1 < node.children.len() {
                out += &self.format(child, column_width, width(d.sep), &left_pad)?;
                out += d.sep;
                out += "\n";
                out += &left_pad;
            } else {
                out += &self.format(child, column_width, trailer_width, &left_pad)?;
            }
        }
        out += d.close;
        Ok(out)
    }

    fn format_pairs(
        &self,
        node: &Node,
        column_width: i64,
        trailer_width: i64,
        left_pad: &str,
        d: &Delimiters,
    ) -> Parsed<String> {
        let cw = column_width - width(d.open).max(width(d.pad));
        let trailer_width = trailer_width + width(d.close);
        let left_pad = format!("{left_pad}{}", d.pad);
        let value_pad = format!("{left_pad}{}", d.div_pad);
        let (sep, div, div_pad) = (width(d.sep), width(d.div), width(d.div_pad));
        let mut out = String::from(d.open);
        for (i, pair) in node.children.iter().enumerate() {
            let [key, value] = &pair.children[..] else { return Err(Malformed) };
            let (key_len, value_len) = (key.len() as i64, value.len() as i64);
            let is_last = i + 1 == node.children.len();
            let value_trailer = if is_last { trailer_width } else { sep };
            let fits_on_one_line = if is_last {
                key_len + div + 1 + value_len <= cw - trailer_width
            } else {
                key_len + div + 1 + value_len + sep <= cw
            };
            if fits_on_one_line {
                out += &key.value(self.text)?;
                out += d.div;
                out += " ";
                out += &value.value(self.text)?;
            } else {
                if key_len + div <= cw {
                    out += &key.value(self.text)?;
                } else {
                    out += &self.format(key, cw, trailer_width + div, &left_pad)?;
                }
                out += d.div;
                out += "\n";
                out += &value_pad;
                out += &self.format(value, cw - div_pad, value_trailer, &value_pad)?;
            }
            if !is_last {
                out += d.sep;
                out += "\n";
                out += &left_pad;
            }
        }
        out += d.close;
        Ok(out)
    }
}

/// TLC's `PrettyPrint.mypp(text, width)`: `text` itself when it fits, cannot be parsed, or has
/// trailing text after the value; otherwise the value broken over lines.
pub fn pretty_print(text: &str, width: usize) -> String {
    let chars: Vec<char> = text.chars().collect();
    if chars.is_empty() {
        return text.to_string();
    }
    let parser = Parser { text: &chars };
    let Ok(tree) = parser.parse(0) else { return text.to_string() };
    if tree.last < chars.len() - 1 {
        return text.to_string();
    }
    let formatter = Formatter { text: &chars };
    formatter.format(&tree, width as i64, 0, "").unwrap_or_else(|Malformed| text.to_string())
}
