//! Progress bars of the long command-line tools (`selfplay`, `import`, `export`): drawn
//! on standard error when it is a terminal, nothing at all when it is piped or
//! redirected (indicatif's terminal check), so logs and scripts see only the report.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A bar of `len` steps named `what` (e.g. `games`), on standard error if it is a
/// terminal, hidden otherwise. `len` 0: a spinner counting steps, for work of unknown
/// length.
pub fn bar(len: u64, what: &str) -> ProgressBar {
    let bar = if len == 0 {
        ProgressBar::new_spinner()
    } else {
        ProgressBar::new(len)
    };
    bar.set_draw_target(ProgressDrawTarget::stderr());
    let template = if len == 0 {
        format!("{{spinner}} {{pos}} {what} ({{elapsed}})")
    } else {
        format!("{{bar:40}} {{pos}}/{{len}} {what} ({{elapsed}}, about {{eta}} to go)")
    };
    // The templates above are fixed and valid; a bad one would only lose the styling.
    if let Ok(style) = ProgressStyle::with_template(&template) {
        bar.set_style(style);
    }
    bar
}

/// A bar over `len` bytes (a file read or written; `len` 0: unknown, a spinner counting
/// bytes), on standard error if it is a terminal, hidden otherwise.
pub fn bytes(len: u64, what: &str) -> ProgressBar {
    let bar = if len == 0 {
        ProgressBar::new_spinner()
    } else {
        ProgressBar::new(len)
    };
    bar.set_draw_target(ProgressDrawTarget::stderr());
    let template = if len == 0 {
        format!("{{spinner}} {what}: {{bytes}} ({{elapsed}})")
    } else {
        format!("{{bar:40}} {what}: {{bytes}}/{{total_bytes}} ({{elapsed}}, about {{eta}} to go)")
    };
    if let Ok(style) = ProgressStyle::with_template(&template) {
        bar.set_style(style);
    }
    bar
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
