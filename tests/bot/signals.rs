//! Hosting bug 3: SIGTERM and SIGINT (`docker stop`, `systemctl stop`, Ctrl-C) stop the
//! bot cleanly: no new commands, those in flight finished, AI searches cut short and
//! their moves played after the restart, the store flushed, the pid file removed, one
//! `shut down` line with counts, exit 0, within the configured time.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_mancala-bot");

/// A console whose standard input stays open, its output read line by line.
struct Bot {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Bot {
    fn start(data: &Path, config: &Path) -> Bot {
        let mut child = Command::new(BIN)
            .args(["console", "--no-pictures", "--no-endgame", "--config"])
            .arg(config)
            .arg("--data")
            .arg(data)
            .env_remove("DISCORD_TOKEN")
            .env("NO_COLOR", "1")
            .env("RUST_LOG", "warn,mancala_bot=info")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let (tx, lines) = mpsc::channel();
        let out = child.stdout.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(out).lines().map_while(Result::ok) {
                let _ = tx.send(line);
            }
        });
        let stdin = child.stdin.take().unwrap();
        Bot {
            child,
            stdin,
            lines,
        }
    }

    fn say(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Waits for an output line containing `want`.
    fn expect(&self, want: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(60);
        let mut seen = String::new();
        while let Some(left) = deadline.checked_duration_since(Instant::now()) {
            match self.lines.recv_timeout(left) {
                Ok(line) if line.contains(want) => return line,
                Ok(line) => {
                    seen.push_str(&line);
                    seen.push('\n');
                }
                Err(_) => break,
            }
        }
        panic!("no line with {want:?} in:\n{seen}");
    }

    /// Sends `sig` and waits for the exit: (exit code, standard error, time to exit).
    fn stop(mut self, sig: i32) -> (Option<i32>, String, Duration) {
        let pid = i32::try_from(self.child.id()).unwrap();
        let t0 = Instant::now();
        // SAFETY: kill(2) on a child's pid has no memory effects.
        assert_eq!(unsafe { libc::kill(pid, sig) }, 0);
        let deadline = t0 + Duration::from_secs(30);
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            assert!(
                Instant::now() < deadline,
                "still running 30 s after the signal"
            );
            std::thread::sleep(Duration::from_millis(20));
        };
        let took = t0.elapsed();
        let mut err = String::new();
        std::io::Read::read_to_string(&mut self.child.stderr.take().unwrap(), &mut err).unwrap();
        (status.code(), err, took)
    }
}

fn config(dir: &Path, ai_ms: u64) -> std::path::PathBuf {
    let path = dir.join(format!("bot-{ai_ms}.toml"));
    std::fs::write(
        &path,
        format!("shutdown_timeout_seconds = 8\n[ai]\nms_per_move = {ai_ms}\n[backup]\nevery_hours = 0\n"),
    )
    .unwrap();
    path
}

#[test]
fn sigterm_and_sigint_stop_the_console_cleanly_with_one_line() {
    for (sig, name) in [(libc::SIGTERM, "SIGTERM"), (libc::SIGINT, "SIGINT")] {
        let tmp = tempfile::tempdir().unwrap();
        let data = tmp.path().join("data");
        let mut bot = Bot::start(&data, &config(tmp.path(), 100));
        bot.say("!new katro @bob as south");
        bot.expect("challenges");
        let pid_file = data.join("mancala-bot.pid");
        assert!(pid_file.exists());
        let (code, err, took) = bot.stop(sig);
        assert_eq!(code, Some(0), "{name}: {err}");
        assert!(took < Duration::from_secs(10), "{name}: {took:?}");
        let line = err
            .lines()
            .find(|l| l.contains("shut down"))
            .unwrap_or_else(|| panic!("{name}: no shutdown line in {err}"));
        assert!(line.contains(&format!("signal=\"{name}\"")), "{line}");
        assert!(line.contains("commands=1"), "{line}");
        assert!(line.contains("abandoned=0"), "{line}");
        assert!(!pid_file.exists(), "{name}: the pid file was left");
        // The challenge was kept.
        let mut again = Bot::start(&data, &config(tmp.path(), 100));
        again.say("/as bob");
        again.say("!accept");
        again.expect("to move");
        let (code, err, _) = again.stop(libc::SIGTERM);
        assert_eq!(code, Some(0), "{err}");
    }
}

/// The AI (South, level 5) thinks for up to 60 s a move; a SIGTERM a second into its
/// search ends the process within the shutdown time, its move is not played, and the
/// restarted bot plays it.
#[test]
fn a_stop_cuts_an_ai_search_short_and_the_restart_plays_its_move() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    let mut bot = Bot::start(&data, &config(tmp.path(), 60_000));
    bot.expect("mancala-bot console; data in");
    bot.say("!new katro ai level 5 as north");
    std::thread::sleep(Duration::from_millis(1500));
    let (code, err, took) = bot.stop(libc::SIGTERM);
    assert_eq!(code, Some(0), "{err}");
    assert!(took < Duration::from_secs(8), "{took:?}: {err}");
    let line = err
        .lines()
        .find(|l| l.contains("shut down"))
        .unwrap_or_else(|| panic!("no shutdown line in {err}"));
    assert!(line.contains("ai_searches_cancelled=1"), "{line}");
    let mut again = Bot::start(&data, &config(tmp.path(), 100));
    again.say("!board");
    again.expect("(North) to move");
    let (code, err, _) = again.stop(libc::SIGTERM);
    assert_eq!(code, Some(0), "{err}");
}
