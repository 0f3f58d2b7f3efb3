//! Tournaments on the web pages ("Web companion" issue): every tournament game, a
//! knockout's later games included, has a random id, and its page is at that address
//! and not at the guessable one older builds gave; the tournament's announcements link
//! its page, and the pairings each game's, where the community's pages are on.

use axum::http::StatusCode;
use mancala_bot::core::api::{ChatCore, Reply, Segment};
use mancala_bot::core::tournament::{Res, Tournament};
use mancala_bot::core::{Core, Settings};
use mancala_bot::model::ChannelKey;
use mancala_bot::store::Store;

use crate::core_chat::{bench_with, chan, ok, say, say_as, Bench};
use crate::web_game::{app, get, web_on};

const BASE: &str = "https://games.example.org/";

fn org(core: &Core, at: &ChannelKey, text: &str) -> Vec<Reply> {
    say_as(core, at, "org", text, true)
}

fn load(store: &dyn Store, name: &str) -> Tournament {
    let bytes = store
        .doc(&Tournament::key_of("guild-1", name))
        .unwrap()
        .expect("stored");
    serde_json::from_slice(&bytes).unwrap()
}

/// The links of `replies` (`Segment::Link`), as (url, label).
fn links(replies: &[Reply]) -> Vec<(String, String)> {
    replies
        .iter()
        .flat_map(|r| r.body.segments())
        .filter_map(|s| match s {
            Segment::Link { url, label } => Some((url, label)),
            _ => None,
        })
        .collect()
}

/// A bench whose replies may link the pages.
fn linked() -> Bench {
    bench_with(Settings {
        public_url: Some(BASE.into()),
        ..Default::default()
    })
}

/// In `room`, both players move once, then the game ends with `res` (`!resign` by the
/// loser, or `!draw` by both); the replies.
fn finish(core: &Core, room: &ChannelKey, (south, north): (&str, &str), res: Res) -> Vec<Reply> {
    let mut out = Vec::new();
    for who in [south, north] {
        let mv = core.legal_moves(room)[0].clone();
        out.extend(say(core, room, who, &format!("!sow {mv}")));
    }
    match res {
        Res::South => out.extend(say(core, room, north, "!resign")),
        Res::North => out.extend(say(core, room, south, "!resign")),
        Res::Draw => {
            out.extend(say(core, room, south, "!draw"));
            out.extend(say(core, room, north, "!draw"));
        }
    }
    assert!(out.iter().all(|r| !r.is_error), "{out:?}");
    out
}

/// The (South, North) names of the game in `room`.
fn players(b: &Bench, room: &ChannelKey) -> (String, String) {
    let r = b.store.load(room).unwrap().unwrap().record;
    (
        r.south().unwrap().name.clone(),
        r.north().unwrap().name.clone(),
    )
}

/// Whether `id` is drawn as ordinary games' ids are: 8 characters of Crockford's base 32.
fn random_id(id: &str) -> bool {
    id.len() == 8
        && id
            .bytes()
            .all(|b| mancala_bot::store::gameid::ALPHABET.contains(&b))
}

#[tokio::test]
async fn a_tournament_games_page_is_at_its_random_id_and_not_at_a_guessable_one() {
    let b = linked();
    let lobby = chan("lobby");
    web_on(&b, &lobby, "on");
    ok(org(
        &b.core,
        &lobby,
        "!tournament new cup katro:4x4 knockout",
    ));
    for p in ["k1", "k2"] {
        ok(say(&b.core, &lobby, p, "!tournament join cup"));
    }
    org(&b.core, &lobby, "!tournament start cup");
    let t = load(&*b.store, "cup");
    let p = &t.rounds[0].pairings[0];
    let first = p.game_id.clone().expect("the game is open");
    assert!(random_id(&first), "{first}");
    assert_eq!(p.next_id, None, "the drawn id moved to the game");
    let app = app(&b);
    assert_eq!(
        get(&app, &format!("/g/{first}"), &[]).await.status,
        StatusCode::OK
    );
    // The address older builds gave it (the time and a hash of the name) is no page.
    let guessable = t.legacy_game_id(1, 1, 1);
    assert_eq!(guessable, format!("{}-r1-b1", t.id));
    assert_eq!(
        get(&app, &format!("/g/{guessable}"), &[]).await.status,
        StatusCode::NOT_FOUND
    );
    // A drawn game: the second game of the board has an id of its own, random too.
    let room = p.room.clone().unwrap();
    finish(&b.core, &room, players(&b, &room).pipe(), Res::Draw);
    let t = load(&*b.store, "cup");
    let p = &t.rounds[0].pairings[0];
    let second = p.game_id.clone().expect("the second game is open");
    assert!(random_id(&second) && second != first, "{second}");
    assert_eq!(t.board_game_ids(1, p), vec![first.clone(), second.clone()]);
    assert_eq!(
        get(&app, &format!("/g/{second}"), &[]).await.status,
        StatusCode::OK
    );
    let guessable = t.legacy_game_id(1, 1, 2);
    assert_eq!(
        get(&app, &format!("/g/{guessable}"), &[]).await.status,
        StatusCode::NOT_FOUND
    );
    // The tournament's page links both games of the board.
    let page = get(&app, &format!("/t/{}", t.public_id), &[]).await;
    assert_eq!(page.status, StatusCode::OK);
    for (n, id) in [(1, &first), (2, &second)] {
        let link = format!("<a class=\"game\" href=\"/g/{id}\">game {n}</a>");
        assert!(page.body.contains(&link), "{link} in {}", page.body);
    }
    assert!(!page.body.contains(&t.id), "no guessable id on the page");
}

