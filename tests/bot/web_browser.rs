//! A game's page in a real browser: headless Chromium (Debian's `chromium`) driven over
//! WebDriver (`chromedriver`, Debian's `chromium-driver`) with fantoccini, against the
//! listener on a loopback port. The replay steps forward and back (buttons, arrow keys,
//! a move's link) and shows the position of each ply, as the rules replay it; a game in
//! play shows a move made through the core without a reload. Screenshots (light and
//! dark, English and French, desktop and phone widths) are saved under
//! `target/web-screenshots/`.
//!
//! Fails, never skips, without chromium and chromedriver (`scripts/chromium.sh`
//! installs them).

use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::key::Key;
use fantoccini::{Client, ClientBuilder, Locator};
use mancala_bot::core::{Core, ManualClock, Settings};
use mancala_bot::store::SledStore;
use serde_json::{json, Value};

use crate::core_chat::{chan, Bench, FakePainter};
use crate::web_game::{board_after, long_line, play_line, start, state_of, web_on};

/// chromedriver on a port of its own, killed when dropped.
struct Driver {
    child: Child,
    port: u16,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A port free on the loopback address now.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Starts chromedriver; panics, naming the packages, when it or chromium is missing.
fn driver() -> Driver {
    for (bin, package) in [
        ("chromium", "chromium"),
        ("chromedriver", "chromium-driver"),
    ] {
        let found = Command::new(bin)
            .arg("--version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        assert!(
            found,
            "`{bin}` is missing: the browser test needs Debian's {package} \
             (scripts/chromium.sh installs it)"
        );
    }
    let port = free_port();
    let child = Command::new("chromedriver")
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let d = Driver { child, port };
    let deadline = Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "chromedriver did not listen");
        std::thread::sleep(Duration::from_millis(100));
    }
    d
}

/// A headless Chromium session, dark when `dark` (the page's `prefers-color-scheme`).
async fn browser(d: &Driver, dark: bool) -> Client {
    let mut args = vec![
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--window-size=1000,1300",
        "--lang=en-US",
    ];
    if dark {
        args.push("--force-dark-mode");
        args.push("--blink-settings=preferredColorScheme=0");
    }
    let mut caps = serde_json::Map::new();
    caps.insert("browserName".into(), json!("chrome"));
    caps.insert(
        "goog:chromeOptions".into(),
        json!({ "binary": "/usr/bin/chromium", "args": args }),
    );
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    ClientBuilder::new(connector)
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{}", d.port))
        .await
        .expect("a chromium session")
}

/// The ply the page's board shows and each hole's seeds (`data-ply`, `data-hole`,
/// `data-seeds`), North's row first.
async fn shown(c: &Client) -> (usize, Vec<(String, String)>) {
    let v = c
        .execute(
            "const b = document.getElementById('board');
             return [Number(b.dataset.ply),
                     [...b.querySelectorAll('[data-hole]')]
                        .map(h => [h.dataset.hole, h.dataset.seeds])];",
            vec![],
        )
        .await
        .unwrap();
    let ply = v[0].as_u64().unwrap() as usize;
    let holes = v[1]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| (h[0].as_str().unwrap().into(), h[1].as_str().unwrap().into()))
        .collect();
    (ply, holes)
}

