//! The rules of RULES.md, one scenario each, with the expected numbers worked out by hand
//! from the rules text. Every scenario runs with every strategy.

use bitgames_bitboard::{TowerDefence, diagram};
use bitgames_towerdefence::{
    Bitwise, Building, BuildingKind, Command, Game, Naive, Outcome, Player, PlayerState,
    Simulation, State,
};

/// Plays `rounds` (each A's and B's command text) from `state` with both strategies, checks
/// they agree after every round, and returns the final state.
fn play(state: &State, rounds: &[[&str; 2]]) -> State {
    fn run<S: Simulation>(state: &State, rounds: &[[&str; 2]]) -> Vec<State> {
        let mut game = Game::<S>::from_state(state);
        rounds
            .iter()
            .map(|[a, b]| {
                game.round([
                    a.parse().expect("A's command"),
                    b.parse().expect("B's command"),
                ]);
                game.state()
            })
            .collect()
    }
    let naive = run::<Naive>(state, rounds);
    let bitwise = run::<Bitwise>(state, rounds);
    for (i, (n, b)) in naive.iter().zip(&bitwise).enumerate() {
        if let Some(d) = n.first_difference(b) {
            panic!(
                "after round {} of the scenario: naive and bitwise differ: {d}",
                i
            );
        }
    }
    naive.last().cloned().unwrap_or_else(|| state.clone())
}

fn nothing(rounds: usize) -> Vec<[&'static str; 2]> {
    vec![["", ""]; rounds]
}

fn constructed(kind: BuildingKind) -> Building {
    Building {
        construction_time_left: -1,
        ..Building::placed(kind)
    }
}

/// A building placed last round: full health, one round of construction done.
fn under_construction(kind: BuildingKind) -> Building {
    Building {
        construction_time_left: kind.stats().construction_time - 1,
        ..Building::placed(kind)
    }
}

fn with_energy(state: State, player: Player, energy: i32) -> State {
    let numbers = PlayerState {
        energy,
        ..*state.player(player)
    };
    state.with_player(player, numbers).expect("valid numbers")
}

#[test]
fn income_is_five_a_round_plus_three_per_working_energy_tower() {
    let after = play(&State::start(), &[["0,0,2", ""]]);
    // A paid 20 and scored 3 for the tower; it is not built yet, so the income is 5.
    assert_eq!(
        after.player(Player::A).energy,
        5,
        "20, less 20 for the tower, plus 5"
    );
    assert_eq!(after.player(Player::A).score, 3 + 5);
    assert_eq!(after.player(Player::B).energy, 25);
    let after = play(&after, &[["", ""]]);
    assert_eq!(after.player(Player::A).energy, 5 + 5 + 3);
    assert_eq!(after.player(Player::A).score, 8 + 8);
    let tower = after.building(0, 0).expect("the tower");
    assert_eq!(tower.construction_time_left, -1);
    // B's command mirrors x: its 0,0 is map cell (15,0).
    let after = play(&after, &[["", "0,0,2"]]);
    assert!(after.building(15, 0).is_some());
}