/// A tournament stored by an older build (its games' ids made of its own id, the time
/// and a hash of its name: guessable) is still shown, its results and its games in
/// place, but no link leads to those games, whose pages are not served.
#[tokio::test]
async fn an_older_tournament_is_shown_without_serving_its_guessable_games() {
    use mancala_bot::core::tournament::{Entrant, Format, Phase};
    let b = linked();
    let lobby = chan("lobby");
    web_on(&b, &lobby, "on");
    let mut t = Tournament {
        id: "t1700000000000-00112233445566ff".into(),
        name: "older".into(),
        public_id: "abcdefghjkmn".into(),
        home: lobby.clone(),
        format: Format::RoundRobin,
        organizer: crate::core_chat::user("org"),
        phase: Phase::Running,
        entrants: ["a1", "a2"]
            .iter()
            .map(|n| Entrant {
                user: crate::core_chat::user(n),
                rating: 1500.0,
                withdrawn: false,
            })
            .collect(),
        ..Tournament::default()
    };
    assert!(t.next_round());
    let legacy = t.legacy_game_id(1, 1, 1);
    t.rounds[0].pairings[0].game_id = Some(legacy.clone());
    assert!(t.record(1, 1, &legacy, Res::South));
    let bytes = serde_json::to_vec(&t).unwrap();
    assert!(b.store.write_doc(&t.key(), None, Some(&bytes)).unwrap());
    let app = app(&b);
    let page = get(&app, "/t/abcdefghjkmn", &[]).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        page.body.contains("a1") && page.body.contains("1-0"),
        "{}",
        page.body
    );
    assert!(!page.body.contains(&legacy), "{}", page.body);
    assert_eq!(
        get(&app, &format!("/g/{legacy}"), &[]).await.status,
        StatusCode::NOT_FOUND
    );
}

#[test]
fn announcements_link_the_tournament_and_its_games_where_pages_are_on() {
    let b = linked();
    let lobby = chan("lobby");
    // Pages off: no link.
    let created = ok(org(
        &b.core,
        &lobby,
        "!tournament new off katro:4x4 knockout",
    ));
    assert_eq!(links(&[created]), vec![]);
    web_on(&b, &lobby, "on");
    let created = ok(org(
        &b.core,
        &lobby,
        "!tournament new cup katro:4x4 knockout",
    ));
    let t = load(&*b.store, "cup");
    let tour = (
        format!("{BASE}t/{}", t.public_id),
        "Tournament page: cup".to_string(),
    );
    assert_eq!(
        links(std::slice::from_ref(&created)),
        vec![tour.clone()],
        "created"
    );
    assert!(
        created
            .body
            .plain(0)
            .ends_with(&format!("\nTournament page: cup: {}", tour.0)),
        "{}",
        created.body.plain(0)
    );
    for p in ["k1", "k2", "k3", "k4"] {
        ok(say(&b.core, &lobby, p, "!tournament join cup"));
    }
    let started = org(&b.core, &lobby, "!tournament start cup");
    let t = load(&*b.store, "cup");
    let game = |t: &Tournament, board: usize| {
        let p = &t.current().unwrap().pairings[board];
        let id = p.game_id.clone().unwrap();
        (format!("{BASE}g/{id}"), format!("Board {}", p.board))
    };
    // The announcement answers the command; the games' replies go to their rooms.
    let announced = &started[0];
    assert!(
        announced.text().contains("cup round 1:"),
        "{}",
        announced.text()
    );
    assert_eq!(
        links(std::slice::from_ref(announced)),
        vec![tour.clone(), game(&t, 0), game(&t, 1)],
        "the start: the tournament and each board's game"
    );
    // Round 1 played: the final's pairing links the tournament and its game.
    let mut out = Vec::new();
    for p in t.current().unwrap().pairings.clone() {
        let room = p.room.clone().unwrap();
        out.extend(finish(
            &b.core,
            &room,
            players(&b, &room).pipe(),
            Res::South,
        ));
    }
    let t = load(&*b.store, "cup");
    assert_eq!(t.rounds.len(), 2);
    let begins: Vec<Reply> = out
        .into_iter()
        .filter(|r| r.to.as_ref() == Some(&lobby) && r.text().contains("cup round 2:"))
        .collect();
    assert_eq!(links(&begins), vec![tour.clone(), game(&t, 0)], "round 2");
    // The final played: the end, with the standings, links the tournament.
    let room = t.current().unwrap().pairings[0].room.clone().unwrap();
    let out = finish(&b.core, &room, players(&b, &room).pipe(), Res::North);
    let over: Vec<Reply> = out
        .into_iter()
        .filter(|r| r.to.as_ref() == Some(&lobby) && r.text().contains("is over"))
        .collect();
    assert_eq!(over.len(), 1, "{over:?}");
    assert_eq!(links(&over), vec![tour], "the end");
    // In French, the labels are French.
    for r in org(&b.core, &lobby, "!set language fr") {
        assert!(!r.is_error, "{}", r.text());
    }
    let fr = ok(org(
        &b.core,
        &lobby,
        "!tournament new coupe katro:4x4 knockout",
    ));
    assert_eq!(links(&[fr])[0].1, "Page du tournoi coupe");
}

/// `(a, b)` as a pair of `&str`.
trait Pipe {
    fn pipe(&self) -> (&str, &str);
}

impl Pipe for (String, String) {
    fn pipe(&self) -> (&str, &str) {
        (&self.0, &self.1)
    }
}
