//! The game registry: every board game through one value, with typed errors.

use bitgames::search::{Outcome, Player};
use bitgames::{AnyPosition, AnyStrategy, Error, GameName};

/// Published perft counts (the game crates' `tests/data/*.perft`): Othello 4 from the start
/// (Aart Bik), Santorini 2 from the test root (santorini-ai), Amazons 1 from the start.
const PERFT: [(GameName, &str, u32, u64); 3] = [
    (
        GameName::Othello,
        "---------------------------OX------XO--------------------------- X",
        4,
        244,
    ),
    (
        GameName::Santorini,
        "0000000000000000000000000/1/mortal:B3,D3/mortal:C4,C2",
        2,
        5156,
    ),
    (
        GameName::Amazons,
        "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w",
        1,
        2176,
    ),
];

#[test]
fn every_strategy_of_every_board_game_counts_the_published_perft() {
    for (game, text, depth, nodes) in PERFT {
        let position = AnyPosition::parse(game, text).unwrap();
        assert_eq!(position.game(), game);
        for strategy in AnyStrategy::all(game) {
            assert_eq!(
                position.perft(depth, strategy),
                Ok(nodes),
                "{game} {strategy}"
            );
        }
        assert_eq!(position.perft(depth, AnyStrategy::fastest(game)), Ok(nodes));
    }
}

#[test]
fn positions_print_as_they_parse_and_moves_replay_by_name() {
    for game in [GameName::Santorini, GameName::Othello, GameName::Amazons] {
        let mut position = AnyPosition::start(game).unwrap();
        for ply in 0..12 {
            let text = position.to_string();
            assert_eq!(
                AnyPosition::parse(game, &text),
                Ok(position),
                "{game} ply {ply}"
            );
            let names = position.legal_move_names();
            assert!(names.windows(2).all(|w| w[0] < w[1]), "sorted and distinct");
            assert_eq!(names.len(), position.legal_moves().len());
            let Some(mv) = position
                .legal_moves()
                .get(ply % names.len().max(1))
                .copied()
            else {
                break;
            };
            let by_value = position.play(mv).unwrap();
            let by_name = position.play_text(&mv.to_string()).unwrap();
            assert_eq!(by_value, by_name);
            assert_ne!(by_value.hash(), position.hash());
            assert_eq!(by_value.side_to_move(), position.side_to_move().other());
            position = by_value;
        }
    }
}

#[test]
fn bad_input_is_a_typed_error_naming_the_choices() {
    let err = "chess".parse::<GameName>().unwrap_err();
    assert!(
        err.to_string()
            .contains("choose one of: santorini, othello"),
        "{err}"
    );

    let err = AnyPosition::start(GameName::TowerDefence).unwrap_err();
    assert_eq!(err, Error::NotABoardGame(GameName::TowerDefence));

    let othello = AnyPosition::start(GameName::Othello).unwrap();
    match AnyStrategy::parse(othello.game(), "magic").unwrap_err() {
        Error::UnknownStrategy {
            game,
            name,
            choices,
        } => {
            assert_eq!((game, name.as_str()), (GameName::Othello, "magic"));
            assert_eq!(&choices[..4], ["naive", "shift", "kogge-stone", "table"]);
        }
        other => panic!("{other:?}"),
    }

    let err = AnyPosition::parse(GameName::Othello, "XO X").unwrap_err();
    assert!(
        matches!(
            err,
            Error::Position {
                game: GameName::Othello,
                ..
            }
        ),
        "{err:?}"
    );
    assert!(
        err.to_string()
            .starts_with("invalid othello position \"XO X\": "),
        "{err}"
    );

    let err = othello.play_text("a1").unwrap_err();
    assert!(
        matches!(
            err,
            Error::IllegalMove {
                game: GameName::Othello,
                ..
            }
        ),
        "{err:?}"
    );
    let err = othello.play_text("z9").unwrap_err();
    assert!(matches!(err, Error::IllegalMove { .. }), "{err:?}");

    // A move of this game that is illegal here, given by value: the game's checked play
    // refuses it and says which move.
    let reply = othello.play_text("d3").unwrap().legal_moves()[0];
    assert!(!othello.legal_moves().contains(&reply), "{reply}");
    match othello.play(reply).unwrap_err() {
        Error::IllegalMove { game, text, .. } => {
            assert_eq!((game, text), (GameName::Othello, reply.to_string()));
        }
        other => panic!("{other:?}"),
    }

    let amazons = AnyPosition::start(GameName::Amazons).unwrap();
    let amazons_move = amazons.legal_moves()[0];
    assert_eq!(
        othello.play(amazons_move),
        Err(Error::WrongGame {
            position: GameName::Othello,
            mv: GameName::Amazons
        })
    );
}

#[test]
fn a_finished_game_has_an_outcome_and_refuses_moves() {
    // Black has every disc: the game is over, black won.
    let text = format!("{} O", "X".repeat(64));
    let over = AnyPosition::parse(GameName::Othello, &text).unwrap();
    assert_eq!(over.outcome(), Outcome::Win(Player::First));
    assert_eq!(over.outcome().name(), "first");
    assert!(over.legal_moves().is_empty());
    let err = over.play_text("pass").unwrap_err();
    assert!(
        matches!(
            err,
            Error::GameOver {
                outcome: "first",
                ..
            }
        ),
        "{err:?}"
    );
}