#[test]
fn an_attack_tower_fires_the_round_after_it_is_placed_then_every_fourth_round() {
    // Round 0 and 1: save up to 30 energy; round 2: A builds an attack tower in its front
    // column, row 0.
    let mut rounds = nothing(2);
    rounds.push(["7,0,1", ""]);
    let built = play(&State::start(), &rounds);
    assert_eq!(built.round(), 3);
    let tower = built.building(7, 0).expect("the tower");
    assert_eq!(
        (
            tower.construction_time_left,
            tower.weapon_cooldown_time_left
        ),
        (0, 0)
    );
    // Round 3: it is constructed and fires; the missile moves 2 in the round it is fired.
    let fired = play(&built, &nothing(1));
    assert_eq!(fired.missiles(9, 0, Player::A), 1);
    let tower = fired.building(7, 0).expect("the tower");
    assert_eq!(
        (
            tower.construction_time_left,
            tower.weapon_cooldown_time_left
        ),
        (-1, 3)
    );
    // Rounds 4, 5, 6: to x = 11, 13, 15; round 7 it leaves the map and hits B's base,
    // while the tower fires its second missile.
    let before_hit = play(&fired, &nothing(3));
    assert_eq!(before_hit.missiles(15, 0, Player::A), 1);
    assert_eq!(before_hit.player(Player::B).health, 100);
    let hit = play(&before_hit, &nothing(1));
    assert_eq!(hit.player(Player::B).health, 95);
    assert_eq!(hit.player(Player::B).hits_taken, 1);
    assert_eq!(
        hit.player(Player::A).score - before_hit.player(Player::A).score,
        5 * 15 + 5
    );
    assert_eq!(hit.missiles(9, 0, Player::A), 1);
    assert_eq!(
        (0..16).map(|x| hit.missiles(x, 0, Player::A)).sum::<u8>(),
        1
    );
}

#[test]
fn a_defence_tower_absorbs_four_missiles_once_constructed() {
    // A's attack tower in front (7,0) from round 2; B's defence tower in its front (map
    // x = 8) from round 2, working from round 5.
    let mut rounds = nothing(2);
    rounds.push(["7,0,1", "7,0,0"]);
    let start = play(&State::start(), &rounds);
    // Round 3: the first missile passes the unconstructed tower at x = 8.
    let after3 = play(&start, &nothing(1));
    assert_eq!(after3.missiles(9, 0, Player::A), 1);
    assert_eq!(after3.building(8, 0).expect("defence").health, 20);
    // Rounds 7, 11, 15, 19: a missile each, 5 damage each, 5 score each.
    let mut state = play(&after3, &nothing(4));
    for (round, health) in [(7, 15), (11, 10), (15, 5)] {
        assert_eq!(state.round(), round + 1);
        let defence = state.building(8, 0).expect("defence stands");
        assert_eq!(defence.health, health, "after round {round}");
        state = play(&state, &nothing(4));
    }
    assert_eq!(state.round(), 20);
    assert_eq!(
        state.building(8, 0),
        None,
        "destroyed by the fourth missile"
    );
    // The first missile hit the base in round 7; nothing else has passed since.
    assert_eq!(state.player(Player::B).health, 95);
    // Round 23's missile flies through the empty cell and hits the base in round 27.
    let state = play(&state, &nothing(8));
    assert_eq!(state.player(Player::B).health, 90);
}

#[test]
fn several_missiles_in_one_cell_hit_one_after_another_and_the_rest_fly_on() {
    // Three of A's missiles at map (9,2) (enemy half); B has a constructed energy tower
    // (5 health) at (10,2). The first destroys it; the other two pass through its
    // remains (health 0) and go on to (11,2).
    let state = State::start()
        .with_missiles(9, 2, Player::A, 3)
        .and_then(|s| s.with_building(10, 2, Some(constructed(BuildingKind::Energy))))
        .expect("valid state");
    let after = play(&state, &nothing(1));
    assert_eq!(after.building(10, 2), None);
    assert_eq!(after.missiles(11, 2, Player::A), 2);
    assert_eq!(after.player(Player::A).score, 5 + 5);
    // The tower was destroyed before the income step: B earns 5 only.
    assert_eq!(after.player(Player::B).energy, 25);
}

#[test]
fn hits_on_a_fallen_base_count_but_score_nothing() {
    let state = State::start()
        .with_player(
            Player::B,
            PlayerState {
                health: 5,
                ..PlayerState::START
            },
        )
        .and_then(|s| s.with_missiles(15, 4, Player::A, 3))
        .expect("valid state");
    let after = play(&state, &nothing(1));
    assert_eq!(after.player(Player::B).health, 0);
    assert_eq!(after.player(Player::B).hits_taken, 3);
    assert_eq!(after.player(Player::A).score, 5 * 15 + 5);
    assert_eq!(after.outcome(), Some(Outcome::Win(Player::A)));
}

