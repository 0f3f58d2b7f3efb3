//! The console transport, driven through standard input across two runs.

use std::io::Write;
use std::process::{Command, Stdio};

fn run(args: &[&str], dir: &std::path::Path, input: &str) -> String {
    let out = crate::piped::with_input(
        Command::new(env!("CARGO_BIN_EXE_mancala-bot"))
            .args(args)
            .arg("--data")
            .arg(dir)
            .env_remove("DISCORD_TOKEN"),
        input,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn console_game_persists_across_two_runs() {
    let dir = tempfile::tempdir().unwrap();
    let first = run(
        &["console"],
        dir.path(),
        "!new katro @bob as south\n/as bob\n!accept\n/as alice\n!sow c1+\n/as carol\n!sow a6+\n/quit\n!help\n",
    );
    assert!(
        first.contains("bot: alice challenges @bob to Katro 6x6"),
        "{first}"
    );
    // Issue 18: the banner says that organizer mode is on.
    assert!(first.contains("Organizer mode is on now."), "{first}");
    assert!(
        first.contains("[Accept: type !accept, only bob]"),
        "{first}"
    );
    assert!(
        first.contains("bot: alice (South) sowed c1+: 7 laps, captured 2 from b4."),
        "{first}"
    );
    assert!(
        first.contains("bot (refused): you are not playing this game"),
        "{first}"
    );
    // The ASCII board of E1 after the move, and the images on disk.
    assert!(
        first.contains("  1 |  0  3  1  0  1  4 |  South"),
        "{first}"
    );
    let images: Vec<_> = first
        .lines()
        .filter_map(|l| l.trim().strip_prefix("image: "))
        .map(|l| l.split(" (").next().unwrap().to_string())
        .collect();
    assert_eq!(images.len(), 1 + 7, "{first}");
    for path in &images {
        assert!(path.starts_with(&dir.path().join("images").display().to_string()));
        let bytes = std::fs::read(path).unwrap();
        assert_eq!(&bytes[1..4], b"PNG");
    }
    // /quit stopped the run: the `!help` after it was not read.
    assert!(!first.contains("Mancala referee"), "{first}");

    let second = run(
        &["console"],
        dir.path(),
        "/as bob\n!board\n!sow a6+\n/channel other\n!board\n",
    );
    assert!(
        second.contains(
            "katro/0,3,1,0,1,4/3,0,3,3,1,4/3,0,3,3,3,3/2,0,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2 n"
        ),
        "{second}"
    );
    assert!(second.contains("bot: bob (North) sowed a6+"), "{second}");
    assert!(second.contains("@alice (South) to move"), "{second}");
    assert!(
        second.contains("bot (refused): there is no game in play here"),
        "{second}"
    );
}

#[test]
fn console_runs_a_small_tournament() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(
        &["console"],
        dir.path(),
        "!tournament new cup katro:4x4 knockout 1d\n/as bob\n!tournament join\n/as carol\n\
         !tournament join\n/organizer off\n!tournament start\n/organizer on\n!tournament start\n\
         /channel tourney-cup-r1-b1\n!resign\n!tournament standings cup\n",
    );
    assert!(
        out.contains("bot: Tournament cup created: Katro 4x4, knockout, 24 h per move."),
        "{out}"
    );
    assert!(out.contains("bot (refused): only organizers"), "{out}");
    assert!(
        out.contains("[#tourney-cup-r1-b1] bot: Tournament cup, round 1, board 1: Katro 4x4, bob (South) vs carol (North)."),
        "{out}"
    );
    // Deadlines are written out as UTC dates on the console.
    assert!(out.contains("Deadline for bob: 20"), "{out}");
    assert!(out.contains(" UTC (in 24 h)"), "{out}");
    assert!(out.contains("bot: carol (North) resigns."), "{out}");
    assert!(
        out.contains(
            "[#general] bot: Tournament cup is over: bob wins the final (round 1) against \
             carol."
        ),
        "{out}"
    );
    assert!(out.contains("1. bob: won the final (round 1)"), "{out}");
}

/// The console's own lines (the speaker, the button lines, the text diagram's side
/// labels and stores) speak the channel's language, as the replies do.
#[test]
fn console_lines_speak_the_channels_language() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(
        &["console", "--no-endgame"],
        dir.path(),
        "!set language ru\n!new hoyito @bob as south\n/as bob\n!accept\n/as alice\n!sow a1\n\
         /as bob\n!sow zz\n",
    );
    assert!(
        out.contains("[Принять: введите !accept, только bob]"),
        "{out}"
    );
    assert!(out.contains("бот (отказ): неверный ход `zz`"), "{out}");
    // The language's own confirmation is spoken by the bot in that language too.
    assert!(
        out.contains("бот: Теперь ответы здесь на русском языке."),
        "{out}"
    );
    // Hoyito a1 (H4-H6): four seeds to b1..e1, the last relays; the diagram after the
    // move labels each row with its side and store in Russian.
    assert!(out.contains("|  Север, взято "), "{out}");
    assert!(out.contains("|  Юг, взято "), "{out}");
    assert!(!out.contains("South") && !out.contains("captured"), "{out}");
}

