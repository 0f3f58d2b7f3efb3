//! `mancala-bot engine`: the AI behind a UCI-like line protocol on standard input and
//! output, for GUIs, research frameworks and other bots (README, "Engine protocol").
//!
//! Each input line is parsed by [`parse()`] (pure, typed errors) and then run on the
//! [`Session`], which holds the position, its history and the AI. A `go` searches on a
//! thread of its own, so the main thread keeps reading: `stop`, `isready` and `quit`
//! are answered during a search. Every output line is written whole and flushed, from
//! either thread, under one lock.

mod parse;

use std::fmt;
use std::io::{self, BufRead, Write};
use std::panic::{self, AssertUnwindSafe};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::Duration;

use mancala_ai::{Ai, ConfigError, Iteration, Limits, Score, SearchConfig};
use mancala_rules::{Game, Move, Outcome, PlayError, Position, Variant};

pub use parse::{parse, Command, Go, ParseError, SetPosition, Start};
use parse::{HASH_MB, MAX_LINE};

/// Transposition table size before any `setoption name Hash`, MiB (as the bot's).
const HASH_DEFAULT_MB: usize = 16;
/// The level of a `go` without `level`: the strongest.
const DEFAULT_LEVEL: u8 = 5;
/// The time budget of a `go` without any limit, milliseconds.
const DEFAULT_MOVETIME_MS: u64 = 1000;

/// Arguments of `mancala-bot engine` (none: everything is set through the protocol).
#[derive(clap::Args, Debug)]
pub struct EngineArgs {}

/// Runs the protocol on standard input and output until `quit` or the end of input,
/// then exits with status 0. At the end of input a running search is finished first
/// (stopped if it is `go infinite`), so that piped commands get their `bestmove`.
///
/// # Errors
/// When standard input cannot be read or standard output written.
pub fn main(_args: EngineArgs) -> anyhow::Result<ExitCode> {
    let out = Out::new(Box::new(io::stdout()));
    let mut session = Session::new(out.clone())?;
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut buf = Vec::new();
    while let Some(line) = read_line(&mut input, &mut buf)? {
        let flow = match line {
            Line::Text(text) => session.handle(&text),
            Line::TooLong => session.refuse(&ParseError::LineTooLong),
        };
        out.check()?;
        if flow == Flow::Quit {
            return Ok(ExitCode::SUCCESS);
        }
    }
    session.finish();
    out.check()?;
    Ok(ExitCode::SUCCESS)
}

// ---------------------------------------------------------------------------------
// The session: runs commands.

/// The AI's limits for this `go`: the level (5 by default) and the limits given;
/// without any limit (and without `infinite`), 1000 ms.
fn go_limits(go: &Go, stop: Arc<AtomicBool>) -> Limits {
    let unlimited =
        go.movetime.is_none() && go.depth.is_none() && go.nodes.is_none() && !go.infinite;
    let movetime = go.movetime.or(unlimited.then_some(DEFAULT_MOVETIME_MS));
    Limits {
        level: go.level.unwrap_or(DEFAULT_LEVEL),
        depth: go.depth,
        nodes: go.nodes,
        movetime: movetime.map(Duration::from_millis),
        stop: Some(stop),
    }
}

/// A command refused when run; the session is unchanged.
#[derive(Debug)]
pub enum Refusal {
    /// The line did not parse.
    Parse(ParseError),
    /// A move of `position ... moves` is illegal where it is played.
    IllegalMove {
        /// Which move of the list, from 1.
        index: usize,
        /// The move.
        mv: Move,
        /// Why it is illegal (K2-K11, H2-H10), or the game already over.
        error: PlayError,
    },
    /// `go`, `setoption` or `ucinewgame` while a search runs.
    Busy,
    /// The AI refused its configuration.
    Config(ConfigError),
    /// The search thread could not be started.
    Spawn(io::Error),
    /// No AI is left: a failed search lost it and a new one could not be made.
    NoAi,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Parse(e) => e.fmt(f),
            Refusal::IllegalMove { index, mv, error } => {
                write!(f, "move {index} `{mv}` is illegal: {error}")
            }
            Refusal::Busy => {
                f.write_str("a search is running; send `stop` and wait for its `bestmove` first")
            }
            Refusal::Config(e) => e.fmt(f),
            Refusal::Spawn(e) => write!(f, "the search thread could not be started: {e}"),
            Refusal::NoAi => f.write_str("the AI was lost; restart the engine"),
        }
    }
}

