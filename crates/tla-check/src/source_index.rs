//! Line and column lookup in the specification's sources: how TLC writes locations in its
//! messages (`line 6, col 9 to line 7, col 21 of module M`, `Line 6, column 9 ... in M`), how
//! it names definitions and expressions by their text. Kept apart from `report.rs` for size.

use tla_diagnostics::Span;
use tla_eval::Location;
use tla_sema::hir::Hir;

use crate::report::LocationOrder;

/// Line and column lookup for the modules of a specification.
pub struct SourceIndex {
    modules: Vec<(String, Vec<char>, Vec<usize>)>,
}

impl SourceIndex {
    /// `texts[i]` is the text of file `i` of the loaded specification.
    pub fn new(hir: &Hir, texts: &[String]) -> SourceIndex {
        let modules = hir
            .modules
            .iter()
            .map(|module| {
                let text = texts.get(module.file).map(String::as_str).unwrap_or("");
                // Spans are byte offsets; keep a byte-to-char map via char boundaries.
                let chars: Vec<char> = text.chars().collect();
                let mut byte_starts = Vec::with_capacity(chars.len() + 1);
                let mut offset = 0;
                for ch in &chars {
                    byte_starts.push(offset);
                    offset += ch.len_utf8();
                }
                byte_starts.push(offset);
                (module.name.clone(), chars, byte_starts)
            })
            .collect();
        SourceIndex { modules }
    }

    /// 1-based line and column of byte offset `offset` in module `module`.
    fn line_column(&self, module: u32, offset: u32) -> (usize, usize) {
        let Some((_, chars, byte_starts)) = self.modules.get(module as usize) else {
            return (0, 0);
        };
        let char_index = byte_starts.partition_point(|start| *start < offset as usize);
        let mut line = 1;
        let mut column = 1;
        for ch in chars.iter().take(char_index) {
            if *ch == '\n' {
                line += 1;
                column = 1;
            } else {
                column += 1;
            }
        }
        (line, column)
    }

    fn module_name(&self, module: u32) -> &str {
        self.modules.get(module as usize).map(|(name, _, _)| name.as_str()).unwrap_or("?")
    }

    fn bounds(&self, location: &Location) -> (usize, usize, usize, usize) {
        let Span { start, end } = location.span;
        let (line, column) = self.line_column(location.module, start);
        let (end_line, end_column) =
            self.line_column(location.module, end.saturating_sub(1).max(start));
        (line, column, end_line, end_column)
    }

    /// The source text at `location` with its white space left out: how TLC names an
    /// expression by its tokens (SANY's `getHumanReadableImage`).
    pub fn text_without_spaces(&self, location: &Location) -> String {
        let Some((_, chars, byte_starts)) = self.modules.get(location.module as usize) else {
            return String::new();
        };
        let first = byte_starts.partition_point(|start| *start < location.span.start as usize);
        let last = byte_starts.partition_point(|start| *start < location.span.end as usize);
        chars[first.min(chars.len())..last.min(chars.len())]
            .iter()
            .filter(|ch| !ch.is_whitespace())
            .collect()
    }

    /// `line 6, col 9 to line 7, col 21 of module M`.
    pub fn location_text(&self, location: &Location) -> String {
        let (line, column, end_line, end_column) = self.bounds(location);
        format!(
            "line {line}, col {column} to line {end_line}, col {end_column} of module {}",
            self.module_name(location.module)
        )
    }

    /// The left-hand side of the definition spanning `span` (`Op(x, y)` of `Op(x, y) == e`):
    /// where TLC's coverage report locates a definition. The whole span when there is no `==`.
    pub fn definition_header(&self, module: u32, span: Span) -> Location {
        let whole = Location { module, span };
        let Some((_, chars, byte_starts)) = self.modules.get(module as usize) else {
            return whole;
        };
        let first = byte_starts.partition_point(|start| *start < span.start as usize);
        let last = byte_starts.partition_point(|start| *start < span.end as usize).min(chars.len());
        let Some(equals) =
            (first..last.saturating_sub(1)).find(|&i| chars[i] == '=' && chars[i + 1] == '=')
        else {
            return whole;
        };
        let mut end = equals;
        while end > first && chars[end - 1].is_whitespace() {
            end -= 1;
        }
        if end == first {
            return whole;
        }
        Location { module, span: Span { start: span.start, end: byte_starts[end] as u32 } }
    }

