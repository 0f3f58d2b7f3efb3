//! The HTTP listener ("Ready to host" issue) of the running binary: `/healthz`,
//! `/readyz`, `/metrics` after a game against the AI, and the requests it refuses
//! without stopping.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_mancala-bot");

/// A `mancala-bot console` with its listener on a port the system chose; its standard
/// input stays open (the console runs until it closes).
struct Bot {
    child: Child,
    stdin: ChildStdin,
    addr: SocketAddr,
    _dir: tempfile::TempDir,
}

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Lines of `from`, on a channel.
fn lines_of(from: impl Read + Send + 'static) -> Receiver<String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(from).lines() {
            let Ok(line) = line else { return };
            if tx.send(line).is_err() {
                return;
            }
        }
    });
    rx
}

impl Bot {
    fn start() -> Bot {
        Bot::start_in(tempfile::tempdir().unwrap())
    }

    /// A console over the store in `dir`.
    fn start_in(dir: tempfile::TempDir) -> Bot {
        let mut child = Command::new(BIN)
            .args(["console", "--no-pictures", "--no-endgame", "--data"])
            .arg(dir.path())
            .env_remove("DISCORD_TOKEN")
            .env_remove("MATRIX_HOMESERVER")
            .env("MANCALA_WEB_LISTEN", "127.0.0.1:0")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stderr = lines_of(child.stderr.take().unwrap());
        // Standard output is drained so that the console never blocks on it.
        let stdout = lines_of(child.stdout.take().unwrap());
        std::thread::spawn(move || while stdout.recv().is_ok() {});
        let line = stderr
            .recv_timeout(Duration::from_secs(60))
            .expect("the bot printed no listening address");
        let addr = line
            .strip_prefix("web: listening on http://")
            .unwrap_or_else(|| panic!("not the address: {line}"))
            .parse()
            .unwrap();
        std::thread::spawn(move || while stderr.recv().is_ok() {});
        Bot {
            child,
            stdin,
            addr,
            _dir: dir,
        }
    }

    fn say(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    fn running(&mut self) -> bool {
        self.child.try_wait().unwrap().is_none()
    }
}

/// A response: status, head (lower case), body.
struct Answer {
    status: u16,
    head: String,
    body: String,
}

/// Sends `request` as it is and reads the answer until the server closes.
fn send(addr: SocketAddr, request: &[u8]) -> Answer {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    // The server may answer and close before reading all of an oversized request.
    let _ = s.write_all(request);
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    let text = String::from_utf8_lossy(&raw).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status in {text:?}"));
    Answer {
        status,
        head: head.to_lowercase(),
        body: body.to_string(),
    }
}

fn request(addr: SocketAddr, method: &str, path: &str) -> Answer {
    let req = format!("{method} {path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n");
    send(addr, req.as_bytes())
}

/// Checks `text` line by line as the Prometheus text format 0.0.4: `# HELP`, `# TYPE`
/// before its samples, samples `name{label="value",...} number`. Returns the samples as
/// (`name{labels}`, value).
fn parse_prometheus(text: &str) -> Vec<(String, f64)> {
    let mut typed: Vec<String> = Vec::new();
    let mut samples = Vec::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("# ") {
            let mut words = rest.splitn(3, ' ');
            let (kind, name, what) = (words.next(), words.next(), words.next());
            assert!(matches!(kind, Some("HELP" | "TYPE")), "bad comment: {line}");
            let name = name.unwrap_or_else(|| panic!("no name: {line}"));
            if kind == Some("TYPE") {
                let t = what.unwrap_or("");
                assert!(
                    ["counter", "gauge", "histogram", "summary", "untyped"].contains(&t),
                    "bad type: {line}"
                );
                typed.push(name.to_string());
            }
            continue;
        }
        let (series, value) = line
            .rsplit_once(' ')
            .unwrap_or_else(|| panic!("no value: {line}"));
        let value: f64 = match value {
            "+Inf" => f64::INFINITY,
            v => v.parse().unwrap_or_else(|_| panic!("bad value: {line}")),
        };
        let name = series.split('{').next().unwrap();
        assert!(
            !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':'),
            "bad name: {line}"
        );
        if let Some(labels) = series.strip_prefix(name) {
            if !labels.is_empty() {
                let inner = labels
                    .strip_prefix('{')
                    .and_then(|l| l.strip_suffix('}'))
                    .unwrap_or_else(|| panic!("bad labels: {line}"));
                for pair in inner.split("\",").filter(|p| !p.is_empty()) {
                    let (k, v) = pair
                        .split_once("=\"")
                        .unwrap_or_else(|| panic!("bad label: {line}"));
                    assert!(k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'));
                    assert!(!v.trim_end_matches('"').contains('"'), "bad label: {line}");
                }
            }
        }
        let family = ["_bucket", "_sum", "_count"]
            .iter()
            .find_map(|s| name.strip_suffix(s))
            .filter(|f| typed.iter().any(|t| t == f))
            .unwrap_or(name);
        assert!(
            typed.iter().any(|t| t == family),
            "sample before its TYPE: {line}"
        );
        samples.push((series.to_string(), value));
    }
    samples
}

