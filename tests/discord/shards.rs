//! Issue 13 item 3, end to end: two `mancala-bot run` processes, shards 0 and 1 of 2,
//! over one PostgreSQL database, against the fake Discord, which routes each guild's
//! events to the shard that owns it (`(guild_id >> 22) % 2`). A game is played in a
//! guild of each shard; the process of shard 1 is killed with SIGKILL while it handles a
//! move and started again; shard 0's game goes on meanwhile. Afterwards each channel's
//! `!history` holds every acknowledged move (and at most the one in flight), and the
//! database holds every game started exactly once, with those moves: nothing lost,
//! nothing doubled. `SHARDS_SEED` picks the moves and the moment of the kill.

use std::process::{Child, Command, Stdio};
use std::time::Duration;

use mancala_rules::{Game, Outcome, Side, Variant};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};

use crate::adapter::fixture;
use crate::fake_core::{ALICE, BOB, GUILD};
use crate::fake_discord::{shard_of, FakeDiscord, Rest};
use crate::pg_common::Postgres;

const BIN: &str = env!("CARGO_BIN_EXE_mancala-bot");
const TOKEN: &str = "ODAwMDAwMDAwMDAwMDAwMDAx.Gfake0.s3cr3t-t0k3n-n0t-t0-b3-l0gg3d";
const VARIANT: &str = "katro:4x4";

/// A game table: a guild, one of its channels, and what the test knows of its game (the
/// one in play, or the last one once it is over).
struct Table {
    guild: String,
    channel: String,
    game: Option<Game>,
    over: bool,
    /// Games started here.
    games: usize,
}

impl Table {
    fn new(guild: String, channel: &str) -> Table {
        Table {
            guild,
            channel: channel.into(),
            game: None,
            over: true,
            games: 0,
        }
    }

    /// The moves of the game, as the bot writes them.
    fn moves(&self) -> Vec<String> {
        let game = self.game.as_ref().unwrap();
        game.moves().iter().map(|m| m.to_string()).collect()
    }

    fn mover(&self) -> (&'static str, &'static str) {
        match self.game.as_ref().unwrap().position().to_move() {
            Side::South => (ALICE, "alice"),
            Side::North => (BOB, "bob"),
        }
    }
}

/// `content` said in `table`'s channel by the user `id` called `name`.
fn said(table: &Table, (id, name): (&str, &str), content: &str, n: u64) -> Value {
    let mut m = fixture("message_prefix.json");
    let d = &mut m["d"];
    d["guild_id"] = json!(table.guild);
    d["channel_id"] = json!(table.channel);
    d["content"] = json!(content);
    d["id"] = json!(format!("{}", 1_250_000_000_000_000_000u64 + n));
    d["author"]["id"] = json!(id);
    d["author"]["username"] = json!(name);
    d["author"]["global_name"] = json!(name);
    d["member"]["nick"] = json!(name);
    m
}

/// One `mancala-bot run` process running shard `shard` of 2 over the database `url`.
fn start_process(dir: &std::path::Path, shard: u32, api_base: &str, url: &str) -> Child {
    let data = dir.join(format!("shard-{shard}"));
    std::fs::create_dir_all(&data).unwrap();
    let config = data.join("config.toml");
    std::fs::write(
        &config,
        format!(
            "data_dir = {data:?}\n\
             [discord]\napi_base = {api_base:?}\n\
             [discord.shards]\nfirst = {shard}\nlast = {shard}\ntotal = 2\n\
             [store]\nbackend = \"postgres\"\npostgres_url_env = \"SHARDS_TEST_PG\"\n\
             [backup]\nevery_hours = 0\n\
             [ai]\nendgame_seeds = 12\n\
             [limits]\ncommands_per_user_per_minute = 0\ncommands_per_channel_per_minute = 0\n"
        ),
    )
    .unwrap();
    let log = std::fs::File::create(data.join("bot.log")).unwrap();
    Command::new(BIN)
        .args(["run", "--config"])
        .arg(&config)
        .env("DISCORD_TOKEN", TOKEN)
        .env("SHARDS_TEST_PG", url)
        .env(
            "RUST_LOG",
            std::env::var("SHARDS_LOG").unwrap_or_else(|_| "info".into()),
        )
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(log)
        .spawn()
        .expect("the bot starts")
}

