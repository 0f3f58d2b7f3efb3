//! Pairing invariants as property tests over random fields and results: every active
//! player exactly once per round; round robin meets every pair once; Swiss repeats a
//! pairing only when no pairing of the round avoids it, and gives nobody a second bye
//! while an active player has had none; knockout byes go to the top seeds.

use std::collections::HashSet;

use mancala_bot::core::tournament::{Entrant, Format, Phase, Res, Tournament};
use mancala_bot::model::User;
use proptest::prelude::*;

fn field(n: usize, format: Format) -> Tournament {
    Tournament {
        format,
        phase: Phase::Running,
        entrants: (0..n)
            .map(|i| Entrant {
                user: User {
                    id: format!("u{i}"),
                    name: format!("u{i}"),
                },
                rating: 0.0,
                withdrawn: false,
            })
            .collect(),
        ..Tournament::default()
    }
}

fn res(bits: u8) -> Res {
    match bits % 3 {
        0 => Res::South,
        1 => Res::North,
        _ => Res::Draw,
    }
}

/// Sets every open result of the current round from `rng` bytes.
fn play(t: &mut Tournament, rng: &mut impl Iterator<Item = u8>) {
    let round = t.rounds.last_mut().unwrap();
    for p in round.pairings.iter_mut().filter(|p| p.is_open()) {
        p.result = Some(res(rng.next().unwrap_or(0)));
    }
}

/// Every active player exactly once in the last round; withdrawn players not at all
/// (round robin: they stay paired and forfeit).
fn once_each(t: &Tournament) {
    let round = t.rounds.last().unwrap();
    let mut seen = HashSet::new();
    for p in &round.pairings {
        assert!(seen.insert(p.south), "twice: {}", p.south);
        if let Some(n) = p.north {
            assert!(seen.insert(n), "twice: {n}");
        }
    }
    for (e, x) in t.entrants.iter().enumerate() {
        if !x.withdrawn || t.format == Format::RoundRobin {
            assert!(seen.contains(&e), "{e} unpaired in round {}", round.number);
        } else {
            assert!(!seen.contains(&e), "withdrawn {e} paired");
        }
    }
}

/// Whether `players` can all be paired without a pair in `met` (one may take the bye,
/// from `bye_ok`, when their number is odd).
fn avoidable(players: &[usize], met: &HashSet<(usize, usize)>, bye_ok: &[usize]) -> bool {
    fn go(rest: &mut Vec<usize>, met: &HashSet<(usize, usize)>) -> bool {
        let Some(a) = rest.pop() else { return true };
        for i in 0..rest.len() {
            let b = rest[i];
            if !met.contains(&(a, b)) {
                rest.remove(i);
                if go(rest, met) {
                    return true;
                }
                rest.insert(i, b);
            }
        }
        rest.push(a);
        false
    }
    if players.len().is_multiple_of(2) {
        go(&mut players.to_vec(), met)
    } else {
        bye_ok.iter().any(|&b| {
            let mut rest: Vec<usize> = players.iter().copied().filter(|&p| p != b).collect();
            go(&mut rest, met)
        })
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn round_robin_meets_every_pair_once(n in 2usize..=11, seed in prop::collection::vec(any::<u8>(), 80)) {
        let mut t = field(n, Format::RoundRobin);
        let mut rng = seed.into_iter().cycle();
        let mut rounds = 0;
        while t.next_round() {
            once_each(&t);
            play(&mut t, &mut rng);
            rounds += 1;
        }
        prop_assert_eq!(rounds, if n % 2 == 0 { n - 1 } else { n });
        let mut met = HashSet::new();
        for p in t.rounds.iter().flat_map(|r| &r.pairings) {
            if let Some(b) = p.north {
                prop_assert!(met.insert((p.south.min(b), p.south.max(b))));
            }
        }
        prop_assert_eq!(met.len(), n * (n - 1) / 2);
        prop_assert!(t.byes().iter().all(|&b| b == u32::from(n % 2 == 1)));
    }

    #[test]
    fn swiss_avoids_repeats_and_rotates_byes(
        n in 2usize..=10,
        rounds in 1u32..=9,
        seed in prop::collection::vec(any::<u8>(), 60),
        withdraw in prop::option::of((1u32..=9, 0usize..10)),
    ) {
        let mut t = field(n, Format::Swiss { rounds });
        let mut rng = seed.into_iter().cycle();
        loop {
            let active: Vec<usize> = (0..n).filter(|&e| !t.entrants[e].withdrawn).collect();
            let met_before = t.met();
            let byes_before = t.byes();
            if !t.next_round() {
                break;
            }
            once_each(&t);
            let round = t.rounds.last().unwrap().clone();
            // Byes rotate: a bye only to a player with the fewest byes.
            let fewest = active.iter().map(|&e| byes_before[e]).min().unwrap_or(0);
            let bye_ok: Vec<usize> = active.iter().copied().filter(|&e| byes_before[e] == fewest).collect();
            for p in &round.pairings {
                if p.north.is_none() {
                    prop_assert!(bye_ok.contains(&p.south), "second bye for {}", p.south);
                }
            }
            // A repeat only when unavoidable.
            let repeats = round.pairings.iter().any(|p| p.north.is_some_and(|b| met_before.contains(&(p.south, b))));
            if repeats {
                prop_assert!(!avoidable(&active, &met_before, &bye_ok), "avoidable repeat in round {}", round.number);
            }
            play(&mut t, &mut rng);
            if let Some((r, e)) = withdraw {
                if r == round.number && e < n && active.len() > 2 {
                    t.entrants[e].withdrawn = true;
                }
            }
        }
        prop_assert_eq!(t.phase, Phase::Finished);
    }

    #[test]
    fn knockout_byes_go_to_the_top_seeds(n in 2usize..=20, seed in prop::collection::vec(any::<u8>(), 40)) {
        let mut t = field(n, Format::Knockout);
        let mut rng = seed.into_iter().cycle();
        let size = n.next_power_of_two();
        prop_assert!(t.next_round());
        once_each(&t);
        let byes: Vec<usize> = t.rounds[0].pairings.iter().filter(|p| p.north.is_none()).map(|p| p.south).collect();
        let mut sorted = byes.clone();
        sorted.sort();
        prop_assert_eq!(sorted, (0..size - n).collect::<Vec<_>>());
        let mut alive = n;
        let mut rounds = 1;
        loop {
            play(&mut t, &mut rng);
            let winners: HashSet<usize> = t.rounds.last().unwrap().pairings.iter()
                .filter_map(Tournament::knockout_winner).collect();
            alive = if rounds == 1 { size / 2 } else { alive / 2 };
            prop_assert_eq!(winners.len(), alive);
            if !t.next_round() {
                break;
            }
            rounds += 1;
            let players: HashSet<usize> = t.rounds.last().unwrap().pairings.iter()
                .flat_map(|p| std::iter::once(p.south).chain(p.north)).collect();
            prop_assert_eq!(players, winners);
        }
        prop_assert_eq!(rounds, size.trailing_zeros() as usize);
        prop_assert_eq!(alive, 1);
    }
}