/// `/wait SPAN` moves the session's clock: a claim refused before the deadline
/// passes after it, the driver's timeout notice comes on its own, and a span that is
/// not a time forward moves nothing.
#[test]
fn console_wait_moves_the_clock_past_a_deadline() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(
        &["console", "--no-pictures", "--no-endgame"],
        dir.path(),
        "!new katro @bob as south 1h\n/as bob\n!accept\n!claim\n/wait soon\n/wait 50m\n\
         !claim\n/wait 1h 30m\n!claim\n",
    );
    let refused_early = out
        .matches("bot (refused): alice's deadline has not passed yet")
        .count();
    assert_eq!(refused_early, 2, "{out}");
    assert!(out.contains("(`soon` is not a time to wait"), "{out}");
    assert!(out.contains(", 50 min ahead of real time)"), "{out}");
    assert!(out.contains(", 140 min ahead of real time)"), "{out}");
    assert!(
        out.contains("bot: @alice (South) did not move by the deadline"),
        "{out}"
    );
    assert!(out.contains("Game over: North wins, on time"), "{out}");
}

/// Issue 18: logs written to a pipe or file carry no colour escape codes.
#[test]
fn logs_to_a_pipe_have_no_colour_codes() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_mancala-bot"))
        .args(["console", "--data"])
        .arg(dir.path())
        .env_remove("DISCORD_TOKEN")
        .env_remove("NO_COLOR")
        .env("RUST_LOG", "debug")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"/quit\n").unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let log = String::from_utf8_lossy(&out.stderr);
    assert!(log.contains("DEBUG"), "no debug log to check: {log}");
    assert!(
        !log.contains('\u{1b}'),
        "colour codes in a piped log: {log:.300}"
    );
}

/// Console names are as long as the chat platforms allow (64 characters): a longer user
/// or channel is refused, so that every game stored stays importable from a backup.
#[test]
fn console_refuses_names_longer_than_the_platforms_allow() {
    let dir = tempfile::tempdir().unwrap();
    let long = "y".repeat(65);
    let out = run(
        &["console", "--no-pictures"],
        dir.path(),
        &format!("/as {long}\n/channel {long}\n!new katro ai level 1\n"),
    );
    assert_eq!(
        out.matches("(names are at most 64 characters; that one has 65)")
            .count(),
        2,
        "{out}"
    );
    assert!(
        out.contains("alice plays Katro 6x6 against the AI"),
        "{out}"
    );
    assert!(out.contains("#general") || !out.contains(&long), "{out}");
    // The store still exports and imports whole.
    let export = Command::new(env!("CARGO_BIN_EXE_mancala-bot"))
        .args(["export", "--data"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(export.status.success());
    let file = dir.path().join("all.jsonl");
    std::fs::write(&file, &export.stdout).unwrap();
    let import = Command::new(env!("CARGO_BIN_EXE_mancala-bot"))
        .args(["import", "--data"])
        .arg(dir.path().join("copy"))
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        import.status.success(),
        "{}",
        String::from_utf8_lossy(&import.stderr)
    );
}

/// Issue 14 item 4: `!tournament standings` answers with the standings as a picture as
/// well as text, and a round robin with its crosstable.
#[test]
fn console_tournament_standings_come_as_pictures() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(
        &["console"],
        dir.path(),
        "!tournament new rr katro:4x4 roundrobin 1d\n/as bob\n!tournament join\n/as carol\n\
         !tournament join\n/as dave\n!tournament join\n/as alice\n!tournament join\n\
         !tournament start\n/channel tourney-rr-r1-b1\n/as bob\n!resign\n\
         /channel tourney-rr-r1-b2\n/as carol\n!resign\n/channel general\n\
         !tournament standings rr\n",
    );
    for (file, alt) in [
        (
            "standings.png",
            "(rr standings. # 1, Player dave, Points 1, W-D-L 1-0-0",
        ),
        (
            "crosstable.png",
            "(rr crosstable. # 1, Player dave, 1 ×, 4 1, Points 1;",
        ),
    ] {
        let line = out
            .lines()
            .find(|l| l.contains(file))
            .unwrap_or_else(|| panic!("no {file} in {out}"));
        assert!(line.contains(alt), "{line}");
        let path = line
            .split("image: ")
            .nth(1)
            .unwrap()
            .split(" (")
            .next()
            .unwrap();
        let img = image::open(path).unwrap();
        assert!(img.width() >= 320 && img.height() > 100, "{path}");
    }
}