    /// `location` extended back to the nearest `mark` before it (within the same module).
    pub fn back_to(&self, location: &Location, mark: char) -> Location {
        let Some((_, chars, byte_starts)) = self.modules.get(location.module as usize) else {
            return *location;
        };
        let start = byte_starts.partition_point(|start| *start < location.span.start as usize);
        match (0..start).rev().find(|&index| chars[index] == mark) {
            Some(index) => Location {
                module: location.module,
                span: Span { start: byte_starts[index] as u32, end: location.span.end },
            },
            None => *location,
        }
    }

    /// `location` extended back over the label before it: `OTHER -> e` or `name |-> e` for `e`.
    pub fn with_label_before(&self, location: &Location) -> Location {
        let Some((_, chars, byte_starts)) = self.modules.get(location.module as usize) else {
            return *location;
        };
        let mut first = byte_starts.partition_point(|start| *start < location.span.start as usize);
        let skip = |first: &mut usize, accept: &dyn Fn(char) -> bool| {
            while *first > 0 && accept(chars[*first - 1]) {
                *first -= 1;
            }
        };
        skip(&mut first, &|c| c.is_whitespace());
        skip(&mut first, &|c| matches!(c, '-' | '>' | '|' | ':'));
        skip(&mut first, &|c| c.is_whitespace());
        skip(&mut first, &|c| c.is_alphanumeric() || c == '_');
        Location {
            module: location.module,
            span: Span { start: byte_starts[first] as u32, end: location.span.end },
        }
    }

    /// `location` without the parentheses around the whole expression, if any: SANY's tree has
    /// no node for parentheses, so TLC locates `(e)` at `e`.
    pub fn without_parentheses(&self, location: &Location) -> Location {
        let Some((_, chars, byte_starts)) = self.modules.get(location.module as usize) else {
            return *location;
        };
        let mut first = byte_starts.partition_point(|start| *start < location.span.start as usize);
        let mut last = byte_starts.partition_point(|start| *start < location.span.end as usize);
        last = last.min(chars.len());
        while last >= first + 2 && chars[first] == '(' && chars[last - 1] == ')' {
            // The opening parenthesis must close at the very end.
            let mut depth = 0usize;
            let closes_at_end = (first..last).all(|index| {
                match chars[index] {
                    '(' => depth += 1,
                    ')' => depth = depth.saturating_sub(1),
                    _ => {}
                }
                depth > 0 || index == last - 1
            });
            if !closes_at_end {
                break;
            }
            first += 1;
            last -= 1;
            while first < last && chars[first].is_whitespace() {
                first += 1;
            }
            while last > first && chars[last - 1].is_whitespace() {
                last -= 1;
            }
        }
        Location {
            module: location.module,
            span: Span { start: byte_starts[first] as u32, end: byte_starts[last] as u32 },
        }
    }

    /// The order TLC sorts locations in: module name, then start line and column, then end
    /// line and column.
    pub fn order_key(&self, location: &Location) -> LocationOrder {
        let (line, column, end_line, end_column) = self.bounds(location);
        (self.module_name(location.module).to_string(), line, column, end_line, end_column)
    }

    /// TLC's short form of a location, `6 9 7 21` (lines and columns, no module).
    pub fn short_location_text(&self, location: &Location) -> String {
        let (line, column, end_line, end_column) = self.bounds(location);
        format!("{line} {column} {end_line} {end_column}")
    }

    /// `Line 6, column 9 to line 7, column 21 in M`.
    pub fn position_text(&self, location: &Location) -> String {
        let (line, column, end_line, end_column) = self.bounds(location);
        format!(
            "Line {line}, column {column} to line {end_line}, column {end_column} in {}",
            self.module_name(location.module)
        )
    }
}