impl std::error::Error for Refusal {}

/// What the input loop does after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next line.
    Continue,
    /// Exit (after `quit`).
    Quit,
}

/// A search running on its own thread.
struct Running {
    /// Raised by `stop` and `quit`.
    stop: Arc<AtomicBool>,
    /// Raised by the search thread just before it writes `bestmove`: from then on a
    /// new command waits for the thread rather than being refused, so a client that
    /// sends `go` right after `bestmove` is never told that a search is running.
    done: Arc<AtomicBool>,
    /// `go infinite`: stopped, not awaited, at the end of input.
    infinite: bool,
    /// Gives the AI back when the search ends (`None` if the search panicked).
    handle: JoinHandle<Option<Ai>>,
}

/// The engine's state: the position to search, its history, the AI.
pub struct Session {
    out: Out,
    /// The configuration new AIs get (only the table size and seed matter here: the
    /// level and limits come with each `go`).
    config: SearchConfig,
    /// The game from the last `position` (before any, the Katro start).
    game: Game,
    /// The positions before the current one, oldest first (K10/H10 repetition).
    history: Vec<Position>,
    /// The AI; `None` while a search has it.
    ai: Option<Ai>,
    running: Option<Running>,
}

impl Session {
    /// A session writing to `out`, on the Katro start position, with a 16 MiB table.
    ///
    /// # Errors
    /// When the AI cannot be made (it always can with these settings).
    pub fn new(out: Out) -> Result<Session, ConfigError> {
        let config = SearchConfig {
            level: DEFAULT_LEVEL,
            ms_per_move: 0,
            tt_mb: HASH_DEFAULT_MB,
            seed: 0,
            max_nodes: None,
        };
        Ok(Session {
            out,
            config,
            game: Game::new(Variant::KATRO),
            history: Vec::new(),
            ai: Some(Ai::new(config)?),
            running: None,
        })
    }

    /// Parses and runs one input line; a refusal is answered with one line
    /// `info string error: ...` and changes nothing.
    pub fn handle(&mut self, line: &str) -> Flow {
        match parse(line)
            .map_err(Refusal::Parse)
            .and_then(|c| self.run(c))
        {
            Ok(flow) => flow,
            Err(e) => {
                self.out.line(&format!("info string error: {e}"));
                Flow::Continue
            }
        }
    }

    /// Answers a line that could not be read as a command.
    pub fn refuse(&mut self, e: &ParseError) -> Flow {
        self.out.line(&format!("info string error: {e}"));
        Flow::Continue
    }

    /// Runs a parsed command.
    ///
    /// # Errors
    /// [`Refusal`] when the command cannot be run now or here; nothing changed then.
    pub fn run(&mut self, cmd: Command) -> Result<Flow, Refusal> {
        match cmd {
            Command::Blank => {}
            Command::Uci => self.handshake(),
            Command::IsReady => self.out.line("readyok"),
            Command::UciNewGame => self.idle_ai()?.reset(),
            Command::SetHash(mb) => self.set_hash(mb)?,
            Command::Position(p) => self.set_position(p)?,
            Command::Go(go) => self.go(&go)?,
            Command::Stop => self.stop(),
            Command::Quit => {
                self.stop();
                self.wait();
                return Ok(Flow::Quit);
            }
        }
        Ok(Flow::Continue)
    }

    /// At the end of input: lets a running search finish (stops `go infinite`), so that
    /// its `bestmove` is written before the engine exits.
    pub fn finish(&mut self) {
        if self.running.as_ref().is_some_and(|r| r.infinite) {
            self.stop();
        }
        self.wait();
    }

