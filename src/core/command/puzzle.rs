//! `!puzzle [GAME] | daily | skip | stats [@user]` (issue 32, "Puzzles"): its argument,
//! its parser and its slash option's choices.

use mancala_rules::Variant;

use super::def::Choice;
use super::def::Cx;
use super::Command;
use crate::core::input::code;
use crate::model::User;

/// What `!puzzle` asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleArg {
    /// `!puzzle [GAME]`: a puzzle near the author's rating on that board; `None`: the
    /// channel's game's board, else the configured default game's.
    New(Option<Variant>),
    /// `!puzzle daily`: the day's puzzle, the same for everyone (UTC).
    Daily,
    /// `!puzzle skip`: give up the open puzzle (a fail once a move was made).
    Skip,
    /// `!puzzle hint`: the hole the next move starts from; the puzzle then no longer
    /// counts.
    Hint,
    /// `!puzzle stats [@user]`: the puzzle rating and record of the user, else the
    /// author.
    Stats(Option<User>),
}

/// The words of `/puzzle`'s first option: the subcommands, then the boards (RULES.md
/// N3).
pub const PUZZLE_CHOICES: &[Choice] = &[
    Choice::same("daily"),
    Choice::same("stats"),
    Choice::same("skip"),
    Choice::same("hint"),
    Choice::same("katro"),
    Choice::same("katro:4x6"),
    Choice::same("katro:4x4"),
    Choice::same("hoyito"),
    Choice::same("hoyito:2x7"),
    Choice::same("hoyito:2x8"),
    Choice::same("hoyito:2x9"),
    Choice::same("hoyito:2x10"),
    Choice::same("hoyito:2x11"),
    Choice::same("hoyito:2x12"),
];

/// Parses the words after `!puzzle`.
pub(super) fn puzzle(cx: &Cx<'_>, args: &[&str]) -> Result<Command, String> {
    let usage = || format!("{}{}", cx.prefix, cx.usage);
    let Some((first, rest)) = args.split_first() else {
        return Ok(Command::Puzzle(PuzzleArg::New(None)));
    };
    let word = first.to_lowercase();
    let arg = match (word.as_str(), rest) {
        ("daily", []) => PuzzleArg::Daily,
        ("skip", []) => PuzzleArg::Skip,
        ("hint", []) => PuzzleArg::Hint,
        ("stats", []) => PuzzleArg::Stats(None),
        ("stats", [m]) if m.starts_with('@') || m.starts_with("<@") => match cx.mentions.first() {
            Some(u) => PuzzleArg::Stats(Some(u.clone())),
            None => return Err(tr!("parse-puzzle-who", usage = usage())),
        },
        (_, []) if !matches!(word.as_str(), "daily" | "skip" | "hint" | "stats") => {
            match word.parse::<Variant>() {
                Ok(v) => PuzzleArg::New(Some(v)),
                Err(_) => {
                    return Err(tr!(
                        "parse-puzzle-word",
                        word = code(first),
                        usage = usage()
                    ))
                }
            }
        }
        _ => {
            return Err(tr!(
                "parse-puzzle-extra",
                words = code(&args.join(" ")),
                usage = usage()
            ))
        }
    };
    Ok(Command::Puzzle(arg))
}

#[cfg(test)]
mod tests {
    use super::super::{parse, Command};
    use super::PuzzleArg;
    use crate::model::User;

    #[test]
    fn puzzle_arguments() {
        let p = |t: &str| parse(t, "!", &[]).unwrap();
        assert_eq!(p("!puzzle"), Ok(Command::Puzzle(PuzzleArg::New(None))));
        assert_eq!(
            p("!puzzle Hoyito:2x8"),
            Ok(Command::Puzzle(PuzzleArg::New(Some(
                "hoyito:2x8".parse().unwrap()
            ))))
        );
        assert_eq!(p("!puzzle DAILY"), Ok(Command::Puzzle(PuzzleArg::Daily)));
        assert_eq!(p("!puzzle skip"), Ok(Command::Puzzle(PuzzleArg::Skip)));
        assert_eq!(p("!puzzle Hint"), Ok(Command::Puzzle(PuzzleArg::Hint)));
        assert_eq!(
            p("!puzzle stats"),
            Ok(Command::Puzzle(PuzzleArg::Stats(None)))
        );
        let bob = User {
            id: "b".into(),
            name: "bob".into(),
        };
        assert_eq!(
            parse("!puzzle stats @bob", "!", std::slice::from_ref(&bob)).unwrap(),
            Ok(Command::Puzzle(PuzzleArg::Stats(Some(bob))))
        );
        let e = p("!puzzle chess").unwrap_err();
        assert!(e.starts_with("`chess` is neither a board nor"), "{e}");
        assert!(e.contains("usage: `!puzzle [GAME] | daily"), "{e}");
        let e = p("!puzzle daily now").unwrap_err();
        assert!(e.starts_with("too many words: `daily now`"), "{e}");
        let e = p("!puzzle stats @ghost").unwrap_err();
        assert!(e.starts_with("could not tell who"), "{e}");
    }
}
