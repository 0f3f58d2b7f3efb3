//! Fuzzing the whole core (issue 12 item 7): a stateful property test that drives the
//! real [`Core`] over a [`MemoryStore`] with a [`ManualClock`], with random command
//! sequences from seven users in five channels of two communities, and checks the store
//! after every step.
//!
//! cargo-fuzz needs a nightly compiler, which the project's machines lack, so this is a
//! proptest: proptest generates a case (settings and a list of [`Step`]s), a
//! hand-written interpreter turns each step into a chat message over the current state
//! (a legal move is picked from [`ChatCore::legal_moves`], "the player to move" is
//! looked up), and on a failure proptest shrinks the list to a short sequence that
//! still fails, printed as Rust that can be pasted into a regression test.
//!
//! The steps: legal and illegal moves, junk and odd Unicode (fullwidth, zero-width,
//! bidi, the core's private markers, over-long lines), mentions, challenges and their
//! answers, `!rematch`, `!resign`, `!draw`, `!abort`, `!claim`, games against the AI at
//! level 1 under a tiny node budget, tournaments (`new`, `join`, `start`, `withdraw`,
//! `standings`, ... by organizers and not), `!set`, `!mute`, views, clock jumps of a
//! second to three weeks, and past the year 9999 (deadlines, reminders, expiries), and
//! the periodic driver ([`ChatCore::tick`], [`ChatCore::tick_where`] for one
//! community). Half the cases open tournament rooms through a transport's [`Rooms`]
//! that fails every third time and refuses one community.
//!
//! After every step ([`World::check`]):
//! - nothing panicked (proptest reports a panic as a failure);
//! - every stored record decodes, sits under its own key, has a status that agrees with
//!   its game, and replays by the rules from the start position of its variant to its
//!   stored position (a match through its earlier games, M1-M4), with the seeds
//!   conserved at every ply (K1: the board keeps its seeds; H1: board and stores hold 4
//!   per hole; M1-M2: board, stores and reserves);
//! - the wake index, the last finished game of each channel and the unsettled games
//!   agree with the records; every document is one `import` accepts
//!   (as `import` checks a document's line); finished games never change;
//! - a game's moves only grow, and each new move was made by the player to move: the
//!   author of the command, in its channel (one move), or the AI; the driver makes only
//!   the AI's moves;
//! - a command refused (every reply an error) or not addressed to the bot (no reply),
//!   and a clock jump, leave the store byte for byte unchanged
//!   ([`MemoryStore::snapshot`]);
//! - a command or a tick touches only its own community (records, documents, replies);
//! - an open challenge leaves its channel only by a command there;
//! - a finished game that counts is in its rating table's applied games (none pending),
//!   another is not; every tournament pairing agrees with its game (in play while
//!   open, finished with the pairing's result once decided);
//! - after a tick, nothing is left due in the communities it drove;
//! - records were created before they changed, and not after now;
//! - every reply renders ([`Reply::text`], segments, plain text), is not blank, fits in
//!   `max_reply_chars`, and a refusal pings no one and has no buttons.
//!
//! `cargo test --test fuzz` runs a short fuzz (`PROPTEST_CASES` cases, default 32);
//! the long run is
//! `FUZZ_COMMANDS=10000000 cargo test --release --test fuzz -- --ignored --nocapture`
//! (`FUZZ_THREADS` threads, default 1; `FUZZ_STEPS` steps per case at most, default
//! 1000), which prints the commands run and the rate as it goes. `FUZZ_TRACE=1` prints
//! every command with the first line of its answer. A failure is shrunk (proptest,
//! then [`minimize`]) and printed as the list of steps, to paste into a test.

mod cast;
mod checks;
mod replay;
mod stats;
mod steps;
mod world;

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use proptest::test_runner::{Config, TestCaseError, TestError, TestRunner};

use stats::STATS;
use steps::{case, Step};
use world::World;

/// A failed case: the step (from 1) whose checks failed, and why.
#[derive(Debug)]
pub struct Failure {
    /// The step, from 1.
    pub step: usize,
    /// What was wrong.
    pub why: String,
}

/// Runs a case: a fresh world, every step checked.
///
/// # Errors
/// The first failed check, naming the step; a panic of the core is one too.
pub fn run_case(choice: u8, steps: &[Step], counter: &AtomicU64) -> Result<(), Failure> {
    let mut world = World::new(choice);
    for (n, step) in steps.iter().enumerate() {
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| world.step(step)))
            .unwrap_or_else(|p| {
                let what = p
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                Err(format!("panic: {what}"))
            });
        counter.fetch_add(1, Ordering::Relaxed);
        r.map_err(|why| Failure {
            step: n + 1,
            why: format!("step {} ({step:?}): {why}", n + 1),
        })?;
    }
    Ok(())
}

