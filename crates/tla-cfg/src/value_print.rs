//! Printing cfg values as TLC prints them, for messages such as "The invariant of N is equal to
//! {p3, p1}".
//!
//! TLC prints a set normalised: sorted by its value order and without duplicates. Integers sort
//! numerically, `FALSE` before `TRUE`, sets by cardinality and then element by element, and
//! strings and model values by *intern order* (the order in which TLC first saw the text), not
//! alphabetically. TLC reads the cfg file before the specification, so we approximate intern
//! order by first appearance among the cfg file's values; names TLC interns on its own before
//! that are unknown to us. Sets mixing kinds TLC cannot compare are printed as written.

use std::cmp::Ordering;
use std::collections::HashMap;

use crate::model::{CfgValue, CfgValueKind, ConstantEntry, ModelConfig};

/// Intern order of the strings and model values of a cfg file: first appearance.
pub(crate) struct InternOrder {
    rank: HashMap<String, usize>,
}

impl InternOrder {
    pub(crate) fn of_config(config: &ModelConfig) -> InternOrder {
        let mut order = InternOrder { rank: HashMap::new() };
        for entry in &config.constants {
            if let ConstantEntry::Assignment(assignment) = entry {
                for argument in &assignment.arguments {
                    order.visit(argument);
                }
                order.visit(&assignment.value);
            }
        }
        order
    }

    fn visit(&mut self, value: &CfgValue) {
        // Iterative walk: sets may nest up to `MAX_SET_NESTING` levels.
        let mut stack = vec![value];
        while let Some(value) = stack.pop() {
            match &value.kind {
                CfgValueKind::String(text) | CfgValueKind::ModelValue(text) => {
                    let next = self.rank.len();
                    self.rank.entry(text.clone()).or_insert(next);
                }
                CfgValueKind::Set(elements) => stack.extend(elements.iter().rev()),
                CfgValueKind::Integer(_) | CfgValueKind::Boolean(_) => {}
            }
        }
    }

    fn rank(&self, text: &str) -> usize {
        self.rank.get(text).copied().unwrap_or(usize::MAX)
    }
}

/// `value` as TLC prints it, sets normalised with the intern order of `config`'s values.
pub fn print_value(value: &CfgValue, config: &ModelConfig) -> String {
    let order = InternOrder::of_config(config);
    let mut out = String::new();
    print_into(value, &order, &mut out);
    out
}

pub(crate) fn print_with(value: &CfgValue, order: &InternOrder) -> String {
    let mut out = String::new();
    print_into(value, order, &mut out);
    out
}

fn print_into(value: &CfgValue, order: &InternOrder, out: &mut String) {
    match &value.kind {
        CfgValueKind::Integer(number) => out.push_str(&number.to_string()),
        CfgValueKind::Boolean(true) => out.push_str("TRUE"),
        CfgValueKind::Boolean(false) => out.push_str("FALSE"),
        CfgValueKind::String(text) => {
            out.push('"');
            out.push_str(text);
            out.push('"');
        }
        CfgValueKind::ModelValue(name) => out.push_str(name),
        CfgValueKind::Set(elements) => {
            let normalised = normalise(elements, order);
            out.push('{');
            for (idx, element) in normalised.iter().enumerate() {
                if idx > 0 {
                    out.push_str(", ");
                }
                print_into(element, order, out);
            }
            out.push('}');
        }
    }
}

/// Sorted and de-duplicated elements, or the elements as written when TLC could not compare
/// them (mixed kinds).
fn normalise<'v>(elements: &'v [CfgValue], order: &InternOrder) -> Vec<&'v CfgValue> {
    let mut sorted: Vec<&CfgValue> = elements.iter().collect();
    let mut comparable = true;
    sorted.sort_by(|left, right| {
        compare(left, right, order).unwrap_or_else(|| {
            comparable = false;
            Ordering::Equal
        })
    });
    if !comparable {
        let mut unique: Vec<&CfgValue> = Vec::new();
        for element in elements {
            if !unique.iter().any(|seen| compare(seen, element, order) == Some(Ordering::Equal)) {
                unique.push(element);
            }
        }
        return unique;
    }
    sorted.dedup_by(|left, right| compare(left, right, order) == Some(Ordering::Equal));
    sorted
}

/// TLC's value order on cfg values; `None` where TLC would report an error.
fn compare(left: &CfgValue, right: &CfgValue, order: &InternOrder) -> Option<Ordering> {
    use CfgValueKind::*;
    match (&left.kind, &right.kind) {
        (Integer(left), Integer(right)) => Some(left.cmp(right)),
        (Boolean(left), Boolean(right)) => Some(left.cmp(right)),
        (String(left), String(right)) | (ModelValue(left), ModelValue(right)) => {
            Some(order.rank(left).cmp(&order.rank(right)).then_with(|| left.cmp(right)))
        }
        // An untyped model value sorts before any other kind of value; a typed one (`a_1`)
        // cannot be compared with one (TLC reports an error).
        (ModelValue(name), _) => is_untyped_model_value(name).then_some(Ordering::Less),
        (_, ModelValue(name)) => is_untyped_model_value(name).then_some(Ordering::Greater),
        (Set(left_elements), Set(right_elements)) => {
            let left_sorted = normalise(left_elements, order);
            let right_sorted = normalise(right_elements, order);
            let by_size = left_sorted.len().cmp(&right_sorted.len());
            if by_size != Ordering::Equal {
                return Some(by_size);
            }
            for (left, right) in left_sorted.iter().zip(&right_sorted) {
                let by_element = compare(left, right, order)?;
                if by_element != Ordering::Equal {
                    return Some(by_element);
                }
            }
            Some(Ordering::Equal)
        }
        _ => None,
    }
}

/// TLC's typed model values are named `x_...` for one character `x`.
fn is_untyped_model_value(name: &str) -> bool {
    let mut chars = name.chars();
    !(chars.next().is_some() && chars.next() == Some('_'))
}

#[cfg(test)]
mod tests {
    use crate::parse_config;

    fn printed(text: &str) -> String {
        let parsed = parse_config(text);
        let config = &parsed.config;
        match &config.constants[0] {
            crate::ConstantEntry::Assignment(assignment) => {
                super::print_value(&assignment.value, config)
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn sets_print_normalised_in_intern_order() {
        assert_eq!(printed("CONSTANT N = {{a, b}, {}}"), "{{}, {a, b}}");
        assert_eq!(printed("CONSTANT N = {p3, p1, p2, p1}"), "{p3, p1, p2}");
        assert_eq!(printed("CONSTANT N = {3, 1, 2, 1}"), "{1, 2, 3}");
        assert_eq!(printed("CONSTANT N = {\"b\", \"a\"}"), "{\"b\", \"a\"}");
        assert_eq!(printed("CONSTANT N = {1, a, 1}"), "{a, 1}");
        assert_eq!(printed("CONSTANT N = {p2, p1, {}}"), "{p2, p1, {}}");
        assert_eq!(printed("CONSTANT N = {1, \"a\"}"), "{1, \"a\"}");
    }
}