fn value(samples: &[(String, f64)], series: &str) -> Option<f64> {
    samples.iter().find(|(s, _)| s == series).map(|&(_, v)| v)
}

/// Scrapes until `series` is there (the console handles its lines in order, on its
/// own time).
fn scrape_until(addr: SocketAddr, series: &str) -> Vec<(String, f64)> {
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let a = request(addr, "GET", "/metrics");
        assert_eq!(a.status, 200, "{}", a.body);
        assert!(
            a.head
                .contains("content-type: text/plain; version=0.0.4; charset=utf-8"),
            "{}",
            a.head
        );
        let samples = parse_prometheus(&a.body);
        if value(&samples, series).is_some() {
            return samples;
        }
        assert!(Instant::now() < deadline, "no {series} in\n{}", a.body);
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn health_readiness_and_the_metrics_of_a_game_against_the_ai() {
    let mut bot = Bot::start();
    let a = request(bot.addr, "GET", "/healthz");
    assert_eq!((a.status, a.body.as_str()), (200, "ok\n"));
    // Ready once the console has printed its banner (the listener may answer before:
    // 503 with the reason, until then).
    let deadline = Instant::now() + Duration::from_secs(30);
    let a = loop {
        let a = request(bot.addr, "GET", "/readyz");
        if a.status == 200 || Instant::now() > deadline {
            break a;
        }
        assert_eq!(a.status, 503, "{}", a.body);
        assert!(a.body.contains("console"), "{}", a.body);
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!((a.status, a.body.as_str()), (200, "ready\n"));
    let before = parse_prometheus(&request(bot.addr, "GET", "/metrics").body);
    assert_eq!(
        value(&before, "mancala_transport_up{transport=\"console\"}"),
        Some(1.0)
    );
    bot.say("!new katro ai level 1 as south");
    // `!s` is `sow`'s alias: counted under the table's name.
    bot.say("!s c1+");
    bot.say("!frobnicate now");
    let m = scrape_until(
        bot.addr,
        "mancala_commands_total{command=\"unknown\",outcome=\"refused\"}",
    );
    assert_eq!(
        value(&m, "mancala_commands_total{command=\"new\",outcome=\"ok\"}"),
        Some(1.0)
    );
    assert_eq!(
        value(&m, "mancala_commands_total{command=\"sow\",outcome=\"ok\"}"),
        Some(1.0)
    );
    assert_eq!(
        value(&m, "mancala_command_seconds_count{command=\"sow\"}"),
        Some(1.0)
    );
    for command in ["new", "sow"] {
        let reads = value(
            &m,
            &format!("mancala_store_reads_total{{command=\"{command}\"}}"),
        );
        let writes = value(
            &m,
            &format!("mancala_store_writes_total{{command=\"{command}\"}}"),
        );
        // One batched read and one compare-and-swap (issue 35); the AI's answer is
        // counted as its own command.
        assert_eq!(reads, Some(1.0), "{command}: {reads:?} reads");
        assert_eq!(writes, Some(1.0), "{command}: {writes:?} writes");
    }
    assert_eq!(
        value(&m, "mancala_store_writes_total{command=\"ai-move\"}"),
        Some(1.0)
    );
    // The user's text is never a label.
    assert!(m
        .iter()
        .all(|(s, _)| !s.contains("frobnicate") && !s.contains("\"s\"")));
    // The AI (North) answered the move with a search.
    assert!(value(&m, "mancala_ai_search_seconds_count").unwrap_or(0.0) >= 1.0);
    assert_eq!(value(&m, "mancala_ai_queue_depth"), Some(0.0));
    assert_eq!(value(&m, "mancala_games_active{game=\"katro\"}"), Some(1.0));
    assert!(value(&m, "mancala_store_conflicts_total{command=\"sow\"}").is_none());
    // HEAD: the same answer without its body.
    let a = request(bot.addr, "HEAD", "/metrics");
    assert_eq!((a.status, a.body.as_str()), (200, ""));
    assert!(bot.running());
}

#[test]
fn bad_requests_are_refused_and_the_listener_goes_on() {
    let mut bot = Bot::start();
    let addr = bot.addr;
    assert_eq!(request(addr, "GET", "/nowhere").status, 404);
    assert_eq!(request(addr, "GET", "/healthz/more").status, 404);
    assert_eq!(request(addr, "POST", "/healthz").status, 405);
    assert_eq!(request(addr, "DELETE", "/metrics").status, 405);
    // Not HTTP at all.
    let a = send(addr, b"\x00\x01\x02 garbage \xff\xfe\r\n\r\n");
    assert_eq!(a.status, 400);
    // A request head of 64 KiB: refused unread.
    let big = format!(
        "GET /healthz HTTP/1.1\r\nHost: test\r\nX-Big: {}\r\nConnection: close\r\n\r\n",
        "a".repeat(64 * 1024)
    );
    let a = send(addr, big.as_bytes());
    assert_eq!(a.status, 431, "{}", a.head);
    // A body announced at 1 MiB: refused before it is read.
    let a = send(
        addr,
        b"GET /healthz HTTP/1.1\r\nHost: test\r\nContent-Length: 1048576\r\nConnection: close\r\n\r\nxx",
    );
    assert_eq!(a.status, 413, "{}", a.head);
    assert!(bot.running());
    let a = request(addr, "GET", "/healthz");
    assert_eq!((a.status, a.body.as_str()), (200, "ok\n"));
}

/// A listen address that is not one stops the bot at start, naming where it came from.
#[test]
fn a_bad_listen_address_is_refused_at_start() {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(BIN)
        .args(["console", "--no-pictures", "--no-endgame", "--data"])
        .arg(dir.path())
        .env_remove("DISCORD_TOKEN")
        .env("MANCALA_WEB_LISTEN", "localhost:8080")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(
            "$MANCALA_WEB_LISTEN (web.listen): web.listen must be an IP address and a port, \
             such as 127.0.0.1:8080"
        ),
        "{err}"
    );
    let config = dir.path().join("bot.toml");
    std::fs::write(&config, "[web]\nlisten = \"8080\"\n").unwrap();
    let out = Command::new(BIN)
        .args(["console", "--no-pictures", "--no-endgame", "--config"])
        .arg(&config)
        .arg("--data")
        .arg(dir.path())
        .env_remove("DISCORD_TOKEN")
        .env_remove("MANCALA_WEB_LISTEN")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("got \"8080\""), "{err}");
}

