//! Every channel setting (`!set autoforfeit|hints|pictures|view|theme|language`) and
//! player preference (`!mute`, `!vacation`) applies everywhere it claims to: the first
//! board, each move, the AI's answer, `!board`, `!replay`, `!history`, `!moves`,
//! `!hint`, the charts, the driver's reminders and notices, tournament rooms and the
//! rematch. Each table row sets a value and checks it in each place.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use mancala_bot::core::api::{ChatCore, Reply};
use mancala_bot::core::painter::{BoardInfo, EvalChart, Frame, LineChart, Painter, TablePicture};
use mancala_bot::core::show::Theme;
use mancala_bot::core::{Core, ManualClock, Settings};
use mancala_bot::model::ChannelKey;
use mancala_bot::store::SledStore;
use mancala_rules::{Position, Side, Trace};

use crate::core_chat::{chan, ok, say, say_as, tiny_png};

/// One call of the painter: which picture, and the side and theme it was drawn with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Call {
    kind: &'static str,
    view: Side,
    theme: Theme,
}

/// A painter that records every board it draws (its kind, view and theme) and the
/// titles of the charts and tables it draws.
#[derive(Default)]
struct Recorder {
    calls: Mutex<Vec<Call>>,
    titles: Mutex<Vec<String>>,
}

impl Recorder {
    fn note(&self, kind: &'static str, info: &BoardInfo) {
        self.calls.lock().unwrap().push(Call {
            kind,
            view: info.view,
            theme: info.theme,
        });
    }

    /// The boards drawn since the last call.
    fn take(&self) -> Vec<Call> {
        std::mem::take(&mut *self.calls.lock().unwrap())
    }

    /// The chart and table titles drawn since the last call.
    fn take_titles(&self) -> Vec<String> {
        std::mem::take(&mut *self.titles.lock().unwrap())
    }

    fn chart(&self, title: &str) -> Option<Frame> {
        self.titles.lock().unwrap().push(title.to_string());
        Some(frame(title.to_string()))
    }
}

fn frame(alt: String) -> Frame {
    Frame {
        png: tiny_png(),
        alt,
    }
}

impl Painter for Recorder {
    fn position(&self, pos: &Position, info: &BoardInfo) -> Frame {
        self.note("position", info);
        frame(format!("position {pos}"))
    }
    fn move_frames(&self, trace: &Trace, info: &BoardInfo) -> Vec<Frame> {
        self.note("frames", info);
        let n = trace.relays() + trace.captures() + 1;
        (0..n).map(|i| frame(format!("frame {i}"))).collect()
    }
    fn contact_sheet(&self, frames: &[Frame]) -> Frame {
        frame(format!("sheet of {}", frames.len()))
    }
    fn gif(&self, _frames: &[Frame]) -> Vec<u8> {
        b"GIF89a".to_vec()
    }
    fn move_path(&self, _trace: &Trace, info: &BoardInfo) -> Frame {
        self.note("path", info);
        frame("path".into())
    }
    fn eval_chart(&self, chart: &EvalChart) -> Option<Frame> {
        self.chart(&chart.title)
    }
    fn table(&self, table: &TablePicture) -> Option<Frame> {
        self.chart(&table.title)
    }
    fn line_chart(&self, chart: &LineChart) -> Option<Frame> {
        self.chart(&chart.title)
    }
}

const H: u64 = 3_600_000;

struct Env {
    core: Core,
    painter: Arc<Recorder>,
    clock: Arc<ManualClock>,
    _dir: tempfile::TempDir,
}

fn env() -> Env {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(SledStore::open(&dir.path().join("store"), 8 << 20).unwrap());
    let clock = Arc::new(ManualClock::new(1_700_000_000_000));
    let painter = Arc::new(Recorder::default());
    let settings = Settings {
        ai_ms_per_move: 0,
        ai_max_nodes: Some(2_000),
        ..Settings::default()
    };
    let core = Core::new(store, painter.clone(), clock.clone(), settings);
    Env {
        core,
        painter,
        clock,
        _dir: dir,
    }
}

impl Env {
    /// An organizer's `!set WHAT` in `at`.
    fn set(&self, at: &ChannelKey, what: &str) {
        ok(say_as(&self.core, at, "org", &format!("!set {what}"), true));
        self.painter.take();
    }

    fn hours(&self, h: u64) {
        self.clock.advance(Duration::from_millis(h * H));
    }

