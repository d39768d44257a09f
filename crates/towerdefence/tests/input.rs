//! Commands and state files, well-formed and malformed: every malformed input gets an error
//! naming what is wrong, and no input makes the parsers panic.

mod common;

use bitgames_towerdefence::{BuildingKind, Command, Error, State};
use quickcheck::{Gen, QuickCheck, TestResult};

#[test]
fn commands_read_the_competition_format() {
    let cases = [
        ("", Command::Nothing),
        ("No Command", Command::Nothing),
        ("  \n", Command::Nothing),
        (
            "0,0,0",
            Command::Build {
                x: 0,
                y: 0,
                kind: BuildingKind::Defence,
            },
        ),
        (
            "7,7,1",
            Command::Build {
                x: 7,
                y: 7,
                kind: BuildingKind::Attack,
            },
        ),
        (
            " 3, 4, 2\n",
            Command::Build {
                x: 3,
                y: 4,
                kind: BuildingKind::Energy,
            },
        ),
        ("5,6,3", Command::Deconstruct { x: 5, y: 6 }),
        (
            "2,1,4",
            Command::Build {
                x: 2,
                y: 1,
                kind: BuildingKind::Tesla,
            },
        ),
        ("0,0,5", Command::IronCurtain),
        ("9,-3,5", Command::IronCurtain),
    ];
    for (text, command) in cases {
        assert_eq!(text.parse::<Command>(), Ok(command), "{text:?}");
    }
}

#[test]
fn every_command_reads_back_what_it_writes() {
    let mut commands = vec![Command::Nothing, Command::IronCurtain];
    for x in 0..8 {
        for y in 0..8 {
            commands.push(Command::Deconstruct { x, y });
            for kind in BuildingKind::ALL {
                commands.push(Command::Build { x, y, kind });
            }
        }
    }
    for command in commands {
        assert_eq!(command.to_string().parse::<Command>(), Ok(command));
    }
}

#[test]
fn malformed_commands_say_what_is_wrong() {
    let check = |text: &str, expected: fn(&Error) -> bool, words: &str| {
        let err = text.parse::<Command>().expect_err(text);
        assert!(expected(&err), "{text:?}: {err:?}");
        assert!(err.to_string().contains(words), "{text:?}: {err}");
    };
    check(
        "1,2",
        |e| matches!(e, Error::CommandShape { .. }),
        "expected x,y,t",
    );
    check(
        "1,2,3,4",
        |e| matches!(e, Error::CommandShape { .. }),
        "expected x,y,t",
    );
    check(
        "a,2,1",
        |e| matches!(e, Error::CommandNumber { part: "x", .. }),
        "x is \"a\"",
    );
    check(
        "1,,1",
        |e| matches!(e, Error::CommandNumber { part: "y", .. }),
        "not an integer",
    );
    check(
        "1,2,six",
        |e| matches!(e, Error::CommandNumber { part: "t", .. }),
        "t is \"six\"",
    );
    check(
        "1,2,6",
        |e| matches!(e, Error::CommandType { t: 6, .. }),
        "type 6",
    );
    check(
        "1,2,-1",
        |e| matches!(e, Error::CommandType { .. }),
        "iron curtain",
    );
    check(
        "8,0,1",
        |e| matches!(e, Error::CommandCell { x: 8, y: 0, .. }),
        "outside the player's half",
    );
    check("0,8,3", |e| matches!(e, Error::CommandCell { .. }), "(0,8)");
    check(
        "99999999999999999999,0,1",
        |e| matches!(e, Error::CommandNumber { .. }),
        "not an integer",
    );
}

#[test]
fn random_strings_never_make_the_command_parser_panic() {
    fn no_panic(text: String) -> TestResult {
        let _ = text.parse::<Command>();
        TestResult::passed()
    }
    QuickCheck::new()
        .rng(Gen::from_size_and_seed(20, 6))
        .tests(20_000)
        .quickcheck(no_panic as fn(String) -> TestResult);
}

/// A valid state file: round 54 of the recorded tesla game, as the engine wrote it.
fn valid_json() -> String {
    common::official_games()
        .into_iter()
        .find(|g| g.name.ends_with("v300_iron_curtain_with_teslas"))
        .expect("the tesla game")
        .state_json[54]
        .clone()
}

