//! The web pages under load ("Web companion" issue): with 10,000 finished games of 60
//! plies stored (sled), 100 clients on 127.0.0.1 each asking a game's page (`/g/ID`,
//! a random game of the 10,000) 50 times over its own keep-alive connection: 5,000
//! requests, then it stops. Prints the size of a 60-ply game's page, the answer times
//! of 1,000 requests one at a time (the cost of a page), then p50/p90/p99/max of the
//! 5,000 and the throughput. The target: p99 at most 20 ms. The clients run in the same
//! process, on the same cores as the server.
//!
//! `cargo bench --bench web` (a release build); `MANCALA_BENCH_PAGE=t` asks the
//! tournament page of a finished 8-player round robin instead; `MANCALA_BENCH_CACHE=off`
//! keeps no finished game's page (each drawn anew, as before the page cache).

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::http::{header, Request, StatusCode};
use bytes::Bytes;
use http_body_util::{BodyExt, Empty};
use hyper_util::rt::TokioIo;

use mancala_bot::core::tournament::{Entrant, Format, Phase, Res, Tournament};
use mancala_bot::core::SiteSettings;
use mancala_bot::metrics::{Health, Metrics};
use mancala_bot::store::keys::DocKey;
use mancala_bot::store::{
    gameid, Finished, GameState, ImportBatch, Record, SledStore, Store, Verdict,
};
use mancala_bot::web::{app_with, guard::Limits, serve_app, WebState};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

mod common;
use common::{chan, record, user};

const GAMES: usize = 10_000;
const PLIES: usize = 60;
const CLIENTS: usize = 100;
const PER_CLIENT: usize = 50;
const COMMUNITIES: usize = 37;

/// 10,000 finished games (each drawn by agreement after up to 60 random plies), and
/// the pages of every community on. Returns the games' ids and their plies.
fn fill(store: &dyn Store) -> Vec<(String, usize)> {
    let mut rng = StdRng::seed_from_u64(11);
    let mut ids = Vec::with_capacity(GAMES);
    let mut batch = ImportBatch::default();
    for i in 0..GAMES {
        let mut r: Record = record(store, i, PLIES, &mut rng);
        r.id = gameid::draw();
        let table = r.table().expect("a game in play").clone();
        let plies = table.play.game().moves().len();
        r.state = GameState::Finished(Finished::new(table, Some(Verdict::DrawAgreed)).unwrap());
        ids.push((r.id.clone(), plies));
        batch.records.push(r);
    }
    for c in 0..COMMUNITIES {
        let site = SiteSettings {
            web: true,
            index: false,
            public_id: gameid::draw_public(gameid::PUBLIC_LEN),
        };
        let key = DocKey::site(&format!("guild-{c}"));
        batch.docs.push((key, serde_json::to_vec(&site).unwrap()));
    }
    batch.docs.push(tournament());
    store.import(&batch).unwrap();
    ids
}

