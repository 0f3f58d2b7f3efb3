//! Running the binary with chat lines on its standard input, for the tests that drive
//! the console (or the plain command) end to end.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `cmd` with `input` written to its standard input, which is then closed (the
/// console's end of input), and returns its exit status, standard output and standard
/// error.
pub fn with_input(cmd: &mut Command, input: &str) -> Output {
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}
