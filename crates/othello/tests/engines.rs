//! The generic engines play complete, legal games of Othello (node and iteration limits,
//! never wall-clock limits), and the opening book is consulted from the start.

use bitgames_othello::{Position, book};
use bitgames_search::{AlphaBeta, Limits, Mcts, Player};

#[test]
fn alphabeta_and_mcts_play_a_complete_game() {
    let mut position = Position::start();
    let mut alphabeta = AlphaBeta::<Position>::new(16);
    let mut mcts = Mcts::new(position, 5);
    let mut plies = 0;
    while !position.outcome().is_over() {
        let mv = if position.side_to_move() == Player::First {
            alphabeta
                .search(&position, Limits::nodes(5_000))
                .best_move
                .unwrap()
        } else {
            mcts.search(None, Some(200)).best_move.unwrap()
        };
        assert!(position.legal_moves().contains(&mv), "{mv} in {position}");
        mcts.advance(mv);
        position = position.play(mv);
        plies += 1;
        assert!(plies <= 120, "{position}");
    }
    assert!(position.is_game_over());
}

#[test]
fn the_book_answers_at_the_start() {
    use bitgames_search::Evaluate;
    let start = Position::start();
    let mv = book::lookup(&start).expect("the start is in the book");
    assert!(start.legal_moves().contains(&mv));
    assert_eq!(
        start.book_move(),
        Some(mv),
        "engines see the book through Evaluate"
    );
}
