//! The Monte Carlo bot: it finds the one saving move of a position with every search,
//! policy and scoring, is reproducible with a playout budget, only plays valid commands,
//! opens as documented, and beats the random player.

use bitgames_towerdefence::bot::{
    BotConfig, Budget, Controller, OPENING_ROUNDS, Policy, SHORT_INCOME, SHORT_STORE, Scoring,
    Search, builder_command, choose_command, choose_command_for, play_game, play_games,
};
use bitgames_towerdefence::{
    Building, BuildingKind, Command, Fastest, Game, Outcome, Player, PlayerState, Simulation, State,
};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

const SEARCHES: [Search; 3] = [Search::Halving, Search::Thirds, Search::Ucb];

mod blocking;

use blocking::{blocking_position, blocks};

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
fn every_search_policy_and_scoring_finds_the_saving_move() {
    for search in SEARCHES {
        for policy in [Policy::Uniform, Policy::Builder] {
            for scoring in [Scoring::Outcome, Scoring::Margin] {
                let config = BotConfig {
                    budget: Budget::Playouts(20_000),
                    threads: 2,
                    seed: 5,
                    search,
                    policy,
                    scoring,
                    opening: true,
                };
                let what = format!("{search:?}, {policy:?}, {scoring:?}");
                let choice = choose_command(&blocking_position(), &config);
                assert!(blocks(choice.command), "{what} chose {}", choice.command);
                // Anything but a block loses at once (worth 0 by outcome, -1 by margin: no
                // other buildings stand). A block wins (1 either way) unless A's own playout
                // tears the blocker down, which a uniform player does half the time (it is
                // then its only command besides doing nothing) and a builder never does.
                let least = match (policy, scoring) {
                    (Policy::Uniform, Scoring::Outcome) => 0.4,
                    (Policy::Uniform, Scoring::Margin) => -0.2,
                    (Policy::Builder, _) => 0.9,
                };
                assert!(choice.value > least, "{what}: {choice:?}");
                assert!(choice.playouts >= 20_000, "{what}: {choice:?}");
                assert!(choice.candidates > 100, "{what}: {choice:?}");
            }
        }
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
        ..BotConfig::default()
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
    for search in SEARCHES {
        let config = BotConfig {
            budget: Budget::Playouts(3_000),
            threads: 2,
            seed: 3,
            search,
            ..BotConfig::default()
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
    for bot in [
        BotConfig::uniform(Budget::Playouts(1_000)),
        BotConfig {
            budget: Budget::Playouts(1_000),
            ..BotConfig::default()
        },
    ] {
        let bot = BotConfig {
            threads: 2,
            seed: 1,
            ..bot
        };
        let result = play_games(&bot, &Controller::Random, 4, 11);
        assert_eq!(result.games, 4);
        assert_eq!(result.wins, 4, "{bot:?}: {result:?}");
    }
    // A single game reports its end.
    let record = play_game([&Controller::Random, &Controller::Random], 3);
    assert!(record.final_state.is_over());
    assert_eq!(record.final_state.outcome(), Some(record.outcome));
    assert_eq!(record.rounds, record.final_state.round());
}

#[test]
fn the_opening_builds_energy_up_the_back_column_whenever_it_can() {
    for player in Player::BOTH {
        let config = BotConfig {
            budget: Budget::Playouts(500),
            threads: 1,
            ..BotConfig::default()
        };
        let mut game: Game = Game::start();
        let mut built = Vec::new();
        for round in 0..OPENING_ROUNDS {
            let state = game.state();
            let energy = state.player(player).energy;
            let choice = choose_command_for(&state, player, &config);
            assert_eq!(
                choice.playouts, 0,
                "round {round}: the opening does not search"
            );
            let expected = if energy >= BuildingKind::Energy.stats().price {
                Command::Build {
                    x: 0,
                    y: built.len() as u8,
                    kind: BuildingKind::Energy,
                }
            } else {
                Command::Nothing
            };
            assert_eq!(
                choice.command, expected,
                "{player:?}, round {round}, {energy} energy"
            );
            if choice.command != Command::Nothing {
                built.push(round);
            }
            let mut commands = [Command::Nothing; 2];
            commands[player.index()] = choice.command;
            game.round(commands);
        }
        // 20 energy at the start and 5 a round, then 3 more for each energy building once
        // it is built: rounds 0, 4 (5 + 5 + 5 + 8 = 23 before it), then faster.
        assert!(
            built.len() >= 5,
            "{player:?}: only built in rounds {built:?}"
        );
        assert_eq!(built[0], 0);
        // After the opening the bot searches.
        let choice = choose_command_for(&game.state(), player, &config);
        assert!(choice.playouts >= 500, "{choice:?}");
        // Without the opening it searches from the start.
        let searching = BotConfig {
            opening: false,
            ..config
        };
        assert!(choose_command_for(&State::start(), player, &searching).playouts >= 500);
    }
}

#[test]
fn a_builders_draw_is_valid_never_tears_down_and_skips_energy_when_rich() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(17);
    // Rich: 200 energy and 16 constructed energy buildings (5 + 16 x 3 = 53 income): no
    // energy buildings. Poor: the same buildings but 100 energy (at most 120 stored): energy
    // buildings again.
    let energy_building = Building {
        construction_time_left: -1,
        ..Building::placed(BuildingKind::Energy)
    };
    let mut rich = State::start();
    for y in 0..8 {
        for x in 0..2 {
            rich = rich
                .with_building(x, y, Some(energy_building))
                .expect("a valid state");
        }
    }
    let numbers = |energy| PlayerState {
        energy,
        iron_curtain_available: true,
        ..PlayerState::START
    };
    let poor = rich
        .clone()
        .with_player(Player::A, numbers(SHORT_STORE))
        .expect("state");
    let rich = rich.with_player(Player::A, numbers(200)).expect("state");
    for (state, energy_allowed) in [(rich, false), (poor, true)] {
        let board = Fastest::load(&state);
        let options = board.build_options(Player::A);
        assert_eq!(options.income, 5 + 16 * 3);
        assert_eq!(
            options.income > SHORT_INCOME && options.energy > SHORT_STORE,
            !energy_allowed
        );
        let valid = Fastest::valid_commands(&board, Player::A);
        let mut kinds = [0u32; 4];
        let (mut nothing, mut curtain) = (0, 0);
        for _ in 0..20_000 {
            let command = builder_command(&board, Player::A, &mut rng);
            assert!(valid.contains(&command), "{command} is not valid");
            match command {
                Command::Nothing => nothing += 1,
                Command::IronCurtain => curtain += 1,
                Command::Build { kind, .. } => {
                    kinds[BuildingKind::ALL
                        .iter()
                        .position(|&k| k == kind)
                        .expect("kind")] += 1
                }
                Command::Deconstruct { .. } => panic!("a builder never deconstructs"),
            }
        }
        // Doing nothing, defence, attack, (energy,) tesla and the curtain equally likely.
        let choices = if energy_allowed { 6 } else { 5 };
        let share = 20_000 / choices;
        for (what, count) in [("nothing", nothing), ("curtain", curtain)]
            .into_iter()
            .chain(BuildingKind::ALL.iter().map(|k| k.engine_name()).zip(kinds))
        {
            if what == "ENERGY" && !energy_allowed {
                assert_eq!(count, 0, "energy built while rich");
            } else {
                assert!(
                    count.abs_diff(share) < share / 10,
                    "{what}: {count} of 20,000, expected about {share}"
                );
            }
        }
    }
}
