//! Plays two agents against each other, sides swapped every game, and reports the
//! first agent's wins, draws and losses (overall and by side), with each agent's time
//! and (alpha-beta) depth per move: the measurements of issue 15 item 3.
//!
//! `cargo run --release -p mancala-ai --example arena -- GAME A B GAMES MS [SEED] [--tables] [--a-south]`
//!
//! A and B are `ab:L` (an [`Ai`] at level L), `mcts` (the crate's UCT, [`Mcts`]) or
//! `mast` (a general game-playing MCTS: UCT with playouts to the end of the game whose
//! moves follow the move-average sampling technique, MAST, as in Ludii's agent). Each
//! move gets MS milliseconds. `--tables` loads or builds the Hoyito endgame tables
//! first (in `target/egdb`), as the bot does at its start. `--a-south` gives A the
//! South side in every game.
use std::collections::HashMap;
use std::time::{Duration, Instant};

use mancala_ai::mcts::Mcts;
use mancala_ai::{Ai, SearchConfig};
use mancala_rules::{Game, Move, Position, Side, Variant};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// One player of the arena.
enum Agent {
    Ab(Box<Ai>),
    Mcts(Mcts),
    Mast(Box<Mast>),
}

/// What an agent spent: moves, time, and the depths of its alpha-beta searches.
#[derive(Default)]
struct Spent {
    moves: u64,
    time: Duration,
    depth: u64,
    /// Moves whose result the search had not proven, and their time.
    open_moves: u64,
    open_time: Duration,
}

impl Agent {
    fn new(spec: &str, ms: u64, seed: u64) -> Agent {
        match spec {
            "mcts" => Agent::Mcts(Mcts::new(seed)),
            "mast" => Agent::Mast(Box::new(Mast::new(seed))),
            _ => {
                let level = spec.trim_start_matches("ab:").parse().expect("ab:L");
                let config = SearchConfig {
                    level,
                    ms_per_move: ms,
                    tt_mb: 16,
                    seed,
                    max_nodes: None,
                    opening_plies: 0,
                };
                Agent::Ab(Box::new(Ai::new(config).expect("config")))
            }
        }
    }

    fn choose(&mut self, game: &Game, ms: u64, spent: &mut Spent) -> Move {
        let t = Instant::now();
        let mv = match self {
            Agent::Ab(ai) => {
                let r = ai.choose_in_game(game).expect("move");
                spent.depth += u64::from(r.depth);
                if r.score.abs() <= mancala_ai::WIN_BOUND && game.legal_moves().len() > 1 {
                    spent.open_moves += 1;
                    spent.open_time += t.elapsed();
                }
                if std::env::var_os("ARENA_TRACE").is_some() {
                    let p = game.position();
                    eprintln!(
                        "{p} {} depth {} score {} {} ms {} moves",
                        r.mv,
                        r.depth,
                        r.score,
                        t.elapsed().as_millis(),
                        p.children().len()
                    );
                }
                r.mv
            }
            Agent::Mcts(m) => m.choose(&game.position(), u32::MAX, ms).expect("move").0,
            Agent::Mast(m) => m.choose(&game.position(), ms),
        };
        spent.time += t.elapsed();
        spent.moves += 1;
        mv
    }
}

/// Rewards of a finished playout, for South: 1 won, 0.5 drawn, 0 lost (H8, H10, K9).
fn south_reward(pos: &Position) -> f64 {
    match pos.outcome().winner() {
        Some(Side::South) => 1.0,
        Some(Side::North) => 0.0,
        None => 0.5,
    }
}

/// Playouts longer than this are cut and scored by the stores plus rows (H10).
const PLAYOUT_CAP: usize = 400;
/// UCB1 exploration constant.
const UCB_C: f64 = 0.7;
/// Share of random moves in MAST playouts (epsilon-greedy, as Ludii's MAST).
const EPSILON: f64 = 0.1;

struct Node {
    pos: Position,
    mv: Option<Move>,
    children: Vec<usize>,
    expanded: bool,
    visits: f64,
    /// Reward sum for the player who moved into this node.
    reward: f64,
}

