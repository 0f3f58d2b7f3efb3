//! The engine's two ends: [`Out`], the output shared by the input loop and the
//! command thread, and [`read_line`], which reads input lines of bounded length.

use std::io::{self, BufRead, Write};
use std::sync::{Arc, Mutex, MutexGuard};

use super::parse::MAX_LINE;

/// The output, shared by the input loop and the command thread: each line is written
/// whole and flushed under the lock, so lines never interleave and a client sees each
/// at once. A write error is kept (the first) for the input loop to report, since the
/// command thread has nobody to report it to.
#[derive(Clone)]
pub struct Out(Arc<Mutex<OutState>>);

struct OutState {
    sink: Box<dyn Write + Send>,
    failed: Option<io::Error>,
}

impl Out {
    /// Output to `sink`.
    pub fn new(sink: Box<dyn Write + Send>) -> Out {
        Out(Arc::new(Mutex::new(OutState { sink, failed: None })))
    }

    fn lock(&self) -> MutexGuard<'_, OutState> {
        // A panic elsewhere while writing leaves the sink usable: carry on.
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Writes `text` and a newline, and flushes; after a failure, nothing more.
    pub fn line(&self, text: &str) {
        let mut state = self.lock();
        if state.failed.is_some() {
            return;
        }
        let written = writeln!(state.sink, "{text}").and_then(|()| state.sink.flush());
        if let Err(e) = written {
            state.failed = Some(e);
        }
    }

    /// Whether a write has failed (and its error not yet taken by [`Out::check`]):
    /// nobody reads the answers any more.
    pub fn failed(&self) -> bool {
        self.lock().failed.is_some()
    }

    /// The first write error, if any.
    ///
    /// # Errors
    /// That error, once.
    pub fn check(&self) -> io::Result<()> {
        self.lock().failed.take().map_or(Ok(()), Err)
    }
}

/// One line of input.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// Its text, without the line end (invalid UTF-8 replaced).
    Text(String),
    /// Longer than [`MAX_LINE`] bytes: skipped to its end.
    TooLong,
}

/// Reads one line into `buf` (cleared first), keeping at most [`MAX_LINE`] bytes of
/// it; `None` at the end of input. The last line may lack its newline.
///
/// # Errors
/// When the input cannot be read.
pub fn read_line(input: &mut impl BufRead, buf: &mut Vec<u8>) -> io::Result<Option<Line>> {
    buf.clear();
    let mut read_any = false;
    let mut too_long = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            break;
        }
        read_any = true;
        let end = chunk.iter().position(|&b| b == b'\n');
        let part = &chunk[..end.unwrap_or(chunk.len())];
        let room = MAX_LINE.saturating_sub(buf.len());
        too_long |= part.len() > room;
        buf.extend_from_slice(&part[..part.len().min(room)]);
        let used = part.len() + usize::from(end.is_some());
        input.consume(used);
        if end.is_some() {
            break;
        }
    }
    Ok(read_any.then(|| {
        if too_long {
            Line::TooLong
        } else {
            Line::Text(String::from_utf8_lossy(buf).into_owned())
        }
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sink that refuses every write.
    struct Closed;

    impl Write for Closed {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::ErrorKind::BrokenPipe.into())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_write_error_is_kept_until_checked() {
        let out = Out::new(Box::new(Closed));
        assert!(!out.failed() && out.check().is_ok());
        out.line("bestmove c1+");
        out.line("readyok");
        assert!(out.failed());
        assert_eq!(out.check().unwrap_err().kind(), io::ErrorKind::BrokenPipe);
        assert!(out.check().is_ok(), "reported once");
    }

    #[test]
    fn lines_are_read_whole_and_overlong_ones_skipped() {
        let long = "a".repeat(MAX_LINE + 1);
        let mut bytes = format!("uci\r\n{long}\nisready\n").into_bytes();
        bytes.extend_from_slice(b"\xff\nquit");
        let mut input = io::Cursor::new(bytes);
        let mut buf = Vec::new();
        let mut lines = Vec::new();
        while let Some(l) = read_line(&mut input, &mut buf).unwrap() {
            lines.push(l);
        }
        assert_eq!(
            lines,
            [
                Line::Text("uci\r".into()),
                Line::TooLong,
                Line::Text("isready".into()),
                Line::Text("\u{fffd}".into()),
                Line::Text("quit".into()),
            ]
        );
    }
}
