//! The engine protocol's parser: one input line to a [`Command`], or a [`ParseError`]
//! naming the offending word and what is allowed. Pure: nothing is played or searched
//! here (the legality of moves is checked when the session plays them).

use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

use mancala_ai::MAX_DEPTH;
use mancala_rules::{Move, Position, Variant};

/// The sizes `setoption name Hash` takes, MiB (those [`mancala_ai::Ai::new`] accepts).
pub const HASH_MB: RangeInclusive<usize> = 1..=4096;
/// Longest input line kept, bytes: a longer one is refused whole, so that a runaway
/// writer cannot make the engine hold its input in memory.
pub const MAX_LINE: usize = 64 * 1024;
/// Longest piece of input echoed in an error, characters.
const MAX_ECHO: usize = 40;
/// The commands, as errors list them.
const COMMANDS: &str = "uci, isready, ucinewgame, setoption, position, go, stop and quit";
/// The arguments of `go`, as errors list them.
const GO_ARGS: &str = "movetime MS, depth D, nodes N, level L or infinite";
/// The forms of `position`, as errors list them.
const POSITION_FORMS: &str =
    "`startpos GAME [moves M1 M2 ...]` or `fen POSITION [moves M1 M2 ...]`";

/// One input line, parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// An empty or blank line: ignored.
    Blank,
    /// `uci`: the engine's name and options, then `uciok`.
    Uci,
    /// `isready`: `readyok`, once every command before it has run (during a search:
    /// after its `bestmove`).
    IsReady,
    /// `ucinewgame`: the transposition table is emptied.
    UciNewGame,
    /// `setoption name Hash value MB`: a table of MB mebibytes.
    SetHash(usize),
    /// `position ...`: the position to search next, with its history.
    Position(SetPosition),
    /// `go ...`: search the position, report, answer `bestmove`.
    Go(Go),
    /// `stop`: end every search sent before it (each still answers `bestmove`).
    Stop,
    /// `quit`: as `stop`; then, once the commands before it have run, exit.
    Quit,
}

/// Where a `position` command starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// `startpos GAME`: the game's start position (RULES.md N3 names).
    New(Variant),
    /// `fen POSITION`: an N4 position string.
    Fen(Position),
}

impl Start {
    /// The game played.
    fn variant(&self) -> Variant {
        match self {
            Start::New(v) => *v,
            Start::Fen(p) => p.variant(),
        }
    }
}

/// A parsed `position` command: its start and moves (N2), not yet played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetPosition {
    /// The start position.
    pub start: Start,
    /// The moves played from it, in order.
    pub moves: Vec<Move>,
}

/// A parsed `go` command. Limits not given are `None`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// `movetime MS`: time budget, milliseconds.
    pub movetime: Option<u64>,
    /// `depth D`: deepest iteration, plies.
    pub depth: Option<u32>,
    /// `nodes N`: node budget.
    pub nodes: Option<u64>,
    /// `level L`: playing strength 1-5 (default 5).
    pub level: Option<u8>,
    /// `infinite`: no default time budget; the search runs until `stop`.
    pub infinite: bool,
}

/// A line that is not a command the engine takes. Display names what is wrong and what
/// is allowed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// The first word is no command.
    UnknownCommand(String),
    /// A word where it does not belong.
    Unexpected {
        /// The command (and argument) it follows.
        command: &'static str,
        /// The word, cut for the echo.
        word: String,
        /// What may stand there.
        expected: &'static str,
    },
    /// The line ends too early.
    Missing {
        /// The command (and argument) left incomplete.
        command: &'static str,
        /// What must follow.
        expected: &'static str,
    },
    /// A number out of range, or no number.
    BadNumber {
        /// The command and argument, e.g. `go depth`.
        command: &'static str,
        /// The word given, cut for the echo.
        word: String,
        /// The numbers allowed, e.g. `from 1 to 64`.
        allowed: &'static str,
    },
    /// `setoption` names an option the engine does not have.
    UnknownOption(String),
    /// `lone` (the K11 lone-seed steps) after a Hoyito game.
    LoneInHoyito,
    /// A bad game name (N3) after `startpos`.
    Game(mancala_rules::ParseError),
    /// A bad position string (N4) after `fen`.
    Position(mancala_rules::ParseError),
    /// A malformed move (N2); `index` counts from 1.
    Move {
        /// Which move of the list, from 1.
        index: usize,
        /// What is wrong with it.
        error: mancala_rules::ParseError,
    },
    /// The line is longer than [`MAX_LINE`] bytes.
    LineTooLong,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::UnknownCommand(w) => {
                write!(f, "unknown command `{w}`; the commands are {COMMANDS}")
            }
            ParseError::Unexpected {
                command,
                word,
                expected,
            } => write!(f, "`{command}`: unexpected `{word}`; expected {expected}"),
            ParseError::Missing { command, expected } => {
                write!(f, "`{command}` is incomplete; expected {expected}")
            }
            ParseError::BadNumber {
                command,
                word,
                allowed,
            } => write!(f, "`{command}`: `{word}` is not a whole number {allowed}"),
            ParseError::UnknownOption(name) => write!(
                f,
                "unknown option `{name}`; the only option is Hash (`setoption name Hash value MB`, MB from 1 to 4096)"
            ),
            ParseError::Game(e) | ParseError::Position(e) => e.fmt(f),
            ParseError::LoneInHoyito => f.write_str(
                "`lone` (the K11 lone-seed steps) is a Katro house rule; Hoyito has none",
            ),
            ParseError::Move { index, error } => write!(f, "move {index}: {error}"),
            ParseError::LineTooLong => {
                write!(f, "line longer than {MAX_LINE} bytes; it was ignored")
            }
        }
    }
}