/// UCT with MAST playouts (a general game-playing agent: it knows only the rules).
struct Mast {
    rng: SmallRng,
    nodes: Vec<Node>,
    /// Move averages by (mover, move): reward sum and count, kept from move to move.
    table: HashMap<(Side, Move), (f64, f64)>,
}

impl Mast {
    fn new(seed: u64) -> Mast {
        Mast {
            rng: SmallRng::seed_from_u64(seed),
            nodes: Vec::new(),
            table: HashMap::new(),
        }
    }

    fn choose(&mut self, root: &Position, ms: u64) -> Move {
        let deadline = Instant::now() + Duration::from_millis(ms);
        self.nodes.clear();
        self.nodes.push(Node {
            pos: *root,
            mv: None,
            children: Vec::new(),
            expanded: false,
            visits: 0.0,
            reward: 0.0,
        });
        let mut it = 0u32;
        while it < 64 || Instant::now() < deadline {
            self.iterate();
            it += 1;
        }
        let best = self.nodes[0]
            .children
            .iter()
            .copied()
            .max_by(|&a, &b| self.nodes[a].visits.total_cmp(&self.nodes[b].visits))
            .expect("a move");
        self.nodes[best].mv.expect("child move")
    }

    fn iterate(&mut self) {
        let mut path = vec![0usize];
        let mut cur = 0usize;
        while self.nodes[cur].expanded && !self.nodes[cur].children.is_empty() {
            cur = self.select(cur);
            path.push(cur);
        }
        if !self.nodes[cur].expanded {
            self.expand(cur);
            if !self.nodes[cur].children.is_empty() {
                let k = self.rng.gen_range(0..self.nodes[cur].children.len());
                cur = self.nodes[cur].children[k];
                path.push(cur);
            }
        }
        let mut played = Vec::new();
        let south = self.playout(self.nodes[cur].pos, &mut played);
        for w in path.windows(2) {
            let mover = self.nodes[w[0]].pos.to_move();
            played.push((mover, self.nodes[w[1]].mv.expect("child move")));
        }
        for &i in &path {
            self.nodes[i].visits += 1.0;
        }
        for w in path.windows(2) {
            let mover = self.nodes[w[0]].pos.to_move();
            self.nodes[w[1]].reward += if mover == Side::South {
                south
            } else {
                1.0 - south
            };
        }
        for (side, mv) in played {
            let r = if side == Side::South {
                south
            } else {
                1.0 - south
            };
            let e = self.table.entry((side, mv)).or_insert((0.0, 0.0));
            e.0 += r;
            e.1 += 1.0;
        }
    }

    fn select(&mut self, cur: usize) -> usize {
        let ln = self.nodes[cur].visits.max(1.0).ln();
        let mut best = (f64::NEG_INFINITY, 0);
        for &c in &self.nodes[cur].children {
            let n = &self.nodes[c];
            let v = if n.visits == 0.0 {
                1e9 + self.rng.gen::<f64>()
            } else {
                n.reward / n.visits + UCB_C * (ln / n.visits).sqrt()
            };
            if v > best.0 {
                best = (v, c);
            }
        }
        best.1
    }

    fn expand(&mut self, cur: usize) {
        self.nodes[cur].expanded = true;
        let pos = self.nodes[cur].pos;
        if pos.outcome().is_over() {
            return;
        }
        for (mv, child) in pos.children().iter() {
            let id = self.nodes.len();
            self.nodes.push(Node {
                pos: *child,
                mv: Some(*mv),
                children: Vec::new(),
                expanded: false,
                visits: 0.0,
                reward: 0.0,
            });
            self.nodes[cur].children.push(id);
        }
    }

    /// A playout from `pos` to the end; the moves played go to `played`.
    fn playout(&mut self, mut pos: Position, played: &mut Vec<(Side, Move)>) -> f64 {
        for _ in 0..PLAYOUT_CAP {
            if pos.outcome().is_over() {
                return south_reward(&pos);
            }
            let children = pos.children();
            if children.is_empty() {
                return south_reward(&pos);
            }
            let me = pos.to_move();
            let k = if self.rng.gen::<f64>() < EPSILON {
                self.rng.gen_range(0..children.len())
            } else {
                self.greedy(me, children.iter().map(|(m, _)| *m))
            };
            played.push((me, children[k].0));
            pos = children[k].1;
        }
        let s = pos.store(Side::South) as i64 + pos.seeds_of(Side::South) as i64;
        let n = pos.store(Side::North) as i64 + pos.seeds_of(Side::North) as i64;
        match s.cmp(&n) {
            core::cmp::Ordering::Greater => 1.0,
            core::cmp::Ordering::Less => 0.0,
            core::cmp::Ordering::Equal => 0.5,
        }
    }

