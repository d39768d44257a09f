//! Every strategy against the naive oracle on random games: quickcheck over thousands of
//! games of random (valid and invalid) command sequences, same-seed random playouts, and
//! random continuations of every official state. Each checks the whole state after every
//! round, and the games are checked to have exercised every rule.

mod common;

use std::sync::atomic::{AtomicU64, Ordering};

use bitgames_bitboard::Strategy;
use bitgames_towerdefence::random::{game_rng, playout};
use bitgames_towerdefence::{
    BuildingKind, Command, Naive, Player, Simulation, State, StrategyVisitor, for_each_strategy,
};
use quickcheck::{Arbitrary, Gen, QuickCheck};
use rand::{Rng, RngExt};
use rand_xoshiro::Xoshiro256PlusPlus;

/// How often the random games did each interesting thing (checked after the games, so
/// the agreement is not vacuous).
#[derive(Default)]
struct Coverage {
    tesla_shots: AtomicU64,
    curtains_raised: AtomicU64,
    stacked_missiles: AtomicU64,
    damaged_defences: AtomicU64,
    base_hits: AtomicU64,
    deconstructs: AtomicU64,
    bases_fallen: AtomicU64,
    round_limit: AtomicU64,
}

impl Coverage {
    fn count(&self, before: &State, command: [Command; 2], after: &State) {
        let add = |counter: &AtomicU64, n: u64| {
            counter.fetch_add(n, Ordering::Relaxed);
        };
        let mut stacked = 0;
        for (_, _, b) in after.buildings() {
            if b.kind == BuildingKind::Tesla && b.weapon_cooldown_time_left == 10 {
                add(&self.tesla_shots, 1);
            }
            if b.kind == BuildingKind::Defence && b.health < 20 {
                add(&self.damaged_defences, 1);
            }
        }
        for y in 0..8 {
            for x in 0..16 {
                for p in Player::BOTH {
                    if after.missiles(x, y, p) >= 2 {
                        stacked += 1;
                    }
                }
            }
        }
        add(&self.stacked_missiles, stacked);
        for p in Player::BOTH {
            if after.player(p).active_iron_curtain_lifetime == 5 {
                add(&self.curtains_raised, 1);
            }
            let hits = after.player(p).hits_taken - before.player(p).hits_taken;
            add(&self.base_hits, hits as u64);
            if let Command::Deconstruct { x, y } = command[p.index()]
                && before.building(p.map_x(x), y).is_some()
            {
                add(&self.deconstructs, 1);
            }
        }
        if after.is_over() {
            if after.player(Player::A).health <= 0 || after.player(Player::B).health <= 0 {
                add(&self.bases_fallen, 1);
            } else {
                add(&self.round_limit, 1);
            }
        }
    }
}

/// A random command for `player`: a uniformly random valid one (from the naive oracle's
/// list) with probability `valid`, else any parseable command, often invalid.
fn command<R: Rng>(
    board: &<Naive as Simulation>::Board,
    player: Player,
    valid: f64,
    rng: &mut R,
) -> Command {
    if rng.random_bool(valid) {
        Naive::random_command(board, player, rng)
    } else {
        let (x, y) = (rng.random_range(0..8), rng.random_range(0..8));
        match rng.random_range(0..6) {
            3 => Command::Deconstruct { x, y },
            5 => Command::IronCurtain,
            t => Command::Build {
                x,
                y,
                kind: BuildingKind::ALL[[0, 1, 2, 0, 3][t as usize]],
            },
        }
    }
}