/// `json` with the first occurrence of `from` replaced by `to` (which must be there).
fn edit(json: &str, from: &str, to: &str) -> String {
    assert!(json.contains(from), "{from:?} is not in the file");
    json.replacen(from, to, 1)
}

#[test]
fn malformed_state_files_say_what_is_wrong() {
    let json = valid_json();
    assert!(State::from_json(&json).is_ok());
    let cases: Vec<(String, &str)> = vec![
        (
            "not json".into(),
            "state JSON: expected ident at line 1 column 2",
        ),
        (json[..json.len() / 2].into(), "EOF while parsing"),
        ("{\"players\": []}".into(), "missing field `gameDetails`"),
        (
            edit(&json, "\"energy\":", "\"energie\":"),
            "missing field `energy`",
        ),
        (
            edit(&json, "\"mapWidth\":16", "\"mapWidth\":20"),
            "gameDetails.mapWidth is 20",
        ),
        (
            edit(&json, "\"TESLA\":100", "\"TESLA\":300"),
            "buildingPrices.TESLA is 300",
        ),
        (
            edit(
                &json,
                "\"playerType\":\"B\",\"energy\"",
                "\"playerType\":\"A\",\"energy\"",
            ),
            "expected one player A and one player B",
        ),
        (
            edit(
                &json,
                "\"buildingType\":\"ENERGY\"",
                "\"buildingType\":\"WALL\"",
            ),
            "buildingType \"WALL\"",
        ),
        (
            edit(
                &json,
                "\"health\":5,\"constructionTimeLeft\"",
                "\"health\":7,\"constructionTimeLeft\"",
            ),
            "health 7 is not a positive multiple of 5",
        ),
        (
            edit(
                &json,
                "\"constructionTimeLeft\":-21",
                "\"constructionTimeLeft\":4",
            ),
            "constructionTimeLeft 4",
        ),
        (
            edit(
                &json,
                "\"weaponCooldownTimeLeft\":3",
                "\"weaponCooldownTimeLeft\":7",
            ),
            "weaponCooldownTimeLeft 7",
        ),
        (
            edit(
                &json,
                "\"x\":1,\"y\":0,\"playerType\":\"A\"",
                "\"x\":1,\"y\":0,\"playerType\":\"B\"",
            ),
            "on player A's half",
        ),
        (edit(&json, "\"speed\":2", "\"speed\":3"), "speed 3"),
        (
            edit(&json, "\"energy\":295", "\"energy\":29500000000"),
            "out of range",
        ),
        (
            edit(
                &json,
                "\"isIronCurtainActive\":false",
                "\"isIronCurtainActive\":true",
            ),
            "isIronCurtainActive is true",
        ),
        (edit(&json, "\"round\":54", "\"round\":-2"), "negative"),
        (
            edit(&json, "{\"x\":0,\"y\":0,", "{\"x\":3,\"y\":0,"),
            "must be gameMap[y][x]",
        ),
    ];
    for (text, words) in cases {
        match State::from_json(&text) {
            Ok(_) => panic!("accepted a state that should fail with {words:?}"),
            Err(e) => assert!(e.to_string().contains(words), "wanted {words:?}, got: {e}"),
        }
    }
}

// The three edits a hostile-input run found accepted (issue 22): each is now a typed error
// naming the field, made from a real state the official engine wrote.

/// `text` read as a state, which must fail.
fn refused(text: &str) -> Error {
    State::from_json(text).expect_err("an edited state")
}