/// A shorter list of steps that still fails (delta debugging: the steps after the
/// failing one dropped, then runs of steps removed while a failure remains), with its
/// failure; at most `budget` runs.
pub fn minimize(choice: u8, mut steps: Vec<Step>, mut budget: usize) -> (Vec<Step>, Failure) {
    let none = AtomicU64::new(0);
    let mut failure = match run_case(choice, &steps, &none) {
        Err(f) => f,
        Ok(()) => {
            return (
                steps,
                Failure {
                    step: 0,
                    why: "the case did not fail again".into(),
                },
            )
        }
    };
    steps.truncate(failure.step);
    let mut chunk = steps.len().div_ceil(2).max(1);
    while budget > 0 {
        let mut i = 0;
        let mut progress = false;
        while i < steps.len() && budget > 0 {
            budget -= 1;
            let mut shorter = steps.clone();
            shorter.drain(i..(i + chunk).min(steps.len()));
            match run_case(choice, &shorter, &none) {
                Err(f) => {
                    shorter.truncate(f.step);
                    steps = shorter;
                    failure = f;
                    progress = true;
                }
                Ok(()) => i += chunk,
            }
        }
        if !progress {
            if chunk == 1 {
                break;
            }
            chunk = chunk.div_ceil(2);
        }
    }
    (steps, failure)
}

/// Runs `cases` cases of at most `max_steps` steps with proptest; a failure is shrunk
/// (by proptest, then [`minimize`]) and reported as a panic naming the steps.
fn fuzz(cases: u32, max_steps: usize, counter: &AtomicU64) {
    let config = Config {
        cases,
        failure_persistence: None,
        max_shrink_iters: 256,
        ..Config::default()
    };
    let mut runner = TestRunner::new(config);
    let result = runner.run(&case(max_steps), |(choice, steps)| {
        run_case(choice, &steps, counter).map_err(|f| TestCaseError::fail(f.why))
    });
    match result {
        Ok(()) => {}
        Err(TestError::Fail(why, (choice, steps))) => {
            eprintln!("fuzz failure: {why}\nminimizing {} steps", steps.len());
            let (steps, failure) = minimize(choice, steps, 3000);
            panic!(
                "fuzz failure: {}\nminimal case: settings {choice}, {} steps:\n{steps:#?}",
                failure.why,
                steps.len()
            )
        }
        Err(e) => panic!("fuzz aborted: {e}"),
    }
}

fn env_number(name: &str) -> Option<u64> {
    std::env::var(name)
        .ok()
        .and_then(|v| v.replace('_', "").parse().ok())
}

/// The short fuzz of `cargo test`: `PROPTEST_CASES` cases (default 32) of up to 200
/// steps, a few seconds.
#[test]
fn fuzz_core_short() {
    let cases = env_number("PROPTEST_CASES").unwrap_or(32) as u32;
    fuzz(cases, 200, &AtomicU64::new(0));
}

/// The long fuzz: `FUZZ_COMMANDS` steps in all (default 100,000), in cases of up to
/// `FUZZ_STEPS` steps (default 1000), on `FUZZ_THREADS` threads (default 1); prints the
/// steps run and the rate every ten seconds and at the end.
#[test]
#[ignore = "long: FUZZ_COMMANDS=10000000 cargo test --release --test fuzz -- --ignored"]
fn fuzz_core_long() {
    let total = env_number("FUZZ_COMMANDS").unwrap_or(100_000);
    let max_steps = env_number("FUZZ_STEPS").unwrap_or(1000).max(1) as usize;
    let threads = env_number("FUZZ_THREADS").unwrap_or(1).max(1);
    // Cases average half the maximum length.
    let cases = (total * 2 / max_steps as u64 / threads).max(1) as u32;
    let counter = AtomicU64::new(0);
    let start = Instant::now();
    let done = std::sync::atomic::AtomicBool::new(false);
    let report = |n: u64| {
        let s = start.elapsed().as_secs_f64();
        eprintln!(
            "fuzz: {n} steps in {s:.0} s, {:.0} steps/s; {}",
            n as f64 / s.max(1e-9),
            STATS.line()
        );
    };
    std::thread::scope(|scope| {
        scope.spawn(|| {
            let mut last = Instant::now();
            while !done.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(200));
                if last.elapsed() >= Duration::from_secs(10) {
                    last = Instant::now();
                    report(counter.load(Ordering::Relaxed));
                }
            }
        });
        let workers: Vec<_> = (0..threads)
            .map(|_| scope.spawn(|| fuzz(cases, max_steps, &counter)))
            .collect();
        let results: Vec<_> = workers.into_iter().map(|w| w.join()).collect();
        done.store(true, Ordering::Relaxed);
        for r in results {
            if let Err(e) = r {
                std::panic::resume_unwind(e);
            }
        }
    });
    report(counter.load(Ordering::Relaxed));
}
