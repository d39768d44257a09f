//! Self-play games for the trainer: random openings, then searched moves with some random
//! ones, every game from its own seed so that the games are the same on any number of cores.

use std::collections::HashSet;

use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

use super::label::{Model, negamax};
use super::{Config, Discs};
use crate::eval::MAX_EVAL;
use crate::{Move, Position};

/// The uniformly random plies every game opens with.
pub const OPENING_PLIES: std::ops::RangeInclusive<u32> = 4..=10;

/// Plays [`Config::games`] games with `model` and returns, per game in order, the positions
/// that are not over, each position once over all games (the first game to reach it keeps
/// it).
pub fn play(config: &Config, model: Model<'_>) -> Vec<Vec<Discs>> {
    distinct(play_range(config, model, 0..config.games))
}

/// Games `indices` (on every core), each with every position that is not over: what a
/// worker of a distributed run plays ([`super::games_file`]). Game `i` is the same whoever
/// plays it, so the ranges of many workers put together are [`play`]'s games.
pub fn play_range(
    config: &Config,
    model: Model<'_>,
    indices: std::ops::Range<usize>,
) -> Vec<Vec<Discs>> {
    indices
        .into_par_iter()
        .map(|index| play_one(config, model, index))
        .collect()
}

/// `games` with each position kept only in the first game that reaches it.
pub fn distinct(games: Vec<Vec<Discs>>) -> Vec<Vec<Discs>> {
    let mut seen = HashSet::new();
    games
        .into_iter()
        .map(|game| {
            game.into_iter()
                .filter(|discs| seen.insert(*discs))
                .collect()
        })
        .collect()
}

/// Game `index`: its positions in order, the final one excluded.
pub fn play_one(config: &Config, model: Model<'_>, index: usize) -> Vec<Discs> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(
        config.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ index as u64,
    );
    let opening = rng.random_range(OPENING_PLIES);
    let mut position = Position::start();
    let mut positions = Vec::with_capacity(64);
    let mut ply = 0;
    while !position.is_game_over() {
        positions.push((position.player().bits(), position.opponent().bits()));
        let moves = position.legal_moves();
        let random = ply < opening || rng.random_bool(config.random_moves);
        let chosen = if random || moves.len() == 1 {
            moves[rng.random_range(0..moves.len())]
        } else {
            best_move(&position, config.play_depth, model, &mut rng)
        };
        position = position.play_unchecked(chosen);
        ply += 1;
    }
    positions
}

/// The best move of a `depth`-ply search (at least one), ties broken at random.
fn best_move(
    position: &Position,
    depth: u32,
    model: Model<'_>,
    rng: &mut Xoshiro256PlusPlus,
) -> Move {
    let mut best = (i32::MIN, Vec::new());
    for mv in position.legal_moves() {
        let child = position.play_unchecked(mv);
        let score = -negamax(
            &child,
            depth.saturating_sub(1),
            -MAX_EVAL - 1,
            MAX_EVAL + 1,
            model,
        );
        if score > best.0 {
            best = (score, vec![mv]);
        } else if score == best.0 {
            best.1.push(mv);
        }
    }
    best.1[rng.random_range(0..best.1.len())]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_are_legal_reproducible_and_distinct() {
        let config = Config {
            games: 6,
            ..Config::smoke()
        };
        let games = play(&config, Model::Hand);
        assert_eq!(games, play(&config, Model::Hand));
        let all: Vec<Discs> = games.iter().flatten().copied().collect();
        let distinct: HashSet<Discs> = all.iter().copied().collect();
        assert_eq!(all.len(), distinct.len());
        // Each game starts at the start, and each position follows from the one before by
        // a legal move.
        let start = Position::start();
        assert_eq!(
            games[0][0],
            (start.player().bits(), start.opponent().bits())
        );
        for index in 0..config.games {
            let game = play_one(&config, Model::Hand, index);
            assert!(game.len() > 20, "game {index}: {} positions", game.len());
            for pair in game.windows(2) {
                let before: Position = Position::from_discs(
                    crate::Bitboard::from_bits_truncate(pair[0].0),
                    crate::Bitboard::from_bits_truncate(pair[0].1),
                    bitgames_search::Player::First,
                )
                .expect("disjoint");
                let follows = before.legal_moves().iter().any(|&mv| {
                    let after = before.play_unchecked(mv);
                    (after.player().bits(), after.opponent().bits()) == pair[1]
                });
                assert!(follows, "game {index}: {before}");
            }
        }
        let other = Config { seed: 2, ..config };
        assert_ne!(play(&other, Model::Hand), games);
    }
}
