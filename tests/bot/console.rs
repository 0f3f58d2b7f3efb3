//! The console transport, driven through standard input across two runs.

use std::io::Write;
use std::process::{Command, Stdio};

fn run(args: &[&str], dir: &std::path::Path, input: &str) -> String {
    let out = crate::piped::with_input(
        Command::new(env!("CARGO_BIN_EXE_mancala-bot"))
            .args(args)
            .arg("--data")
            .arg(dir)
            .env_remove("DISCORD_TOKEN")
            // Tables of 12 seeds at most: no test process builds those of 16.
            .env("MANCALA_AI_ENDGAME_SEEDS", "12"),
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
        .env("MANCALA_AI_ENDGAME_SEEDS", "12")
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
            "(rr standings. # 1=, Player dave, Points 1, W-D-L 1-0-0",
        ),
        (
            "crosstable.png",
            "(rr crosstable. # 1=, Player dave, 1 ×, 4 1, Points 1;",
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

/// A turn alert by direct message (`!notify dm`, issue 34) is printed in the console
/// with the name of the player it is for, linking the game's channel.
#[test]
fn a_turn_alert_by_direct_message_is_printed_for_its_player() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(
        &["console", "--no-endgame", "--no-pictures"],
        dir.path(),
        "/as bob\n!notify dm\n/as alice\n!new katro:4x4 @bob as south\n/as bob\n!accept\n\
         /as alice\n!sow a1\n",
    );
    let line = out
        .lines()
        .find(|l| {
            l.starts_with(
                "[direct message to bob] bot: @bob, your turn: Katro 4x4 against alice in #",
            )
        })
        .unwrap_or_else(|| panic!("no alert in {out}"));
    assert!(line.contains("(game `"), "{line}");
}

/// Rooms per game in the console (`!set threads on`, issue 34): a challenge opens a
/// channel named after the game, the current channel says where, and the game is
/// played there with `/channel`.
#[test]
fn a_challenge_in_a_channel_with_rooms_per_game_opens_its_own_channel() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(
        &["console", "--no-endgame", "--no-pictures"],
        dir.path(),
        "/as alice\n!set threads on\n!new katro:4x4 @bob as south\n\
         /channel katro-4x4-alice-vs-bob\n/as bob\n!accept\n",
    );
    assert!(
        out.contains("bot: alice's game is in #katro-4x4-alice-vs-bob."),
        "{out}"
    );
    assert!(
        out.contains("[#katro-4x4-alice-vs-bob] bot: alice challenges @bob"),
        "{out}"
    );
    assert!(out.contains("bob accepts"), "{out}");
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

/// The ids the output `out` announces (`Game id: `ID``), in order, once each.
fn announced_ids(out: &str) -> Vec<String> {
    let mut ids: Vec<String> = Vec::new();
    for piece in out.split("Game id: `").skip(1) {
        let id = piece[..piece.find('`').unwrap()].to_string();
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    ids
}

/// The players' archive at the console (issue "Players: an archive of their games"):
/// alice plays in three channels and finds them with `!games`, each with its turn;
/// anyone sees one game with `!game ID` from another channel; bad ids are refused by
/// name; `!history` lists a channel's two finished games; `!analyze ID` reviews a game
/// from another channel.
#[test]
fn console_archive_of_a_players_games() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["console", "--no-pictures", "--no-endgame"];
    let first = run(
        &args,
        dir.path(),
        "!new katro @bob as south 2d\n/as bob\n!accept\n/as alice\n!sow c1+\n\
         /channel two\n/as carol\n!new katro @alice as south notime\n/as alice\n!accept\n\
         /channel three\n!new katro ai level 1 as north notime\n!games\n",
    );
    let ids = announced_ids(&first);
    assert_eq!(ids.len(), 3, "{first}");
    let (a, b, c) = (&ids[0], &ids[1], &ids[2]);
    let games = first
        .split("bot: Games of alice:\n")
        .nth(1)
        .unwrap_or_else(|| panic!("no !games in {first}"));
    let lines: Vec<&str> = games.lines().map(str::trim).take(5).collect();
    assert_eq!(lines[0], "In play (3):", "{games}");
    assert_eq!(
        lines[1],
        format!(
            "`{c}` Katro 6x6 vs mancala-bot (level 1, beginner) in #three: your move, no clock"
        )
    );
    assert_eq!(
        lines[2],
        format!("`{b}` Katro 6x6 vs carol in #two: carol to move, no clock")
    );
    assert!(
        lines[3].starts_with(&format!(
            "`{a}` Katro 6x6 vs bob in #general: bob to move, due "
        )),
        "{games}"
    );
    assert!(lines[3].ends_with("(in 48 h)"), "{games}");
    assert_eq!(lines[4], "`!game ID` shows a game from any channel.");

    let second = run(
        &args,
        dir.path(),
        &format!(
            "/channel elsewhere\n/as dave\n!game {a}\n!game 12ab\n!game zzzzzzzz\n\
             /channel general\n/as bob\n!sow a6+\n/as alice\n!resign\n\
             !new katro @bob as south notime\n/as bob\n!accept\n!resign\n!history\n\
             /channel elsewhere\n/as dave\n!analyze {a}\n"
        ),
    );
    assert!(
        second.contains(&format!(
            "bot: Game `{a}`, played in #general:\n     Game {a}: Katro 6x6\n     \
             alice (South) vs bob (North)\n"
        )),
        "{second}"
    );
    assert!(
        second.contains("     In play: bob (North) to move\n     1.S c1+\n"),
        "{second}"
    );
    assert!(
        second.contains(
            "bot (refused): `12ab` is not a game id: an id is 8 letters and digits such as \
             `k7m2q9xd` (or an older one such as `1700000000000-3`); usage: `!game ID`"
        ),
        "{second}"
    );
    assert!(
        second.contains(
            "bot (refused): there is no game `zzzzzzzz` in this community: `!games` lists \
             yours, `!history` this channel's"
        ),
        "{second}"
    );
    let ended = announced_ids(&second);
    assert_eq!(ended.len(), 2, "{second}");
    assert_eq!(&ended[0], a, "the end of the first game names it again");
    let d = &ended[1];
    let history = second
        .split("bot: Last games finished here (2):\n")
        .nth(1)
        .unwrap_or_else(|| panic!("no !history in {second}"));
    let lines: Vec<&str> = history.lines().map(str::trim).take(3).collect();
    assert!(
        lines[0].starts_with(&format!("`{d}` alice (South) vs bob (North): alice won, ")),
        "{history}"
    );
    assert!(
        lines[1].starts_with(&format!("`{a}` alice (South) vs bob (North): bob won, ")),
        "{history}"
    );
    assert_eq!(
        lines[2],
        "`!game ID` shows one, `!record` the moves of the game here."
    );
    assert!(
        second.contains(&format!(
            "bot: Review of game {a} (Katro 6x6): alice (South) vs bob (North); the AI \
             searched 50000 positions per move."
        )),
        "{second}"
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

/// The daily digest in the console (`!notify digest`, issue 34): after `/wait`, the
/// driver prints one direct message listing the games where it is the player's turn.
#[test]
fn a_daily_digest_is_printed_after_a_wait() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(
        &["console", "--no-endgame", "--no-pictures"],
        dir.path(),
        "/as bob\n!notify digest\n/as alice\n!new katro:4x4 @bob as south 2d\n/as bob\n\
         !accept\n/as alice\n!sow a1\n/wait 2h\n",
    );
    assert!(
        out.contains(
            "[direct message to bob] bot: bob, your daily digest: it is your turn in 1 game."
        ),
        "{out}"
    );
    assert!(out.contains("• Katro 4x4 against alice in #"), "{out}");
}

/// `!game ID` of a game played in another channel is followed by no text board: the
/// console's text board is the current channel's game, which is not the one pictured.
/// Nor does a chart (`!analyze`) bring the channel's board.
#[test]
fn a_game_shown_from_another_channel_brings_no_text_board_of_this_one() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["console", "--no-pictures", "--no-endgame"];
    let first = run(
        &args,
        dir.path(),
        "/channel k\n!new katro:4x4 @bob as south\n/as bob\n!accept\n\
         /channel h\n/as carol\n!new hoyito @alice as south\n/as alice\n!accept\n",
    );
    let ids = announced_ids(&first);
    assert_eq!(ids.len(), 2, "{first}");
    let out = run(
        &args,
        dir.path(),
        &format!("/channel h\n!game {}\n", ids[0]),
    );
    let shown = out
        .split("played in #k")
        .nth(1)
        .unwrap_or_else(|| panic!("no game card in {out}"));
    assert!(shown.contains("alice (South) vs bob (North)"), "{out}");
    assert!(
        !shown.contains("captured 0"),
        "the text board of #h's Hoyito game follows the Katro game's card: {out}"
    );
    // In its own channel the card is followed by its text board.
    let here = run(
        &args,
        dir.path(),
        &format!("/channel k\n!game {}\n", ids[0]),
    );
    assert!(here.contains("  1 |  2  2  2  2 |  South"), "{here}");
}