    /// Every board drawn since the last look, each `(kind, view, theme)` checked
    /// against `view` and `theme`; at least one.
    #[track_caller]
    fn drawn(&self, place: &str, view: Side, theme: Theme) -> Vec<Call> {
        let calls = self.painter.take();
        assert!(!calls.is_empty(), "{place}: no board drawn");
        for c in &calls {
            assert_eq!((c.view, c.theme), (view, theme), "{place}: {calls:?}");
        }
        calls
    }
}

/// The replies' texts, joined.
fn texts(replies: &[Reply]) -> String {
    replies
        .iter()
        .map(|r| r.text().to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The filenames of a reply's attachments.
fn files(r: &Reply) -> Vec<String> {
    r.attachments.iter().map(|a| a.filename.clone()).collect()
}

/// `!set view` and `!set theme` on every board of a game between people: the first
/// board (`!accept`), each side's move, `!board` (a spectator and a player), `!replay`,
/// the last board (`!resign`), the rematch's first board. `mover` rows: the mover's
/// side for moves, South for the first board, the asker's side for `!board`.
#[test]
fn view_and_theme_reach_every_board_of_a_game_between_people() {
    use Side::{North as N, South as S};
    // (view, theme, [accept, alice's move, bob's move, !board carol, !board bob,
    //  !replay of bob's move, resign, rematch accept])
    let rows: [(&str, &str, [Side; 8]); 3] = [
        ("mover", "light", [S, S, N, S, N, N, S, S]),
        ("south", "dark", [S, S, S, S, S, S, S, S]),
        ("north", "dark", [N, N, N, N, N, N, N, N]),
    ];
    for (view, theme_word, sides) in rows {
        let e = env();
        let at = chan(&format!("view-{view}"));
        e.set(&at, &format!("view {view}"));
        e.set(&at, &format!("theme {theme_word}"));
        let theme = Theme::from_word(theme_word).unwrap();
        let place = |p: &str| format!("view {view}, theme {theme_word}: {p}");
        ok(say(&e.core, &at, "alice", "!new katro:4x4 @bob as south"));
        ok(say(&e.core, &at, "bob", "!accept"));
        e.drawn(&place("first board"), sides[0], theme);
        let mv = e.core.legal_moves(&at)[0].clone();
        ok(say(&e.core, &at, "alice", &format!("!sow {mv}")));
        e.drawn(&place("alice's move"), sides[1], theme);
        let mv = e.core.legal_moves(&at)[0].clone();
        ok(say(&e.core, &at, "bob", &format!("!sow {mv}")));
        e.drawn(&place("bob's move"), sides[2], theme);
        ok(say(&e.core, &at, "carol", "!board"));
        e.drawn(&place("!board by a spectator"), sides[3], theme);
        ok(say(&e.core, &at, "bob", "!board"));
        e.drawn(&place("!board by North"), sides[4], theme);
        ok(say(&e.core, &at, "carol", "!replay"));
        e.drawn(&place("!replay"), sides[5], theme);
        ok(say(&e.core, &at, "alice", "!resign"));
        e.drawn(&place("the last board"), sides[6], theme);
        ok(say(&e.core, &at, "carol", "!board"));
        e.drawn(&place("!board of the last game"), sides[6], theme);
        ok(say(&e.core, &at, "bob", "!rematch"));
        ok(say(&e.core, &at, "alice", "!rematch"));
        e.drawn(&place("the rematch's first board"), sides[7], theme);
    }
}

/// The boards of games that end off the board: an agreed draw, and a timeout by the
/// driver (auto-forfeit on), in the channel's view and theme.
#[test]
fn the_last_boards_of_a_draw_and_a_timeout_follow_view_and_theme() {
    for (view, side) in [("north", Side::North), ("mover", Side::South)] {
        let e = env();
        let at = chan(&format!("ends-{view}"));
        for s in [
            format!("view {view}"),
            "theme dark".into(),
            "autoforfeit on".into(),
        ] {
            e.set(&at, &s);
        }
        ok(say(
            &e.core,
            &at,
            "alice",
            "!new katro:4x4 @bob as south 1d",
        ));
        ok(say(&e.core, &at, "bob", "!accept"));
        ok(say(&e.core, &at, "alice", "!draw"));
        e.painter.take();
        let r = ok(say(&e.core, &at, "bob", "!draw"));
        assert_eq!(files(&r), ["board.png"]);
        e.drawn(&format!("view {view}: agreed draw"), side, Theme::Dark);
        ok(say(
            &e.core,
            &at,
            "alice",
            "!new katro:4x4 @bob as south 1d",
        ));
        ok(say(&e.core, &at, "bob", "!accept"));
        e.painter.take();
        e.hours(25);
        let out = e.core.tick();
        let text = texts(&out.iter().map(|(_, r)| r.clone()).collect::<Vec<_>>());
        assert!(text.contains("wins on time"), "{text}");
        e.drawn(&format!("view {view}: timeout"), side, Theme::Dark);
    }
}

/// A Hoyito match (M1-M4): every move's pictures and the next game's first board
/// (`next-game.png`) in the channel's view and theme.
#[test]
fn a_matchs_next_game_board_follows_view_and_theme() {
    let e = env();
    let at = chan("match");
    e.set(&at, "view north");
    e.set(&at, "theme dark");
    ok(say(
        &e.core,
        &at,
        "alice",
        "!new hoyito first-to 2 @bob as south",
    ));
    ok(say(&e.core, &at, "bob", "!accept"));
    e.drawn("the first board", Side::North, Theme::Dark);
    for n in 0..2000 {
        let mv = e.core.legal_moves(&at)[0].clone();
        let who = match e.core.board(&at).unwrap().to_move() {
            Side::South => "alice",
            Side::North => "bob",
        };
        let r = ok(say(&e.core, &at, who, &format!("!sow {mv}")));
        let calls = e.drawn(&format!("move {n}"), Side::North, Theme::Dark);
        if r.text().contains("of the match is over") {
            assert_eq!(files(&r).last().unwrap(), "next-game.png");
            assert!(calls.iter().any(|c| c.kind == "position"), "{calls:?}");
            return;
        }
    }
    panic!("game 1 did not end");
}

/// Games against the AI are drawn from the human's side whatever `!set view` says, in
/// the channel's theme: the first board when the human opens and when the AI opens,
/// the AI's answer, `!board`, `!replay`, the last board, the rematch.
#[test]
fn games_against_the_ai_keep_the_humans_side_in_the_channels_theme() {
    for (human, view) in [("south", "north"), ("north", "south")] {
        let e = env();
        let at = chan(&format!("ai-{human}"));
        e.set(&at, &format!("view {view}"));
        e.set(&at, "theme dark");
        let side = if human == "south" {
            Side::South
        } else {
            Side::North
        };
        let place = |p: &str| format!("human {human}, view {view}: {p}");
        let out = say(
            &e.core,
            &at,
            "alice",
            &format!("!new katro:4x4 ai level 1 as {human}"),
        );
        assert!(out.iter().all(|r| !r.is_error), "{out:?}");
        // North: the AI opened; its move is drawn too.
        assert_eq!(out.len(), if human == "south" { 1 } else { 2 }, "{out:?}");
        e.drawn(
            &place("first board and the AI's opening"),
            side,
            Theme::Dark,
        );
        let mv = e.core.legal_moves(&at)[0].clone();
        let out = say(&e.core, &at, "alice", &format!("!sow {mv}"));
        assert_eq!(out.len(), 2, "the move and the AI's answer: {out:?}");
        e.drawn(&place("the move and the AI's answer"), side, Theme::Dark);
        ok(say(&e.core, &at, "carol", "!board"));
        e.drawn(&place("!board"), side, Theme::Dark);
        ok(say(&e.core, &at, "carol", "!replay"));
        e.drawn(&place("!replay"), side, Theme::Dark);
        // The rematch swaps the sides: the human's new side, the AI opening or not.
        ok(say(&e.core, &at, "alice", "!resign"));
        e.drawn(&place("the last board"), side, Theme::Dark);
        let out = say(&e.core, &at, "alice", "!rematch");
        assert!(out.iter().all(|r| !r.is_error), "{out:?}");
        e.drawn(&place("the rematch"), side.other(), Theme::Dark);
    }
}

/// `!set pictures` on a person's move and on the AI's answer: which pictures are drawn
/// and attached.
#[test]
fn the_picture_style_applies_to_moves_and_to_the_ais_answers() {
    // (style, painter calls for one move, attachments of E1's c1+ (7 frames))
    let rows: [(&str, &str, &[&str]); 4] = [
        (
            "frames",
            "frames",
            &[
                "frame-01.png",
                "frame-02.png",
                "frame-03.png",
                "frame-04.png",
                "frame-05.png",
                "frame-06.png",
                "board.png",
            ],
        ),
        ("sheet", "frames", &["frames.png", "board.png"]),
        ("final", "path", &["board.png"]),
        ("gif", "frames", &["move.gif"]),
    ];
    for (style, call, e1_files) in rows {
        let e = env();
        let at = chan(&format!("pictures-{style}"));
        e.set(&at, &format!("pictures {style}"));
        ok(say(&e.core, &at, "alice", "!new katro @bob as south"));
        ok(say(&e.core, &at, "bob", "!accept"));
        e.painter.take();
        let r = ok(say(&e.core, &at, "alice", "!sow c1+"));
        assert_eq!(files(&r), e1_files.to_vec(), "{style}: E1");
        let kinds: Vec<_> = e.painter.take().iter().map(|c| c.kind).collect();
        assert_eq!(kinds, vec![call], "{style}: E1");

        let ai = chan(&format!("pictures-ai-{style}"));
        e.set(&ai, &format!("pictures {style}"));
        ok(say(&e.core, &ai, "alice", "!new katro ai level 1 as south"));
        e.painter.take();
        let out = say(&e.core, &ai, "alice", "!sow c1+");
        assert_eq!(out.len(), 2, "{out:?}");
        assert_eq!(
            files(&out[0]),
            e1_files.to_vec(),
            "{style}: the human's move"
        );
        let kinds: Vec<_> = e.painter.take().iter().map(|c| c.kind).collect();
        assert_eq!(
            kinds,
            vec![call, call],
            "{style}: the move and the AI's answer"
        );
        let answer = files(&out[1]);
        match style {
            "final" => assert_eq!(answer, ["board.png"], "{style}: the AI's answer"),
            "gif" => assert_eq!(answer, ["move.gif"], "{style}: the AI's answer"),
            "sheet" => assert!(
                answer == ["frames.png", "board.png"] || answer.len() <= 2,
                "{style}: the AI's answer {answer:?}"
            ),
            _ => assert_eq!(answer.last().unwrap(), "board.png", "{style}: {answer:?}"),
        }
    }
}

/// `!set language fr` in every reply: the first board, a move, the AI's answer,
/// `!board`, `!history`, `!moves`, `!replay`, `!hint`, the rematch, the rating chart,
/// the review chart, and the driver's reminder and timeout notice.
#[test]
fn the_channels_language_reaches_every_reply_and_chart() {
    let e = env();
    let at = chan("fr");
    e.set(&at, "language fr");
    // (place, command, author, French text expected)
    let rows: [(&str, &str, &str, &str); 7] = [
        (
            "challenge",
            "!new katro:4x4 @bob as south 1d",
            "alice",
            "défie",
        ),
        ("first board", "!accept", "bob", "a le trait"),
        ("move", "!sow a1+", "alice", "a semé"),
        ("!board", "!board", "carol", "a le trait"),
        ("!moves", "!moves", "carol", "Coups légaux pour"),
        ("!replay", "!replay", "carol", "Rejeu du coup 1"),
        ("!record", "!record", "carol", "Sud"),
    ];
    for (place, cmd, who, french) in rows {
        let r = ok(say(&e.core, &at, who, cmd));
        assert!(r.text().contains(french), "{place}: {}", r.text());
    }
    // The driver: bob's reminder (24 h point of 24 h: at once? wait past the 1 h point).
    e.hours(23);
    let out = e.core.tick();
    let text = texts(&out.into_iter().map(|(_, r)| r).collect::<Vec<_>>());
    assert!(text.contains("à vous de jouer"), "reminder: {text}");
    e.set(&at, "autoforfeit on");
    e.hours(2);
    let out = e.core.tick();
    let text = texts(&out.into_iter().map(|(_, r)| r).collect::<Vec<_>>());
    assert!(text.contains("Partie terminée"), "timeout: {text}");
    // The rematch.
    let r = ok(say(&e.core, &at, "bob", "!rematch"));
    assert!(!r.text().contains(" plays "), "rematch: {}", r.text());
    let r = ok(say(&e.core, &at, "alice", "!rematch"));
    assert!(r.text().contains("a le trait"), "rematch: {}", r.text());
    // The rating chart's title (alice's game was rated: both moved? no: bob never
    // moved, so play one rated game to the end first).
    let mv = e.core.legal_moves(&at)[0].clone();
    ok(say(&e.core, &at, "bob", &format!("!sow {mv}")));
    let mv = e.core.legal_moves(&at)[0].clone();
    ok(say(&e.core, &at, "alice", &format!("!sow {mv}")));
    ok(say(&e.core, &at, "alice", "!resign"));
    e.painter.take_titles();
    let r = ok(say(&e.core, &at, "carol", "!rating @bob"));
    let titles = e.painter.take_titles();
    assert_eq!(
        titles,
        ["bob\u{202f}: historique de la cote"],
        "{}",
        r.text()
    );
    // The review chart of the last game.
    let r = ok(say(&e.core, &at, "carol", "!analyze"));
    let titles = e.painter.take_titles();
    assert_eq!(titles.len(), 1, "{}", r.text());
    assert!(titles[0].contains("(Sud) contre"), "{titles:?}");

    // The driver's expiry notice of a challenge, and its timeout notice where
    // auto-forfeit is off.
    let notices = chan("fr-notices");
    e.set(&notices, "language fr");
    ok(say(
        &e.core,
        &notices,
        "alice",
        "!new katro:4x4 @bob as south 1d",
    ));
    e.hours(25);
    let text = texts(
        &e.core
            .tick()
            .into_iter()
            .map(|(_, r)| r)
            .collect::<Vec<_>>(),
    );
    assert!(
        text.contains("n'a pas été accepté avant son expiration"),
        "expiry notice: {text}"
    );
    ok(say(
        &e.core,
        &notices,
        "alice",
        "!new katro:4x4 @bob as south 1d",
    ));
    ok(say(&e.core, &notices, "bob", "!accept"));
    e.hours(25);
    let text = texts(
        &e.core
            .tick()
            .into_iter()
            .map(|(_, r)| r)
            .collect::<Vec<_>>(),
    );
    assert!(
        text.contains("n'a pas joué avant l'échéance"),
        "timeout notice: {text}"
    );
    assert!(
        text.contains("peut réclamer la victoire"),
        "timeout notice: {text}"
    );

    // Against the AI: its answer and `!hint`.
    let ai = chan("fr-ai");
    e.set(&ai, "language fr");
    ok(say(
        &e.core,
        &ai,
        "alice",
        "!new katro:4x4 ai level 1 as south",
    ));
    let out = say(&e.core, &ai, "alice", "!sow a1+");
    assert_eq!(out.len(), 2, "{out:?}");
    assert!(
        out[1].text().contains("a semé"),
        "AI answer: {}",
        out[1].text()
    );
    let r = ok(say(&e.core, &ai, "alice", "!hint"));
    assert!(r.text().starts_with("Indice pour"), "!hint: {}", r.text());
}

/// `!set hints`: `!hint` in an unrated game between people where it is on, refused
/// where it is off, and never in a rated one.
#[test]
fn hints_follow_the_setting_in_unrated_games_only() {
    // (hints, rated, allowed)
    let rows = [
        ("off", false, false),
        ("on", false, true),
        ("on", true, false),
        ("off", true, false),
    ];
    for (hints, rated, allowed) in rows {
        let e = env();
        let at = chan(&format!("hints-{hints}-{rated}"));
        e.set(&at, &format!("hints {hints}"));
        let unrated = if rated { "" } else { " unrated" };
        ok(say(
            &e.core,
            &at,
            "alice",
            &format!("!new katro:4x4 @bob as south{unrated}"),
        ));
        ok(say(&e.core, &at, "bob", "!accept"));
        let out = say(&e.core, &at, "alice", "!hint");
        assert_eq!(out.len(), 1, "{out:?}");
        let cell = format!("hints {hints}, rated {rated}");
        assert_eq!(!out[0].is_error, allowed, "{cell}: {}", out[0].text());
        if allowed {
            assert!(out[0].text().starts_with("Hint for alice"), "{cell}");
        }
    }
}

/// `!set autoforfeit`, `!mute` and `!vacation` in the driver: a deadline passed loses
/// the game only where auto-forfeit is on; a muted player gets no reminder; a player on
/// vacation is neither reminded nor forfeited.
#[test]
fn the_driver_follows_autoforfeit_mute_and_vacation() {
    // (autoforfeit, alice mutes, alice on vacation, reminder seen, forfeited at 25 h)
    let rows = [
        (false, false, false, true, false),
        (true, false, false, true, true),
        (true, true, false, false, true),
        (true, false, true, false, false),
    ];
    for (auto, muted, away, reminded, forfeited) in rows {
        let e = env();
        let cell = format!("autoforfeit {auto}, muted {muted}, vacation {away}");
        let at = chan("driver");
        e.set(
            &at,
            &format!("autoforfeit {}", if auto { "on" } else { "off" }),
        );
        if muted {
            ok(say(&e.core, &at, "alice", "!mute"));
        }
        ok(say(
            &e.core,
            &at,
            "alice",
            "!new katro:4x4 @bob as north 1d unrated",
        ));
        ok(say(&e.core, &at, "bob", "!accept"));
        // Bob moved: alice (North) is to move, with 24 h.
        let mv = e.core.legal_moves(&at)[0].clone();
        ok(say(&e.core, &at, "bob", &format!("!sow {mv}")));
        if away {
            ok(say(&e.core, &at, "alice", "!vacation 3d"));
        }
        e.hours(23);
        let text = texts(
            &e.core
                .tick()
                .into_iter()
                .map(|(_, r)| r)
                .collect::<Vec<_>>(),
        );
        assert_eq!(
            text.contains("@alice, your move"),
            reminded,
            "{cell}: {text}"
        );
        e.hours(2);
        let text = texts(
            &e.core
                .tick()
                .into_iter()
                .map(|(_, r)| r)
                .collect::<Vec<_>>(),
        );
        assert_eq!(text.contains("wins on time"), forfeited, "{cell}: {text}");
        assert_eq!(
            e.core.legal_moves(&at).is_empty(),
            forfeited,
            "{cell}: the game is over only when forfeited"
        );
        if !auto {
            let r = ok(say(&e.core, &at, "bob", "!claim"));
            assert!(r.text().contains("wins on time"), "{cell}: {}", r.text());
        }
    }
}

/// A tournament game's room inherits the home channel's settings (language, view,
/// theme, pictures) where the room set none of its own: the announcement and its
/// board, a move there; the standings picture's title in the home's language.
#[test]
fn tournament_rooms_inherit_the_home_channels_settings() {
    let e = env();
    let home = chan("hall");
    for s in ["language fr", "view north", "theme dark", "pictures final"] {
        e.set(&home, s);
    }
    // Board 2's room chose its own pictures before the tournament opened it.
    let own = chan("tourney-cup-r1-b2");
    e.set(&own, "pictures gif");
    let org = |text: &str| say_as(&e.core, &home, "org", text, true);
    ok(org("!tournament new cup katro:4x4 roundrobin 1d"));
    for p in ["p1", "p2", "p3", "p4"] {
        ok(say(&e.core, &home, p, "!tournament join"));
    }
    e.painter.take();
    let out = org("!tournament start");
    assert_eq!(out.len(), 3, "{out:?}");
    for room_reply in &out[1..] {
        assert!(
            room_reply.text().starts_with("Tournoi cup, ronde 1"),
            "{}",
            room_reply.text()
        );
        assert_eq!(files(room_reply), ["board.png"]);
    }
    let calls = e.painter.take();
    let drawn: Vec<_> = calls.iter().map(|c| (c.view, c.theme)).collect();
    assert_eq!(
        drawn,
        [(Side::North, Theme::Dark), (Side::North, Theme::Dark)],
        "the rooms' first boards"
    );
    // A move in each room: the home's view and theme, each room's picture style.
    for (board, kind, file) in [(1, "path", "board.png"), (2, "frames", "move.gif")] {
        let room = out[board].to.clone().unwrap();
        assert_eq!(room.channel, format!("tourney-cup-r1-b{board}"));
        let mv = e.core.legal_moves(&room)[0].clone();
        let moved: Vec<Reply> = ["p1", "p2", "p3", "p4"]
            .into_iter()
            .map(|p| say(&e.core, &room, p, &format!("!sow {mv}")))
            .find(|r| !r[0].is_error)
            .expect("a player moved");
        assert!(moved[0].text().contains("a semé"), "{}", moved[0].text());
        assert_eq!(files(&moved[0]), [file], "room {board}");
        let calls = e.painter.take();
        let kinds: Vec<_> = calls.iter().map(|c| (c.kind, c.view, c.theme)).collect();
        assert_eq!(kinds, [(kind, Side::North, Theme::Dark)], "room {board}");
    }
    e.painter.take_titles();
    let r = ok(say(&e.core, &home, "p1", "!tournament standings cup"));
    let titles = e.painter.take_titles();
    assert_eq!(titles.len(), 2, "{}", r.text());
    assert!(
        titles[0].starts_with("Classement du tournoi cup"),
        "{titles:?}"
    );
    assert!(titles[1].starts_with("Grille du tournoi cup"), "{titles:?}");
}
