//! Issue 13 items 3 and 4: the console binary killed with SIGKILL at random moments
//! during play, 100 times on sled and 100 times on PostgreSQL, where two bot processes
//! share one database and play at once (one is killed, the other goes on).
//!
//! Each round: every process plays a few moves (each acknowledged: its reply was
//! printed), then the victim is sent one more move and killed 0 to 30 ms later, and
//! started again. After each restart the channel's `!record` must hold every
//! acknowledged move, plus at most the move in flight, and nothing else. At the end the
//! store is exported and imported into a fresh store (every game replayed by the rules:
//! nothing half-applied), no game is left unsettled, and each finished game has
//! exactly one rating entry per player (nothing counted twice).
//!
//! `KILL_ROUNDS` sets the number of kills (default 100); `KILL_SEED` the random seed
//! (printed, so that a failure can be replayed).

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use mancala_rules::{Game, Outcome, Variant};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const BIN: &str = env!("CARGO_BIN_EXE_mancala-bot");
const VARIANT: &str = "katro:4x4";

/// Where the consoles keep their games.
enum Target {
    /// sled in this data directory (one process at a time).
    Sled(PathBuf),
    /// PostgreSQL at this connection string; each process has its own data directory
    /// under this one.
    #[cfg_attr(not(feature = "postgres"), allow(dead_code))]
    Postgres(String, PathBuf),
}

/// One running `mancala-bot console --no-pictures`.
struct Console {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    me: String,
}

impl Console {
    fn start(target: &Target, slot: usize, channel: &str) -> Console {
        let mut cmd = Command::new(BIN);
        cmd.arg("console").arg("--no-pictures").arg("--no-endgame");
        match target {
            Target::Sled(dir) => {
                cmd.arg("--data").arg(dir);
            }
            Target::Postgres(url, dir) => {
                let data = dir.join(format!("process-{slot}"));
                std::fs::create_dir_all(&data).unwrap();
                let config = data.join("config.toml");
                std::fs::write(
                    &config,
                    "[store]\nbackend = \"postgres\"\npostgres_url_env = \"KILL_TEST_PG\"\n",
                )
                .unwrap();
                cmd.arg("--data").arg(&data).arg("--config").arg(&config);
                cmd.env("KILL_TEST_PG", url);
            }
        }
        let mut child = cmd
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the console starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { return };
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        let mut console = Console {
            child,
            stdin,
            lines,
            me: "alice".into(),
        };
        console.say(&format!("/channel {channel}"));
        console
    }

    /// Sends `line` and returns everything printed for it: a `/as` marker follows it,
    /// and the console answers lines in order.
    fn say(&mut self, line: &str) -> Vec<String> {
        let me = self.me.clone();
        writeln!(self.stdin, "{line}\n/as {me}").unwrap();
        self.stdin.flush().unwrap();
        let marker = format!("(you are now {me})");
        let deadline = Instant::now() + Duration::from_secs(60);
        let mut out = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(l) if l == marker => return out,
                Ok(l) => out.push(l),
                Err(RecvTimeoutError::Timeout) => panic!("no answer to {line:?}: {out:?}"),
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("the console ended on {line:?}: {out:?}")
                }
            }
        }
    }

    fn as_user(&mut self, user: &str) {
        self.me = user.to_string();
        self.say("/organizer on");
    }

    /// Sends `line` without waiting, and kills the process `after` later (SIGKILL).
    fn kill_during(mut self, line: &str, after: Duration) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
        std::thread::sleep(after);
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    fn quit(mut self) {
        writeln!(self.stdin, "/quit").unwrap();
        self.stdin.flush().unwrap();
        self.child.wait().unwrap();
    }
}

/// What the test knows of one channel's game.
struct Table {
    channel: String,
    /// The game as acknowledged so far (`None`: no game in play).
    game: Option<Game>,
    /// Games finished in this channel.
    finished: usize,
}

impl Table {
    /// Whose turn it is: alice plays South, bob North.
    fn mover(&self) -> &'static str {
        let game = self.game.as_ref().unwrap();
        match game.position().to_move() {
            mancala_rules::Side::South => "alice",
            mancala_rules::Side::North => "bob",
        }
    }
}