#[test]
fn a_tesla_hits_the_topmost_working_building_in_each_column_within_reach() {
    // A's tesla at map (6,3): rows 2..=4, map columns 7..=15. The defence at (11,2) is
    // still under construction after this round's construction step, so cannot be hit.
    let b = |kind| Some(constructed(kind));
    let mut state = State::start()
        .with_building(6, 3, b(BuildingKind::Tesla))
        .expect("tesla");
    for (x, y, building) in [
        (9, 3, b(BuildingKind::Energy)),
        (9, 4, b(BuildingKind::Energy)),
        (10, 2, b(BuildingKind::Attack)),
        (10, 4, b(BuildingKind::Energy)),
        (11, 2, Some(under_construction(BuildingKind::Defence))),
        (11, 3, b(BuildingKind::Energy)),
        (12, 5, b(BuildingKind::Energy)),
        (15, 4, b(BuildingKind::Defence)),
        (13, 1, b(BuildingKind::Tesla)),
    ] {
        state = state.with_building(x, y, building).expect("building");
    }
    let state = with_energy(state, Player::A, 100);
    let after = play(&state, &nothing(1));
    for (x, y) in [(9, 3), (10, 2), (11, 3), (15, 4)] {
        assert_eq!(after.building(x, y), None, "({x},{y}) is hit");
    }
    for (x, y) in [(9, 4), (10, 4), (11, 2), (12, 5), (13, 1)] {
        assert!(after.building(x, y).is_some(), "({x},{y}) is spared");
    }
    let tesla = after.building(6, 3).expect("the tesla");
    assert_eq!(tesla.weapon_cooldown_time_left, 10);
    assert_eq!(after.player(Player::A).energy, 5);
    assert_eq!(after.player(Player::A).score, 5 + 5 + 5 + 20 + 5);
    assert_eq!(
        after.player(Player::B).health,
        100,
        "not in the front column"
    );
    // B's tesla at (13,1) stood outside the band; B had no energy to fire it.
    // The cooldown runs down one a round; with 100 energy again it fires at 0.
    let later = play(&after, &nothing(10));
    assert_eq!(
        later
            .building(6, 3)
            .expect("the tesla")
            .weapon_cooldown_time_left,
        0
    );
}

#[test]
fn a_tesla_in_the_front_column_hits_the_base_unless_the_curtain_is_up() {
    let state = State::start()
        .with_building(7, 0, Some(constructed(BuildingKind::Tesla)))
        .and_then(|s| s.with_building(14, 1, Some(constructed(BuildingKind::Tesla))))
        .expect("state");
    let state = with_energy(state, Player::A, 130);
    let after = play(&state, &nothing(1));
    assert_eq!(after.player(Player::B).health, 80);
    assert_eq!(after.player(Player::B).hits_taken, 1);
    assert_eq!(after.building(14, 1), None, "a tesla is worth 10 a point");
    assert_eq!(after.player(Player::A).score, 20 * 15 + 5 * 10 + 5);

    let curtained = state
        .clone()
        .with_player(
            Player::B,
            PlayerState {
                active_iron_curtain_lifetime: 1,
                ..*state.player(Player::B)
            },
        )
        .expect("state");
    let after = play(&curtained, &nothing(1));
    assert_eq!(after.player(Player::B).health, 100);
    assert!(after.building(14, 1).is_some());
    assert_eq!(
        after.player(Player::A).energy,
        130 - 100 + 5,
        "the shot is paid"
    );
    assert_eq!(
        after
            .building(7, 0)
            .expect("tesla")
            .weapon_cooldown_time_left,
        10
    );
}