/// 10,000 stored games, 2,000 of them in play (1,000 Katro, 1,000 Hoyito) and 8,000
/// finished: a scrape counts the games in play right, without reading the history, in
/// a time printed here (`--nocapture`) and bounded generously (a debug build on a
/// shared machine).
#[test]
fn a_scrape_counts_the_games_in_play_among_10000_stored_games() {
    use mancala_bot::store::{ImportBatch, SledStore, Store, Verdict};
    use rand::SeedableRng;
    let dir = tempfile::tempdir().unwrap();
    {
        let store = SledStore::open(&dir.path().join("store"), 32 << 20).unwrap();
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        let records = (0..10_000)
            .map(|i| {
                let mut r = crate::bench_common::record(&store, i, 30, &mut rng);
                if i >= 2_000 {
                    let at_ms = r.updated_ms;
                    r.finish(Some(Verdict::DrawAgreed), at_ms).unwrap();
                }
                r
            })
            .collect();
        let batch = ImportBatch {
            records,
            docs: Vec::new(),
        };
        assert_eq!(store.import(&batch).unwrap().records_added, 10_000);
        assert_eq!(store.counts(), (2_000, 8_000));
    }
    let bot = Bot::start_in(dir);
    let mut times = Vec::new();
    for _ in 0..5 {
        let started = Instant::now();
        let a = request(bot.addr, "GET", "/metrics");
        times.push(started.elapsed());
        assert_eq!(a.status, 200);
        let m = parse_prometheus(&a.body);
        assert_eq!(
            value(&m, "mancala_games_active{game=\"katro\"}"),
            Some(1_000.0)
        );
        assert_eq!(
            value(&m, "mancala_games_active{game=\"hoyito\"}"),
            Some(1_000.0)
        );
    }
    println!("one /metrics scrape with 10,000 stored games (2,000 in play): {times:.2?}");
    times.sort();
    assert!(times[2] < Duration::from_secs(5), "{times:?}");
}

/// A client that sends half a request head and waits is cut off after the head's
/// timeout (10 s), and the listener serves others meanwhile.
#[test]
fn a_request_head_sent_too_slowly_is_cut_off() {
    let mut bot = Bot::start();
    let started = Instant::now();
    let mut slow = TcpStream::connect(bot.addr).unwrap();
    slow.set_read_timeout(Some(Duration::from_secs(40)))
        .unwrap();
    slow.write_all(b"GET /healthz HTTP/1.1\r\nHost: te")
        .unwrap();
    assert_eq!(request(bot.addr, "GET", "/healthz").status, 200);
    let mut rest = Vec::new();
    let read = slow.read_to_end(&mut rest);
    let took = started.elapsed();
    assert!(read.is_ok(), "not closed: {read:?} after {took:?}");
    assert!(
        (Duration::from_secs(9)..Duration::from_secs(30)).contains(&took),
        "closed after {took:?}"
    );
    assert!(bot.running());
}