impl std::error::Error for ParseError {}

/// `word` cut to [`MAX_ECHO`] characters, for an error message.
fn echo(word: &str) -> String {
    let mut s: String = word.chars().take(MAX_ECHO).collect();
    if s.len() < word.len() {
        s.push('…');
    }
    s
}

/// Parses one input line. Words are separated by whitespace; command and argument
/// names are lower case (game names, positions and moves are read as the rules read
/// them, in any case). Never panics, whatever the line.
///
/// # Errors
/// [`ParseError`] naming the offending word and what is allowed.
pub fn parse(line: &str) -> Result<Command, ParseError> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((&first, rest)) = words.split_first() else {
        return Ok(Command::Blank);
    };
    match first {
        "uci" => alone("uci", rest, Command::Uci),
        "isready" => alone("isready", rest, Command::IsReady),
        "ucinewgame" => alone("ucinewgame", rest, Command::UciNewGame),
        "stop" => alone("stop", rest, Command::Stop),
        "quit" => alone("quit", rest, Command::Quit),
        "setoption" => parse_setoption(rest),
        "position" => parse_position(rest).map(Command::Position),
        "go" => parse_go(rest).map(Command::Go),
        _ => Err(ParseError::UnknownCommand(echo(first))),
    }
}

/// `command` when nothing follows it.
fn alone(command: &'static str, rest: &[&str], cmd: Command) -> Result<Command, ParseError> {
    match rest.first() {
        None => Ok(cmd),
        Some(w) => Err(ParseError::Unexpected {
            command,
            word: echo(w),
            expected: "nothing after it",
        }),
    }
}

/// `setoption name Hash value MB` (the option name in any case, as UCI has it).
fn parse_setoption(args: &[&str]) -> Result<Command, ParseError> {
    const FORM: &str = "`name Hash value MB` with MB from 1 to 4096";
    let rest = match args.split_first() {
        Some((&"name", rest)) => rest,
        Some((w, _)) => {
            return Err(ParseError::Unexpected {
                command: "setoption",
                word: echo(w),
                expected: FORM,
            })
        }
        None => return Err(missing("setoption", FORM)),
    };
    // Option names may hold spaces in UCI: the name runs up to `value`.
    let at = rest
        .iter()
        .position(|w| *w == "value")
        .unwrap_or(rest.len());
    let name = rest[..at].join(" ");
    if name.is_empty() {
        return Err(missing("setoption name", FORM));
    }
    if !name.eq_ignore_ascii_case("hash") {
        return Err(ParseError::UnknownOption(echo(&name)));
    }
    let mut value = rest.get(at + 1..).unwrap_or_default().iter();
    let mb = number(
        &mut value,
        "setoption name Hash value",
        HASH_MB,
        "from 1 to 4096",
    )?;
    end_of_line("setoption name Hash value MB", &mut value)?;
    Ok(Command::SetHash(mb))
}

