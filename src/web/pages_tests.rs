//! The tournament, player and community pages through the whole router (guards,
//! security headers, shell), over a memory store.

use std::sync::Arc;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use tower::ServiceExt;

use crate::core::ratings::{PlayerRating, RatingChange, RatingTable};
use crate::core::tournament::{Entrant, Format, Phase, Res, Tournament};
use crate::core::SiteSettings;
use crate::metrics::{Health, Metrics};
use crate::model::{ChannelKey, User};
use crate::store::keys::DocKey;
use crate::store::{docs, MemoryStore, Store};
use crate::web::{routes, WebState};

const HOSTILE: &str = "<script>alert(1)</script>";
const ESCAPED: &str = "&lt;script&gt;alert(1)&lt;/script&gt;";
const COMMUNITY: &str = "guild-123456789";
const SITE_ID: &str = "cmtyabcdefgh";
const TOUR_ID: &str = "trnmabcdefgh";
/// [`HOSTILE`]'s page.
const HOSTILE_PAGE: &str = "/c/cmtyabcdefgh/p/%3Cscript%3Ealert%281%29%3C~sscript%3E";

fn user(id: &str, name: &str) -> User {
    User {
        id: id.into(),
        name: name.into(),
    }
}

fn players() -> Vec<User> {
    vec![
        user("u1", HOSTILE),
        user("u2", "bob"),
        user("u3", "carol"),
        user("u4", "dave"),
    ]
}

/// A tournament of the four [`players`] in `format`, `rounds` rounds played (each
/// board won by South, with its game id), running.
fn tournament(name: &str, public_id: &str, format: Format, rounds: u32) -> Tournament {
    let mut t = Tournament {
        id: "t1700000000000-00112233445566ff".into(),
        name: name.into(),
        public_id: public_id.into(),
        home: ChannelKey {
            community: COMMUNITY.into(),
            channel: "c1".into(),
        },
        format,
        organizer: user("u2", "bob"),
        created_ms: 1_700_000_000_000,
        phase: Phase::Running,
        entrants: players()
            .into_iter()
            .map(|user| Entrant {
                user,
                rating: 1500.0,
                withdrawn: false,
            })
            .collect(),
        ..Tournament::default()
    };
    for _ in 0..rounds {
        assert!(t.next_round());
        let r = t.rounds.last_mut().unwrap();
        let number = r.number;
        let boards: Vec<u32> = r
            .pairings
            .iter_mut()
            .filter(|p| p.north.is_some())
            .map(|p| {
                // Random ids as games get them (8 characters; rounds and boards < 10).
                p.game_id = Some(format!("r{number}b{}game", p.board));
                p.board
            })
            .collect();
        for b in boards {
            let id = format!("r{number}b{b}game");
            assert!(t.record(number, b, &id, Res::South));
        }
    }
    t
}

fn site(store: &dyn Store, web: bool) {
    let s = SiteSettings {
        web,
        index: false,
        public_id: SITE_ID.into(),
    };
    let key = DocKey::site(COMMUNITY);
    let old = store.doc(&key).unwrap();
    assert!(docs::save(store, &key, old.as_ref(), &s).unwrap());
}

fn save_tour(store: &dyn Store, t: &Tournament) {
    let key = t.key();
    let old = store.doc(&key).unwrap();
    assert!(docs::save(store, &key, old.as_ref(), t).unwrap());
}

