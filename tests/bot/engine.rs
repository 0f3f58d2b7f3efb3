//! `mancala-bot engine` (issue 15 item 1) driven as a GUI would drive it: the real
//! binary, one command line at a time, every answer read with a timeout. The handshake;
//! searches by depth, nodes and time, their `info` lines and a legal `bestmove`;
//! commands during a search, run after it in order, and `stop` and `quit`, which end it
//! at once; piped commands; positions by N4 string and moves,
//! their history (K10 repetition); refusals that keep the previous position; a proven
//! win; the end of input.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use mancala_rules::{Game, Move, Position, Variant};

const BIN: &str = env!("CARGO_BIN_EXE_mancala-bot");
/// How long any answer may take: generous, the machine may be busy building.
const ANSWER: Duration = Duration::from_secs(20);
/// How soon `stop` and `quit` must end a search, and a refusal be answered: far longer
/// than they take, far shorter than a search that is never stopped.
const PROMPT: Duration = Duration::from_secs(10);

/// A running `mancala-bot engine`, its output read by a thread into a channel.
struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Everything read so far, for failure messages.
    seen: Vec<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(BIN)
            .arg("engine")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Engine {
            child,
            stdin,
            lines,
            seen: Vec::new(),
        }
    }

    fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("input open");
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    /// Writes `text` as it is (several lines at once, as a pipe delivers them).
    fn send_raw(&mut self, text: &str) {
        let stdin = self.stdin.as_mut().expect("input open");
        stdin.write_all(text.as_bytes()).unwrap();
        stdin.flush().unwrap();
    }

    /// Every line up to the end of the output, which must come within `timeout`.
    fn rest(&mut self, timeout: Duration) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut got = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    got.push(line);
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => return got,
                Err(e) => panic!("output open after {timeout:?} ({e}): {:#?}", self.seen),
            }
        }
    }

    /// The next line, within `timeout`.
    fn line(&mut self, timeout: Duration) -> String {
        match self.lines.recv_timeout(timeout) {
            Ok(line) => {
                self.seen.push(line.clone());
                line
            }
            Err(e) => panic!("no line within {timeout:?} ({e}); so far: {:#?}", self.seen),
        }
    }

    /// The lines up to and including the first that starts with `prefix`.
    fn until(&mut self, prefix: &str, timeout: Duration) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut got = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self.line(left);
            let done = line.starts_with(prefix);
            got.push(line);
            if done {
                return got;
            }
        }
    }

    /// Sends `go ...` and returns its `info` lines and its `bestmove` word.
    fn go(&mut self, args: &str) -> (Vec<Info>, String) {
        self.send(format!("go {args}").trim_end());
        self.search_answer()
    }

    /// The `info` lines and the `bestmove` word of the next search to answer.
    fn search_answer(&mut self) -> (Vec<Info>, String) {
        let lines = self.until("bestmove ", ANSWER);
        let (last, infos) = lines.split_last().unwrap();
        let infos = infos
            .iter()
            .map(|l| Info::parse(l).unwrap_or_else(|| panic!("not an info line: {l}")))
            .collect();
        (infos, last["bestmove ".len()..].to_string())
    }

    /// The one answer to a refused command, `info string error: ...`: its text. The
    /// `info depth` lines of a running search may come first.
    fn refused(&mut self, line: &str) -> String {
        self.send(line);
        let lines = self.until("info string", PROMPT);
        let (answer, before) = lines.split_last().unwrap();
        assert!(
            before.iter().all(|l| l.starts_with("info depth ")),
            "{lines:?}"
        );
        answer
            .strip_prefix("info string error: ")
            .unwrap_or_else(|| panic!("`{line}` answered `{answer}`"))
            .to_string()
    }

    /// Waits for the process to exit.
    fn exit(mut self, timeout: Duration) -> ExitStatus {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(
                Instant::now() < deadline,
                "no exit; so far {:#?}",
                self.seen
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An `info depth D score S nodes N nps X time T pv M...` line.
#[derive(Debug)]
struct Info {
    depth: u32,
    /// `cs 250`, `win 3` or `loss 2`.
    score: String,
    nodes: u64,
    pv: Vec<String>,
}

impl Info {
    fn parse(line: &str) -> Option<Info> {
        let w: Vec<&str> = line.split(' ').collect();
        let ok = w.len() >= 13
            && w[0] == "info"
            && w[1] == "depth"
            && w[3] == "score"
            && w[6] == "nodes"
            && w[8] == "nps"
            && w[10] == "time"
            && w[12] == "pv";
        if !ok || w[9].parse::<u64>().is_err() || w[11].parse::<u64>().is_err() {
            return None;
        }
        Some(Info {
            depth: w[2].parse().ok()?,
            score: format!("{} {}", w[4], w[5]),
            nodes: w[7].parse().ok()?,
            pv: w[13..].iter().map(|s| s.to_string()).collect(),
        })
    }
}

/// The first words of `lines` other than `info depth` lines, in order.
fn answers(lines: &[String]) -> Vec<&str> {
    lines
        .iter()
        .filter(|l| !l.starts_with("info depth "))
        .map(|l| l.split(' ').next().unwrap_or(""))
        .collect()
}

/// `text` is a legal move of `game`'s player to move.
fn assert_legal(game: &Game, text: &str) {
    let mv = Move::parse(text, game.variant()).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert!(
        game.legal_moves().contains(&mv),
        "{text} is not legal in {}",
        game.position()
    );
}

/// Every principal variation is legal in turn from `game`'s position.
fn assert_legal_lines(game: &Game, infos: &[Info]) {
    for info in infos {
        let mut g = game.clone();
        for text in &info.pv {
            assert_legal(&g, text);
            g.play_text(text).unwrap();
        }
    }
}

fn game_of(start: &str, moves: &[&str]) -> Game {
    let mut game = match start.parse::<Variant>() {
        Ok(v) => Game::new(v),
        Err(_) => Game::from_position(start.parse::<Position>().unwrap()),
    };
    for m in moves {
        game.play_text(m).unwrap();
    }
    game
}

#[test]
fn engine_handshake_and_quit() {
    let mut e = Engine::start();
    e.send("uci");
    assert_eq!(
        e.until("uciok", ANSWER),
        [
            "id name mancala-bot",
            "id author the mancala-bot authors",
            "option name Hash type spin default 16 min 1 max 4096",
            "uciok",
        ]
    );
    e.send("isready");
    assert_eq!(e.line(ANSWER), "readyok");
    e.send("");
    e.send("setoption name Hash value 1");
    e.send("ucinewgame");
    e.send("isready");
    assert_eq!(
        e.line(ANSWER),
        "readyok",
        "blank line and options answer nothing"
    );
    e.send("quit");
    assert!(e.exit(ANSWER).success());
}

#[test]
fn engine_go_depth_reports_each_iteration_and_a_legal_bestmove() {
    let mut e = Engine::start();
    e.send("position startpos katro");
    let (infos, best) = e.go("depth 3");
    let depths: Vec<u32> = infos.iter().map(|i| i.depth).collect();
    assert_eq!(depths, [1, 2, 3], "{infos:?}");
    assert!(
        infos.iter().all(|i| i.score.starts_with("cs ")),
        "{infos:?}"
    );
    assert!(infos.windows(2).all(|w| w[0].nodes < w[1].nodes));
    let game = Game::new(Variant::KATRO);
    assert_legal(&game, &best);
    assert_legal_lines(&game, &infos);
    assert_eq!(infos[2].pv[0], best, "level 5 plays the line's first move");
}

#[test]
fn engine_go_nodes_keeps_to_its_budget() {
    let mut e = Engine::start();
    e.send("position startpos hoyito");
    let (infos, best) = e.go("nodes 20000");
    assert!(!infos.is_empty());
    // The first iteration is always finished; later ones only within the budget.
    assert!(infos[1..].iter().all(|i| i.nodes <= 20_000), "{infos:?}");
    assert_legal(&Game::new(Variant::HOYITO), &best);
}

#[test]
fn engine_go_movetime_returns_in_time_and_level_caps_the_depth() {
    let mut e = Engine::start();
    e.send("position startpos katro:4x6");
    let t0 = Instant::now();
    let (infos, best) = e.go("movetime 200");
    assert!(t0.elapsed() < Duration::from_secs(3), "{:?}", t0.elapsed());
    assert!(!infos.is_empty());
    let game = Game::new("katro:4x6".parse().unwrap());
    assert_legal(&game, &best);
    // Level 2 looks two plies ahead whatever the depth asked.
    let (infos, best) = e.go("level 2 depth 10");
    assert_eq!(infos.last().map(|i| i.depth), Some(2), "{infos:?}");
    assert_legal(&game, &best);
}

/// Commands sent during a search wait for it, in order (the "Ready to host" issue, bug
/// 5): `isready` answers after the search's `bestmove`, a bad line's error comes in its
/// place, and `stop` ends the running `go infinite` at once while the commands after it
/// still run, a `go` among them in full.
#[test]
fn engine_commands_during_a_search_run_after_it_in_order() {
    let mut e = Engine::start();
    e.send("position startpos katro");
    e.send("go infinite");
    e.until("info depth 1 ", ANSWER);
    for line in [
        "isready",
        "setoption name Hash value 8",
        "ucinewgame",
        "sow c1+",
        "position startpos hoyito moves b1",
        "stop",
        "go depth 3",
        "isready",
    ] {
        e.send(line);
    }
    // `go infinite` never ends by itself: its `bestmove` is the `stop`'s doing.
    let first = e.until("bestmove ", PROMPT);
    let (best, infos) = first.split_last().unwrap();
    assert!(
        infos.iter().all(|l| l.starts_with("info depth ")),
        "{first:?}"
    );
    assert_legal(&Game::new(Variant::KATRO), &best["bestmove ".len()..]);
    assert_eq!(e.line(ANSWER), "readyok", "so far {:#?}", e.seen);
    let error = e.line(ANSWER);
    assert!(
        error.starts_with("info string error: unknown command `sow`"),
        "{error}"
    );
    let (infos, best) = e.search_answer();
    let depths: Vec<u32> = infos.iter().map(|i| i.depth).collect();
    assert_eq!(depths, [1, 2, 3], "the `go` after `stop` runs in full");
    let hoyito = game_of("hoyito", &["b1"]);
    assert_legal(&hoyito, &best);
    assert_legal_lines(&hoyito, &infos);
    assert_eq!(e.line(ANSWER), "readyok");
    e.send("quit");
    assert!(e.exit(ANSWER).success());
}

/// `isready` during a search is answered once that search has written its `bestmove`:
/// `readyok` means that everything sent before it is done.
#[test]
fn engine_isready_during_a_search_answers_after_its_bestmove() {
    let mut e = Engine::start();
    e.send("position startpos katro");
    e.send("go movetime 2000");
    e.until("info depth 1 ", ANSWER);
    e.send("isready");
    let lines = e.until("readyok", ANSWER);
    let best = lines.iter().position(|l| l.starts_with("bestmove "));
    assert_eq!(best, Some(lines.len() - 2), "{lines:?}");
    let best = &lines[lines.len() - 2]["bestmove ".len()..];
    assert_legal(&Game::new(Variant::KATRO), best);
}

/// `position` and `go` sent during a search are run after it: the second search is of
/// the new position.
#[test]
fn engine_position_and_go_during_a_search_apply_to_the_next_search() {
    let mut e = Engine::start();
    e.send("position startpos katro");
    e.send("go movetime 1500");
    e.until("info depth 1 ", ANSWER);
    e.send("position startpos hoyito moves b1 f2");
    e.send("go depth 2");
    let (_, best) = e.search_answer();
    assert_legal(&Game::new(Variant::KATRO), &best);
    let (infos, best) = e.search_answer();
    let hoyito = game_of("hoyito", &["b1", "f2"]);
    assert_legal(&hoyito, &best);
    assert_legal_lines(&hoyito, &infos);
}

/// `stop` ends every search sent before it: the running `go infinite` and the one
/// waiting behind it, each with its `bestmove`.
#[test]
fn engine_stop_ends_every_search_sent_before_it() {
    let mut e = Engine::start();
    e.send("go infinite");
    e.until("info depth 1 ", ANSWER);
    e.send("go infinite");
    e.send("stop");
    let katro = Game::new(Variant::KATRO);
    for _ in 0..2 {
        let lines = e.until("bestmove ", PROMPT);
        assert_legal(&katro, &lines.last().unwrap()["bestmove ".len()..]);
    }
    e.send("isready");
    assert_eq!(e.line(ANSWER), "readyok");
}

/// Piped commands all run, in order, and the engine exits with status 0 at the end of
/// its input: three `go` give three `bestmove`, and a `go infinite` left waiting at the
/// end of input is stopped rather than run for ever.
#[test]
fn engine_piped_commands_all_run() {
    let mut e = Engine::start();
    e.send_raw("go movetime 100\ngo movetime 100\ngo movetime 100\n");
    drop(e.stdin.take());
    let lines = e.rest(ANSWER);
    assert_eq!(answers(&lines), ["bestmove"; 3], "{lines:?}");
    for best in lines.iter().filter_map(|l| l.strip_prefix("bestmove ")) {
        assert_legal(&Game::new(Variant::KATRO), best);
    }
    assert!(e.exit(ANSWER).success());

    let mut e = Engine::start();
    e.send_raw("go depth 2\ngo infinite\nisready\n");
    drop(e.stdin.take());
    let lines = e.rest(ANSWER);
    assert_eq!(
        answers(&lines),
        ["bestmove", "bestmove", "readyok"],
        "{lines:?}"
    );
    assert!(e.exit(ANSWER).success());
}

/// `quit` during a search ends it and every search waiting behind it (each still
/// answers `bestmove`), and the engine exits with status 0 without reading further.
#[test]
fn engine_quit_during_a_search_exits_at_once() {
    let mut e = Engine::start();
    e.send("position startpos hoyito:2x12");
    e.send("go infinite");
    e.until("info depth 1 ", ANSWER);
    e.send_raw("go infinite\nquit\nisready\n");
    // The output ends when the engine exits.
    let lines = e.rest(PROMPT);
    assert_eq!(answers(&lines), ["bestmove", "bestmove"], "{lines:?}");
    assert!(e.exit(ANSWER).success());
}

#[test]
fn engine_position_fen_with_moves() {
    let fen = "hoyito/4,4,4,4,4,4/4,4,4,4,4,4 s 0 0";
    let mut e = Engine::start();
    e.send(&format!("position fen {fen} moves a1 f2"));
    let (infos, best) = e.go("depth 2");
    let game = game_of(fen, &["a1", "f2"]);
    assert_legal(&game, &best);
    assert_legal_lines(&game, &infos);
    // Katro, in upper case, with a bare hole (N2: `+`).
    let fen = "katro:4x4/2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2 s";
    e.send(&format!("position fen {} moves C1", fen.to_uppercase()));
    let (_, best) = e.go("depth 2");
    assert_legal(&game_of(fen, &["c1+"]), &best);
}

/// Refused lines answer one `info string error: ...` each, naming the fault and what is
/// allowed, and keep the position: the next search is of the Hoyito position set
/// before, where no Katro move (`c1+`) is even well-formed.
#[test]
fn engine_refusals_keep_the_previous_position() {
    let mut e = Engine::start();
    e.send("position startpos hoyito moves b1");
    let illegal = e.refused("position startpos katro moves c1+ c1+");
    assert_eq!(
        illegal,
        "move 2 `c1+` is illegal: c1 is not North's hole; North sows only from his own side"
    );
    let malformed = e.refused("position startpos katro moves c1+ q9");
    assert!(
        malformed.starts_with("move 2: bad move `q9`"),
        "{malformed}"
    );
    let fen = e.refused("position fen katro/1,2,3 s");
    assert!(fen.starts_with("bad position `katro/1,2,3 s`"), "{fen}");
    assert!(fen.contains("expected `GAME/ROW1/.../ROWn TOMOVE"), "{fen}");
    let game = e.refused("position startpos chess");
    assert!(game.contains("expected `katro`, `katro:4x6`"), "{game}");
    let unknown = e.refused("sow c1+");
    assert!(
        unknown.contains("the commands are uci, isready"),
        "{unknown}"
    );
    let go = e.refused("go depth 0");
    assert_eq!(go, "`go depth`: `0` is not a whole number from 1 to 64");
    let option = e.refused("setoption name Threads value 2");
    assert!(option.starts_with("unknown option `Threads`"), "{option}");
    let hash = e.refused("setoption name Hash value 5000");
    assert!(hash.contains("from 1 to 4096"), "{hash}");
    let (_, best) = e.go("depth 1");
    assert_legal(&game_of("hoyito", &["b1"]), &best);
}

/// K6b/K9: `d1+` captures North's last seed; the search proves the win in one ply.
#[test]
fn engine_reports_a_proven_win() {
    let mut e = Engine::start();
    e.send("position fen katro:4x4/0,0,0,2/0,0,13,0/0,0,1,0/0,0,0,0 s");
    let (infos, best) = e.go("depth 6");
    let last = infos.last().unwrap();
    assert_eq!(last.score, "win 1", "{infos:?}");
    assert_eq!(last.pv, ["d1+"]);
    assert_eq!(best, "d1+");
    // From North's side, after it, the game is over: nothing to play.
    e.send("position fen katro:4x4/0,0,0,2/0,0,13,0/0,0,1,0/0,0,0,0 s moves d1+");
    e.send("go depth 1");
    assert_eq!(
        e.until("bestmove", ANSWER),
        [
            "info string game over: South won: no legal move (K9)",
            "bestmove (none)"
        ]
    );
}

/// K10: the moves of `position` are the game's history, so a third repetition reached
/// through them ends the game (the rules' test data: on 6x6 with one seed a hole, the
/// position after the 13th move is the third occurrence).
#[test]
fn engine_position_moves_count_for_repetition() {
    let fen = "katro/1,1,1,1,1,1/1,1,1,1,1,1/1,1,1,1,1,1/1,1,1,1,1,1/1,1,1,1,1,1/1,1,1,1,1,1 s";
    let moves = [
        "d1-", "b6+", "c1-", "d6-", "a1-", "c6+", "d1-", "b6-", "c1+", "c6+", "d1+", "b6-", "e1-",
    ];
    let mut e = Engine::start();
    e.send(&format!("position fen {fen} moves {}", moves.join(" ")));
    e.send("go depth 1");
    assert_eq!(
        e.until("bestmove", ANSWER),
        [
            "info string game over: drawn: third repetition (K10/H10)",
            "bestmove (none)"
        ]
    );
    // One move less, the game goes on.
    let before = &moves[..moves.len() - 1];
    e.send(&format!("position fen {fen} moves {}", before.join(" ")));
    let (_, best) = e.go("depth 3");
    assert_legal(&game_of(fen, before), &best);
}

/// At the end of input a search with limits is finished, its `bestmove` written, and
/// the engine exits with status 0: commands can be piped.
#[test]
fn engine_end_of_input_finishes_the_search() {
    let mut e = Engine::start();
    e.send("position startpos katro");
    e.send("go depth 4");
    drop(e.stdin.take());
    let lines = e.until("bestmove ", ANSWER);
    assert_eq!(lines.len(), 5, "{lines:?}");
    assert!(e.exit(ANSWER).success());
}
