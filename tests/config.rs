//! The configuration's tests ([`mancala_bot::config`]): the file's settings and their
//! ranges, the environment's overlay and `config show`. The config fuzz is in
//! `tests/fuzz/config.rs`.

#[path = "config/environment.rs"]
mod environment;
#[path = "config/file.rs"]
mod file;