/// The shards identified next, `count` of them, as `[shard, total]`.
async fn identified(
    rx: &mut tokio::sync::mpsc::UnboundedReceiver<Value>,
    count: usize,
) -> Vec<Value> {
    let mut out = Vec::new();
    for _ in 0..count {
        let v = tokio::time::timeout(Duration::from_secs(60), rx.recv())
            .await
            .expect("IDENTIFY")
            .unwrap();
        out.push(v["d"]["shard"].clone());
    }
    out
}

/// The next message the bot posts in `table`'s channel whose text contains `what`;
/// others there are skipped (a move's reply posted just before its process was killed).
async fn posted(rest: &mut Rest, table: &Table, what: &str) -> String {
    let path = format!("/api/v10/channels/{}/messages", table.channel);
    loop {
        let r = rest.next("POST", &path).await;
        let text = r.payload()["content"]
            .as_str()
            .unwrap_or("")
            .replace('\\', "");
        if text.contains(what) {
            return text;
        }
        eprintln!("(skipped in {}: {text:?})", table.channel);
    }
}

struct Scenario {
    rest: Rest,
    events: tokio::sync::mpsc::UnboundedSender<Value>,
    n: u64,
    rng: StdRng,
}

impl Scenario {
    fn say(&mut self, table: &Table, who: (&str, &str), content: &str) {
        self.n += 1;
        self.events.send(said(table, who, content, self.n)).unwrap();
    }

    async fn new_game(&mut self, table: &mut Table) {
        self.say(table, (ALICE, "alice"), &format!("!new {VARIANT} as south"));
        posted(&mut self.rest, table, "offers a game").await;
        self.say(table, (BOB, "bob"), "!accept");
        posted(&mut self.rest, table, "accepts").await;
        table.game = Some(Game::new(VARIANT.parse::<Variant>().unwrap()));
        table.over = false;
        table.games += 1;
    }

    fn pick(&mut self, table: &Table) -> String {
        let moves = table.game.as_ref().unwrap().legal_moves();
        moves[self.rng.gen_range(0..moves.len())].to_string()
    }

    /// A random legal move, acknowledged by its reply.
    async fn play(&mut self, table: &mut Table) {
        if table.over {
            self.new_game(table).await;
        }
        let mv = self.pick(table);
        self.say(table, table.mover(), &format!("!sow {mv}"));
        posted(&mut self.rest, table, &format!("sowed {mv}")).await;
        apply(table, &mv);
    }
}

fn apply(table: &mut Table, mv: &str) {
    let game = table.game.as_mut().unwrap();
    game.play_text(mv).unwrap();
    table.over = game.outcome() != Outcome::Ongoing;
}

/// The moves of a `!history` reply (`1.S c1+  2.N a4-`).
fn moves_of(history: &str) -> Vec<String> {
    let tokens: Vec<&str> = history.split_whitespace().collect();
    tokens
        .windows(2)
        .filter(|w| {
            let (n, side) = w[0].split_at(w[0].len().saturating_sub(2));
            matches!(side, ".S" | ".N") && n.parse::<u32>().is_ok()
        })
        .map(|w| w[1].to_string())
        .collect()
}

#[test]
fn two_shard_processes_share_one_postgres_database_and_survive_sigkill() {
    let Some(pg) = Postgres::fresh("shards") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let mut procs: Vec<Option<Child>> = Vec::new();
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        rt.block_on(async {
            tokio::time::timeout(
                Duration::from_secs(300),
                scenario(dir.path(), &pg.url, &mut procs),
            )
            .await
            .expect("the scenario took over 5 minutes")
        })
    }));
    for child in procs.iter_mut().flatten() {
        let _ = child.kill();
        let _ = child.wait();
    }
    if let Err(panic) = result {
        for shard in 0..2 {
            let log = dir.path().join(format!("shard-{shard}/bot.log"));
            let text = std::fs::read_to_string(log).unwrap_or_default();
            let tail: Vec<&str> = text.lines().rev().take(30).collect();
            eprintln!("--- shard {shard} log (last lines) ---");
            tail.iter().rev().for_each(|l| eprintln!("{l}"));
        }
        std::panic::resume_unwind(panic);
    }
    let logs: String = (0..2)
        .map(|s| std::fs::read_to_string(dir.path().join(format!("shard-{s}/bot.log"))).unwrap())
        .collect();
    assert!(!logs.contains("s3cr3t"), "the token was logged");
}