/// Waits (at most 15 s) until the board shows `ply`.
async fn wait_for_ply(c: &Client, ply: usize) -> Vec<(String, String)> {
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let (now, holes) = shown(c).await;
        if now == ply {
            return holes;
        }
        assert!(
            Instant::now() < deadline,
            "the board stayed at ply {now}, not {ply}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Presses `key` on the page.
async fn press(c: &Client, key: Key) {
    let k: char = key.into();
    let actions = KeyActions::new("keys".into())
        .then(KeyAction::Down { value: k })
        .then(KeyAction::Up { value: k });
    c.perform_actions(actions).await.unwrap();
}

/// Clicks the element `id`.
async fn click(c: &Client, id: &str) {
    c.find(Locator::Id(id))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
}

/// Saves a screenshot of the page as `target/web-screenshots/NAME.png`.
async fn screenshot(c: &Client, name: &str) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("target")
        .join("web-screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    let png = c.screenshot().await.unwrap();
    std::fs::write(dir.join(format!("{name}.png")), png).unwrap();
}

/// A bench whose core draws nothing (fast moves) while the pages draw with the real
/// renderer (the screenshots show real pictures).
fn bench_and_web() -> (Bench, mancala_bot::web::WebState) {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(SledStore::open(&dir.path().join("store"), 8 << 20).unwrap());
    let clock = Arc::new(ManualClock::new(1_700_000_000_000));
    let painter = Arc::new(FakePainter::default());
    let core = Core::new(
        store.clone(),
        painter.clone(),
        clock.clone(),
        Settings::default(),
    );
    let b = Bench {
        core,
        store,
        clock,
        painter,
        _dir: dir,
    };
    let mut state = state_of(&b);
    state.painter = Some(Arc::new(mancala_bot::render::Renderer::bundled_fonts_only()));
    (b, state)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_replay_steps_through_the_rules_positions_and_a_live_game_updates() {
    let driver = driver();
    let (b, state) = bench_and_web();
    let (a, live) = (chan("a"), chan("b"));
    web_on(&b, &a, "on");
    let finished = start(&b, &a, ("alice", "bob"));
    let line = long_line(8);
    play_line(&b, &a, &line);
    crate::web_game::fine(&b, &a, "bob", "!resign");
    let playing = start(&b, &live, ("carol", "dave"));
    let opening = long_line(3);
    play_line(&b, &live, &opening[..2]);

    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(mancala_bot::web::serve(listener, state));

    let c = browser(&driver, false).await;
    c.goto(&format!("{base}/g/{finished}")).await.unwrap();
    assert_eq!(wait_for_ply(&c, 8).await, board_after(&line));
    screenshot(&c, "game-light-en").await;
    click(&c, "first").await;
    assert_eq!(wait_for_ply(&c, 0).await, board_after(&[]));
    for ply in 1..=3 {
        click(&c, "forward").await;
        assert_eq!(
            wait_for_ply(&c, ply).await,
            board_after(&line[..ply]),
            "forward to {ply}"
        );
    }
    press(&c, Key::Left).await;
    assert_eq!(
        wait_for_ply(&c, 2).await,
        board_after(&line[..2]),
        "arrow left"
    );
    press(&c, Key::Right).await;
    press(&c, Key::Right).await;
    assert_eq!(
        wait_for_ply(&c, 4).await,
        board_after(&line[..4]),
        "arrow right"
    );
    press(&c, Key::End).await;
    assert_eq!(wait_for_ply(&c, 8).await, board_after(&line));
    click(&c, "back").await;
    assert_eq!(wait_for_ply(&c, 7).await, board_after(&line[..7]), "back");
    c.find(Locator::Css("#moves a[data-ply='5']"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    assert_eq!(
        wait_for_ply(&c, 5).await,
        board_after(&line[..5]),
        "a move's link"
    );
    let label = c
        .find(Locator::Id("ply-label"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert_eq!(label, "Move 5 of 8");
    // The picture of the move shown is drawn and loads.
    let loaded = c
        .execute(
            "const i = document.getElementById('ply-picture'); i.scrollIntoView();
             await new Promise(r => { if (i.complete) r(); else i.onload = i.onerror = r; });
             return [i.naturalWidth, i.getAttribute('src')];",
            vec![],
        )
        .await
        .unwrap();
    assert!(loaded[0].as_u64().unwrap() > 100, "{loaded:?}");
    assert_eq!(
        loaded[1],
        Value::from(format!("/g/{finished}/5.png?lang=en"))
    );
    // No script or style was refused by the page's CSP.
    let logs = c
        .execute(
            "return document.querySelectorAll('script[nonce]').length",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(logs, json!(1));

    // French, then a phone's width.
    c.goto(&format!("{base}/g/{finished}?lang=fr"))
        .await
        .unwrap();
    wait_for_ply(&c, 8).await;
    let label = c
        .find(Locator::Id("ply-label"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert_eq!(label, "Coup 8 sur 8");
    screenshot(&c, "game-light-fr").await;
    c.set_window_size(390, 1400).await.unwrap();
    c.goto(&format!("{base}/g/{finished}?lang=fr"))
        .await
        .unwrap();
    wait_for_ply(&c, 8).await;
    let overflow = c
        .execute(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth",
            vec![],
        )
        .await
        .unwrap();
    assert!(
        overflow.as_i64().unwrap() <= 0,
        "the page is wider than a phone: {overflow}"
    );
    screenshot(&c, "game-phone-fr").await;
    c.set_window_size(1000, 1300).await.unwrap();

    // A game in play shows the move made through the core, without a reload.
    c.goto(&format!("{base}/g/{playing}")).await.unwrap();
    assert_eq!(wait_for_ply(&c, 2).await, board_after(&opening[..2]));
    c.execute("window.__same_page = true; return null", vec![])
        .await
        .unwrap();
    play_line(&b, &live, &opening[2..]);
    assert_eq!(
        wait_for_ply(&c, 3).await,
        board_after(&opening),
        "live update"
    );
    let same = c
        .execute("return window.__same_page === true", vec![])
        .await
        .unwrap();
    assert_eq!(same, json!(true), "the page was not reloaded");
    let status = c
        .find(Locator::Id("status"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(status.contains("dave (North) to move"), "{status}");
    c.close().await.unwrap();

    // Dark, in English and in Russian.
    let dark = browser(&driver, true).await;
    dark.goto(&format!("{base}/g/{finished}")).await.unwrap();
    wait_for_ply(&dark, 8).await;
    let is_dark = dark
        .execute(
            "return matchMedia('(prefers-color-scheme: dark)').matches",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(is_dark, json!(true));
    screenshot(&dark, "game-dark-en").await;
    dark.goto(&format!("{base}/g/{playing}?lang=ru"))
        .await
        .unwrap();
    wait_for_ply(&dark, 3).await;
    screenshot(&dark, "game-dark-ru-live").await;
    dark.close().await.unwrap();
}

/// The game (from 1) the board of a match's page shows (`data-game`).
async fn game_shown(c: &Client) -> u64 {
    let v = c
        .execute(
            "return Number(document.getElementById('board').dataset.game)",
            vec![],
        )
        .await
        .unwrap();
    v.as_u64().unwrap()
}

/// Clicks the first element that `css` selects.
async fn click_css(c: &Client, css: &str) {
    c.find(Locator::Css(css))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
}

/// A Hoyito match's page shows each of its games on the board: a game's button shows
/// its last position, a move of another game its position, the arrow keys step in the
/// game shown; the positions are those of the page's data (which the HTTP test checks
/// against the rules). Screenshots at a desktop's and a phone's width.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_page_shows_any_position_of_any_of_its_games() {
    let driver = driver();
    let (b, state) = bench_and_web();
    let (_, id) = crate::web_match::three_games(&b);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(mancala_bot::web::serve(listener, state));

    let c = browser(&driver, false).await;
    c.goto(&format!("{base}/g/{id}")).await.unwrap();
    let games = c
        .execute(
            "return JSON.parse(document.getElementById('game-data').textContent).games",
            vec![],
        )
        .await
        .unwrap();
    let plies = |g: usize| games[g]["plies"].as_array().unwrap().clone();
    let holes = |g: usize, ply: usize| crate::web_match::holes_of(&plies(g)[ply]);
    assert_eq!(wait_for_ply(&c, 2).await, holes(2, 2));
    assert_eq!(game_shown(&c).await, 3);
    screenshot(&c, "match-light-en").await;
    // Game 1's button: its last position.
    let last1 = plies(0).len() - 1;
    click_css(&c, "#match-games button[data-game='1']").await;
    assert_eq!(wait_for_ply(&c, last1).await, holes(0, last1));
    assert_eq!(game_shown(&c).await, 1);
    press(&c, Key::Left).await;
    assert_eq!(
        wait_for_ply(&c, last1 - 1).await,
        holes(0, last1 - 1),
        "arrow left"
    );
    // A move of game 2: its position (game 2 began with a hole closed, M2).
    click_css(&c, "#match-games a[data-game='2'][data-ply='1']").await;
    assert_eq!(wait_for_ply(&c, 1).await, holes(1, 1));
    assert_eq!(game_shown(&c).await, 2);
    assert!(holes(1, 1).iter().any(|(_, s)| s == "x"));
    let moves = c
        .execute(
            "return document.querySelectorAll('#moves li').length",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(
        moves,
        json!(plies(1).len() - 1),
        "the move list is game 2's"
    );
    click(&c, "first").await;
    assert_eq!(wait_for_ply(&c, 0).await, holes(1, 0));
    screenshot(&c, "match-game2-light-en").await;
    // A phone's width: nothing wider than the screen.
    c.set_window_size(390, 1400).await.unwrap();
    c.goto(&format!("{base}/g/{id}")).await.unwrap();
    wait_for_ply(&c, 2).await;
    let overflow = c
        .execute(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth",
            vec![],
        )
        .await
        .unwrap();
    assert!(
        overflow.as_i64().unwrap() <= 0,
        "the page is wider than a phone: {overflow}"
    );
    screenshot(&c, "match-phone-en").await;
    c.close().await.unwrap();
}
