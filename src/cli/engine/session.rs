//! The engine's state and its commands, run one after another on the command thread:
//! [`Session`] holds the position, its history and the AI, and runs each [`Job`] in the
//! order its line was read. A `go` searches here, so whatever was sent after it waits
//! for its `bestmove`; only `stop` and `quit`, which the input loop acts on when it
//! reads them (through [`Stops`]), reach a running search.

use std::fmt;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::Receiver;
use std::sync::Arc;
use std::time::Duration;

use mancala_ai::{Ai, ConfigError, Iteration, Limits, Score, SearchConfig};
use mancala_rules::{Game, Move, Outcome, PlayError, Position, Variant};

use super::parse::{Command, Go, ParseError, SetPosition, Start, HASH_MB};
use super::stops::Stops;
use super::wire::Out;

/// Transposition table size before any `setoption name Hash`, MiB (as the bot's).
const HASH_DEFAULT_MB: usize = 16;
/// The level of a `go` without `level`: the strongest.
const DEFAULT_LEVEL: u8 = 5;
/// The time budget of a `go` without any limit, milliseconds.
const DEFAULT_MOVETIME_MS: u64 = 1000;

/// One input line for the command thread: its number (from 1; `stop` names searches
/// by it) and what it says.
pub struct Job {
    /// The input line's number, from 1.
    pub line: u64,
    /// The command, or why the line is none.
    pub command: Result<Command, ParseError>,
}

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
    /// The AI refused its configuration.
    Config(ConfigError),
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
            Refusal::Config(e) => e.fmt(f),
            Refusal::NoAi => f.write_str("the AI was lost; restart the engine"),
        }
    }
}

impl std::error::Error for Refusal {}

/// The engine's state: the position to search, its history, the AI.
pub struct Session {
    out: Out,
    stops: Stops,
    /// The configuration new AIs get (only the table size and seed matter here: the
    /// level and limits come with each `go`).
    config: SearchConfig,
    /// The game from the last `position` (before any, the Katro start).
    game: Game,
    /// The positions before the current one, oldest first (K10/H10 repetition).
    history: Vec<Position>,
    /// The AI; `None` only when a search panicked and no new one could be made.
    ai: Option<Ai>,
}

impl Session {
    /// A session writing to `out` and ending searches as `stops` says, on the Katro
    /// start position, with a 16 MiB table.
    ///
    /// # Errors
    /// When the AI cannot be made (it always can with these settings).
    pub fn new(out: Out, stops: Stops) -> Result<Session, ConfigError> {
        let config = SearchConfig {
            level: DEFAULT_LEVEL,
            ms_per_move: 0,
            tt_mb: HASH_DEFAULT_MB,
            seed: 0,
            max_nodes: None,
            opening_plies: 0,
        };
        Ok(Session {
            out,
            stops,
            config,
            game: Game::new(Variant::KATRO),
            history: Vec::new(),
            ai: Some(Ai::new(config)?),
        })
    }

    /// Runs the jobs in order until the input loop hangs up (at `quit` or the end of
    /// input) and none is left, or the output fails (nobody reads the answers; the
    /// input loop reports the error).
    pub fn serve(mut self, jobs: Receiver<Job>) {
        for job in jobs {
            if self.out.failed() {
                return;
            }
            self.handle(job);
        }
    }

    /// Runs one job; a refusal is answered with one line `info string error: ...`
    /// and changes nothing.
    pub fn handle(&mut self, job: Job) {
        let done = job
            .command
            .map_err(Refusal::Parse)
            .and_then(|c| self.run(job.line, c));
        if let Err(e) = done {
            self.out.line(&format!("info string error: {e}"));
        }
    }

    /// Runs a parsed command read on input line `line`.
    ///
    /// # Errors
    /// [`Refusal`] when the command cannot be run here; nothing changed then.
    pub fn run(&mut self, line: u64, cmd: Command) -> Result<(), Refusal> {
        match cmd {
            // The input loop acts on these when it reads them; here they are late.
            Command::Blank | Command::Stop | Command::Quit => {}
            Command::Uci => self.handshake(),
            Command::IsReady => self.out.line("readyok"),
            Command::UciNewGame => self.ai()?.reset(),
            Command::SetHash(mb) => self.set_hash(mb)?,
            Command::Position(p) => self.set_position(p)?,
            Command::Go(go) => self.go(line, &go)?,
        }
        Ok(())
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

    fn ai(&mut self) -> Result<&mut Ai, Refusal> {
        self.ai.as_mut().ok_or(Refusal::NoAi)
    }

    fn set_hash(&mut self, mb: usize) -> Result<(), Refusal> {
        let config = SearchConfig {
            tt_mb: mb,
            ..self.config
        };
        self.ai()?.reconfigure(config).map_err(Refusal::Config)?;
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

    /// Searches the current position for the `go` on input line `line`, writing an
    /// `info` line per iteration and then `bestmove`; a finished game is answered at
    /// once with `bestmove (none)`. A `go` is always answered with `bestmove`, even
    /// should the search panic (a bug): then with `(none)`, and the AI, perhaps left
    /// inconsistent, is replaced by a new one (an empty table).
    fn go(&mut self, line: u64, go: &Go) -> Result<(), Refusal> {
        if let Some(text) = outcome_text(self.game.outcome()) {
            self.out.line(&format!("info string game over: {text}"));
            self.out.line("bestmove (none)");
            return Ok(());
        }
        let ai = self.ai.as_mut().ok_or(Refusal::NoAi)?;
        let running = self.stops.start(line, go.infinite);
        let limits = go_limits(go, running.flag());
        let (pos, out) = (self.game.position(), &self.out);
        let searched = panic::catch_unwind(AssertUnwindSafe(|| {
            ai.analyse(&pos, &self.history, &limits, &mut |it| {
                out.line(&info_line(it));
            })
        }));
        drop(running);
        let failure = match searched {
            Ok(Ok(found)) => {
                self.out.line(&format!("bestmove {}", found.mv));
                return Ok(());
            }
            Ok(Err(e)) => e.to_string(),
            Err(_) => {
                self.ai = Ai::new(self.config).ok();
                "the search failed; its table is reset".to_string()
            }
        };
        self.out.line(&format!("info string error: {failure}"));
        self.out.line("bestmove (none)");
        Ok(())
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
}
