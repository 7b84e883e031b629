//! Seeded sampling of traces for the trace learning agent, and how a trace is shown to the model.
//!
//! Sampling must give the same traces for the same seed on every machine and in every future
//! version, so it uses its own generator (SplitMix64, fixed constants) and a partial Fisher-Yates
//! shuffle, and returns the chosen indices in corpus order. Changing this algorithm changes which
//! traces past runs saw; the pinned test below guards it.

use crate::agent_inputs::TraceText;
use crate::prompt_templates::fenced_block;

/// SplitMix64: a tiny, well-mixed 64-bit generator with a fixed, documented output sequence.
#[derive(Clone, Debug)]
struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut mixed = self.state;
        mixed = (mixed ^ (mixed >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        mixed = (mixed ^ (mixed >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        mixed ^ (mixed >> 31)
    }

    /// A value in `0..bound` (`bound > 0`), by rejection so every value is equally likely.
    fn below(&mut self, bound: u64) -> u64 {
        let zone = u64::MAX - (u64::MAX % bound);
        loop {
            let value = self.next_u64();
            if value < zone {
                return value % bound;
            }
        }
    }
}

/// Chooses `sample_count` distinct indices of `0..corpus_size` with `seed`, returned in increasing
/// order. Asking for more than the corpus holds returns every index.
pub fn sample_trace_indices(corpus_size: usize, sample_count: usize, seed: u64) -> Vec<usize> {
    let mut indices: Vec<usize> = (0..corpus_size).collect();
    let sample_count = sample_count.min(corpus_size);
    let mut generator = SplitMix64 { state: seed };
    for position in 0..sample_count {
        let remaining = (corpus_size - position) as u64;
        let offset = generator.below(remaining) as usize;
        indices.swap(position, position + offset);
    }
    let mut chosen = indices[..sample_count].to_vec();
    chosen.sort_unstable();
    chosen
}

/// The traces as shown to the model: a heading per trace and its events in a fence, each trace cut
/// to its first `max_events_per_trace` events (lines), with the cut stated.
pub fn render_traces(traces: &[TraceText], max_events_per_trace: usize) -> String {
    let rendered: Vec<String> = traces
        .iter()
        .map(|trace| {
            let events: Vec<&str> =
                trace.text.lines().filter(|line| !line.trim().is_empty()).collect();
            let shown = events.len().min(max_events_per_trace);
            let heading = if shown < events.len() {
                format!("### `{}` (first {shown} of {} events)", trace.name, events.len())
            } else {
                format!("### `{}` ({} events)", trace.name, events.len())
            };
            format!("{heading}\n\n{}", fenced_block(&events[..shown].join("\n"), "json"))
        })
        .collect();
    rendered.join("\n\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sampling_is_pinned() {
        // Changing these numbers changes which traces past runs saw; see the module doc.
        assert_eq!(sample_trace_indices(20, 3, 0), sample_trace_indices(20, 3, 0));
        expect_test::expect![[r#"
            seed 0: [3, 15, 17]
            seed 1: [5, 9, 14]
            seed 42: [2, 13, 16]
        "#]]
        .assert_eq(
            &[0u64, 1, 42]
                .iter()
                .map(|seed| format!("seed {seed}: {:?}\n", sample_trace_indices(20, 3, *seed)))
                .collect::<String>(),
        );
    }

    #[test]
    fn sampling_edge_cases() {
        assert_eq!(sample_trace_indices(0, 3, 7), Vec::<usize>::new());
        assert_eq!(sample_trace_indices(2, 5, 7), vec![0, 1]);
        let all = sample_trace_indices(20, 20, 9);
        assert_eq!(all, (0..20).collect::<Vec<_>>());
    }

    #[test]
    fn traces_are_cut_and_say_so() {
        let traces =
            vec![TraceText { name: "t.ndjson".to_owned(), text: "{}\n{}\n\n{}\n".to_owned() }];
        assert_eq!(
            render_traces(&traces, 2),
            "### `t.ndjson` (first 2 of 3 events)\n\n```json\n{}\n{}\n```"
        );
    }
}
