//! `mancala-bot engine`: the AI behind a UCI-like line protocol on standard input and
//! output, for GUIs, research frameworks and other bots (README, "Engine protocol").
//!
//! Two threads. The input loop (here) reads each line and parses it ([`parse()`], pure,
//! typed errors); the command thread runs the commands on the [`Session`], one after
//! another in the order they were read, searches included. So nothing is dropped:
//! whatever arrives during a search (`position`, `go`, `isready`, `setoption`,
//! `ucinewgame`, `uci`, and the error line of a bad one) is queued and run after the
//! search's `bestmove`, as Stockfish runs a `go`, `setoption` or `ucinewgame` that
//! arrives during a search. Two commands act at once, when read ([`Stops`]): `stop`
//! ends every search sent before it (the running one now; each still answers
//! `bestmove`), and `quit` does the same, stops reading, lets the commands queued
//! before it run, and exits. `isready` is queued too, unlike the UCI text (which has it
//! answered at once during a search): its `readyok` says that everything sent before
//! it is done. At the end of input the queued commands still run (a `go infinite`
//! among them stopped), then the engine exits with status 0, so commands can be
//! piped. Every output line is written whole and flushed, from either thread, under
//! one lock ([`Out`]).

mod parse;
mod session;
mod stops;
mod wire;

use std::io;
use std::process::ExitCode;
use std::sync::mpsc::{self, SyncSender};
use std::thread;

use anyhow::{anyhow, Context};

use parse::{parse, Command, ParseError};
use session::{Job, Session};
use stops::Stops;
use wire::{read_line, Line, Out};

/// Commands waiting for the command thread at most: beyond them the input loop waits
/// too (and reads no `stop` meanwhile), so that a runaway writer cannot make the
/// engine hold its whole input in memory.
const QUEUE: usize = 4096;

/// Arguments of `mancala-bot engine` (none: everything is set through the protocol).
#[derive(clap::Args, Debug)]
pub struct EngineArgs {}

/// Runs the protocol on standard input and output until `quit` or the end of input
/// and every command read before it has run, then exits with status 0.
///
/// # Errors
/// When standard input cannot be read or standard output written, or the command
/// thread cannot be started or fails.
pub fn main(_args: EngineArgs) -> anyhow::Result<ExitCode> {
    let out = Out::new(Box::new(io::stdout()));
    let stops = Stops::default();
    let session = Session::new(out.clone(), stops.clone())?;
    let (queue, jobs) = mpsc::sync_channel(QUEUE);
    let worker = thread::Builder::new()
        .name("engine-commands".into())
        .spawn(move || session.serve(jobs))
        .context("the engine's command thread could not be started")?;
    // On an error the process exits at once, a search and the queue with it.
    read_input(&out, &stops, &queue)?;
    drop(queue);
    worker
        .join()
        .map_err(|_| anyhow!("the engine's command thread failed"))?;
    out.check()?;
    Ok(ExitCode::SUCCESS)
}

/// Reads and parses the input, line by line, until `quit` or its end: `stop` and
/// `quit` act at once, everything else goes to the command thread in order.
///
/// # Errors
/// When the input cannot be read or the output written.
fn read_input(out: &Out, stops: &Stops, queue: &SyncSender<Job>) -> anyhow::Result<()> {
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut buf = Vec::new();
    let mut number = 0;
    while let Some(line) = read_line(&mut input, &mut buf)? {
        number += 1;
        let command = match line {
            Line::Text(text) => parse(&text),
            Line::TooLong => Err(ParseError::LineTooLong),
        };
        match command {
            Ok(Command::Stop) => stops.stop_before(number),
            Ok(Command::Quit) => {
                stops.stop_before(number);
                return Ok(());
            }
            command => {
                let job = Job {
                    line: number,
                    command,
                };
                // Only a failed command thread hangs up; `main` reports it.
                if queue.send(job).is_err() {
                    return Ok(());
                }
            }
        }
        out.check()?;
    }
    stops.end_of_input();
    Ok(())
}