#[test]
fn teslas_fire_oldest_first_and_share_their_owners_energy() {
    // Two of A's teslas at (5,3) (older) and (5,4): with 150 energy only the older fires.
    let older = Building {
        construction_time_left: -5,
        ..Building::placed(BuildingKind::Tesla)
    };
    let state = State::start()
        .with_building(5, 4, Some(constructed(BuildingKind::Tesla)))
        .and_then(|s| s.with_building(5, 3, Some(older)))
        .and_then(|s| s.with_building(10, 5, Some(constructed(BuildingKind::Energy))))
        .and_then(|s| s.with_building(10, 2, Some(constructed(BuildingKind::Energy))))
        .expect("state");
    let state = with_energy(state, Player::A, 150);
    let after = play(&state, &nothing(1));
    assert_eq!(
        after
            .building(5, 3)
            .expect("older")
            .weapon_cooldown_time_left,
        10
    );
    assert_eq!(
        after
            .building(5, 4)
            .expect("newer")
            .weapon_cooldown_time_left,
        0
    );
    assert_eq!(
        after.building(10, 2),
        None,
        "in the older tesla's rows 2..=4"
    );
    assert!(
        after.building(10, 5).is_some(),
        "only the newer one reaches row 5"
    );
}

#[test]
fn the_iron_curtain_stops_missiles_entering_the_front_column_for_six_rounds() {
    // Round 31: A may raise the curtain; B's missile at map (9,0) is about to cross.
    let state = State::start()
        .with_round(31)
        .and_then(|s| {
            s.with_player(
                Player::A,
                PlayerState {
                    energy: 150,
                    iron_curtain_available: true,
                    active_iron_curtain_lifetime: -1,
                    ..PlayerState::START
                },
            )
        })
        .and_then(|s| s.with_missiles(9, 0, Player::B, 1))
        .expect("state");
    let open = play(&state, &nothing(1));
    assert_eq!(open.missiles(7, 0, Player::B), 1);
    let shut = play(&state, &[["0,0,5", ""]]);
    assert_eq!(shut.missiles(7, 0, Player::B), 0);
    let a = shut.player(Player::A);
    assert_eq!(a.energy, 150 - 100 + 5);
    assert_eq!(a.score, 20 + 5);
    assert!(!a.iron_curtain_available);
    assert_eq!(a.active_iron_curtain_lifetime, 5);
    // Active while rounds 31..=36 are played; a missile crossing in round 37 gets through.
    let mut state = shut;
    for lifetime in [4, 3, 2, 1, 0] {
        state = play(&state, &nothing(1));
        assert_eq!(
            state.player(Player::A).active_iron_curtain_lifetime,
            lifetime
        );
    }
    assert_eq!(state.round(), 37);
    let state = state.with_missiles(9, 0, Player::B, 1).expect("state");
    let through = play(&state, &nothing(1));
    assert_eq!(through.missiles(7, 0, Player::B), 1);
    // Raising it twice in a row is invalid: it is no longer available.
    let again = with_energy(through, Player::A, 200);
    let after = play(&again, &[["0,0,5", ""]]);
    assert_eq!(after.player(Player::A).energy, 205);
}

#[test]
fn the_curtain_becomes_available_every_thirty_rounds() {
    let state = State::start().with_round(29).expect("round");
    let state = play(&state, &nothing(1));
    assert!(!state.player(Player::A).iron_curtain_available);
    assert_eq!(state.player(Player::A).active_iron_curtain_lifetime, -1);
    let state = play(&state, &nothing(1));
    assert!(state.player(Player::A).iron_curtain_available);
    // The expired counter was clamped to 0 in round 30, then counted down.
    assert_eq!(state.player(Player::A).active_iron_curtain_lifetime, -1);
    assert!(!state.player(Player::A).is_iron_curtain_active_flag());
}

#[test]
fn deconstruct_refunds_five_and_removes_the_building_at_once() {
    let state = State::start()
        .with_building(2, 2, Some(constructed(BuildingKind::Energy)))
        .and_then(|s| s.with_building(13, 5, Some(under_construction(BuildingKind::Defence))))
        .expect("state");
    // B's own frame: map x 13 is its x = 2.
    let after = play(&state, &[["2,2,3", "2,5,3"]]);
    assert_eq!(after.building(2, 2), None);
    assert_eq!(after.building(13, 5), None);
    // The energy tower is gone before the income step.
    assert_eq!(after.player(Player::A).energy, 20 + 5 + 5);
    assert_eq!(after.player(Player::B).energy, 20 + 5 + 5);
    assert_eq!(after.player(Player::A).score, 5);
}