#[test]
fn missing_settings_are_typed_errors() {
    let json = valid_json();
    let read = refused;
    // gameDetails.buildingPrices left out.
    let prices = "\"buildingPrices\":{\"DEFENSE\":30,\"ENERGY\":20,\"TESLA\":100,\"ATTACK\":30},";
    let err = read(&edit(&json, prices, ""));
    assert_eq!(
        err,
        Error::MissingConfig {
            field: "buildingPrices".into()
        }
    );
    assert!(
        err.to_string()
            .contains("gameDetails.buildingPrices is missing"),
        "{err}"
    );
    // One building's price left out.
    let err = read(&edit(&json, "\"TESLA\":100,", ""));
    assert_eq!(
        err,
        Error::MissingConfig {
            field: "buildingPrices.TESLA".into()
        }
    );
    // Any other setting the engine writes, left out.
    for (from, field) in [
        ("\"maxRounds\":400,", "maxRounds"),
        ("\"roundIncomeEnergy\":5,", "roundIncomeEnergy"),
        ("\"weaponSpeed\":0,", "buildingsStats.DEFENSE.weaponSpeed"),
        ("\"activeRounds\":6,", "ironCurtainStats.activeRounds"),
    ] {
        assert_eq!(
            read(&edit(&json, from, "")),
            Error::MissingConfig {
                field: field.into()
            },
            "{from}"
        );
    }
}

#[test]
fn players_are_read_by_their_type_in_either_order() {
    // The engine writes player B's file with the list in its own order and the labels
    // swapped ("B" first): the same state as the list in the usual order.
    let json = valid_json();
    let mut value: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let players = value["players"].as_array_mut().expect("a players list");
    assert_eq!(players[0]["playerType"], "A");
    players.swap(0, 1);
    let reordered = serde_json::to_string(&value).expect("JSON");
    assert_ne!(reordered, json);
    assert_eq!(
        State::from_json(&reordered).expect("B listed first"),
        State::from_json(&json).expect("A listed first")
    );
}

#[test]
fn missing_or_repeated_player_types_are_typed_errors() {
    let json = valid_json();
    let read = refused;
    // One player twice.
    let twice = edit(
        &json,
        "{\"playerType\":\"B\",\"energy\":155",
        "{\"playerType\":\"A\",\"energy\":155",
    );
    let err = read(&twice);
    assert_eq!(
        err,
        Error::PlayerTypes {
            found: vec!["A".into(), "A".into()]
        }
    );
    assert!(
        err.to_string().contains("one player A and one player B"),
        "{err}"
    );
    // One player left out.
    let mut value: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    value["players"]
        .as_array_mut()
        .expect("a players list")
        .truncate(1);
    let one = serde_json::to_string(&value).expect("JSON");
    assert_eq!(
        read(&one),
        Error::PlayerTypes {
            found: vec!["A".into()]
        }
    );
}

#[test]
fn a_wrong_or_missing_cell_owner_is_a_typed_error() {
    let json = valid_json();
    let read = refused;
    // A cell of A's half said to be B's, one of B's said to be A's, and a made-up owner.
    let err = read(&edit(
        &json,
        "\"cellOwner\":\"A\"},{\"x\":1,\"y\":0,",
        "\"cellOwner\":\"B\"},{\"x\":1,\"y\":0,",
    ));
    assert_eq!(
        err,
        Error::CellOwner {
            x: 0,
            y: 0,
            found: "B".into(),
            expected: bitgames_towerdefence::Player::A
        }
    );
    assert!(
        err.to_string()
            .contains("gameMap cell (0,0): cellOwner is \"B\", but the cell is in player A's half"),
        "{err}"
    );
    let err = read(&edit(
        &json,
        "\"cellOwner\":\"B\"},{\"x\":9,\"y\":0,",
        "\"cellOwner\":\"A\"},{\"x\":9,\"y\":0,",
    ));
    assert!(
        matches!(err, Error::CellOwner { x: 8, y: 0, .. }),
        "{err:?}"
    );
    let err = read(&edit(&json, "\"cellOwner\":\"A\"", "\"cellOwner\":\"C\""));
    assert!(
        matches!(err, Error::CellOwner { x: 0, y: 0, .. }),
        "{err:?}"
    );
    // And one left out.
    let err = read(&edit(&json, ",\"cellOwner\":\"A\"", ""));
    assert!(
        err.to_string().contains("missing field `cellOwner`"),
        "{err}"
    );
}

#[test]
fn every_official_state_and_every_written_state_still_reads() {
    for game in common::official_games() {
        for (n, text) in game.state_json.iter().enumerate() {
            let state =
                State::from_json(text).unwrap_or_else(|e| panic!("{} round {n}: {e}", game.name));
            assert_eq!(
                State::from_json(&state.to_json()).as_ref(),
                Ok(&state),
                "{} round {n}",
                game.name
            );
        }
    }
}

