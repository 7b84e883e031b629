//! Numbers printed as TLC prints them, where Java's formatting shows through: doubles in
//! Java's text (`4.6E-17`, `0.0`), and TLC's cut of a probability to a few significant digits.

/// TLC's optimistic estimate of a fingerprint collision, `distinct * (generated - distinct) / 2^64`,
/// printed as TLC prints it: Java's text of the double cut to two significant digits.
pub fn collision_probability(distinct: u64, generated: u64) -> String {
    let probability = distinct as f64 * generated.saturating_sub(distinct) as f64 / 2f64.powi(64);
    probability_text(probability, 2)
}

/// TLC's `ProbabilityToString`: Java's text of `value` with the digits after the leading zeros
/// cut to `significant` digits, the last one rounded up when the next is 5 or more, and the
/// exponent kept (`6.505213034913027E-19` is `6.5E-19`; leading zeros of the integer part are
/// dropped, so `0.00123` is `.0012`). Any other shape of text is returned as it is.
fn probability_text(value: f64, significant: usize) -> String {
    if value == 0.0 {
        return "0.0".to_string();
    }
    let text = java_double(value);
    let chars: Vec<char> = text.chars().collect();
    let digit_at = |at: usize| chars.get(at).is_some_and(char::is_ascii_digit);
    let mut next = 0;
    while chars.get(next) == Some(&'0') {
        next += 1;
    }
    let mut result = String::new();
    let mut found = 0;
    while digit_at(next) {
        result.push(chars[next]);
        found += 1;
        next += 1;
    }
    match chars.get(next) {
        None => return result,
        Some('.') => next += 1,
        Some(_) => return text,
    }
    if found < significant {
        result.push('.');
        if found == 0 {
            while chars.get(next) == Some(&'0') {
                result.push('0');
                next += 1;
            }
        }
        while digit_at(next) && found < significant {
            result.push(chars[next]);
            found += 1;
            next += 1;
        }
        if digit_at(next) && chars[next] >= '5' {
            result = carried(&result);
        }
    }
    while digit_at(next) {
        next += 1;
    }
    match chars.get(next) {
        None => result,
        Some('E') => result + &chars[next..].iter().collect::<String>(),
        Some(_) => text,
    }
}

/// Adds one to the last digit of `digits` (a `.` is passed over), carrying as far as needed.
fn carried(digits: &str) -> String {
    let mut chars: Vec<char> = digits.chars().collect();
    for at in (0..chars.len()).rev() {
        match chars[at] {
            '9' => chars[at] = '0',
            '.' => {}
            digit => {
                chars[at] =
                    char::from_digit(digit.to_digit(10).unwrap_or(0) + 1, 10).unwrap_or('0');
                return chars.into_iter().collect();
            }
        }
    }
    std::iter::once('1').chain(chars).collect()
}

fn java_double(value: f64) -> String {
    if value == 0.0 {
        return "0.0".to_string();
    }
    if (1e-3..1e7).contains(&value.abs()) {
        let text = format!("{value}");
        return if text.contains('.') { text } else { format!("{text}.0") };
    }
    let formatted = format!("{value:E}");
    // Rust prints `4.6E-17`; Java too, but always with a fractional part (`1.0E-17`).
    match formatted.split_once('E') {
        Some((mantissa, exponent)) if !mantissa.contains('.') => format!("{mantissa}.0E{exponent}"),
        _ => formatted,
    }
}

#[cfg(test)]
mod tests {
    use super::probability_text;

    #[test]
    fn probabilities_are_cut_to_two_significant_digits_as_tlc_cuts_them() {
        for (value, text) in [
            (0.0, "0.0"),
            (6.505213034913027e-19, "6.5E-19"),
            (1.0e-16, "1.0E-16"),
            (4.66e-17, "4.7E-17"),
            (9.96e-18, "10.0E-18"),
            (0.00123, ".0012"),
            (0.5, ".5"),
        ] {
            assert_eq!(probability_text(value, 2), text, "{value}");
        }
    }
}