/// `position startpos GAME [moves ...]` or `position fen POSITION [moves ...]`: the
/// start and the moves parsed for its game; whether the moves are legal is checked
/// when they are played ([`Session`]).
fn parse_position(args: &[&str]) -> Result<SetPosition, ParseError> {
    let Some((&kind, rest)) = args.split_first() else {
        return Err(missing("position", POSITION_FORMS));
    };
    let (spec, moves) = match rest.iter().position(|w| *w == "moves") {
        Some(i) => (&rest[..i], &rest[i + 1..]),
        None => (rest, &[][..]),
    };
    // `lone` last: the game is played with the K11 lone-seed steps (a Katro house rule).
    let (spec, lone) = match spec.split_last() {
        Some((&"lone", head)) => (head, true),
        _ => (spec, false),
    };
    let start = match kind {
        "startpos" => Start::New(parse_game(spec)?),
        "fen" if spec.is_empty() => {
            return Err(missing(
                "position fen",
                "an N4 position string, e.g. `hoyito/4,4,4,4,4,4/4,4,4,4,4,4 s 0 0`",
            ))
        }
        // The N4 string holds spaces (`katro/... s`): its words are joined back.
        "fen" => Start::Fen(spec.join(" ").parse().map_err(ParseError::Position)?),
        _ => {
            return Err(ParseError::Unexpected {
                command: "position",
                word: echo(kind),
                expected: POSITION_FORMS,
            })
        }
    };
    if lone && !start.variant().is_katro() {
        return Err(ParseError::LoneInHoyito);
    }
    let start = match (lone, start) {
        (false, start) => start,
        (true, Start::New(v)) => Start::New(v.with_lone_steps(true)),
        (true, Start::Fen(p)) => Start::Fen(p.with_lone_steps(true)),
    };
    let variant = start.variant();
    let moves = moves
        .iter()
        .enumerate()
        .map(|(i, text)| {
            Move::parse(text, variant).map_err(|error| ParseError::Move {
                index: i + 1,
                error,
            })
        })
        .collect::<Result<Vec<Move>, ParseError>>()?;
    Ok(SetPosition { start, moves })
}

/// The one game name after `position startpos`.
fn parse_game(spec: &[&str]) -> Result<Variant, ParseError> {
    const GAMES: &str = "a game: katro, katro:4x6, katro:4x4, hoyito or hoyito:2xN (N 6-12)";
    match spec {
        [] => Err(missing("position startpos", GAMES)),
        [game] => game.parse().map_err(ParseError::Game),
        [_, extra, ..] => Err(ParseError::Unexpected {
            command: "position startpos GAME",
            word: echo(extra),
            expected: "`moves` or the end of the line",
        }),
    }
}

/// The arguments of `go`, in any order; a repeated one counts once, the last.
fn parse_go(args: &[&str]) -> Result<Go, ParseError> {
    let mut go = Go::default();
    let mut words = args.iter();
    while let Some(&word) = words.next() {
        match word {
            "movetime" => {
                go.movetime = Some(number(
                    &mut words,
                    "go movetime",
                    1..=u64::MAX,
                    "of ms, 1 or more",
                )?)
            }
            "depth" => {
                let allowed = "from 1 to 64";
                go.depth = Some(number(&mut words, "go depth", 1..=MAX_DEPTH, allowed)?)
            }
            "nodes" => go.nodes = Some(number(&mut words, "go nodes", 1..=u64::MAX, "1 or more")?),
            "level" => {
                go.level = Some(number(
                    &mut words,
                    "go level",
                    mancala_ai::LEVELS,
                    "from 1 to 5",
                )?)
            }
            "infinite" => go.infinite = true,
            _ => {
                return Err(ParseError::Unexpected {
                    command: "go",
                    word: echo(word),
                    expected: GO_ARGS,
                })
            }
        }
    }
    Ok(go)
}

/// The next word as a number in `range`; `allowed` says which, for the error.
fn number<T>(
    words: &mut std::slice::Iter<'_, &str>,
    command: &'static str,
    range: RangeInclusive<T>,
    allowed: &'static str,
) -> Result<T, ParseError>
where
    T: FromStr + PartialOrd,
{
    let word = words.next().ok_or(ParseError::Missing {
        command,
        expected: allowed,
    })?;
    word.parse::<T>()
        .ok()
        .filter(|n| range.contains(n))
        .ok_or_else(|| ParseError::BadNumber {
            command,
            word: echo(word),
            allowed,
        })
}

/// Nothing may follow: a word left over is refused.
fn end_of_line(
    command: &'static str,
    words: &mut std::slice::Iter<'_, &str>,
) -> Result<(), ParseError> {
    match words.next() {
        None => Ok(()),
        Some(w) => Err(ParseError::Unexpected {
            command,
            word: echo(w),
            expected: "nothing after it",
        }),
    }
}