/// A store with the community's pages on, a running round robin named [`HOSTILE`], and
/// Katro ratings with a history for the hostile player and bob.
fn store() -> Arc<MemoryStore> {
    let store = Arc::new(MemoryStore::new());
    site(&*store, true);
    let mut t = tournament(HOSTILE, TOUR_ID, Format::RoundRobin, 2);
    // An organizer's act with a hostile reason, for the page's log.
    let act = crate::core::tournament::Act::Kicked {
        player: HOSTILE.into(),
        reason: Some(HOSTILE.into()),
    };
    t.log_act(&user("u9", "org"), 1_700_000_500_000, act);
    save_tour(&*store, &t);
    let mut table = RatingTable::default();
    let (me, bob) = (user("u1", HOSTILE), user("u2", "bob"));
    for (u, r) in [(&me, 1620.0), (&bob, 1480.0)] {
        let mut p = PlayerRating::new(u.clone());
        p.rating = r;
        p.deviation = 90.0;
        p.won_drawn_lost = [3, 0, 1];
        p.last_ms = crate::web::page_kit::now_ms();
        table.players.insert(u.id.clone(), p);
    }
    docs::save(&*store, &DocKey::rating(COMMUNITY, "katro"), None, &table).unwrap();
    for i in 0..4u64 {
        let change = RatingChange {
            game_id: format!("abcdefg{i}"),
            at_ms: 1_700_000_000_000 + i * 1000,
            opponent: bob.clone(),
            score: 1.0,
            before: (1500.0 + 30.0 * i as f64, 200.0),
            after: (1530.0 + 30.0 * i as f64, 180.0),
        };
        let key = DocKey::rating_log(COMMUNITY, "katro", &me, change.at_ms, &change.game_id);
        docs::save(&*store, &key, None, &change).unwrap();
    }
    store
}

fn app(store: Arc<MemoryStore>) -> Router {
    let metrics = Arc::new(Metrics::new());
    let mut state = WebState::bare(Health::new(metrics.clone()), metrics);
    state.store = Some(store);
    routes(state)
}

/// Status, headers and body of `GET uri` with the request headers `headers`.
async fn get(
    app: &Router,
    uri: &str,
    headers: &[(&str, &str)],
) -> (StatusCode, axum::http::HeaderMap, String) {
    let mut req = Request::builder().uri(uri);
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    let res = app
        .clone()
        .oneshot(req.body(Body::empty()).unwrap())
        .await
        .unwrap();
    let (parts, body) = res.into_parts();
    let bytes = axum::body::to_bytes(body, 1 << 22).await.unwrap();
    (
        parts.status,
        parts.headers,
        String::from_utf8(bytes.to_vec()).unwrap(),
    )
}

fn assert_escaped(body: &str) {
    assert!(body.contains(ESCAPED), "{body}");
    assert!(!body.contains(HOSTILE), "raw markup in {body}");
}

