//! Progress bars for long runs: drawn on stderr, and only when stderr is a terminal and
//! `--quiet` is off, so pipes and CI logs never see them.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A spinner-style counter of processed items (feeds are streamed, so the total is unknown).
pub struct Progress {
    bar: Option<ProgressBar>,
}

impl Progress {
    /// Starts a counter labelled `what` when `enabled` (a terminal, not quiet); otherwise a no-op.
    #[must_use]
    pub fn new(enabled: bool, what: &str) -> Self {
        if !enabled {
            return Self { bar: None };
        }
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr_with_hz(10));
        if let Ok(style) = ProgressStyle::with_template(
            "{spinner} {msg}: {human_pos} [{elapsed_precise}, {per_sec}]",
        ) {
            bar.set_style(style);
        }
        bar.set_message(what.to_owned());
        Self { bar: Some(bar) }
    }

    pub fn inc(&self, n: u64) {
        if let Some(bar) = &self.bar {
            bar.inc(n);
        }
    }

    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}