    fn handshake(&self) {
        self.out.line("id name mancala-bot");
        self.out.line("id author the mancala-bot authors");
        self.out.line(&format!(
            "option name Hash type spin default {HASH_DEFAULT_MB} min {} max {}",
            HASH_MB.start(),
            HASH_MB.end()
        ));
        self.out.line("uciok");
    }

    /// The AI when no search runs (waiting for a search that has just written its
    /// `bestmove`); [`Refusal::Busy`] while one runs.
    fn idle_ai(&mut self) -> Result<&mut Ai, Refusal> {
        if let Some(r) = &self.running {
            // A thread that ended without raising `done` died: take it back too.
            if !r.done.load(Ordering::Acquire) && !r.handle.is_finished() {
                return Err(Refusal::Busy);
            }
            self.wait();
        }
        self.ai.as_mut().ok_or(Refusal::NoAi)
    }

    /// Waits for the running search, if any, and takes its AI back. Should the search
    /// have panicked, a new AI (an empty table) replaces the lost one.
    fn wait(&mut self) {
        if let Some(r) = self.running.take() {
            let back = r.handle.join().ok().flatten();
            self.ai = back.or_else(|| Ai::new(self.config).ok());
        }
    }

    fn stop(&self) {
        if let Some(r) = &self.running {
            r.stop.store(true, Ordering::Relaxed);
        }
    }

    fn set_hash(&mut self, mb: usize) -> Result<(), Refusal> {
        let config = SearchConfig {
            tt_mb: mb,
            ..self.config
        };
        self.idle_ai()?
            .reconfigure(config)
            .map_err(Refusal::Config)?;
        self.config = config;
        Ok(())
    }

    /// Plays the moves from the start; the session takes the game only if all are
    /// legal.
    fn set_position(&mut self, p: SetPosition) -> Result<(), Refusal> {
        let mut game = match p.start {
            Start::New(v) => Game::new(v),
            Start::Fen(pos) => Game::from_position(pos),
        };
        let mut history = Vec::with_capacity(p.moves.len());
        for (i, &mv) in p.moves.iter().enumerate() {
            let before = game.position();
            game.play(mv).map_err(|error| Refusal::IllegalMove {
                index: i + 1,
                mv,
                error,
            })?;
            history.push(before);
        }
        self.game = game;
        self.history = history;
        Ok(())
    }

    /// Starts a search of the current position on a thread of its own; a finished game
    /// is answered at once with `bestmove (none)`.
    fn go(&mut self, go: &Go) -> Result<(), Refusal> {
        self.idle_ai()?;
        if let Some(text) = outcome_text(self.game.outcome()) {
            self.out.line(&format!("info string game over: {text}"));
            self.out.line("bestmove (none)");
            return Ok(());
        }
        let ai = self.ai.take().ok_or(Refusal::NoAi)?;
        let stop = Arc::new(AtomicBool::new(false));
        let done = Arc::new(AtomicBool::new(false));
        let job = SearchJob {
            pos: self.game.position(),
            history: self.history.clone(),
            limits: go_limits(go, stop.clone()),
            out: self.out.clone(),
            done: done.clone(),
        };
        let spawned = std::thread::Builder::new()
            .name("engine-search".into())
            .spawn(move || job.run(ai));
        match spawned {
            Ok(handle) => {
                self.running = Some(Running {
                    stop,
                    done,
                    infinite: go.infinite,
                    handle,
                });
                Ok(())
            }
            Err(e) => {
                // The AI went down with the closure: start again with an empty table.
                self.ai = Ai::new(self.config).ok();
                Err(Refusal::Spawn(e))
            }
        }
    }
}

/// What a search thread needs: its own copies, so the session may take a new position
/// meanwhile.
struct SearchJob {
    pos: Position,
    history: Vec<Position>,
    limits: Limits,
    out: Out,
    done: Arc<AtomicBool>,
}

