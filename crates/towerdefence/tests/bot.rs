//! The Monte Carlo bot: it finds the one saving move of a position, is reproducible with a
//! playout budget, only plays valid commands, and beats the random player.

use bitgames_towerdefence::bot::{
    BotConfig, Budget, Controller, Search, choose_command, choose_command_for, play_game,
    play_games,
};
use bitgames_towerdefence::{BuildingKind, Command, Game, Outcome, Player, PlayerState, State};

/// Both bases at 5 health, B ahead on score. A's missile at map (11,5) and B's at map
/// (4,2) will both hit a base in the round after next, a double knock-out that B wins on
/// score, unless A blocks B's missile: a building that works by next round (attack or
/// energy, one round to build) at (0,2) or (1,2), where the missile passes next round.
fn blocking_position() -> State {
    let numbers = |score| PlayerState {
        energy: 30,
        health: 5,
        score,
        ..PlayerState::START
    };
    State::start()
        .with_round(40)
        .and_then(|s| s.with_player(Player::A, numbers(100)))
        .and_then(|s| s.with_player(Player::B, numbers(200)))
        .and_then(|s| s.with_missiles(11, 5, Player::A, 1))
        .and_then(|s| s.with_missiles(4, 2, Player::B, 1))
        .expect("a valid state")
}

fn blocks(command: Command) -> bool {
    matches!(
        command,
        Command::Build {
            x: 0 | 1,
            y: 2,
            kind: BuildingKind::Attack | BuildingKind::Energy,
        }
    )
}

#[test]
fn the_blocking_position_is_lost_unless_a_blocks() {
    // The premise of the next test, checked by playing it out: doing nothing loses, a
    // block wins (B doing nothing either way).
    let mut idle: Game = Game::from_state(&blocking_position());
    let mut block: Game = Game::from_state(&blocking_position());
    block.round(["1,2,2".parse().expect("command"), Command::Nothing]);
    idle.round([Command::Nothing; 2]);
    for _ in 0..2 {
        idle.round([Command::Nothing; 2]);
        block.round([Command::Nothing; 2]);
    }
    assert_eq!(idle.outcome(), Some(Outcome::Win(Player::B)));
    assert_eq!(block.outcome(), Some(Outcome::Win(Player::A)));
}

#[test]
fn both_searches_find_the_saving_move() {
    for search in [Search::Halving, Search::Ucb] {
        let config = BotConfig {
            budget: Budget::Playouts(20_000),
            threads: 2,
            seed: 5,
            search,
        };
        let choice = choose_command(&blocking_position(), &config);
        assert!(
            blocks(choice.command),
            "{search:?} chose {}",
            choice.command
        );
        // A's random playout deconstructs the blocker half the time (it is then A's only
        // valid command besides doing nothing), so a block is worth about 0.5; anything
        // else about 0.
        assert!(choice.value > 0.4, "{search:?}: {choice:?}");
        assert!(choice.playouts >= 20_000, "{search:?}: {choice:?}");
        assert!(choice.candidates > 100);
    }
}

#[test]
fn the_bot_as_b_answers_in_its_own_frame() {
    // The mirror image: B must block at its own (0,2) or (1,2), map (15,2) or (14,2).
    let mirrored = {
        let s = blocking_position();
        let (a, b) = (*s.player(Player::A), *s.player(Player::B));
        State::start()
            .with_round(40)
            .and_then(|t| t.with_player(Player::A, b))
            .and_then(|t| t.with_player(Player::B, a))
            .and_then(|t| t.with_missiles(4, 5, Player::B, 1))
            .and_then(|t| t.with_missiles(11, 2, Player::A, 1))
            .expect("a valid state")
    };
    let config = BotConfig {
        budget: Budget::Playouts(20_000),
        threads: 1,
        seed: 9,
        search: Search::Ucb,
    };
    let choice = choose_command_for(&mirrored, Player::B, &config);
    assert!(blocks(choice.command), "chose {}", choice.command);
}

#[test]
fn a_playout_budget_makes_the_bot_reproducible() {
    let mut game: Game = Game::start();
    for _ in 0..25 {
        game.round(["0,0,2".parse().expect("command"), Command::Nothing]);
    }
    let state = game.state();
    for search in [Search::Halving, Search::Ucb] {
        let config = BotConfig {
            budget: Budget::Playouts(3_000),
            threads: 2,
            seed: 3,
            search,
        };
        let first = choose_command(&state, &config);
        let second = choose_command(&state, &config);
        assert_eq!(first, second, "{search:?}");
        assert!(
            game.valid_commands(Player::A).contains(&first.command),
            "{search:?}: {first:?}"
        );
    }
}

#[test]
fn the_bot_has_nothing_to_search_when_the_game_is_over() {
    let over = State::start().with_round(401).expect("state");
    let choice = choose_command(&over, &BotConfig::default());
    assert_eq!(choice.playouts, 0);
}

#[test]
fn the_bot_beats_the_random_player() {
    let bot = BotConfig {
        budget: Budget::Playouts(1_000),
        threads: 2,
        seed: 1,
        search: Search::Ucb,
    };
    let result = play_games(&bot, &Controller::Random, 4, 11);
    assert_eq!(result.games, 4);
    assert_eq!(result.wins, 4, "{result:?}");
    // A single game reports its end.
    let record = play_game([&Controller::Random, &Controller::Random], 3);
    assert!(record.final_state.is_over());
    assert_eq!(record.final_state.outcome(), Some(record.outcome));
    assert_eq!(record.rounds, record.final_state.round());
}
