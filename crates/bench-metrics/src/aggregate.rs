//! Aggregating scores across samples of the same (task, model, agent).
//!
//! - **best-of-K**: the best score among the samples (the paper keeps the best of 5);
//! - **mean with standard error**: the mean and `s / sqrt(n)` with `s` the sample standard
//!   deviation (`n - 1` in the denominator); the error is `None` for fewer than two samples;
//! - **pass@K**: the unbiased estimator of Chen et al. (2021) of the chance that at least one of
//!   `k` samples drawn without replacement from `n` passes, when `c` of the `n` passed:
//!   `1 - C(n - c, k) / C(n, k)`, computed as a product to stay exact for large `n`. "Passes"
//!   means every phase at full marks.

/// The best score, or `None` without samples.
pub fn best_of(scores: &[f64]) -> Option<f64> {
    scores
        .iter()
        .copied()
        .fold(None, |best, score| Some(best.map_or(score, |best: f64| best.max(score))))
}

/// The mean and its standard error, or `None` without samples.
pub fn mean_with_standard_error(scores: &[f64]) -> Option<(f64, Option<f64>)> {
    if scores.is_empty() {
        return None;
    }
    let n = scores.len() as f64;
    let mean = scores.iter().sum::<f64>() / n;
    if scores.len() < 2 {
        return Some((mean, None));
    }
    let variance = scores.iter().map(|score| (score - mean).powi(2)).sum::<f64>() / (n - 1.0);
    Some((mean, Some((variance / n).sqrt())))
}

/// Unbiased pass@k from `n` samples of which `c` passed; `None` when `k` is 0 or larger than `n`.
pub fn pass_at_k(n: usize, c: usize, k: usize) -> Option<f64> {
    if k == 0 || k > n || c > n {
        return None;
    }
    if n - c < k {
        return Some(1.0);
    }
    // C(n - c, k) / C(n, k) = prod_{i = n - c + 1}^{n} (1 - k / i)
    let failing_all = ((n - c + 1)..=n).map(|i| 1.0 - k as f64 / i as f64).product::<f64>();
    Some(1.0 - failing_all)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn best_and_mean() {
        assert_eq!(best_of(&[]), None);
        assert_eq!(best_of(&[0.2, 0.9, 0.5]), Some(0.9));
        assert_eq!(mean_with_standard_error(&[0.5]), Some((0.5, None)));
        let (mean, error) = mean_with_standard_error(&[1.0, 0.0, 1.0, 0.0]).unwrap();
        assert_eq!(mean, 0.5);
        // Sample standard deviation 0.57735..., over sqrt(4).
        assert!((error.unwrap() - 0.288_675_134_594_812_9).abs() < 1e-12);
    }

    #[test]
    fn pass_at_k_matches_the_closed_form() {
        assert_eq!(pass_at_k(5, 0, 1), Some(0.0));
        assert_eq!(pass_at_k(5, 5, 3), Some(1.0));
        assert!((pass_at_k(5, 1, 1).unwrap() - 0.2).abs() < 1e-12);
        // n = 5, c = 2, k = 2: 1 - C(3,2)/C(5,2) = 1 - 3/10.
        assert!((pass_at_k(5, 2, 2).unwrap() - 0.7).abs() < 1e-12);
        // Fewer failures than k: certain.
        assert_eq!(pass_at_k(5, 4, 2), Some(1.0));
        assert_eq!(pass_at_k(3, 1, 4), None);
        assert_eq!(pass_at_k(3, 1, 0), None);
    }
}