/// Plays a random game from `start` with strategy `S` beside the naive oracle, comparing
/// the states after every round and the valid command lists before it. Returns the first
/// disagreement.
fn agree<S: Simulation>(
    start: &State,
    seed: u64,
    max_rounds: u32,
    coverage: &Coverage,
) -> Result<(), String> {
    let mut rng = game_rng(seed, 0);
    // Styles: how often a player idles (so energy builds up for teslas and curtains) and
    // how often its command is drawn from the valid ones.
    let idle = [0.0, 0.5, 0.85][rng.random_range(0..3)];
    let valid = [1.0, 0.7, 0.3][rng.random_range(0..3)];
    // One game in six is peaceful: nobody builds attack towers or teslas, so the game
    // runs to the round limit.
    let peaceful = rng.random_range(0..6) == 0;
    let mut naive = Naive::load(start);
    let mut other = S::load(start);
    let mut rounds = 0;
    while !Naive::is_over(&naive) && rounds < max_rounds {
        for p in Player::BOTH {
            let (n, o) = (Naive::command_count(&naive, p), S::command_count(&other, p));
            if n != o {
                return Err(format!(
                    "round {}: player {p} has {n} valid commands, {} says {o}",
                    Naive::round_number(&naive),
                    S::NAME
                ));
            }
            let i = rng.random_range(0..n);
            let (n, o) = (
                Naive::nth_command(&naive, p, i),
                S::nth_command(&other, p, i),
            );
            if n != o {
                return Err(format!(
                    "round {}: player {p}'s command {i} is {n:?}, {} says {o:?}",
                    Naive::round_number(&naive),
                    S::NAME
                ));
            }
        }
        let commands = Player::BOTH.map(|p| {
            if rng.random_bool(idle) {
                return Command::Nothing;
            }
            match command(&naive, p, valid, &mut rng) {
                Command::Build {
                    kind: BuildingKind::Attack | BuildingKind::Tesla,
                    ..
                } if peaceful => Command::Nothing,
                c => c,
            }
        });
        let before = Naive::store(&naive);
        Naive::round(&mut naive, commands);
        S::round(&mut other, commands);
        let expected = Naive::store(&naive);
        if let Some(d) = expected.first_difference(&S::store(&other)) {
            return Err(format!(
                "{} disagrees with naive after round {} (commands {commands:?}): {d}\nbefore:\n{before}",
                S::NAME,
                before.round()
            ));
        }
        if S::is_over(&other) != Naive::is_over(&naive) {
            return Err(format!(
                "{} and naive disagree on the end of the game",
                S::NAME
            ));
        }
        coverage.count(&before, commands, &expected);
        rounds += 1;
    }
    Ok(())
}

#[derive(Debug, Clone)]
struct Seed(u64);

impl Arbitrary for Seed {
    fn arbitrary(g: &mut Gen) -> Self {
        Seed(u64::arbitrary(g))
    }
}

const GAMES: u64 = 2_000;

struct QuickcheckGames;

static COVERAGE: std::sync::OnceLock<Coverage> = std::sync::OnceLock::new();

impl StrategyVisitor for QuickcheckGames {
    fn visit<S: Simulation>(&mut self) {
        if S::NAME == Naive::NAME {
            return;
        }
        fn prop<S: Simulation>(seed: Seed) -> bool {
            let coverage = COVERAGE.get().expect("coverage");
            match agree::<S>(&State::start(), seed.0, u32::MAX, coverage) {
                Ok(()) => true,
                Err(e) => panic!("seed {}: {e}", seed.0),
            }
        }
        QuickCheck::new()
            .rng(Gen::from_size_and_seed(100, 2018))
            .tests(GAMES)
            .max_tests(GAMES)
            .quickcheck(prop::<S> as fn(Seed) -> bool);
    }
}

#[test]
fn every_strategy_agrees_with_naive_on_thousands_of_random_games() {
    let coverage = COVERAGE.get_or_init(Coverage::default);
    for_each_strategy(&mut QuickcheckGames);
    let c = |counter: &AtomicU64| counter.load(Ordering::Relaxed);
    let seen = [
        ("tesla shots", c(&coverage.tesla_shots)),
        ("curtains raised", c(&coverage.curtains_raised)),
        ("cells with stacked missiles", c(&coverage.stacked_missiles)),
        ("damaged defence towers", c(&coverage.damaged_defences)),
        ("base hits", c(&coverage.base_hits)),
        ("deconstructs", c(&coverage.deconstructs)),
        ("games ended by a fallen base", c(&coverage.bases_fallen)),
        ("games ended by the round limit", c(&coverage.round_limit)),
    ];
    for (what, count) in seen {
        assert!(
            count >= 20,
            "the random games saw only {count} {what}: {seen:?}"
        );
    }
}