#[test]
fn impossible_missile_stacks_are_refused() {
    // Four of A's missiles in B's half are possible; five are not. In A's own half a cell x
    // columns from A's back holds at most x / 2 (a missile moves 2 in the round it is
    // fired).
    let state = State::start();
    assert!(
        state
            .clone()
            .with_missiles(12, 3, bitgames_towerdefence::Player::A, 4)
            .is_ok()
    );
    let err = state
        .clone()
        .with_missiles(12, 3, bitgames_towerdefence::Player::A, 5)
        .expect_err("five");
    assert!(err.to_string().contains("at most 4"), "{err}");
    assert!(
        state
            .clone()
            .with_missiles(1, 3, bitgames_towerdefence::Player::A, 1)
            .is_err()
    );
    assert!(
        state
            .clone()
            .with_missiles(6, 3, bitgames_towerdefence::Player::A, 3)
            .is_ok()
    );
    assert!(
        state
            .clone()
            .with_missiles(14, 3, bitgames_towerdefence::Player::B, 1)
            .is_err()
    );
    assert!(
        state
            .with_missiles(16, 3, bitgames_towerdefence::Player::B, 1)
            .is_err()
    );
}

#[test]
fn mangled_state_files_never_make_the_reader_panic() {
    let json = valid_json();
    let bytes = json.as_bytes().to_vec();
    fn mangle(bytes: &[u8], cut: usize, len: usize, with: u8) -> String {
        let cut = cut % bytes.len();
        let end = (cut + len % 64).min(bytes.len());
        let mut out = bytes[..cut].to_vec();
        out.push(with);
        out.extend_from_slice(&bytes[end..]);
        String::from_utf8_lossy(&out).into_owned()
    }
    let mut rejected = 0;
    for seed in 0..3_000u64 {
        let mut g = Gen::from_size_and_seed(100, seed);
        let cut = <usize as quickcheck::Arbitrary>::arbitrary(&mut g);
        let len = <usize as quickcheck::Arbitrary>::arbitrary(&mut g);
        let with = *g.choose(b"0123456789-,:\"{}[]xAB ").expect("a byte");
        if State::from_json(&mangle(&bytes, cut, len, with)).is_err() {
            rejected += 1;
        }
    }
    assert!(
        rejected > 1_000,
        "only {rejected} of 3000 mangled files were rejected"
    );
}

#[test]
fn a_state_draws_as_a_grid_with_coordinates() {
    use bitgames_towerdefence::{Building, Player};
    let state = State::start()
        .with_building(
            0,
            0,
            Some(Building {
                construction_time_left: -1,
                ..Building::placed(BuildingKind::Energy)
            }),
        )
        .and_then(|s| {
            s.with_building(
                15,
                7,
                Some(Building {
                    construction_time_left: 0,
                    ..Building::placed(BuildingKind::Attack)
                }),
            )
        })
        .and_then(|s| s.with_missiles(9, 2, Player::A, 2))
        .and_then(|s| s.with_missiles(9, 2, Player::B, 1))
        .expect("state");
    let expected = "\
round 0
A: energy 20 health 100 score 0 hits taken 0 curtain unavailable (lifetime 0)
B: energy 20 health 100 score 0 hits taken 0 curtain unavailable (lifetime 0)
   0   1   2   3   4   5   6   7   | 8   9   10  11  12  13  14  15
0  E.. ... ... ... ... ... ... ... | ... ... ... ... ... ... ... ...
1  ... ... ... ... ... ... ... ... | ... ... ... ... ... ... ... ...
2  ... ... ... ... ... ... ... ... | ... .21 ... ... ... ... ... ...
3  ... ... ... ... ... ... ... ... | ... ... ... ... ... ... ... ...
4  ... ... ... ... ... ... ... ... | ... ... ... ... ... ... ... ...
5  ... ... ... ... ... ... ... ... | ... ... ... ... ... ... ... ...
6  ... ... ... ... ... ... ... ... | ... ... ... ... ... ... ... ...
7  ... ... ... ... ... ... ... ... | ... ... ... ... ... ... ... a..
";
    assert_eq!(state.to_string(), expected);
}
