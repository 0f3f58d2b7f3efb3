//! Progress bars of the long command-line tools (`selfplay`, `import`, `export`): drawn
//! on standard error when it is a terminal, nothing at all when it is piped or
//! redirected (indicatif's terminal check), so logs and scripts see only the report.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A bar of `len` steps named `what` (e.g. `games`), on standard error if it is a
/// terminal, hidden otherwise. `len` 0: a spinner counting steps, for work of unknown
/// length.
pub fn bar(len: u64, what: &str) -> ProgressBar {
    styled(
        len,
        format!("{{spinner}} {{pos}} {what} ({{elapsed}})"),
        format!("{{bar:40}} {{pos}}/{{len}} {what} ({{elapsed}}, about {{eta}} to go)"),
    )
}

/// A bar over `len` bytes (a file read or written; `len` 0: unknown, a spinner counting
/// bytes), on standard error if it is a terminal, hidden otherwise.
pub fn bytes(len: u64, what: &str) -> ProgressBar {
    styled(
        len,
        format!("{{spinner}} {what}: {{bytes}} ({{elapsed}})"),
        format!("{{bar:40}} {what}: {{bytes}}/{{total_bytes}} ({{elapsed}}, about {{eta}} to go)"),
    )
}

/// A bar of `len` (a spinner when 0) on standard error, drawn with `spinner` or `bar`.
fn styled(len: u64, spinner: String, bar: String) -> ProgressBar {
    let (progress, template) = if len == 0 {
        (ProgressBar::new_spinner(), spinner)
    } else {
        (ProgressBar::new(len), bar)
    };
    progress.set_draw_target(ProgressDrawTarget::stderr());
    // The templates are fixed and valid; a bad one would only lose the styling.
    if let Ok(style) = ProgressStyle::with_template(&template) {
        progress.set_style(style);
    }
    progress
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Under `cargo test` standard error is captured, not a terminal: the bar draws
    /// nothing, so piped output stays clean.
    #[test]
    fn hidden_when_not_on_a_terminal() {
        use std::io::IsTerminal;
        if std::io::stderr().is_terminal() {
            return;
        }
        assert!(bar(10, "games").is_hidden());
        assert!(bar(0, "records").is_hidden());
        assert!(bytes(100, "checking").is_hidden());
    }
}