/// The moves `!record` lists (`1.S c1+  2.N a4-`), and whether it says the game is
/// over.
fn history(lines: &[String]) -> (Vec<String>, bool) {
    let text = lines.join(" ");
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let moves = tokens
        .windows(2)
        .filter(|w| {
            let t = w[0];
            t.ends_with(".S") || t.ends_with(".N")
        })
        .filter(|w| {
            w[0].trim_end_matches(".S")
                .trim_end_matches(".N")
                .parse::<u32>()
                .is_ok()
        })
        .map(|w| w[1].to_string())
        .collect();
    (moves, !text.contains("In play"))
}

/// Starts a game in `table`'s channel: alice (South) challenges bob, who accepts.
fn new_game(c: &mut Console, table: &mut Table) {
    c.as_user("alice");
    let r = c.say(&format!("!new {VARIANT} @bob as south"));
    assert!(r.iter().any(|l| l.contains("challenges @bob")), "{r:?}");
    c.as_user("bob");
    let r = c.say("!accept");
    assert!(r.iter().any(|l| l.contains("accepts")), "{r:?}");
    table.game = Some(Game::new(VARIANT.parse::<Variant>().unwrap()));
}

/// Plays one random legal move and checks it was acknowledged; ends the game in the
/// table when it is over.
fn play_acked(c: &mut Console, table: &mut Table, rng: &mut StdRng) {
    let mv = pick(table, rng);
    c.as_user(table.mover());
    let r = c.say(&format!("!sow {mv}"));
    assert!(
        r.iter().any(|l| l.contains(&format!("sowed {mv}"))),
        "{}: !sow {mv}: {r:?}",
        table.channel
    );
    apply(table, &mv);
}

fn pick(table: &Table, rng: &mut StdRng) -> String {
    let moves = table.game.as_ref().unwrap().legal_moves();
    moves[rng.gen_range(0..moves.len())].to_string()
}

fn apply(table: &mut Table, mv: &str) {
    let game = table.game.as_mut().unwrap();
    game.play_text(mv).unwrap();
    if game.outcome() != Outcome::Ongoing {
        table.game = None;
        table.finished += 1;
    }
}

/// After a restart: the channel's history holds the acknowledged moves, plus at most
/// `in_flight`; the table takes it in. Whether the move in flight was stored.
fn check_after_restart(c: &mut Console, table: &mut Table, in_flight: &str) -> bool {
    let Some(game) = &table.game else {
        unreachable!("a move was in flight, so a game was in play")
    };
    let acked: Vec<String> = game.moves().iter().map(|m| m.to_string()).collect();
    let (stored, over) = history(&c.say("!record"));
    let mut with = acked.clone();
    with.push(in_flight.to_string());
    if stored == with {
        apply(table, in_flight);
        assert_eq!(over, table.game.is_none(), "{}: {stored:?}", table.channel);
        true
    } else {
        assert_eq!(
            stored, acked,
            "{}: the store lost an acknowledged move, or holds one never sent",
            table.channel
        );
        assert!(!over, "{}", table.channel);
        false
    }
}