struct SamePlayouts;

impl StrategyVisitor for SamePlayouts {
    fn visit<S: Simulation>(&mut self) {
        if S::NAME == Naive::NAME {
            return;
        }
        for i in 0..200 {
            let mut naive = Naive::load(&State::start());
            let mut other = S::load(&State::start());
            let n = playout::<Naive, _>(&mut naive, &mut game_rng(7, i));
            let o = playout::<S, _>(&mut other, &mut game_rng(7, i));
            assert_eq!(n, o, "{} playout {i}", S::NAME);
            assert_eq!(
                Naive::store(&naive),
                S::store(&other),
                "{} playout {i}",
                S::NAME
            );
        }
    }
}

#[test]
fn same_seed_playouts_are_the_same_game_with_every_strategy() {
    for_each_strategy(&mut SamePlayouts);
}

struct FromOfficialStates<'a>(&'a [State]);

impl StrategyVisitor for FromOfficialStates<'_> {
    fn visit<S: Simulation>(&mut self) {
        if S::NAME == Naive::NAME {
            return;
        }
        let coverage = Coverage::default();
        for (i, state) in self.0.iter().enumerate() {
            if let Err(e) = agree::<S>(state, i as u64, 40, &coverage) {
                panic!("from official state {i} (round {}): {e}", state.round());
            }
        }
        assert!(coverage.tesla_shots.load(Ordering::Relaxed) > 0);
    }
}

#[test]
fn every_strategy_agrees_with_naive_continuing_every_official_state() {
    let states: Vec<State> = common::official_games()
        .into_iter()
        .flat_map(|g| g.rounds.into_iter().map(|r| r.state))
        .filter(|s| !s.is_over())
        .collect();
    assert!(states.len() > 690);
    for_each_strategy(&mut FromOfficialStates(&states));
}

#[test]
fn a_random_playout_is_reproducible_from_its_seed() {
    let run = |seed| {
        let mut board = bitgames_towerdefence::Bitwise::load(&State::start());
        let result = playout::<bitgames_towerdefence::Bitwise, Xoshiro256PlusPlus>(
            &mut board,
            &mut game_rng(seed, 3),
        );
        (result, bitgames_towerdefence::Bitwise::store(&board))
    };
    assert_eq!(run(11), run(11));
    assert_ne!(run(11).1, run(12).1);
}

struct CompareCorpus<'a>(
    &'a [bitgames_towerdefence::random::RoundInstance],
    Option<u64>,
);

impl StrategyVisitor for CompareCorpus<'_> {
    fn visit<S: Simulation>(&mut self) {
        use bitgames_towerdefence::random::{first_disagreement, load_instances, round_pass};
        assert_eq!(first_disagreement::<S>(self.0), None, "{}", S::NAME);
        let checksum = round_pass::<S>(&load_instances::<S>(self.0));
        assert_eq!(*self.1.get_or_insert(checksum), checksum, "{}", S::NAME);
    }
}

#[test]
fn every_strategy_agrees_on_the_compare_corpus() {
    let corpus = bitgames_towerdefence::random::round_corpus(500, 42);
    assert_eq!(corpus, bitgames_towerdefence::random::round_corpus(500, 42));
    let mid_game = corpus.iter().filter(|i| i.state.round() >= 20).count();
    assert!(mid_game > 250, "only {mid_game} instances past round 20");
    for_each_strategy(&mut CompareCorpus(&corpus, None));
}
