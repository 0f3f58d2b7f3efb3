//! `mancala-bot selfplay` (issue 5): totals, the JSON summary line, refused arguments.

use mancala_bot::selfplay::{run, Player, SelfplayArgs};

fn args(game: &str, south: &str, north: &str, games: u32, json: bool) -> SelfplayArgs {
    SelfplayArgs {
        game: game.into(),
        south: south.into(),
        north: north.into(),
        games,
        ms_per_move: 20,
        seed: 3,
        json,
    }
}

fn code(c: std::process::ExitCode) -> String {
    format!("{c:?}")
}

#[test]
fn selfplay_json_summary_adds_up() {
    let mut out = Vec::new();
    let c = run(&args("katro:4x4", "ai:2", "random", 4, true), &mut out).unwrap();
    assert_eq!(code(c), code(std::process::ExitCode::SUCCESS));
    let text = String::from_utf8(out).unwrap();
    let last = text.lines().last().unwrap();
    let v: serde_json::Value = serde_json::from_str(last).unwrap();
    assert_eq!(v["games"], 4);
    let total = v["south_wins"].as_u64().unwrap()
        + v["north_wins"].as_u64().unwrap()
        + v["draws"].as_u64().unwrap();
    assert_eq!(total, 4);
    assert!(v["avg_plies"].as_f64().unwrap() > 0.0);
    assert!(v["avg_ms_per_move"].as_f64().unwrap() >= 0.0);
}

#[test]
fn selfplay_text_reports_every_game_and_both_sides() {
    let mut out = Vec::new();
    run(&args("hoyito", "random", "random", 2, false), &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.contains("game 1: ") && text.contains("game 2: "),
        "{text}"
    );
    assert!(text.contains("South (random): ") && text.contains("North (random): "));
    assert!(text.contains("average plies"));
}

#[test]
fn selfplay_refuses_bad_input_with_status_2() {
    let two = code(std::process::ExitCode::from(2));
    for a in [
        args("chess", "random", "random", 1, true),
        args("katro", "ai:9", "random", 1, true),
        args("katro", "random", "human", 1, true),
        args("katro", "random", "random", 0, true),
    ] {
        let mut out = Vec::new();
        assert_eq!(code(run(&a, &mut out).unwrap()), two, "{a:?}");
        assert!(out.is_empty(), "nothing printed for {a:?}");
    }
    assert_eq!("AI:5".parse::<Player>(), Ok(Player::Ai(5)));
    assert!("ai:0".parse::<Player>().unwrap_err().contains("1 to 5"));
}