fn run_kills(target: &Target, processes: usize) {
    let rounds: usize = std::env::var("KILL_ROUNDS").map_or(100, |v| v.parse().unwrap());
    let seed: u64 = std::env::var("KILL_SEED").map_or_else(
        |_| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_nanos() as u64
        },
        |v| v.parse().unwrap(),
    );
    eprintln!("kill test: {rounds} kills, {processes} processes, KILL_SEED={seed}");
    let mut rng = StdRng::seed_from_u64(seed);
    let mut tables: Vec<Table> = (0..processes)
        .map(|i| Table {
            channel: format!("table-{i}"),
            game: None,
            finished: 0,
        })
        .collect();
    let mut stored = 0;
    let mut consoles: Vec<Option<Console>> = (0..processes)
        .map(|i| Some(Console::start(target, i, &tables[i].channel)))
        .collect();
    for round in 0..rounds {
        let victim = round % processes;
        // Every process plays 0 to 3 acknowledged moves (the others meanwhile go on).
        for (i, table) in tables.iter_mut().enumerate() {
            let c = consoles[i].as_mut().unwrap();
            for _ in 0..rng.gen_range(0..4) {
                if table.game.is_none() {
                    new_game(c, table);
                }
                play_acked(c, table, &mut rng);
            }
        }
        // The victim: one more move, killed while it is handled (or just after).
        let table = &mut tables[victim];
        let mut c = consoles[victim].take().unwrap();
        if table.game.is_none() {
            new_game(&mut c, table);
        }
        let mv = pick(table, &mut rng);
        c.as_user(table.mover());
        // Half the kills within 2 ms of the command (while it is read, decided, written
        // or flushed), half within 30 ms (often after its reply).
        let within = if rng.gen_bool(0.5) { 2_000 } else { 30_000 };
        let after = Duration::from_micros(rng.gen_range(0..within));
        c.kill_during(&format!("!sow {mv}"), after);
        let mut c = Console::start(target, victim, &table.channel);
        stored += usize::from(check_after_restart(&mut c, table, &mv));
        consoles[victim] = Some(c);
    }
    for c in consoles.into_iter().flatten() {
        c.quit();
    }
    let finished: usize = tables.iter().map(|t| t.finished).sum();
    eprintln!(
        "kill test: {rounds} kills survived; the move in flight was stored {stored} times \
         and not stored {} times; {finished} games finished",
        rounds - stored
    );
    check_store(target, finished);
}

/// The whole store after the kills: it exports, imports into a fresh store (each game
/// replayed by the rules), settles nothing more, and rates each finished game once.
fn check_store(target: &Target, finished: usize) {
    let scratch = tempfile::tempdir().unwrap();
    let mut export = Command::new(BIN);
    export.arg("export");
    match target {
        Target::Sled(dir) => export.arg("--data").arg(dir),
        Target::Postgres(url, _) => export.arg("--postgres").env("MANCALA_POSTGRES_URL", url),
    };
    let out = export.output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let file = scratch.path().join("all.jsonl");
    std::fs::write(&file, &out.stdout).unwrap();
    let import = Command::new(BIN)
        .args(["import", "--data"])
        .arg(scratch.path().join("fresh"))
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        import.status.success(),
        "a record is half-applied: {}",
        String::from_utf8_lossy(&import.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let games: Vec<&serde_json::Value> =
        lines.iter().filter(|l| l["status"] == "finished").collect();
    assert_eq!(games.len(), finished, "finished games in the store");
    for player in ["alice", "bob"] {
        let entries = lines
            .iter()
            .filter_map(|l| l["doc"].as_str())
            .filter(|k| k.starts_with(&format!("ratinglog/console/katro/{player}/")))
            .count();
        assert_eq!(entries, finished, "{player}'s rating entries");
    }
    assert_rated_once(&lines, finished);
}

/// The rating table counts each finished game once for each player.
fn assert_rated_once(lines: &[serde_json::Value], finished: usize) {
    if finished == 0 {
        return;
    }
    let table = lines
        .iter()
        .find(|l| l["doc"] == "rating/console/katro")
        .expect("a rating table");
    let text = table["value"].to_string();
    for player in ["alice", "bob"] {
        let wdl = table["value"]["players"][player]["won_drawn_lost"].as_array();
        let games: u64 = wdl.map_or(0, |a| a.iter().filter_map(|n| n.as_u64()).sum());
        assert_eq!(games, finished as u64, "{player}'s rated games in {text}");
    }
}

#[test]
fn sigkill_during_play_loses_no_acknowledged_move_on_sled() {
    let dir = tempfile::tempdir().unwrap();
    run_kills(&Target::Sled(dir.path().join("data")), 1);
}

#[cfg(feature = "postgres")]
#[test]
fn sigkill_during_play_with_two_processes_on_one_postgres_database() {
    let Some(pg) = crate::contract::Postgres::fresh("kill") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    run_kills(
        &Target::Postgres(pg.url.clone(), dir.path().to_path_buf()),
        2,
    );
}