    /// The index of the move with the best average (unseen moves first, ties random).
    fn greedy(&mut self, me: Side, moves: impl Iterator<Item = Move>) -> usize {
        let mut best = (f64::NEG_INFINITY, 0);
        for (i, mv) in moves.enumerate() {
            let v = match self.table.get(&(me, mv)) {
                Some(&(r, n)) if n > 0.0 => r / n,
                _ => 1.0,
            } + self.rng.gen::<f64>() * 1e-6;
            if v > best.0 {
                best = (v, i);
            }
        }
        best.1
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let variant: Variant = args[0].parse().expect("game");
    let games: u64 = args[3].parse().expect("games");
    let ms: u64 = args[4].parse().expect("ms");
    let base: u64 = args.get(5).and_then(|s| s.parse().ok()).unwrap_or(0);
    if args.iter().any(|a| a == "--tables") {
        let t = Instant::now();
        mancala_ai::endgame::warm_up(
            Some(std::path::Path::new("target/egdb")),
            mancala_ai::endgame::LARGEST_SEEDS,
        );
        eprintln!("tables ready in {:.1}s", t.elapsed().as_secs_f64());
    }
    let only_south = args.iter().any(|a| a == "--a-south");
    // [won, drawn, lost] of A, as South and as North.
    let mut res = [[0u64; 3]; 2];
    // A's seeds minus B's at the end, summed, as South and as North.
    let mut margin = [0i64; 2];
    let (mut sa, mut sb) = (Spent::default(), Spent::default());
    let t0 = Instant::now();
    for g in 0..games {
        let a_south = only_south || g % 2 == 0;
        let seed = base * 1000 + g * 2;
        let mut a = Agent::new(&args[1], ms, seed + 1);
        let mut b = Agent::new(&args[2], ms, seed + 2);
        let mut game = Game::new(variant);
        while !game.outcome().is_over() && game.moves().len() < 3000 {
            let south = game.position().to_move() == Side::South;
            let mv = if south == a_south {
                a.choose(&game, ms, &mut sa)
            } else {
                b.choose(&game, ms, &mut sb)
            };
            game.play(mv).expect("legal");
        }
        let k = match game.outcome().winner() {
            None => 1,
            Some(s) if (s == Side::South) == a_south => 0,
            Some(_) => 2,
        };
        res[usize::from(!a_south)][k] += 1;
        let end = game.position();
        let m = i64::from(end.store(Side::South)) - i64::from(end.store(Side::North));
        margin[usize::from(!a_south)] += if a_south { m } else { -m };
    }
    let [w, d, l] = [0, 1, 2].map(|k| res[0][k] + res[1][k]);
    let per = |s: &Spent| s.time.as_secs_f64() * 1000.0 / s.moves.max(1) as f64;
    let depth = |s: &Spent| s.depth as f64 / s.moves.max(1) as f64;
    let open = |s: &Spent| s.open_time.as_secs_f64() * 1000.0 / s.open_moves.max(1) as f64;
    println!(
        "{} {} vs {} at {ms} ms: {w}W {d}D {l}L ({:.1}%); A as South {:?}, as North {:?}; \
         margin A as South {:+.2} as North {:+.2}; \
         ms/move A {:.1} B {:.1} (unproven: A {:.1} over {} moves); depth A {:.1} B {:.1}; {:.0}s",
        args[0],
        args[1],
        args[2],
        100.0 * (w as f64 + d as f64 / 2.0) / games as f64,
        res[0],
        res[1],
        margin[0] as f64 / (games as f64 / 2.0),
        margin[1] as f64 / (games as f64 / 2.0),
        per(&sa),
        per(&sb),
        open(&sa),
        sa.open_moves,
        depth(&sa),
        depth(&sb),
        t0.elapsed().as_secs_f64()
    );
}