/// A finished round robin of 8 in `guild-0`, public id `trnmabcdefgh`.
fn tournament() -> (DocKey, Vec<u8>) {
    let mut t = Tournament {
        id: "t1700000000000-00112233445566ff".into(),
        name: "spring".into(),
        public_id: "trnmabcdefgh".into(),
        home: chan(0),
        format: Format::RoundRobin,
        organizer: user("org"),
        phase: Phase::Running,
        entrants: (0..8)
            .map(|i| Entrant {
                user: user(&format!("player{i}")),
                rating: 1500.0,
                withdrawn: false,
            })
            .collect(),
        ..Tournament::default()
    };
    while t.next_round() {
        let r = t.rounds.last_mut().unwrap();
        let n = r.number;
        for p in r.pairings.iter_mut().filter(|p| p.north.is_some()) {
            // Random-looking ids, as games get (8 characters: 7 rounds, 4 boards).
            p.game_id = Some(format!("r{n}b{}game", p.board));
        }
        let games: Vec<(u32, String)> = r
            .pairings
            .iter()
            .filter_map(|p| Some((p.board, p.game_id.clone()?)))
            .collect();
        for (b, id) in games {
            t.record(n, b, &id, if b % 2 == 0 { Res::South } else { Res::Draw });
        }
    }
    (t.key(), serde_json::to_vec(&t).unwrap())
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

fn main() {
    let dir = tempfile::tempdir().unwrap();
    let store: Arc<dyn Store> =
        Arc::new(SledStore::open(&dir.path().join("sled"), 64 << 20).unwrap());
    let t0 = Instant::now();
    let ids = fill(&*store);
    // On disk before the load starts, so that sled's writing does not share its time.
    store.flush().unwrap();
    println!("stored {GAMES} finished games in {:.1?}", t0.elapsed());
    let tournament_page = std::env::var("MANCALA_BENCH_PAGE").is_ok_and(|v| v == "t");
    let path_of = |i: usize| {
        if tournament_page {
            "/t/trnmabcdefgh".to_string()
        } else {
            format!("/g/{}", ids[i % ids.len()].0)
        }
    };
    // The server on a runtime as the bot's (a worker per core), the clients on one of
    // their own (one thread), as a load generator apart from the server would be.
    let server = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let addr = server.block_on(serve(store));
    let clients = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    clients.block_on(async {
        // The size of one 60-ply game's page (the first game that lasted 60 plies).
        let long = ids.iter().position(|(_, p)| *p == PLIES).unwrap_or(0);
        let (status, bytes) = Client::connect(addr).await.get(&path_of(long)).await;
        let plies = if tournament_page {
            String::new()
        } else {
            format!(" ({} plies)", ids[long].1)
        };
        println!("{}{plies}: {status}, {bytes} bytes", path_of(long));
        assert!(status.is_success(), "the page is not served: {status}");
        // One client alone: the time to serve a page, without waiting behind others.
        let alone: Vec<String> = (0..1000).map(|i| path_of(i * 7)).collect();
        let mut alone = Client::connect(addr).await.times(alone).await;
        alone.sort();
        println!(
            "1000 requests one at a time: p50 {:.2?}, p99 {:.2?}",
            percentile(&alone, 0.50),
            percentile(&alone, 0.99)
        );
        let started = Instant::now();
        let mut tasks = Vec::new();
        for c in 0..CLIENTS {
            let paths: Vec<String> = {
                let mut rng = StdRng::seed_from_u64(c as u64);
                (0..PER_CLIENT).map(|_| path_of(rng.gen_range(0..GAMES))).collect()
            };
            tasks.push(tokio::spawn(async move {
                Client::connect(addr).await.times(paths).await
            }));
        }
        let mut times = Vec::new();
        for t in tasks {
            times.extend(t.await.unwrap());
        }
        let wall = started.elapsed();
        times.sort();
        println!(
            "{} requests, {CLIENTS} at once: p50 {:.2?}, p90 {:.2?}, p99 {:.2?}, max {:.2?}; {:.0} requests/s",
            times.len(),
            percentile(&times, 0.50),
            percentile(&times, 0.90),
            percentile(&times, 0.99),
            times.last().unwrap(),
            times.len() as f64 / wall.as_secs_f64()
        );
    });
    drop(server);
}

/// Starts the pages of `store` on 127.0.0.1 without the rate limit; returns the address.
async fn serve(store: Arc<dyn Store>) -> SocketAddr {
    let metrics = Arc::new(Metrics::new());
    let mut state = WebState::bare(Health::new(metrics.clone()), metrics);
    state.store = Some(store);
    // `MANCALA_BENCH_CACHE=off`: no finished game's page kept (each drawn anew).
    if std::env::var("MANCALA_BENCH_CACHE").is_ok_and(|v| v == "off") {
        state.pages = Arc::new(mancala_bot::web::page_cache::PageCache::with_max_bytes(0));
        println!("pages of finished games not kept");
    }
    let unlimited = Limits {
        per_minute: std::num::NonZeroU32::MAX,
        burst: std::num::NonZeroU32::MAX,
    };
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(serve_app(listener, app_with(state, unlimited)));
    addr
}

/// A client with one HTTP/1.1 connection kept alive (hyper's client connection: the
/// requests as a browser sends them, without a pool or proxy lookups in between).
struct Client {
    send: hyper::client::conn::http1::SendRequest<Empty<Bytes>>,
}

impl Client {
    async fn connect(addr: SocketAddr) -> Client {
        let stream = tokio::net::TcpStream::connect(addr).await.unwrap();
        stream.set_nodelay(true).unwrap();
        let (send, conn) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
            .await
            .unwrap();
        tokio::spawn(conn);
        Client { send }
    }

    /// Asks `path`; its status and body length.
    async fn get(&mut self, path: &str) -> (StatusCode, usize) {
        let req = Request::get(path)
            .header(header::HOST, "127.0.0.1")
            .body(Empty::new())
            .unwrap();
        let res = self.send.send_request(req).await.unwrap();
        let status = res.status();
        let body = res.into_body().collect().await.unwrap().to_bytes();
        (status, body.len())
    }

    /// Asks each of `paths` in turn; the time of each, from the request sent to the
    /// last byte of its page.
    async fn times(mut self, paths: Vec<String>) -> Vec<Duration> {
        let mut times = Vec::with_capacity(paths.len());
        for path in paths {
            let t = Instant::now();
            let (status, _) = self.get(&path).await;
            assert!(status.is_success(), "{path}: {status}");
            times.push(t.elapsed());
        }
        times
    }
}