async fn scenario(dir: &std::path::Path, url: &str, procs: &mut Vec<Option<Child>>) {
    let fake = FakeDiscord::start().await;
    let FakeDiscord {
        api_base,
        rest,
        events,
        identified: mut id_rx,
        ..
    } = fake;
    // A guild on each shard: GUILD, and the one 2^22 ids on (the next shard).
    let other = (GUILD.parse::<u64>().unwrap() + (1 << 22)).to_string();
    let (g0, g1) = if shard_of(Some(GUILD), 2) == 0 {
        (GUILD.to_string(), other)
    } else {
        (other, GUILD.to_string())
    };
    assert_eq!((shard_of(Some(&g0), 2), shard_of(Some(&g1), 2)), (0, 1));
    procs.push(Some(start_process(dir, 0, &api_base, url)));
    procs.push(Some(start_process(dir, 1, &api_base, url)));
    let mut shards = identified(&mut id_rx, 2).await;
    shards.sort_by_key(|s| s[0].as_u64());
    assert_eq!(shards, [json!([0, 2]), json!([1, 2])]);
    let seed: u64 = std::env::var("SHARDS_SEED").map_or(7, |v| v.parse().unwrap());
    let mut s = Scenario {
        rest,
        events,
        n: 0,
        rng: StdRng::seed_from_u64(seed),
    };
    for g in [&g0, &g1] {
        let mut create = fixture("guild_create.json");
        create["d"]["id"] = json!(g);
        s.events.send(create).unwrap();
    }
    let mut tables = [
        Table::new(g0, "900000000000000110"),
        Table::new(g1, "900000000000000111"),
    ];
    for _ in 0..3 {
        for t in tables.iter_mut() {
            s.play(t).await;
        }
    }
    // Shard 1's process is killed while it handles a move; shard 0 plays on.
    let [t0, t1] = &mut tables;
    if t1.over {
        s.new_game(t1).await;
    }
    let acked = t1.moves();
    let in_flight = s.pick(t1);
    s.say(t1, t1.mover(), &format!("!sow {in_flight}"));
    tokio::time::sleep(Duration::from_micros(s.rng.gen_range(0..20_000))).await;
    let mut victim = procs[1].take().unwrap();
    victim.kill().unwrap();
    victim.wait().unwrap();
    s.play(t0).await;
    procs[1] = Some(start_process(dir, 1, &api_base, url));
    assert_eq!(identified(&mut id_rx, 1).await, [json!([1, 2])]);
    s.say(t1, (ALICE, "alice"), "!record");
    let history = posted(&mut s.rest, t1, "Katro 4x4\n").await;
    let stored = moves_of(&history);
    let mut with = acked.clone();
    with.push(in_flight.clone());
    assert!(
        stored == acked || stored == with,
        "after the kill, the store holds {stored:?}; acknowledged {acked:?}, in flight {in_flight}"
    );
    if stored == with {
        apply(t1, &in_flight);
    }
    // Both processes go on, each with its own guild.
    for t in tables.iter_mut() {
        s.play(t).await;
    }
    for t in tables.iter() {
        s.say(t, (ALICE, "alice"), "!record");
        let history = posted(&mut s.rest, t, "Katro 4x4\n").await;
        assert_eq!(moves_of(&history), t.moves(), "{}", t.channel);
        assert_eq!(history.contains("Game over"), t.over, "{history}");
    }
    // The database holds every game started, once, the last of each table with the
    // moves acknowledged there.
    let out = Command::new(BIN)
        .args(["export", "--postgres"])
        .env("MANCALA_POSTGRES_URL", url)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let records: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| v.get("doc").is_none())
        .collect();
    let started: usize = tables.iter().map(|t| t.games).sum();
    assert_eq!(records.len(), started, "{records:#?}");
    for t in tables.iter() {
        let same = |r: &&Value| {
            r["at"]["community"] == t.guild.as_str()
                && r["play"]["game"]["moves"] == json!(t.moves())
        };
        let found = records.iter().filter(same).count();
        assert_eq!(found, 1, "{}: {records:#?}", t.channel);
    }
}