impl SearchJob {
    /// Searches, writing an `info` line per iteration and then `bestmove`; gives the AI
    /// back. A `go` is always answered with `bestmove`, even should the search panic
    /// (a bug): then with `(none)`, and the AI, perhaps left inconsistent, is dropped.
    fn run(self, mut ai: Ai) -> Option<Ai> {
        let searched = panic::catch_unwind(AssertUnwindSafe(|| {
            ai.analyse(&self.pos, &self.history, &self.limits, &mut |it| {
                self.out.line(&info_line(it));
            })
        }));
        self.done.store(true, Ordering::Release);
        let (failure, kept) = match searched {
            Ok(Ok(found)) => {
                self.out.line(&format!("bestmove {}", found.mv));
                return Some(ai);
            }
            Ok(Err(e)) => (e.to_string(), Some(ai)),
            Err(_) => ("the search failed; its table is reset".to_string(), None),
        };
        self.out.line(&format!("info string error: {failure}"));
        self.out.line("bestmove (none)");
        kept
    }
}

/// `info depth D score S nodes N nps X time MS pv M1 M2 ...` for an iteration.
fn info_line(it: &Iteration) -> String {
    let micros = it.elapsed.as_micros().max(1);
    let nps = u128::from(it.nodes) * 1_000_000 / micros;
    let pv: Vec<String> = it.pv.iter().map(Move::to_string).collect();
    format!(
        "info depth {} score {} nodes {} nps {nps} time {} pv {}",
        it.depth,
        score_text(Score::from_raw(it.score)),
        it.nodes,
        it.elapsed.as_millis(),
        pv.join(" ")
    )
}

/// `cs N` (centi-seeds for the player to move), `win N` or `loss N` (plies to a proven
/// result).
fn score_text(score: Score) -> String {
    match score {
        Score::CentiSeeds(cs) => format!("cs {cs}"),
        Score::Win(plies) => format!("win {plies}"),
        Score::Loss(plies) => format!("loss {plies}"),
    }
}

/// How a finished game ended, e.g. `South won: no legal move (K9)`; `None` while it
/// goes on.
fn outcome_text(outcome: Outcome) -> Option<String> {
    match outcome {
        Outcome::Ongoing => None,
        Outcome::Win { winner, reason } => Some(format!("{winner} won: {reason}")),
        Outcome::Draw { reason } => Some(format!("drawn: {reason}")),
    }
}

// ---------------------------------------------------------------------------------
// Input and output.

/// The output, shared by the input loop and the search thread: each line is written
/// whole and flushed under the lock, so lines never interleave and a client sees each
/// at once. A write error is kept (the first) for the input loop to report, since the
/// search thread has nobody to report it to.
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

    fn katro_move(text: &str) -> Move {
        Move::parse(text, Variant::KATRO).unwrap()
    }

    #[test]
    fn go_without_limits_gets_a_second_at_level_5() {
        let stop = Arc::new(AtomicBool::new(false));
        let l = go_limits(&Go::default(), stop.clone());
        assert_eq!(
            (l.level, l.depth, l.nodes, l.movetime),
            (5, None, None, Some(Duration::from_millis(1000)))
        );
        let depth_only = Go {
            depth: Some(3),
            level: Some(2),
            ..Go::default()
        };
        let l = go_limits(&depth_only, stop.clone());
        assert_eq!((l.level, l.depth, l.movetime), (2, Some(3), None));
        let infinite = Go {
            infinite: true,
            ..Go::default()
        };
        assert_eq!(go_limits(&infinite, stop).movetime, None);
    }

    #[test]
    fn scores_and_info_lines() {
        assert_eq!(score_text(Score::CentiSeeds(-250)), "cs -250");
        assert_eq!(score_text(Score::Win(3)), "win 3");
        assert_eq!(score_text(Score::Loss(2)), "loss 2");
        let it = Iteration {
            depth: 2,
            score: 150,
            nodes: 3000,
            elapsed: Duration::from_millis(3),
            pv: vec![katro_move("c1+"), katro_move("a6-")],
        };
        assert_eq!(
            info_line(&it),
            "info depth 2 score cs 150 nodes 3000 nps 1000000 time 3 pv c1+ a6-"
        );
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