#[test]
fn invalid_commands_do_nothing() {
    let state = State::start()
        .with_building(3, 3, Some(constructed(BuildingKind::Energy)))
        .expect("state");
    // Occupied cell; too little energy for defence (20 < 30); deconstructing an empty cell;
    // the curtain before it is available; a third tesla.
    for command in ["3,3,2", "0,0,0", "4,4,3", "0,0,5"] {
        let after = play(&state, &[[command, ""]]);
        let idle = play(&state, &nothing(1));
        assert_eq!(after, idle, "{command}");
    }
    let two_teslas = State::start()
        .with_building(0, 0, Some(constructed(BuildingKind::Tesla)))
        .and_then(|s| s.with_building(0, 1, Some(constructed(BuildingKind::Tesla))))
        .expect("state");
    let rich = with_energy(two_teslas, Player::A, 300);
    let after = play(&rich, &[["0,2,4", ""]]);
    assert_eq!(after.building(0, 2), None);
    assert!(after.building(0, 3).is_none());
    let game = Game::<Bitwise>::from_state(&rich);
    assert!(
        !game.valid_commands(Player::A).iter().any(|c| matches!(
            c,
            Command::Build {
                kind: BuildingKind::Tesla,
                ..
            }
        )),
        "no tesla is offered to a player with two"
    );
    // One removed, a third may be built again.
    let after = play(&rich, &[["0,1,3", ""], ["0,2,4", ""]]);
    assert_eq!(
        after.building(0, 2).map(|b| b.kind),
        Some(BuildingKind::Tesla)
    );
}

#[test]
fn the_game_ends_after_round_400_and_the_higher_score_wins() {
    let state = State::start()
        .with_round(400)
        .and_then(|s| {
            s.with_player(
                Player::B,
                PlayerState {
                    score: 10,
                    ..PlayerState::START
                },
            )
        })
        .expect("state");
    assert!(!state.is_over());
    let after = play(&state, &nothing(1));
    assert_eq!(after.round(), 401);
    assert!(after.is_over());
    assert_eq!(after.outcome(), Some(Outcome::Win(Player::B)));
    let level = play(&State::start().with_round(400).expect("state"), &nothing(1));
    assert_eq!(level.outcome(), Some(Outcome::Tie));
}

#[test]
fn the_bitwise_board_keeps_each_half_in_its_own_frame() {
    // A's tower at map (1,0) and B's at map (14,7): both one column from their back.
    let state = State::start()
        .with_building(1, 0, Some(constructed(BuildingKind::Energy)))
        .and_then(|s| s.with_building(14, 7, Some(constructed(BuildingKind::Attack))))
        .and_then(|s| s.with_missiles(9, 2, Player::A, 2))
        .expect("state");
    let board = Bitwise::load(&state);
    assert_eq!(
        board.occupied(Player::A),
        diagram!(TowerDefence;
            "-*------" "--------" "--------" "--------"
            "--------" "--------" "--------" "--------")
    );
    assert_eq!(
        board.occupied(Player::B),
        diagram!(TowerDefence;
            "--------" "--------" "--------" "--------"
            "--------" "--------" "--------" "-*------")
    );
    // A's two missiles at map x 9 are in B's half, B's column 6, tiers 0 and 1.
    let (own, far) = board.missile_tiers(Player::A);
    assert!(own.iter().all(|t| t.is_empty()));
    let cell = diagram!(TowerDefence;
        "--------" "--------" "------*-" "--------"
        "--------" "--------" "--------" "--------");
    assert_eq!([far[0], far[1], far[2]], [cell, cell, Default::default()]);
}