#[tokio::test]
async fn a_round_robin_page_shows_standings_crosstable_rounds_and_games_escaped() {
    let app = app(store());
    let (status, headers, body) = get(&app, &format!("/t/{TOUR_ID}"), &[]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_escaped(&body);
    assert!(
        body.contains(&format!("<title>{ESCAPED}</title>")),
        "{body}"
    );
    for words in [
        "Organizer's log",
        "Standings",
        "Buchholz",
        "SB",
        "Crosstable",
        "Rounds",
        "Round 1",
        "Round 2 in play",
    ] {
        assert!(body.contains(words), "{words} missing: {body}");
    }
    // The games' links, the players' (percent-encoded names), the community's.
    assert!(body.contains("href=\"/g/r1b1game\""), "{body}");
    assert!(body.contains(&format!("href=\"{HOSTILE_PAGE}\"")), "{body}");
    assert!(body.contains("href=\"/c/cmtyabcdefgh/p/bob\""), "{body}");
    assert!(body.contains("href=\"/c/cmtyabcdefgh\""), "{body}");
    // Never a platform id.
    assert!(!body.contains(COMMUNITY) && !body.contains("u1"), "{body}");
    assert_eq!(headers["cache-control"], "no-cache");
    assert_eq!(headers["x-robots-tag"], "noindex");
    assert!(headers["content-security-policy"]
        .to_str()
        .unwrap()
        .contains("default-src 'none'"));
    // The same page again, its ETag known: 304.
    let tag = headers["etag"].to_str().unwrap().to_string();
    let (status, _, body) = get(&app, &format!("/t/{TOUR_ID}"), &[("if-none-match", &tag)]).await;
    assert_eq!(status, StatusCode::NOT_MODIFIED);
    assert!(body.is_empty());
}

#[tokio::test]
async fn swiss_pages_have_a_crosstable_by_round_and_knockouts_a_bracket() {
    let store = store();
    let swiss = tournament("swiss", "swssabcdefgh", Format::Swiss { rounds: 3 }, 2);
    let mut ko = tournament("cup", "kkkkabcdefgh", Format::Knockout, 2);
    assert!(!ko.next_round());
    save_tour(&*store, &swiss);
    save_tour(&*store, &ko);
    let app = app(store);
    let (status, _, body) = get(&app, "/t/swssabcdefgh", &[]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    for words in ["Crosstable", "<th>R1</th>", "<th>R2</th>", "S 1", "N 0"] {
        assert!(body.contains(words), "{words} missing: {body}");
    }
    let (status, headers, body) = get(&app, "/t/kkkkabcdefgh", &[]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(ko.phase, Phase::Finished);
    for words in [
        "Bracket",
        "bracket-game",
        "seat won",
        "champion",
        "out in round 1",
    ] {
        assert!(body.contains(words), "{words} missing: {body}");
    }
    assert_escaped(&body);
    // Over: kept a year.
    assert_eq!(
        headers["cache-control"],
        "public, max-age=31536000, immutable"
    );
}

#[tokio::test]
async fn a_player_page_shows_ratings_chart_and_tournaments_by_display_name() {
    let app = app(store());
    let (status, _, body) = get(&app, HOSTILE_PAGE, &[]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body.contains(&format!("<h1>{ESCAPED}</h1>")), "{body}");
    assert_escaped(&body);
    assert!(body.contains("Katro: 1620 ±90"), "{body}");
    assert!(body.contains("<svg class=\"chart\""), "{body}");
    assert!(body.contains("<polyline points=\""), "{body}");
    assert!(body.contains("Katro rating over time"), "{body}");
    assert!(body.contains(&format!("href=\"/t/{TOUR_ID}\"")), "{body}");
    assert!(body.contains("place 1 of 4, 2 pts"), "{body}");
    assert!(!body.contains(COMMUNITY) && !body.contains("u1"), "{body}");
    // Any case finds a name; a player with no rated game has his tournaments.
    let (status, _, body) = get(&app, "/c/cmtyabcdefgh/p/BOB", &[]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body.contains("Katro: 1480 ±90"), "{body}");
    let (status, _, body) = get(&app, "/c/cmtyabcdefgh/p/carol", &[]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body.contains("No rated games yet."), "{body}");
    for path in [
        "/c/cmtyabcdefgh/p/nobody",
        "/c/cmtyabcdefgh/p/bad~x",
        "/c/cmtyabcdefgh/p/%2e%2e",
    ] {
        let (status, _, _) = get(&app, path, &[]).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
    }
}

#[test]
fn names_are_written_in_paths_reversibly_without_slashes_or_dot_segments() {
    use crate::web::page_kit::{name_of_segment, name_segment};
    for name in [
        HOSTILE,
        "..",
        ".",
        "a/b\\c",
        "~s",
        "Ёжик в тумане",
        "J.R.",
        "x%2fy",
    ] {
        let seg = name_segment(name);
        assert!(!seg.contains(['/', '\\', '.']), "{seg}");
        assert!(!seg.to_ascii_lowercase().contains("%2f"), "{seg}");
        let decoded = percent_decode(&seg);
        assert_eq!(name_of_segment(&decoded).as_deref(), Some(name), "{seg}");
    }
}

/// `%XX` decoded as axum's `Path` does.
fn percent_decode(s: &str) -> String {
    let mut out = Vec::new();
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            out.push(u8::from_str_radix(&s[i + 1..i + 3], 16).unwrap());
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8(out).unwrap()
}

#[tokio::test]
async fn a_community_page_lists_leaderboards_and_tournaments() {
    let app = app(store());
    let (status, _, body) = get(&app, "/c/cmtyabcdefgh", &[]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_escaped(&body);
    assert!(body.contains("Katro leaderboard"), "{body}");
    assert!(body.contains("Hoyito leaderboard"), "{body}");
    // Sorted by rating: the hostile name (1620) before bob (1480).
    let (a, b) = (body.find(ESCAPED).unwrap(), body.find(">bob<").unwrap());
    assert!(a < b, "{body}");
    assert!(body.contains(&format!("href=\"/t/{TOUR_ID}\"")), "{body}");
    assert!(!body.contains(COMMUNITY), "{body}");
}

#[tokio::test]
async fn pages_of_a_community_that_opted_in_may_be_indexed() {
    let store = store();
    let app = app(store.clone());
    let (_, headers, body) = get(&app, "/c/cmtyabcdefgh", &[]).await;
    assert_eq!(headers["x-robots-tag"], "noindex");
    assert!(body.contains("content=\"noindex"), "{body}");
    let key = DocKey::site(COMMUNITY);
    docs::update(&*store, &key, |s: &mut SiteSettings| {
        s.index = true;
        Ok::<_, crate::store::StoreError>(())
    })
    .unwrap();
    for path in [
        "/c/cmtyabcdefgh".to_string(),
        format!("/t/{TOUR_ID}"),
        "/c/cmtyabcdefgh/p/bob".into(),
    ] {
        let (status, headers, body) = get(&app, &path, &[]).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert!(headers.get("x-robots-tag").is_none(), "{path}");
        assert!(!body.contains("noindex"), "{body}");
    }
}

#[tokio::test]
async fn pages_of_a_community_with_its_pages_off_are_not_found() {
    let store = store();
    site(&*store, false);
    let app = app(store);
    for path in [
        format!("/t/{TOUR_ID}"),
        "/c/cmtyabcdefgh".into(),
        "/c/cmtyabcdefgh/p/bob".into(),
    ] {
        let (status, _, body) = get(&app, &path, &[]).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
        assert!(body.contains("Page not found"), "{body}");
        assert!(
            !body.contains(ESCAPED) && !body.contains("<h1>bob"),
            "{body}"
        );
    }
    // Unknown and malformed ids answer the same.
    for path in [
        "/t/zzzzzzzzzzzz",
        "/t/short",
        "/c/zzzzzzzzzzzz",
        "/c/cmtyabcdefgh/p/",
    ] {
        let (status, _, _) = get(&app, path, &[]).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
    }
}

#[tokio::test]
async fn the_language_follows_the_query_then_accept_language() {
    let app = app(store());
    let path = format!("/t/{TOUR_ID}");
    let (_, _, body) = get(
        &app,
        &format!("{path}?lang=fr"),
        &[("accept-language", "ru")],
    )
    .await;
    assert!(body.contains("<html lang=\"fr\""), "{body}");
    assert!(
        body.contains("Classement") && body.contains("Grille américaine"),
        "{body}"
    );
    let (_, headers, body) = get(&app, &path, &[("accept-language", "ru, en;q=0.5")]).await;
    assert!(body.contains("<html lang=\"ru\""), "{body}");
    assert!(body.contains("Турнирная таблица"), "{body}");
    assert_eq!(headers["vary"], "Accept-Language");
    let (_, _, body) = get(&app, "/c/cmtyabcdefgh?lang=es", &[]).await;
    assert!(body.contains("Clasificación de Katro"), "{body}");
}

#[tokio::test]
async fn a_tournament_stored_without_a_public_id_gets_one() {
    let store = store();
    let mut old = tournament("old", "", Format::RoundRobin, 1);
    old.name = "old".into();
    save_tour(&*store, &old);
    let app = app(store.clone());
    // The first unknown id makes the directory scan, which gives it one.
    let (status, _, _) = get(&app, "/t/zzzzzzzzzzzz", &[]).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let saved: Tournament = docs::load(&*store, &old.key()).unwrap().value;
    assert_eq!(saved.public_id.len(), 12);
    assert!(crate::web::guard::public_id(&saved.public_id, 12).is_some());
    let (status, _, body) = get(&app, &format!("/t/{}", saved.public_id), &[]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body.contains("<h1>old</h1>"), "{body}");
    // The community's page lists one without an id with its new link.
    let older = tournament("older", "", Format::Knockout, 1);
    save_tour(&*store, &older);
    let (_, _, body) = get(&self::app(store.clone()), "/c/cmtyabcdefgh", &[]).await;
    let saved: Tournament = docs::load(&*store, &older.key()).unwrap().value;
    assert_eq!(saved.public_id.len(), 12);
    let link = format!("<a href=\"/t/{}\">older</a>", saved.public_id);
    assert!(body.contains(&link), "{body}");
}