/// A mention of the bot works as the prefix in the console as in chat (issue 34):
/// `@bot help sow` is `!help sow`, `@mancala-bot !board` is `!board`, a bare `@bot` is
/// `!help`; a mention of someone else is chat, not a command.
#[test]
fn a_mention_of_the_bot_is_the_prefix() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(
        &["console", "--no-endgame"],
        dir.path(),
        "@bot help sow\n@Mancala-Bot !new katro @bob\n@bob hello\n@bot\n",
    );
    assert!(
        out.contains("bot: `!sow HOLE[+|-]` (or `!s`): your move"),
        "{out}"
    );
    assert!(
        out.contains("bot: alice challenges @bob to Katro 6x6"),
        "{out}"
    );
    assert!(
        out.contains("`!new GAME ai [level N]"),
        "a bare @bot is !help: {out}"
    );
    assert!(!out.contains("hello"), "chat to bob is no command: {out}");
}

/// A live clock in the console: the increment added to the mover's bank (shown cut to
/// the second), and `/wait` past the flag of the player to move ends the game on time
/// by itself (the driver runs after `/wait`), a later move refused.
#[test]
fn console_live_clock_increment_and_flag() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(
        &["console", "--no-pictures", "--no-endgame"],
        dir.path(),
        "!new katro @bob as south 1m+2s\n/as bob\n!accept\n/as alice\n/wait 30s\n!sow c1+\n\
         !board\n/wait 61s\n/as bob\n!sow a6+\n",
    );
    assert!(
        out.contains("(alice plays South, live clock 1 min + 2 s per move)"),
        "{out}"
    );
    assert!(
        out.contains("Clocks: alice 1:00, bob 1:00 (1 min + 2 s per move); alice's flag falls"),
        "{out}"
    );
    // 60 s - 30 s (and the few milliseconds the console took) + 2 s.
    assert!(
        out.contains("Clocks: alice 0:31, bob 1:00 (1 min + 2 s per move); bob's flag falls"),
        "{out}"
    );
    assert!(
        out.contains("bot: bob (North) did not move by the deadline"),
        "{out}"
    );
    assert!(
        out.contains("Game over. alice (South) wins on time."),
        "{out}"
    );
    assert!(
        out.contains("bot (refused): there is no game in play here"),
        "{out}"
    );
}

/// Match lengths, `!resign game|match` and the repetition rule in the console: a
/// bare `!resign` in a match asks which; `games 2` at 1-1 is drawn; in `first-to 3`,
/// two resigned games bring back the first game's start, and the match ends there.
#[test]
fn console_match_lengths_resign_and_repetition() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(
        &["console", "--no-pictures", "--no-endgame"],
        dir.path(),
        "!new hoyito games 2 @bob as south\n/as bob\n!accept\n/as alice\n!resign\n\
         !resign game\n/as bob\n!resign game\n/channel loop\n/as alice\n\
         !new hoyito first-to 3 @bob as south\n/as bob\n!accept\n/as alice\n!resign game\n\
         /as bob\n!resign game\n",
    );
    assert!(out.contains("to Hoyito 2x6 match of 2 games"), "{out}");
    assert!(
        out.contains(
            "bot (refused): this is a match: `!resign game` gives up this game (the match \
             goes on), `!resign match` the whole match"
        ),
        "{out}"
    );
    assert!(
        out.contains("alice (South) resigns game 1 of the match."),
        "{out}"
    );
    assert!(
        out.contains(
            "Game 2 starts (M1-M3): games won alice 0, bob 1; reserves alice 0, bob 0; \
             closed holes: none."
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "Match over after 2 games: the match is drawn (all 2 games played). Games won: \
             alice 1, bob 1."
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "Match over after 2 games: the match is drawn by repetition: game 3 would have \
             started exactly as an earlier game did"
        ),
        "{out}"
    );
}

/// The channel's settings in the console: `!set language fr` reaches the driver's
/// reminder after a `/wait`, and `!set pictures final` answers each move with one
/// picture (the final board with the move's path) instead of a frame per relay.
#[test]
fn console_settings_reach_the_reminder_and_the_move_pictures() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(
        &["console", "--no-endgame"],
        dir.path(),
        "!set language fr\n!set pictures final\n!new katro @bob as south 1d\n/as bob\n\
         !accept\n/as alice\n!sow c1+\n/wait 23h 30m\n",
    );
    assert!(out.contains("alice (Sud) a semé c1+"), "{out}");
    assert!(
        out.contains("@bob, à vous de jouer (Nord) dans la partie de Katro 6x6"),
        "{out}"
    );
    assert!(!out.contains("your move"), "{out}");
    // The first board, then E1's c1+ (7 frames in the default style) as one picture.
    let images = out
        .lines()
        .filter(|l| l.trim().starts_with("image: "))
        .count();
    assert_eq!(images, 1 + 1, "{out}");
}
