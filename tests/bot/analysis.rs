//! Issue 15 item 2: `!analyze` in chat and `mancala-bot analyze` on the command line:
//! every move against the search's best, marks by seeds lost, accuracy, the chart.

use std::process::Command;
use std::sync::Arc;

use mancala_bot::core::{Core, ManualClock, Settings};
use mancala_bot::model::GameKind;
use mancala_bot::store::{MemoryStore, Play, Record, Store, Write};
use mancala_rules::{Game, Position};

use crate::core_chat::{chan, ok, refused, say, user};

const BIN: &str = env!("CARGO_BIN_EXE_mancala-bot");

/// K7 (the AI crate's `katro_k7_takes_the_big_capture`): `a1-` captures 18 seeds,
/// every other move nothing.
const K7: &str = "katro:4x4/1,0,0,1/1,0,0,0/8,0,0,0/5,5,5,6 s";

/// A core over `store` drawing with `painter`, whose AI searches `nodes` positions per
/// move (reproducible).
fn core_of(
    store: &Arc<MemoryStore>,
    painter: Arc<dyn mancala_bot::core::painter::Painter>,
    nodes: u64,
) -> Core {
    Core::new(
        store.clone(),
        painter,
        Arc::new(ManualClock::new(1_700_000_000_000)),
        Settings {
            ai_ms_per_move: 0,
            ai_max_nodes: Some(nodes),
            ..Settings::default()
        },
    )
}

/// `game`, between alice (South) and bob (North), stored as the finished game `id` of
/// `at` (aborted after its last move).
fn store_finished(store: &MemoryStore, at: &mancala_bot::model::ChannelKey, id: &str, game: Game) {
    let kind = GameKind::single(game.variant());
    let mut r = Record::in_play(
        id.into(),
        at.clone(),
        kind,
        user("alice"),
        user("bob"),
        Play::Game(game),
        None,
        1_700_000_000_000,
    );
    assert!(store.write(at, None, Write::Put(&r)).unwrap());
    let v = store.load(at).unwrap().unwrap().version;
    let at_ms = r.updated_ms;
    r.finish(Some(mancala_bot::store::Verdict::Aborted), at_ms)
        .unwrap();
    assert!(store.write(at, Some(&v), Write::Finish(&r)).unwrap());
}

/// A core with the real renderer whose AI searches 20,000 positions per move, and a
/// finished game in `chan("reviewed")` where South missed the K7 capture (`d1-`).
fn reviewed_game() -> (Core, Arc<MemoryStore>) {
    let store = Arc::new(MemoryStore::new());
    let core = core_of(
        &store,
        Arc::new(mancala_bot::render::Renderer::new()),
        20_000,
    );
    let start: Position = K7.parse().unwrap();
    let mut game = Game::from_position(start);
    game.play_text("d1-").unwrap();
    store_finished(&store, &chan("reviewed"), "g-k7", game);
    (core, store)
}

#[test]
fn analyze_marks_the_missed_capture_a_blunder_with_its_chart() {
    let (core, store) = reviewed_game();
    let at = chan("reviewed");
    let before = store.snapshot();
    let r = ok(say(&core, &at, "carol", "!analyze"));
    let text = r.text();
    assert!(
        text.starts_with("Review of game g-k7 (Katro 4x4): alice (South) vs bob (North)"),
        "{text}"
    );
    assert!(
        text.contains("alice: 1 blunder, no mistakes, no inaccuracies."),
        "{text}"
    );
    // Issue 32: why, in words: the search proves d1- lost (no count of seeds pinned at
    // the cap), and gives the best line.
    assert!(
        text.contains("1.S d1- blunder (walks into a loss in 4 moves; best a1- a4- b1-)."),
        "{text}"
    );
    assert!(text.contains("Accuracy: alice "), "{text}");
    assert_eq!(r.attachments.len(), 1, "the chart");
    let chart = &r.attachments[0];
    assert_eq!(chart.filename, "review.png");
    let img = image::load_from_memory(&chart.bytes).unwrap();
    assert_eq!((img.width(), img.height()), (800, 360));
    assert!(chart.alt.contains("Marked: ply 1 blunder"), "{}", chart.alt);
    // The aliases; nothing changed but the review, stored with the game (issue 33).
    ok(say(&core, &at, "carol", "!analyse"));
    let after = store.snapshot();
    let key = mancala_bot::store::keys::DocKey::analysis(&at.community, "g-k7");
    assert_eq!(before.differences(&after), vec![format!("doc {key} added")]);
}

#[test]
fn analyze_without_a_finished_game_says_so() {
    let (core, _) = reviewed_game();
    let e = refused(say(&core, &chan("fresh"), "alice", "!analyze"));
    assert_eq!(
        e,
        "no game has finished in this channel yet: `!analyze` reviews the last one"
    );
}