fn missing(command: &'static str, expected: &'static str) -> ParseError {
    ParseError::Missing { command, expected }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn katro_move(text: &str) -> Move {
        Move::parse(text, Variant::KATRO).unwrap()
    }

    #[test]
    fn simple_commands_parse_and_refuse_trailing_words() {
        assert_eq!(parse(""), Ok(Command::Blank));
        assert_eq!(parse("  \t "), Ok(Command::Blank));
        assert_eq!(parse("uci"), Ok(Command::Uci));
        assert_eq!(parse(" isready\r"), Ok(Command::IsReady));
        assert_eq!(parse("ucinewgame"), Ok(Command::UciNewGame));
        assert_eq!(parse("stop"), Ok(Command::Stop));
        assert_eq!(parse("quit"), Ok(Command::Quit));
        let e = parse("quit now").unwrap_err();
        assert_eq!(
            e.to_string(),
            "`quit`: unexpected `now`; expected nothing after it"
        );
        let e = parse("sow c1+").unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown command `sow`; the commands are uci, isready, ucinewgame, setoption, \
             position, go, stop and quit"
        );
    }

    /// K11: `lone` after the game or the N4 string turns the lone-seed steps on (Katro
    /// only), and a step is then a move of the list.
    #[test]
    fn position_with_the_lone_seed_steps() {
        assert_eq!(
            parse("position startpos katro:4x4 lone"),
            Ok(Command::Position(SetPosition {
                start: Start::New(
                    "katro:4x4"
                        .parse::<Variant>()
                        .unwrap()
                        .with_lone_steps(true)
                ),
                moves: vec![],
            }))
        );
        let fen = "katro:4x4/0,1,0,0/0,0,0,0/0,3,0,0/3,3,3,3 s";
        let Ok(Command::Position(p)) = parse(&format!("position fen {fen} lone moves b1^b2"))
        else {
            panic!("not parsed");
        };
        assert!(p.start.variant().lone_steps());
        assert_eq!(p.moves[0].to_string(), "b1^b2");
        assert_eq!(
            parse("position startpos hoyito lone")
                .unwrap_err()
                .to_string(),
            "`lone` (the K11 lone-seed steps) is a Katro house rule; Hoyito has none"
        );
    }

    #[test]
    fn position_startpos_and_fen_with_moves() {
        assert_eq!(
            parse("position startpos katro"),
            Ok(Command::Position(SetPosition {
                start: Start::New(Variant::KATRO),
                moves: vec![],
            }))
        );
        assert_eq!(
            parse("position startpos KATRO moves c1+ a6 c1-"),
            Ok(Command::Position(SetPosition {
                start: Start::New(Variant::KATRO),
                moves: vec![katro_move("c1+"), katro_move("a6+"), katro_move("c1-")],
            }))
        );
        let fen = "hoyito/4,4,4,4,4,4/4,4,4,4,4,4 s 0 0";
        let Ok(Command::Position(p)) = parse(&format!("position fen {fen} moves d1")) else {
            panic!("not parsed");
        };
        assert_eq!(p.start, Start::Fen(fen.parse().unwrap()));
        assert_eq!(p.moves, [Move::parse("d1", Variant::HOYITO).unwrap()]);
        // `moves` with no move after it is no move.
        let Ok(Command::Position(p)) = parse("position startpos hoyito:2x8 moves") else {
            panic!("not parsed");
        };
        assert_eq!(
            (p.start, p.moves.len()),
            (Start::New("hoyito:2x8".parse().unwrap()), 0)
        );
    }

    #[test]
    fn bad_positions_name_the_fault_and_the_allowed_forms() {
        let err = |line: &str| parse(line).unwrap_err().to_string();
        assert!(
            err("position").contains("expected `startpos GAME"),
            "{}",
            err("position")
        );
        assert!(err("position startpos").contains("a game: katro"));
        assert_eq!(
            err("position startpos chess"),
            "bad game `chess`: unknown game; expected `katro`, `katro:4x6`, `katro:4x4`, \
             `hoyito` or `hoyito:2xN` with N from 6 to 12"
        );
        assert!(err("position startpos katro c1+").contains("unexpected `c1+`; expected `moves`"));
        assert!(err("position random katro").contains("unexpected `random`"));
        assert!(err("position fen").contains("an N4 position string"));
        assert!(err("position fen katro/1,2 s").starts_with("bad position `katro/1,2 s`"));
        assert!(matches!(
            parse("position startpos hoyito moves a1 a1+"),
            Err(ParseError::Move { index: 2, .. })
        ));
        assert!(err("position startpos katro moves c1+ zz").starts_with("move 2: bad move `zz`"));
    }

    #[test]
    fn go_takes_its_limits_in_any_order() {
        assert_eq!(parse("go"), Ok(Command::Go(Go::default())));
        assert_eq!(
            parse("go depth 3 nodes 5000 movetime 200 level 2"),
            Ok(Command::Go(Go {
                movetime: Some(200),
                depth: Some(3),
                nodes: Some(5000),
                level: Some(2),
                infinite: false,
            }))
        );
        assert_eq!(
            parse("go infinite depth 1 depth 4"),
            Ok(Command::Go(Go {
                depth: Some(4),
                infinite: true,
                ..Go::default()
            }))
        );
    }

    #[test]
    fn go_refuses_bad_numbers_and_unknown_arguments() {
        let err = |line: &str| parse(line).unwrap_err().to_string();
        assert_eq!(
            err("go depth 0"),
            "`go depth`: `0` is not a whole number from 1 to 64"
        );
        assert_eq!(
            err("go depth 65"),
            "`go depth`: `65` is not a whole number from 1 to 64"
        );
        assert_eq!(
            err("go level 6"),
            "`go level`: `6` is not a whole number from 1 to 5"
        );
        assert_eq!(
            err("go nodes -3"),
            "`go nodes`: `-3` is not a whole number 1 or more"
        );
        assert_eq!(
            err("go movetime 99999999999999999999"),
            "`go movetime`: `99999999999999999999` is not a whole number of ms, 1 or more"
        );
        assert_eq!(
            err("go depth"),
            "`go depth` is incomplete; expected from 1 to 64"
        );
        assert_eq!(
            err("go wtime 1000"),
            "`go`: unexpected `wtime`; expected movetime MS, depth D, nodes N, level L or infinite"
        );
    }

    #[test]
    fn setoption_takes_the_hash_size() {
        assert_eq!(
            parse("setoption name Hash value 64"),
            Ok(Command::SetHash(64))
        );
        assert_eq!(
            parse("setoption name hash value 1"),
            Ok(Command::SetHash(1))
        );
        let err = |line: &str| parse(line).unwrap_err().to_string();
        assert_eq!(
            err("setoption name Hash value 0"),
            "`setoption name Hash value`: `0` is not a whole number from 1 to 4096"
        );
        assert!(err("setoption name Hash value 4097").contains("from 1 to 4096"));
        assert!(err("setoption name Hash").contains("incomplete"));
        assert!(err("setoption name Hash value 8 extra").contains("unexpected `extra`"));
        assert!(err("setoption name Clear Hash").starts_with("unknown option `Clear Hash`"));
        assert!(err("setoption Hash 8").contains("expected `name Hash value MB`"));
        assert!(err("setoption").contains("incomplete"));
    }

    #[test]
    fn long_words_are_cut_in_errors() {
        let word = "x".repeat(10_000);
        let e = parse(&word).unwrap_err().to_string();
        assert!(e.len() < 200, "{e}");
        assert!(e.contains(&format!("`{}…`", "x".repeat(MAX_ECHO))));
    }

    /// The words the parser knows, to build lines that reach deep into it.
    const WORDS: [&str; 24] = [
        "uci",
        "isready",
        "go",
        "position",
        "startpos",
        "fen",
        "moves",
        "setoption",
        "name",
        "value",
        "Hash",
        "depth",
        "nodes",
        "movetime",
        "level",
        "infinite",
        "katro",
        "hoyito:2x7",
        "c1+",
        "d1",
        "0",
        "5",
        "18446744073709551616",
        "katro/2,2 s",
    ];

    proptest! {
        /// No line makes the parser panic: arbitrary text, and sequences of its own
        /// words.
        #[test]
        fn parse_never_panics(line in "\\PC{0,80}") {
            let _ = parse(&line);
        }

        #[test]
        fn parse_never_panics_on_known_words(
            words in proptest::collection::vec(0..WORDS.len(), 0..8),
        ) {
            let line: Vec<&str> = words.iter().map(|&i| WORDS[i]).collect();
            if let Err(e) = parse(&line.join(" ")) {
                prop_assert!(!e.to_string().contains('\n'));
            }
        }
    }
}
