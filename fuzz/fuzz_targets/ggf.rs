//! Othello game records in GGF ([`ggf::parse`], what NBoard's `set game` sends) and the
//! `move[/eval[/time]]` text of GGF moves and NBoard's `move` ([`ggf::parse_move_text`]).
//!
//! Input: text, read whole as a record, and each line as a move text. A record that reads
//! must replay: every recorded move legal where it is played, ending on
//! [`GgfGame::position`]; written back as GGF (properties escaped, the board, every move
//! with its eval and time, inserted passes spelled out) it must read as the same game. A
//! move text that reads must print to text that reads the same. Nothing may panic.

#![no_main]

use std::fmt::Write;

use bitgames::othello::ggf::{self, GgfGame};
use bitgames::othello::{Move, Position, Square};
use bitgames::search::Player;
use bitgames_fuzz::text;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = text(data);
    for line in text.lines() {
        move_text(line);
    }
    match ggf::parse(&text) {
        Ok(game) => check_game(&game),
        Err(err) => {
            let _ = err.to_string();
        }
    }
});

fn move_text(text: &str) {
    let Ok((mv, eval, time)) = ggf::parse_move_text(text) else {
        return;
    };
    let printed = write_move(mv, eval, time);
    let again = ggf::parse_move_text(&printed)
        .unwrap_or_else(|err| panic!("{text:?} prints {printed:?}: {err}"));
    assert_eq!(again, (mv, eval, time), "{text:?} -> {printed:?}");
}

fn check_game(game: &GgfGame) {
    let mut position = game.start;
    for (i, recorded) in game.moves.iter().enumerate() {
        assert_eq!(recorded.player, position.side_to_move(), "move {}", i + 1);
        position = position.play(recorded.mv).unwrap_or_else(|err| {
            panic!(
                "move {} ({}) is not legal in {position}: {err}",
                i + 1,
                recorded.mv
            )
        });
    }
    assert_eq!(game.position(), position);
    let _ = game.property("PB");

    let written = write_game(game);
    let again = ggf::parse(&written)
        .unwrap_or_else(|err| panic!("the game written back does not read: {err}\n{written}"));
    assert_eq!(&again, game, "{written}");
}

/// The game as GGF: properties in order, the board, then the moves.
fn write_game(game: &GgfGame) -> String {
    let mut out = String::from("(;");
    for (name, value) in &game.properties {
        write!(out, "{name}[{}]", escape(value)).unwrap();
    }
    write!(out, "BO[8 {}]", board(&game.start)).unwrap();
    for recorded in &game.moves {
        let colour = if recorded.player == Player::First {
            'B'
        } else {
            'W'
        };
        let value = write_move(recorded.mv, recorded.eval, recorded.time);
        write!(out, "{colour}[{}]", escape(&value)).unwrap();
    }
    out.push_str(";)");
    out
}

/// GGF's board: the 64 squares (`*` black, `O` white, `-` empty) and the side to move.
fn board(position: &Position) -> String {
    let (black, white) = position.discs();
    let squares: String = Square::all()
        .map(|square| {
            if black.contains(square) {
                '*'
            } else if white.contains(square) {
                'O'
            } else {
                '-'
            }
        })
        .collect();
    let side = if position.side_to_move() == Player::First {
        '*'
    } else {
        'O'
    };
    format!("{squares} {side}")
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace(']', "\\]")
}

fn write_move(mv: Move, eval: Option<f64>, time: Option<f64>) -> String {
    let mv = match mv {
        Move::Pass => "PA".to_owned(),
        Move::Play(square) => square.to_string(),
    };
    match (eval, time) {
        (None, None) => mv,
        (Some(eval), None) => format!("{mv}/{eval}"),
        (eval, Some(time)) => format!(
            "{mv}/{}/{time}",
            eval.map(|e| e.to_string()).unwrap_or_default()
        ),
    }
}