#[test]
fn analyze_on_the_command_line_in_text_and_json_with_a_chart() {
    let dir = tempfile::tempdir().unwrap();
    let chart = dir.path().join("k7.png");
    let out = Command::new(BIN)
        .args([
            "analyze",
            "katro:4x4",
            "--position",
            K7,
            "d1-",
            "--nodes",
            "20000",
            "--json",
        ])
        .arg("--chart")
        .arg(&chart)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2, "{text}");
    let ply = &lines[0];
    assert_eq!(
        (&ply["move"], &ply["best"], &ply["mark"], &ply["side"]),
        (&"d1-".into(), &"a1-".into(), &"blunder".into(), &"S".into())
    );
    assert!(ply["lost"].as_i64().unwrap() >= 600, "{ply}");
    assert_eq!(lines[1]["south_values"].as_array().unwrap().len(), 2);
    let img = image::open(&chart).unwrap();
    assert_eq!((img.width(), img.height()), (800, 360));
    // Text, and an illegal move refused with exit status 2.
    let out = Command::new(BIN)
        .args([
            "analyze",
            "katro:4x4",
            "--position",
            K7,
            "a1-",
            "--nodes",
            "20000",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("1.S a1-") && text.contains("accuracy: South 100"),
        "{text}"
    );
    let out = Command::new(BIN)
        .args(["analyze", "katro", "c1+", "c1+"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.starts_with("move 2 `c1+` is illegal"), "{err}");
}

/// Issue 14 item 4: a game ended by a move comes with a summary chart of each side's
/// seeds over the game (Katro: on his side of the board). K6b/K9: South's `d1+` takes
/// North's last seed and wins.
#[test]
fn a_game_ended_by_a_move_comes_with_its_summary_chart() {
    let (core, store) = reviewed_game();
    let at = chan("won");
    let start: Position = "katro:4x4/0,0,0,2/0,0,13,0/0,0,1,0/0,0,0,0 s"
        .parse()
        .unwrap();
    let r = Record::in_play(
        "g-won".into(),
        at.clone(),
        GameKind::single(start.variant()),
        user("alice"),
        user("bob"),
        Play::Game(Game::from_position(start)),
        None,
        1_700_000_000_000,
    );
    assert!(store.write(&at, None, Write::Put(&r)).unwrap());
    let reply = ok(say(&core, &at, "alice", "!sow d1+"));
    assert!(
        reply.text().contains("alice (South) wins"),
        "{}",
        reply.text()
    );
    let summary = reply
        .attachments
        .iter()
        .find(|a| a.filename == "summary.png")
        .expect("a summary chart");
    let img = image::load_from_memory(&summary.bytes).unwrap();
    assert_eq!((img.width(), img.height()), (800, 360));
    assert!(
        summary.alt.contains("alice vs bob: seeds on each side")
            && summary
                .alt
                .contains("South (alice): from 15 to 16 over 1 plies")
            && summary
                .alt
                .contains("North (bob): from 1 to 0 over 1 plies"),
        "{}",
        summary.alt
    );
}

/// Issue 32: `mancala-bot analyze` and `!analyze` give the same review of the same game
/// with the same settings (budget, table): every move's best move, values and loss, and
/// the chart's values; and the chart falls by what each move lost.
#[test]
fn the_command_line_and_the_chat_give_the_same_review() {
    use rand::{Rng, SeedableRng};
    let store = Arc::new(MemoryStore::new());
    let core = core_of(
        &store,
        Arc::new(crate::core_chat::FakePainter::default()),
        5_000,
    );
    // A game of Katro 4x4 with slips: random moves among level-2 ones.
    let mut rng = rand::rngs::SmallRng::seed_from_u64(11);
    let mut ai = mancala_ai::Ai::new(mancala_ai::SearchConfig {
        level: 2,
        ms_per_move: 0,
        tt_mb: 1,
        seed: 1,
        max_nodes: Some(2_000),
        opening_plies: 0,
    })
    .unwrap();
    let variant = mancala_rules::Variant::katro(4, 4).unwrap();
    // 24 plies of a game still going on (it is stored as played, then aborted).
    let game = loop {
        let mut game = Game::new(variant);
        while !game.outcome().is_over() && game.moves().len() < 24 {
            let legal = game.legal_moves();
            let mv = if rng.gen_bool(0.3) {
                legal[rng.gen_range(0..legal.len())]
            } else {
                ai.choose_in_game(&game).unwrap().mv
            };
            game.play(mv).unwrap();
        }
        if !game.outcome().is_over() {
            break game;
        }
    };
    let at = chan("same-review");
    let moves: Vec<String> = game.moves().iter().map(ToString::to_string).collect();
    store_finished(&store, &at, "g-same", game);
    ok(say(&core, &at, "carol", "!analyze"));
    let key = mancala_bot::store::keys::DocKey::analysis("guild-1", "g-same");
    let chat: serde_json::Value =
        serde_json::from_slice(&store.doc(&key).unwrap().expect("stored review")).unwrap();
    let out = Command::new(BIN)
        .args(["analyze", "katro:4x4", "--nodes", "5000", "--json"])
        .args(&moves)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let (cli_plies, summary) = lines.split_at(lines.len() - 1);
    let chat_plies = chat["plies"].as_array().unwrap();
    assert_eq!(cli_plies.len(), chat_plies.len());
    let mut marked = 0;
    let mv = |v: &serde_json::Value| {
        serde_json::from_value::<mancala_rules::Move>(v.clone())
            .unwrap()
            .to_string()
    };
    for (c, s) in cli_plies.iter().zip(chat_plies) {
        assert_eq!(c["move"], mv(&s["played"]));
        assert_eq!(c["best"], mv(&s["best"]), "{c} / {s}");
        assert_eq!(c["value_before"], s["value_before"], "{c} / {s}");
        assert_eq!(c["value_played"], s["value_played"], "{c} / {s}");
        assert_eq!(c["lost"], s["lost"], "{c} / {s}");
        marked += usize::from(c["mark"] != "good");
    }
    assert!(marked > 0, "the random moves are marked");
    assert_eq!(summary[0]["south_values"], chat["south_values"]);
    // The chart falls by what each move lost.
    let values: Vec<i64> = chat["south_values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_i64().unwrap())
        .collect();
    for (i, c) in cli_plies.iter().enumerate() {
        let fall = values[i] - values[i + 1];
        let fall = if c["side"] == "S" { fall } else { -fall };
        assert_eq!(fall, c["lost"].as_i64().unwrap(), "{c}");
    }
}
