//! The rules crate's integration tests, one binary with a module per topic. Test names
//! carry the RULES.md rule ids.

#[path = "rules/examples.rs"]
mod examples;
#[path = "rules/hoyito.rs"]
mod hoyito;
#[path = "rules/katro.rs"]
mod katro;
#[path = "rules/matchplay.rs"]
mod matchplay;
#[path = "rules/notation.rs"]
mod notation;
#[path = "rules/props.rs"]
mod props;
#[path = "rules/util.rs"]
mod util;
